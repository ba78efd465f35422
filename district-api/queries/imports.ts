// Reports of imports (decisions 124, 128, 129), read by the administration's page: a page of rows
// (50, filtered on the server) or every row for the CSV download.
import { sql } from "drizzle-orm";
import { IMPORT_PAGE_SIZE, type ImportRunQuery } from "@domain/contract/admin-imports";
import { queryRows, type Db, type Exec } from "../db/client";
import { deactivationNeedsConfirmation } from "@domain/imports/students";

const FILTER = {
  all: sql`true`,
  changes: sql`e->>'outcome' <> 'unchanged'`,
  refused: sql`e->>'outcome' = 'refused'`,
} as const;

/** One page of a run's report, or null when there is no such run. */
export async function readImportRun(db: Db, id: string, query: ImportRunQuery) {
  const [run] = await queryRows<{
    id: string;
    kind: string;
    at: string;
    status: "dry-run" | "applied" | "refused";
    full: boolean;
    fileNames: string[];
    summary: Record<string, number> & { schools?: unknown[] };
    appliedRunId: string | null;
    total: number;
    rows: unknown[];
  }>(
    db,
    sql`select id, kind, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, status,
        full_export as "full", file_names as "fileNames", summary,
        applied_run_id as "appliedRunId",
        (select count(*)::int from jsonb_array_elements(rows) e where ${FILTER[query.show]}) as total,
        coalesce((select jsonb_agg(e) from (select e from jsonb_array_elements(rows)
            with ordinality as x(e, n) where ${FILTER[query.show]} order by n
            offset ${(query.page - 1) * IMPORT_PAGE_SIZE} limit ${IMPORT_PAGE_SIZE}) page), '[]')
          as rows
      from import_runs where id = ${id}::uuid`,
  );
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
  const [run] = await queryRows<{ kind: string; rows: unknown[] }>(
    db,
    sql`select kind, rows from import_runs where id = ${id}::uuid`,
  );
  return run ? { kind: run.kind, rows: run.rows } : null;
}

/** Which kind of import a run is (students, staff, catalogue), or null when there is no such run. */
export async function readImportRunKind(db: Db, id: string): Promise<string | null> {
  const [run] = await queryRows<{ kind: string }>(
    db,
    sql`select kind from import_runs where id = ${id}::uuid`,
  );
  return run?.kind ?? null;
}

/** How many students are active now: what a full export's deactivations are a share of. */
export async function activeStudents(exec: Exec): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`select count(*)::int as n from participants where kind = 'student' and active`,
  );
  return Number(row?.n ?? 0);
}
