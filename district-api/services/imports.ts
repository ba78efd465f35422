// Student import (decision 124): the district's files → students, for the upload page
// (http/admin-imports.ts) and `npm run import` (scripts/import.ts), the same code.
//
// - Files are read as streams with csv-parse (UTF-8 with or without BOM, CRLF or LF, quoted fields
//   with commas and line breaks); each row is mapped by the pure rules of domain/imports/.
// - Valid rows are staged, a few thousand at a time, into a temporary table; what would be
//   created, updated or left alone is then worked out by one set-based statement, and applied by
//   one INSERT … ON CONFLICT (and one UPDATE for a full export's missing students).
// - A dry run stops before the writes. A real run applies all rows or none: one refused row and
//   nothing is written. One import at a time (lockStudentImport), so a second run of the same file
//   finds every student unchanged and writes nothing, not even an audit entry.
// - It never deletes: students missing from a full export are marked inactive.
// - It sets only the fields the file carries: a plain CSV without a financial_aid column keeps the
//   aid an administrator set; registrations, payments, community members and sign-in throttling
//   are other tables it never touches.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { parse, CsvError } from "csv-parse";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { t } from "@domain/messages";
import {
  deactivationNeedsConfirmation,
  duplicateChecker,
  GUARDIAN_ROLES,
  isEmail,
  isOneRosterStudent,
  mapOneRosterStudent,
  mapPlainRow,
  ONEROSTER_CARRIED,
  orList,
  parseStudentId,
  plainHeader,
  normalizeHeader,
  schoolLookup,
  type RowOutcome,
  type SchoolLookup,
  type StudentField,
  type StudentRecord,
} from "@domain/imports/students";
import { queryRows, type Db, type Exec } from "../db/client";
import { importFiles, importRuns, participants, schools } from "../db/schema";
import { activeStudents } from "../queries/imports";
import { ApiError } from "../errors";
import { lockStudentImport } from "./locks";
import { recordAudit, type Actor } from "./audit";
import { planSetSchools, writeSchoolPlan } from "./oneroster-schools";
import type { SchoolChange } from "@domain/imports/oneroster-schools";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** One file of an import: its name and a way to read it (again) as a stream. */
export interface ImportSource {
  name: string;
  open(): Readable;
}

export type Outcome = "created" | "updated" | "unchanged" | "refused" | "deactivated";

export interface ReportRow {
  /** The line of the file the row ends on (0 for a student missing from a full export). */
  line: number;
  id: string;
  name: string;
  outcome: Outcome;
  reason: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  deactivated: number;
}

export interface ImportReport {
  status: "dry-run" | "applied" | "refused";
  full: boolean;
  format: "plain" | "oneroster";
  summary: ImportSummary;
  rows: ReportRow[];
  /**
   * The schools and school years orgs.csv and academicSessions.csv create or rename (decisions 154
   * and 157): "created"/"updated" are "to create"/"to update" in a dry run.
   */
  schools?: SchoolChange[];
}

export interface ImportOptions {
  dryRun: boolean;
  full: boolean;
  /**
   * The number of students a full export marks inactive, confirmed by the administrator; needed
   * when it is more than DEACTIVATION_CONFIRM_SHARE of the active students (decision 141).
   */
  confirmDeactivations?: number;
}

export const IMPORT_AUDIT_ACTION = "import.students";

/** Rows staged per statement: one JSON parameter each, so the size is the only limit. */
const STAGE_BATCH = 2000;

const ONEROSTER_FILES = ["users.csv", "orgs.csv", "demographics.csv"] as const;
/** academicSessions.csv may come along: its school years are created (decision 154). */
const ONEROSTER_ALLOWED = [...ONEROSTER_FILES, "academicsessions.csv"];

const COLUMN_OF: Record<StudentField, { name: string; type: string }> = {
  nameFirst: { name: "name_first", type: "text" },
  nameLast: { name: "name_last", type: "text" },
  dob: { name: "dob", type: "date" },
  grade: { name: "grade", type: "text" },
  gender: { name: "gender", type: "text" },
  email: { name: "email", type: "text" },
  custodianEmails: { name: "custodian_emails", type: "text[]" },
  schoolId: { name: "school_id", type: "integer" },
  emergencyName: { name: "emergency_name", type: "text" },
  emergencyPhone: { name: "emergency_phone", type: "text" },
  emergencyRelationship: { name: "emergency_relationship", type: "text" },
  financialAid: { name: "financial_aid", type: "text" },
  activityPass: { name: "activity_pass", type: "boolean" },
};

export const baseName = (name: string) => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();

/**
 * The files that name a set's schools and school years (decision 154). They may also come beside a
 * plain CSV, the district's SIS export setting up the schools the file names (decision 157).
 */
export const SCHOOL_FILES: readonly string[] = ["orgs.csv", "academicsessions.csv"];

/**
 * Which way in the files are: one plain CSV (with orgs.csv and academicSessions.csv beside it, or
 * not), or a OneRoster set by its file names (every one of `needed`, and no file outside
 * `allowed`). The student, staff and catalogue imports ask it (the catalogue has no OneRoster set:
 * `needed` and `allowed` are empty).
 */
export function oneRosterOrPlain(
  sources: ImportSource[],
  needed: readonly string[],
  allowed: readonly string[] = needed,
): "plain" | "oneroster" {
  if (sources.length === 0) throw new ApiError(400, t("admin.imports.noFile"), "files");
  const names = sources.map((s) => baseName(s.name));
  const others = names.filter((n) => !SCHOOL_FILES.includes(n));
  if (!others.some((n) => allowed.includes(n))) {
    // A plain CSV, and the school files beside it.
    if (others.length > 1)
      throw new ApiError(400, t("admin.imports.tooManyFiles", { count: 1 }), "files");
    if (others.length === 1) {
      if (new Set(names).size !== names.length)
        throw new ApiError(400, t("admin.imports.tooManyFiles", { count: 1 }), "files");
      return "plain";
    }
    // Only school files: a OneRoster set missing its users, or nothing to import beside them.
    if (!needed.length) throw new ApiError(400, t("admin.imports.companionsOnly"), "files");
  }
  for (const n of names) {
    if (!allowed.includes(n)) {
      throw new ApiError(400, t("admin.imports.unknownFile", { file: n }), "files");
    }
  }
  for (const need of needed) {
    if (!names.includes(need)) {
      throw new ApiError(400, t("admin.imports.missingOneRosterFile", { file: need }), "files");
    }
  }
  return "oneroster";
}

/** Which way in a student import's files are (decision 124). */
export const importFormat = (sources: ImportSource[]) =>
  oneRosterOrPlain(sources, ONEROSTER_FILES, ONEROSTER_ALLOWED);

/** Rows of a CSV stream as objects keyed by header, with the line each ends on. */
export async function* csvRows(
  source: ImportSource,
  columns: (header: string[]) => string[] = (h) => h.map((c) => c.trim()),
): AsyncGenerator<{ row: Record<string, string | undefined>; line: number }> {
  const input = source.open();
  const parser = input.pipe(
    parse({
      bom: true,
      columns,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }),
  );
  // A file that cannot be read fails the parse (pipe does not pass errors on).
  input.on("error", (err) => parser.destroy(err));
  try {
    for await (const item of parser as AsyncIterable<{
      record: Record<string, string | undefined>;
      info: { lines: number };
    }>) {
      yield { row: item.record, line: item.info.lines };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof CsvError) {
      const line = (err as unknown as { lines?: number }).lines ?? 0;
      throw new ApiError(
        400,
        t("admin.imports.badCsv", { file: baseName(source.name), line, detail: err.message }),
        "files",
      );
    }
    throw err;
  }
}

/** What a row of a file became once mapped: a record to stage, or refused with every reason. */
export type RowResult<R> =
  { ok: true; record: R } | { ok: false; sourceId: string; reasons: string[] };

/**
 * The one reading loop of the student and staff imports: each row's line of the report (valid
 * rows "unchanged" until compared with what is on file), and the valid records staged a batch at
 * a time by `insert` (one JSON parameter a statement, so the batch's size is the only limit).
 */
export class RowStager<R, K> {
  readonly report: ReportRow[] = [];
  /** Report index of each staged record, by its source ID. */
  readonly indexOf = new Map<K, number>();
  private batch: R[] = [];

  constructor(
    private readonly idOf: (record: R) => K,
    private readonly insert: (batch: R[]) => PromiseLike<unknown>,
    private readonly onRefused: (sourceId: string) => void,
  ) {}

  async take(result: RowResult<R>, line: number, name: string): Promise<void> {
    if (!result.ok) {
      this.onRefused(result.sourceId);
      this.report.push({
        line,
        id: result.sourceId,
        name,
        outcome: "refused",
        reason: result.reasons.join(" "),
      });
      return;
    }
    const id = this.idOf(result.record);
    this.indexOf.set(id, this.report.length);
    this.report.push({ line, id: String(id), name, outcome: "unchanged", reason: "" });
    this.batch.push(result.record);
    if (this.batch.length >= STAGE_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.batch.length) return;
    const batch = this.batch;
    this.batch = [];
    await this.insert(batch);
  }
}

/** The schools on file, for a file's school names (schoolLookup) or codes. */
export function schoolsOnFile(tx: Exec) {
  return tx
    .select({ id: schools.id, shortName: schools.shortName, fullName: schools.fullName })
    .from(schools);
}

/** A report's count of each outcome. */
export function summaryOf(report: readonly ReportRow[]): ImportSummary {
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    deactivated: 0,
  };
  for (const r of report) summary[r.outcome] += 1;
  return summary;
}

/**
 * The audit entry of an applied import run (students, staff, the catalogue), one per run that
 * changed something and none for a run that changed nothing: what it created, updated, refused
 * (and deactivated, for the imports that deactivate what the files no longer list), the details
 * of its kind, and its files' names.
 */
export async function auditAppliedRun(
  tx: Exec,
  actor: Actor,
  run: {
    action: string;
    entity: string;
    runId: string;
    summary: ImportSummary;
    deactivates: boolean;
    details: Record<string, unknown>;
    sources: readonly ImportSource[];
  },
  now: Date,
): Promise<void> {
  const { created, updated, refused, deactivated } = run.summary;
  if (created + updated + deactivated === 0) return;
  const counts = run.deactivates
    ? { created, updated, refused, deactivated }
    : { created, updated, refused };
  await recordAudit(
    tx,
    actor,
    {
      action: run.action,
      entity: run.entity,
      entityId: run.runId,
      after: { ...counts, ...run.details, files: run.sources.map((s) => baseName(s.name)) },
    },
    now,
  );
}

/** A person's name for the report, from a row's first and last name. */
export const personName = (first?: string, last?: string) =>
  `${(first ?? "").trim()} ${(last ?? "").trim()}`.trim();

/**
 * The header of a plain file, checked by the import's own rule: its normalised column names, the
 * columns it carries told to `carried`, or a 400 naming the columns missing.
 */
export function plainColumns<F>(
  source: ImportSource,
  check: (header: string[]) => { ok: true; carried: F[] } | { ok: false; missing: string[] },
  carried: (fields: F[]) => void,
): (header: string[]) => string[] {
  return (header) => {
    const checked = check(header);
    if (!checked.ok) {
      throw new ApiError(
        400,
        t("admin.imports.missingColumns", {
          file: baseName(source.name),
          columns: checked.missing.join(", "),
        }),
        "files",
      );
    }
    carried(checked.carried);
    return normalizeHeader(header);
  };
}

/** The schools of a OneRoster set (orgs of type school), by sourcedId. */
export async function oneRosterSchools(
  orgsCsv: ImportSource,
): Promise<Map<string, { identifier: string; name: string }>> {
  const orgs = new Map<string, { identifier: string; name: string }>();
  for await (const { row } of csvRows(orgsCsv)) {
    const type = (row.type ?? "").trim().toLowerCase();
    if (type === "school" && row.sourcedId) {
      orgs.set(row.sourcedId.trim(), { identifier: row.identifier ?? "", name: row.name ?? "" });
    }
  }
  return orgs;
}

interface Staged {
  report: ReportRow[];
  /** Report index of each staged student, by ID. */
  indexOf: Map<number, number>;
  /** IDs of refused rows that still name a student (not to be counted as missing). */
  refusedIds: number[];
  carried: StudentField[];
}

/** Maps rows and stages the valid ones into the temporary table `import_students`. */
async function stage(
  tx: Tx,
  format: "plain" | "oneroster",
  sources: ImportSource[],
  schools: SchoolLookup,
): Promise<Staged> {
  await tx.execute(
    sql.raw(`create temporary table import_students (
      id integer primary key, name_first text, name_last text, dob date, grade text, gender text,
      email text, custodian_emails text[], school_id integer, emergency_name text,
      emergency_phone text, emergency_relationship text, financial_aid text,
      activity_pass boolean) on commit drop`),
  );
  const refusedIds: number[] = [];
  let carried: StudentField[] = [];
  const duplicate = duplicateChecker();
  const stager = new RowStager<StudentRecord, number>(
    (r) => r.id,
    (batch) =>
      tx.execute(sql`insert into import_students
        select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(id integer,
          "nameFirst" text, "nameLast" text, dob date, grade text, gender text, email text,
          "custodianEmails" text[], "schoolId" integer, "emergencyName" text,
          "emergencyPhone" text, "emergencyRelationship" text, "financialAid" text,
          "activityPass" boolean)`),
    (sourceId) => {
      const id = parseStudentId(sourceId);
      if (id !== null) refusedIds.push(id);
    },
  );
  const take = (outcome: RowOutcome, line: number, name: string) => {
    const dup = outcome.ok ? duplicate(outcome.record.id, line) : null;
    if (outcome.ok && dup) {
      return stager.take(
        { ok: false, sourceId: String(outcome.record.id), reasons: [dup] },
        line,
        name,
      );
    }
    return stager.take(outcome, line, name);
  };

  if (format === "plain") {
    const source = sources[0]!;
    const columns = plainColumns(source, plainHeader, (fields) => (carried = fields));
    for await (const { row, line } of csvRows(source, columns)) {
      await take(mapPlainRow(row, schools), line, personName(row.first_name, row.last_name));
    }
    if (!carried.length) {
      // An empty file (no header): nothing to import, nothing carried.
      carried = ["nameFirst", "nameLast", "dob", "grade"];
    }
  } else {
    const byName = new Map(sources.map((s) => [baseName(s.name), s]));
    const orgs = await oneRosterSchools(byName.get("orgs.csv")!);
    const demographics = new Map<string, { birthDate: string; sex: string }>();
    for await (const { row } of csvRows(byName.get("demographics.csv")!)) {
      if (row.sourcedId) {
        demographics.set(row.sourcedId.trim(), {
          birthDate: row.birthDate ?? row.birthdate ?? "",
          sex: row.sex ?? "",
        });
      }
    }
    // First pass over users: the guardians' addresses and the students they name.
    const guardianEmails = new Map<string, string>();
    const guardiansOf = new Map<string, string[]>();
    const users = byName.get("users.csv")!;
    for await (const { row } of csvRows(users)) {
      const role = (row.role ?? "").trim().toLowerCase();
      if (!GUARDIAN_ROLES.includes(role) || !row.sourcedId) continue;
      const id = row.sourcedId.trim();
      const email = (row.email ?? "").trim().toLowerCase();
      if (email) guardianEmails.set(id, isEmail(email) ? email : (row.email ?? "").trim());
      for (const student of orList(row.agentSourcedIds)) {
        const list = guardiansOf.get(student) ?? [];
        list.push(id);
        guardiansOf.set(student, list);
      }
    }
    const ctx = { schools, orgs, demographics, guardianEmails, guardiansOf };
    for await (const { row, line } of csvRows(users)) {
      if (!isOneRosterStudent(row)) continue;
      await take(mapOneRosterStudent(row, ctx), line, personName(row.givenName, row.familyName));
    }
    carried = ONEROSTER_CARRIED;
  }
  await stager.flush();
  return { report: stager.report, indexOf: stager.indexOf, refusedIds, carried };
}

const cols = (fields: StudentField[], prefix = "") =>
  sql.raw(fields.map((f) => `${prefix}${COLUMN_OF[f].name}`).join(", "));

/**
 * Runs a student import in `tx` (which must be a transaction): the report, and for a real run
 * without refusals the writes and their audit entry.
 */
async function importIn(
  tx: Tx,
  actor: Actor,
  sources: ImportSource[],
  options: ImportOptions,
  now: Date,
  runId: string,
): Promise<ImportReport> {
  const format = importFormat(sources);
  if (!options.dryRun) await lockStudentImport(tx);
  // The schools and years orgs.csv and academicSessions.csv name (a OneRoster set's, or beside a
  // plain CSV) are planned in memory: students in a school still to create are staged with the
  // plan's (negative) id, replaced by the real one when it is written.
  const plan = await planSetSchools(tx, sources);
  const schools = schoolLookup(plan.schools);
  const staged = await stage(tx, format, sources, schools);
  const { report, indexOf, carried } = staged;
  const changed: SQL = sql.raw(
    `(${carried.map((f) => `p.${COLUMN_OF[f].name}`).join(", ")}) is distinct from (${carried
      .map((f) => `s.${COLUMN_OF[f].name}`)
      .join(", ")}) or not p.active`,
  );
  // Raw: import_students is the import's temporary table, not in the schema.
  const outcomes = await queryRows<{ id: number; outcome: string }>(
    tx,
    sql`select s.id, case when p.id is null then 'created' when p.kind <> 'student' then 'community'
        when ${changed} then 'updated' else 'unchanged' end as outcome
      from import_students s left join participants p on p.id = s.id`,
  );
  for (const o of outcomes) {
    const row = report[indexOf.get(o.id)!]!;
    if (o.outcome === "community") {
      row.outcome = "refused";
      row.reason = t("admin.imports.reason.communityMember");
    } else {
      row.outcome = o.outcome as Outcome;
    }
  }
  if (options.full) {
    const missing = await tx
      .select({
        id: participants.id,
        name: sql<string>`${participants.nameFirst} || ' ' || ${participants.nameLast}`,
      })
      .from(participants)
      .where(
        and(
          eq(participants.kind, "student"),
          eq(participants.active, true),
          // import_students is the import's temporary table, not in the schema.
          sql`not exists (select 1 from import_students s where s.id = ${participants.id})`,
          sql`${participants.id} <> all(${`{${staged.refusedIds.join(",")}}`}::integer[])`,
        ),
      )
      .orderBy(asc(participants.id));
    for (const m of missing) {
      report.push({
        line: 0,
        id: String(m.id),
        name: m.name,
        outcome: "deactivated",
        reason: t("admin.imports.reason.missingFromFull"),
      });
    }
  }
  const summary = summaryOf(report);
  const base = {
    full: options.full,
    format,
    summary,
    rows: report,
    schools: plan.changes,
  };
  if (options.dryRun) return { status: "dry-run", ...base };
  if (summary.refused > 0) return { status: "refused", ...base };
  if (summary.deactivated > 0) {
    const active = await activeStudents(tx);
    if (
      deactivationNeedsConfirmation(summary.deactivated, active) &&
      options.confirmDeactivations !== summary.deactivated
    ) {
      throw new ApiError(
        409,
        t("admin.imports.confirmDeactivations", { count: summary.deactivated, active }),
      );
    }
  }

  const ids = await writeSchoolPlan(tx, actor, plan, now);
  for (const [planned, id] of ids) {
    await tx.execute(
      sql`update import_students set school_id = ${id} where school_id = ${planned}`,
    );
  }
  if (summary.created + summary.updated > 0) {
    const insertCols = ["id", "kind", ...carried.map((f) => COLUMN_OF[f].name)].join(", ");
    const updates = carried.map((f) => `${COLUMN_OF[f].name} = excluded.${COLUMN_OF[f].name}`);
    await tx.execute(sql`insert into participants (${sql.raw(insertCols)})
      select id, 'student', ${cols(carried)} from import_students
      on conflict (id) do update set ${sql.raw(updates.join(", "))}, active = true
      where participants.kind = 'student'
        and ((${cols(carried, "participants.")}) is distinct from (${cols(carried, "excluded.")})
          or not participants.active)`);
  }
  if (summary.deactivated > 0) {
    await tx.execute(sql`update participants p set active = false
      where kind = 'student' and active
        and not exists (select 1 from import_students s where s.id = p.id)`);
  }
  await auditAppliedRun(
    tx,
    actor,
    {
      action: IMPORT_AUDIT_ACTION,
      entity: "students",
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
 * A student import of these files: a dry run (nothing written), or a real run that applies every
 * row or none. The command line calls this; the upload page goes through `importUploaded`.
 */
export async function importStudents(
  db: Db,
  actor: Actor,
  sources: ImportSource[],
  options: ImportOptions,
  now: Date,
  runId: string = randomUUID(),
): Promise<ImportReport> {
  return db.transaction((tx) => importIn(tx, actor, sources, options, now, runId));
}

// --- uploads (the administration's page) --------------------------------------------------------

/** The largest file the page takes (bytes); the district API refuses larger bodies with 413. */
export const IMPORT_FILE_LIMIT_MB = 20;
/** Files are kept this long for the dry run's "Apply". */
const KEEP_FILES = "1 day";

/** A string as a stream of 64 KiB pieces, so the parser holds only a piece's rows at a time. */
export function stringSource(name: string, content: string): ImportSource {
  return {
    name,
    open: () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < content.length; i += 65536) yield content.slice(i, i + 65536);
        })(),
      ),
  };
}

/** Keeps an uploaded file (UTF-8 text) for an import; answers its id. */
export async function storeImportFile(
  db: Db,
  employeeId: string,
  name: string,
  bytes: Buffer,
): Promise<{ id: string; name: string }> {
  let content: string;
  try {
    content = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, t("admin.imports.notUtf8"), "file");
  }
  if (content.includes("\0")) throw new ApiError(400, t("admin.imports.notCsv"), "file");
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from import_files where created_at < now() - ${KEEP_FILES}::interval`,
    );
    await tx.execute(sql`insert into import_files (id, employee_id, name, content)
      values (${id}::uuid, ${employeeId}, ${baseName(name)}, ${content})`);
  });
  return { id, name: baseName(name) };
}

export async function loadSources(db: Exec, ids: string[]): Promise<ImportSource[]> {
  const files = await db
    .select({ id: importFiles.id, name: importFiles.name, content: importFiles.content })
    .from(importFiles)
    .where(sql`${importFiles.id} = any(${`{${ids.join(",")}}`}::uuid[])`);
  if (files.length !== new Set(ids).size)
    throw new ApiError(404, t("admin.imports.fileGone"), "files");
  return files.map((f) => stringSource(f.name, f.content));
}

export async function saveRun(
  tx: Exec,
  runId: string,
  actor: Actor,
  fileIds: string[],
  report: ImportReport,
  now: Date,
  kind: "students" | "staff" = "students",
): Promise<void> {
  await tx.execute(sql`insert into import_runs (id, at, employee_id, kind, dry_run, full_export,
      status, file_ids, file_names, summary, rows)
    values (${runId}::uuid, ${now.toISOString()}::timestamptz, ${actor.employeeId}, ${kind},
      ${report.status === "dry-run"}, ${report.full}, ${report.status},
      ${`{${fileIds.join(",")}}`}::uuid[],
      (select coalesce(array_agg(name order by name), '{}') from import_files
        where id = any(${`{${fileIds.join(",")}}`}::uuid[])),
      ${JSON.stringify({ ...report.summary, format: report.format, schools: report.schools ?? [] })}::jsonb,
      ${JSON.stringify(report.rows)}::jsonb)`);
}

export interface RunSummary {
  id: string;
  status: ImportReport["status"];
  full: boolean;
  summary: ImportSummary;
}

/**
 * The run that applied a dry run already (`appliedRunId`), as its apply returned it: the answer
 * to the same apply asked again. Undefined if that run is gone.
 */
export async function appliedRun(tx: Exec, appliedRunId: string): Promise<RunSummary | undefined> {
  const [done] = await tx
    .select({
      id: importRuns.id,
      status: importRuns.status,
      full: importRuns.fullExport,
      summary: sql<ImportSummary>`${importRuns.summary}`,
    })
    .from(importRuns)
    .where(eq(importRuns.id, appliedRunId));
  return done;
}

/** A run over uploaded files; its report is kept for the page (dry runs too). */
export async function importUploaded(
  db: Db,
  actor: Actor,
  fileIds: string[],
  options: ImportOptions,
  now: Date,
): Promise<RunSummary> {
  const runId = randomUUID();
  return db.transaction(async (tx) => {
    const report = await importIn(tx, actor, await loadSources(tx, fileIds), options, now, runId);
    await saveRun(tx, runId, actor, fileIds, report, now);
    return { id: runId, status: report.status, full: report.full, summary: report.summary };
  });
}

/**
 * Applies the files of a dry run, once: five "Apply" at once apply it once (the import lock, then
 * the run's `applied_run_id`), the others answer the same applied run.
 */
export async function applyDryRun(
  db: Db,
  actor: Actor,
  dryRunId: string,
  now: Date,
  confirmDeactivations?: number,
): Promise<RunSummary> {
  const runId = randomUUID();
  return db.transaction(async (tx) => {
    await lockStudentImport(tx);
    const [run] = await tx
      .select({
        status: importRuns.status,
        full: importRuns.fullExport,
        fileIds: importRuns.fileIds,
        applied: importRuns.appliedRunId,
      })
      .from(importRuns)
      .where(eq(importRuns.id, dryRunId));
    if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
    if (run.status !== "dry-run") throw new ApiError(409, t("admin.imports.notDryRun"));
    if (run.applied) {
      const done = await appliedRun(tx, run.applied);
      if (done) return done;
    }
    const sources = await loadSources(tx, run.fileIds);
    const report = await importIn(
      tx,
      actor,
      sources,
      { dryRun: false, full: run.full, confirmDeactivations },
      now,
      runId,
    );
    await saveRun(tx, runId, actor, run.fileIds, report, now);
    if (report.status === "applied") {
      await tx.execute(
        sql`update import_runs set applied_run_id = ${runId}::uuid where id = ${dryRunId}::uuid`,
      );
    }
    return { id: runId, status: report.status, full: report.full, summary: report.summary };
  });
}
