// Staff import (decision 128): the district's files → staff accounts, for the upload
// page (http/admin-imports.ts) and `npm run import -- staff` (scripts/import.ts), the same code.
// It shares the student import's files, runs and reports (services/imports.ts):
//
// - Files are read as streams with csv-parse; each row is mapped by domain/imports/staff.ts.
// - Valid rows are staged into a temporary table; what would be created, updated or left alone
//   is worked out by one set-based statement, and applied by one INSERT and one UPDATE (and one
//   UPDATE for a full export's missing staff).
// - A dry run stops before the writes. A real run applies all rows or none. One staff import at
//   a time (lockStaffImport), so a second run of the same file finds every account unchanged and
//   writes nothing, not even an audit entry.
// - Accounts are matched by employee ID (the file's ID). A new account has no password: it signs
//   in once an administrator sets one on the staff page (resetStaffPassword).
// - It never deletes: with the full-export flag, accounts the import created that the file no
//   longer has are marked inactive — never the administrator running it, never an account made
//   on the staff page, never a district_admin.
// - Re-import keeps what the product owns: the password, the user name, the sign-in lock state,
//   the roles an administrator added (only the roles the last import gave are replaced), and an
//   administrator's deactivation.
import { randomUUID } from "node:crypto";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DISTRICT_ADMIN_ROLE, STAFF_ROLES } from "@domain/contract/admin";
import { t } from "@domain/messages";
import { schoolLookup, type SchoolLookup } from "@domain/imports/students";
import {
  isOneRosterStaff,
  mapOneRosterStaff,
  mapStaffPlainRow,
  staffDuplicateChecker,
  staffPlainHeader,
  type StaffField,
  type StaffRecord,
  type StaffRowOutcome,
} from "@domain/imports/staff";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
import { importRuns, staff } from "../db/schema";
import { ApiError } from "../errors";
import { lockRows, lockStaffImport } from "./locks";
import type { Actor } from "./audit";
import { planSetSchools, writeSchoolPlan } from "./oneroster-schools";
import {
  auditAppliedRun,
  baseName,
  csvRows,
  oneRosterOrPlain,
  oneRosterSchools,
  personName,
  plainColumns,
  RowStager,
  SCHOOL_FILES,
  summaryOf,
  loadSources,
  saveRun,
  type ImportOptions,
  type ImportReport,
  type ImportSource,
  type Outcome,
  type ReportRow,
  type RunSummary,
  appliedRun,
} from "./imports";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const STAFF_IMPORT_AUDIT_ACTION = "import.staff";

/**
 * The OneRoster files a staff import reads; demographics.csv may come along (not read), and
 * academicSessions.csv, whose school years are created (decision 157).
 */
const ONEROSTER_STAFF_FILES = ["users.csv", "orgs.csv"];
const ONEROSTER_ALLOWED = [...ONEROSTER_STAFF_FILES, "demographics.csv", ...SCHOOL_FILES];

/** Which way in a staff import's files are: one plain staff CSV, or a OneRoster set. */
export const staffImportFormat = (sources: ImportSource[]) =>
  oneRosterOrPlain(sources, ONEROSTER_STAFF_FILES, ONEROSTER_ALLOWED);

interface Staged {
  report: ReportRow[];
  /** Report index of each staged account, by employee ID. */
  indexOf: Map<string, number>;
  /** Employee IDs of refused rows (not to be counted as missing from a full export). */
  refusedIds: string[];
  carried: StaffField[];
}

/** Maps rows and stages the valid ones into the temporary table `import_staff`. */
async function stage(
  tx: Tx,
  format: "plain" | "oneroster",
  sources: ImportSource[],
  schools: SchoolLookup,
): Promise<Staged> {
  await tx.execute(
    sql.raw(`create temporary table import_staff (
      employee_id text primary key, username text not null, name_first text not null,
      name_last text not null, email text, school_id integer, roles text[] not null)
      on commit drop`),
  );
  const refusedIds: string[] = [];
  let carried: StaffField[] = [];
  const duplicate = staffDuplicateChecker();
  const stager = new RowStager<StaffRecord, string>(
    (r) => r.employeeId,
    (batch) =>
      tx.execute(sql`insert into import_staff
        select "employeeId", username, "nameFirst", "nameLast", email, "schoolId", roles
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x("employeeId" text,
          username text, "nameFirst" text, "nameLast" text, email text, "schoolId" integer,
          roles text[])`),
    (sourceId) => {
      if (sourceId) refusedIds.push(sourceId);
    },
  );
  // An employee ID or user name already on an earlier line refuses the row; a refused row's ID
  // still counts, so a later line with it is refused too.
  const take = (outcome: StaffRowOutcome, line: number, name: string) => {
    if (outcome.ok) {
      const dup = duplicate(outcome.record, line);
      if (dup.length) {
        return stager.take(
          { ok: false, sourceId: outcome.record.employeeId, reasons: dup },
          line,
          name,
        );
      }
      return stager.take(outcome, line, name);
    }
    const dup = duplicate({ employeeId: outcome.sourceId, username: null }, line);
    return stager.take({ ...outcome, reasons: [...outcome.reasons, ...dup] }, line, name);
  };

  if (format === "plain") {
    // The one file that is not orgs.csv or academicSessions.csv (decision 157).
    const source = sources.find((s) => !SCHOOL_FILES.includes(baseName(s.name)))!;
    const columns = plainColumns(source, staffPlainHeader, (fields) => (carried = fields));
    for await (const { row, line } of csvRows(source, columns)) {
      await take(mapStaffPlainRow(row, schools), line, personName(row.first_name, row.last_name));
    }
  } else {
    const byName = new Map(sources.map((s) => [baseName(s.name), s]));
    const ctx = { schools, orgs: await oneRosterSchools(byName.get("orgs.csv")!) };
    for await (const { row, line } of csvRows(byName.get("users.csv")!)) {
      if (!isOneRosterStaff(row)) continue;
      await take(mapOneRosterStaff(row, ctx), line, personName(row.givenName, row.familyName));
    }
    carried = ["email", "schoolId"];
  }
  await stager.flush();
  return { report: stager.report, indexOf: stager.indexOf, refusedIds, carried };
}

/** The product's roles in their fixed order, as an array literal. */
const ROLE_ORDER = `{${STAFF_ROLES.join(",")}}`;

/** The roles an account has after the import: the file's, and those an administrator added. */
const MERGED_ROLES = sql`array(select r from unnest(${ROLE_ORDER}::text[]) with ordinality o(r, n)
  where r = any(i.roles) or (r = any(s.roles) and not r = any(s.import_roles)) order by n)`;

/** Two role lists hold the same roles (whatever their order). */
const sameRoles = (a: SQL, b: SQL) => sql`(${a} @> ${b} and ${b} @> ${a})`;

function changedSql(carried: StaffField[]): SQL {
  const parts: SQL[] = [
    sql`(s.name_first, s.name_last) is distinct from (i.name_first, i.name_last)`,
    sql`not ${sameRoles(sql`s.import_roles`, sql`i.roles`)}`,
    sql`not ${sameRoles(sql`s.roles`, MERGED_ROLES)}`,
    sql`(not s.active and s.import_deactivated)`,
  ];
  if (carried.includes("email")) parts.push(sql`s.email is distinct from i.email`);
  if (carried.includes("schoolId")) parts.push(sql`s.school_id is distinct from i.school_id`);
  return sql.join(parts, sql` or `);
}

/** Staff the import created, active, that a full export without them would mark inactive. */
function missingSql(actor: Actor, refusedIds: string[]): SQL {
  return sql`s.imported and s.active and s.employee_id <> ${actor.employeeId}
    and not (${DISTRICT_ADMIN_ROLE} = any(s.roles))
    and not exists (select 1 from import_staff i where i.employee_id = s.employee_id)
    and not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(refusedIds)}::jsonb)
      r(v) where r.v = s.employee_id)`;
}

/**
 * Runs a staff import in `tx` (a transaction): the report, and for a real run without refusals
 * the writes and their audit entry.
 */
async function importStaffIn(
  tx: Tx,
  actor: Actor,
  sources: ImportSource[],
  options: ImportOptions,
  now: Date,
  runId: string,
): Promise<ImportReport> {
  const format = staffImportFormat(sources);
  if (!options.dryRun) await lockStaffImport(tx);
  // The schools and years of orgs.csv and academicSessions.csv, as in the student import
  // (decisions 154 and 157): a school still to create has the plan's (negative) id until written.
  const plan = await planSetSchools(tx, sources);
  const schools = schoolLookup(plan.schools);
  const staged = await stage(tx, format, sources, schools);
  const { report, indexOf, carried } = staged;
  const missing = missingSql(actor, staged.refusedIds);
  if (!options.dryRun) {
    // The accounts this run may change, in id order, as the staff page locks them.
    await lockRows(
      tx,
      "staff-account",
      sql`select id from staff s
        where exists (select 1 from import_staff i where i.employee_id = s.employee_id)
          or (${missing}) order by id`,
    );
  }
  const changed = changedSql(carried);
  // Raw: import_staff is the import's temporary table, not in the schema.
  const outcomes = await queryRows<{
    employeeId: string;
    outcome: "created" | "updated" | "unchanged" | "taken";
    keptInactive: boolean;
  }>(
    tx,
    sql`select i.employee_id as "employeeId",
        case when s.id is null and exists (select 1 from staff o
            where lower(o.username) = lower(i.username)) then 'taken'
          when s.id is null then 'created'
          when ${changed} then 'updated' else 'unchanged' end as outcome,
        coalesce(not s.active and not s.import_deactivated, false) as "keptInactive"
      from import_staff i left join staff s on s.employee_id = i.employee_id`,
  );
  for (const o of outcomes) {
    const row = report[indexOf.get(o.employeeId)!]!;
    if (o.outcome === "taken") {
      row.outcome = "refused";
      row.reason = t("admin.staffImport.reason.usernameTaken");
      staged.refusedIds.push(o.employeeId);
    } else {
      row.outcome = o.outcome as Outcome;
      if (o.keptInactive) row.reason = t("admin.staffImport.reason.keptInactive");
    }
  }
  const deactivate: string[] = [];
  if (options.full) {
    // missingSql's conditions are written on the alias s.
    const s = alias(staff, "s");
    const gone = await tx
      .select({
        employeeId: s.employeeId,
        name: sql<string>`${s.nameFirst} || ' ' || ${s.nameLast}`,
      })
      .from(s)
      .where(missingSql(actor, staged.refusedIds))
      .orderBy(asc(s.employeeId));
    for (const m of gone) {
      deactivate.push(m.employeeId);
      report.push({
        line: 0,
        id: m.employeeId,
        name: m.name,
        outcome: "deactivated",
        reason: t("admin.imports.reason.missingFromFull"),
      });
    }
  }
  const summary = summaryOf(report);
  const base = { full: options.full, format, summary, rows: report, schools: plan.changes };
  if (options.dryRun) return { status: "dry-run", ...base };
  if (summary.refused > 0) return { status: "refused", ...base };

  const ids = await writeSchoolPlan(tx, actor, plan, now);
  for (const [planned, id] of ids) {
    await tx.execute(sql`update import_staff set school_id = ${id} where school_id = ${planned}`);
  }
  const at = now.toISOString();
  if (summary.created > 0) {
    await insertCreated(tx);
  }
  if (summary.updated > 0) {
    const sets: SQL[] = [
      sql`name_first = i.name_first`,
      sql`name_last = i.name_last`,
      sql`display_name = i.name_first || ' ' || i.name_last`,
      sql`roles = ${MERGED_ROLES}`,
      sql`import_roles = i.roles`,
      // Back after a full export left them out; an administrator's deactivation stays.
      sql`active = s.active or s.import_deactivated`,
      sql`import_deactivated = false`,
      // A change of roles ends their sessions, as on the staff page (decision 122).
      sql`sessions_ended_at = case when ${sameRoles(sql`s.roles`, MERGED_ROLES)}
        then s.sessions_ended_at else ${at}::timestamptz end`,
    ];
    if (carried.includes("email")) sets.push(sql`email = i.email`);
    if (carried.includes("schoolId")) sets.push(sql`school_id = i.school_id`);
    await tx.execute(sql`update staff s set ${sql.join(sets, sql`, `)}
      from import_staff i where i.employee_id = s.employee_id and (${changed})`);
  }
  if (deactivate.length) {
    await tx.execute(sql`update staff s set active = false, import_deactivated = true,
        sessions_ended_at = ${at}::timestamptz
      where s.employee_id in (select jsonb_array_elements_text(${JSON.stringify(deactivate)}::jsonb))`);
  }
  await auditAppliedRun(
    tx,
    actor,
    {
      action: STAFF_IMPORT_AUDIT_ACTION,
      entity: "staff",
      runId,
      summary,
      deactivates: true,
      details: { full: options.full },
      sources,
    },
    now,
  );
  return { status: "applied", ...base };
}

/**
 * Inserts the new accounts. A user name or employee ID that an administrator gave on the staff
 * page between the comparison and this statement (the staff page does not wait for the import
 * lock) fails the whole run with a 409 that says to run it again.
 */
async function insertCreated(tx: Tx): Promise<void> {
  try {
    await tx.execute(sql`insert into staff (username, password_hash, employee_id, display_name,
        name_first, name_last, email, school_id, roles, import_roles, imported)
      select i.username, null, i.employee_id, i.name_first || ' ' || i.name_last, i.name_first,
        i.name_last, i.email, i.school_id, i.roles, i.roles, true
      from import_staff i where not exists (select 1 from staff s
        where s.employee_id = i.employee_id)`);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, t("admin.staffImport.takenMeanwhile"));
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A staff import of these files (the command line): a dry run, or all rows or none. */
export async function importStaff(
  db: Db,
  actor: Actor,
  sources: ImportSource[],
  options: ImportOptions,
  now: Date,
  runId: string = randomUUID(),
): Promise<ImportReport> {
  return db.transaction((tx) => importStaffIn(tx, actor, sources, options, now, runId));
}

/** A staff import over uploaded files; its report is kept for the page (dry runs too). */
export async function importStaffUploaded(
  db: Db,
  actor: Actor,
  fileIds: string[],
  options: ImportOptions,
  now: Date,
): Promise<RunSummary> {
  const runId = randomUUID();
  return db.transaction(async (tx) => {
    const sources = await loadSources(tx, fileIds);
    const report = await importStaffIn(tx, actor, sources, options, now, runId);
    await saveRun(tx, runId, actor, fileIds, report, now, "staff");
    return { id: runId, status: report.status, full: report.full, summary: report.summary };
  });
}

/**
 * Applies the files of a staff dry run, once: five "Apply" at once apply it once (the staff
 * import lock, then the run's `applied_run_id`), the others answer the same applied run.
 */
export async function applyStaffDryRun(
  db: Db,
  actor: Actor,
  dryRunId: string,
  now: Date,
): Promise<RunSummary> {
  const runId = randomUUID();
  return db.transaction(async (tx) => {
    await lockStaffImport(tx);
    const [run] = await tx
      .select({
        status: importRuns.status,
        // Any kind of run: the schema's type names the student import's only.
        kind: sql<string>`${importRuns.kind}`,
        full: importRuns.fullExport,
        fileIds: importRuns.fileIds,
        applied: importRuns.appliedRunId,
      })
      .from(importRuns)
      .where(eq(importRuns.id, dryRunId));
    if (!run || run.kind !== "staff") throw new ApiError(404, t("admin.imports.runNotFound"));
    if (run.status !== "dry-run") throw new ApiError(409, t("admin.imports.notDryRun"));
    if (run.applied) {
      const done = await appliedRun(tx, run.applied);
      if (done) return done;
    }
    const sources = await loadSources(tx, run.fileIds);
    const report = await importStaffIn(
      tx,
      actor,
      sources,
      { dryRun: false, full: run.full },
      now,
      runId,
    );
    await saveRun(tx, runId, actor, run.fileIds, report, now, "staff");
    if (report.status === "applied") {
      await tx.execute(
        sql`update import_runs set applied_run_id = ${runId}::uuid where id = ${dryRunId}::uuid`,
      );
    }
    return { id: runId, status: report.status, full: report.full, summary: report.summary };
  });
}
