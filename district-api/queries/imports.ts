// Reports of imports (decisions 124, 128, 129), read by the administration's page: a page of rows
// (50, filtered on the server) or every row for the CSV download.
import { and, count, eq, sql } from "drizzle-orm";
import { IMPORT_PAGE_SIZE, type ImportRunQuery } from "@domain/contract/admin-imports";
import type { Db, Exec } from "../db/client";
import { importRuns, participants } from "../db/schema";
import { deactivationNeedsConfirmation } from "@domain/imports/students";

const FILTER = {
  all: sql`true`,
  changes: sql`e->>'outcome' <> 'unchanged'`,
  refused: sql`e->>'outcome' = 'refused'`,
} as const;

/** One page of a run's report, or null when there is no such run. */
export async function readImportRun(db: Db, id: string, query: ImportRunQuery) {
  const filter = FILTER[query.show];
  const [run] = await db
    .select({
      id: importRuns.id,
      kind: importRuns.kind,
      at: sql<string>`to_char(${importRuns.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      status: importRuns.status,
      full: importRuns.fullExport,
      fileNames: importRuns.fileNames,
      summary: sql<Record<string, number> & { schools?: unknown[] }>`${importRuns.summary}`,
      appliedRunId: importRuns.appliedRunId,
      total: sql<number>`(select count(*)::int from jsonb_array_elements(${importRuns.rows}) e
        where ${filter})`,
      // One page of the report's rows, in their order.
      rows: sql<unknown[]>`coalesce((select jsonb_agg(e) from (select e
          from jsonb_array_elements(${importRuns.rows}) with ordinality as x(e, n)
          where ${filter} order by n
          offset ${(query.page - 1) * IMPORT_PAGE_SIZE} limit ${IMPORT_PAGE_SIZE}) page), '[]')`,
    })
    .from(importRuns)
    .where(eq(importRuns.id, id));
  if (!run) return null;
  // A full student export's dry run says whether applying it needs its count confirmed, against
  // the students active now (the apply checks again, decision 141).
  const deactivated = Number(run.summary.deactivated ?? 0);
  const confirm =
    run.kind === "students" &&
    run.status === "dry-run" &&
    deactivationNeedsConfirmation(deactivated, await activeStudents(db));
  return {
    ...run,
    schools: run.summary.schools ?? [],
    confirmDeactivations: confirm ? deactivated : null,
    page: query.page,
    pageSize: IMPORT_PAGE_SIZE,
  };
}

/** Every row of a run's report, or null when there is no such run. */
export async function readImportRunRows(db: Db, id: string) {
  const [run] = await db
    .select({ kind: importRuns.kind, rows: sql<unknown[]>`${importRuns.rows}` })
    .from(importRuns)
    .where(eq(importRuns.id, id));
  return run ?? null;
}

/** Which kind of import a run is (students, staff, catalogue), or null when there is no such run. */
export async function readImportRunKind(db: Db, id: string): Promise<string | null> {
  const [run] = await db
    .select({ kind: importRuns.kind })
    .from(importRuns)
    .where(eq(importRuns.id, id));
  return run?.kind ?? null;
}

/** How many students are active now: what a full export's deactivations are a share of. */
export async function activeStudents(exec: Exec): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(participants)
    .where(and(eq(participants.kind, "student"), eq(participants.active, true)));
  return row?.n ?? 0;
}
