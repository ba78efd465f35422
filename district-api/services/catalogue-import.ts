// Catalogue import (decision 129): the district's catalogue CSV → programs,
// courses and sections, for the upload page (http/admin-imports.ts) and `npm run import --
// catalogue` (scripts/import.ts), the same code.
//
// - The file is read as a stream with csv-parse (services/imports.ts csvRows); each row is mapped
//   by the pure rules of domain/imports/catalogue.ts, which check it with the administration's own
//   contract, so the forms and the import refuse the same things with the same words.
// - Programs and sections are matched by the district's codes (program_code, section_code,
//   migration 0026); a program without a code is adopted by its name, a section without one by
//   its program, course, number and term. Courses are matched by subject and number and created
//   when missing; a course on file is never changed by an import.
// - A dry run stops before the writes and keeps only its report. A real run applies every row or
//   none, one import at a time (the import lock), with the programs and then the sections it
//   reads locked in LOCK_ORDER, so a family registering meanwhile is counted: capacity never goes
//   below the seats taken (the row is refused), and a raise offers the freed seats to the waiting
//   list in order (offerFreedSeats), as the section form does.
// - Nothing is ever deleted or cancelled: programs and sections missing from the file stay as
//   they are. A second run of the same file finds everything unchanged, writes nothing, records no
//   audit entry.
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  catalogueFileChecker,
  catalogueHeader,
  courseKey,
  mapCatalogueRow,
  NEW_COURSE_ID,
  newSchoolId,
  type CatalogueColumn,
  type CatalogueRecord,
  type ExistingProgram,
  type ExistingSection,
} from "@domain/imports/catalogue";
import { normalizeHeader, schoolLookup } from "@domain/imports/students";
import { t } from "@domain/messages";
import { weekDaysOf } from "@domain/rules/week-days";
import { queryRows, type Db, type Exec } from "../db/client";
import { courses, importRuns, programs, staff } from "../db/schema";
import type { ApiDeps } from "../deps";
import type { Actor } from "./audit";
import { PROGRAM_VALUE_COLUMNS, SECTION_VALUE_COLUMNS } from "../queries/catalogue";
import { insertSection, sectionSet, textArray } from "./catalogue";
import { ApiError } from "../errors";
import {
  auditAppliedRun,
  baseName,
  csvRows,
  loadSources,
  oneRosterOrPlain,
  SCHOOL_FILES,
  summaryOf,
  type ImportReport,
  type ImportSource,
  type ReportRow,
  type RunSummary,
  appliedRun,
} from "./imports";
import { lockRows, lockStudentImport } from "./locks";
import { planSetSchools, writeSchoolPlan } from "./oneroster-schools";
import { enqueueMails, type QueuedMail } from "./mail-queue";
import { currentSeats, lockSection, offerFreedSeats, releaseExpiredHolds } from "./registration";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const CATALOGUE_IMPORT_AUDIT_ACTION = "import.catalogue";

/** What a capacity raise needs to tell the families it offers a seat to. */
export type SeatDeps = Pick<ApiDeps, "timeZone" | "districtName">;

export interface CatalogueImportReport extends Omit<ImportReport, "format"> {
  format: "catalogue";
}

const pgTextArray = (values: readonly string[]) => textArray(values);

interface ParsedRow {
  row: Record<string, string | undefined>;
  line: number;
}

/** Every row of the file (a catalogue is thousands of rows at most), and the columns it has. */
async function readCatalogue(
  source: ImportSource,
): Promise<{ rows: ParsedRow[]; carried: ReadonlySet<CatalogueColumn> }> {
  let carried: ReadonlySet<CatalogueColumn> | null = null;
  const columns = (header: string[]) => {
    const checked = catalogueHeader(header);
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
    carried = checked.carried;
    return normalizeHeader(header);
  };
  const rows: ParsedRow[] = [];
  for await (const item of csvRows(source, columns)) rows.push(item);
  return { rows, carried: carried ?? new Set() };
}

/** The programs and sections on file that a file's codes (or names) may name. */
async function readOnFile(tx: Tx, rows: ParsedRow[], lock: boolean, now: Date) {
  const programCodes = [...new Set(rows.map((r) => (r.row.program_code ?? "").trim()))];
  const programNames = [
    ...new Set(rows.map((r) => (r.row.program_name ?? "").trim().toLowerCase())),
  ];
  const sectionCodes = [...new Set(rows.map((r) => (r.row.section_code ?? "").trim()))];
  const programWhere = sql`source_key = any(${pgTextArray(programCodes)}::text[])
    or (source_key is null and lower(name) = any(${pgTextArray(programNames)}::text[]))`;
  if (lock) {
    // LOCK_ORDER: the programs, then their sections; each kind in id order.
    await lockRows(tx, "program", sql`select id from programs where ${programWhere} order by id`);
  }
  const programsOnFile: ExistingProgram[] = await tx
    .select({ ...PROGRAM_VALUE_COLUMNS, sourceKey: programs.sourceKey })
    .from(programs)
    .where(programWhere);
  const programIds = programsOnFile.map((p) => p.id);
  const sectionWhere = sql`s.source_key = any(${pgTextArray(sectionCodes)}::text[])
    or (s.source_key is null and s.program_id = any(${`{${programIds.join(",")}}`}::uuid[]))`;
  if (lock) {
    const locked = await lockRows<{ id: string }>(
      tx,
      "section",
      sql`select s.id from course_sections s where ${sectionWhere} order by s.id`,
      "s",
    );
    for (const s of locked) await releaseExpiredHolds(tx, s.id, now);
  }
  // Raw: the section's values are queries/catalogue.ts's SQL column list (SECTION_VALUE_COLUMNS).
  const sections = (
    await queryRows<ExistingSection>(
      tx,
      sql`select s.id, s.program_id as "programId", s.source_key as "sourceKey", s.active,
          s.seats_taken as "seatsTaken", ${SECTION_VALUE_COLUMNS}
        from course_sections s where ${sectionWhere}`,
    )
  ).map((s) => ({
    ...s,
    seatsTaken: Number(s.seatsTaken),
    creditHours: Number(s.creditHours),
    schoolId: s.schoolId ?? null,
    meetingDays: weekDaysOf(s.meetingDays ?? []),
  }));
  return { programs: programsOnFile, sections };
}

const naturalKey = (programId: string, courseId: string, number: string, termId: string) =>
  [programId, courseId, number.trim().toLowerCase(), termId.trim().toLowerCase()].join("\u0000");

/**
 * Runs a catalogue import in `tx`: the report, and for a real run without refusals the writes,
 * the seats offered on raised capacities (their mail in `mail`, queued in the same transaction) and
 * the audit entry.
 */
async function importIn(
  tx: Tx,
  seatDeps: SeatDeps,
  actor: Actor,
  sources: ImportSource[],
  options: { dryRun: boolean },
  now: Date,
  runId: string,
  mail: QueuedMail[],
): Promise<CatalogueImportReport> {
  // One catalogue CSV, with the district's orgs.csv and academicSessions.csv beside it or not
  // (decision 157): their schools and years are planned as in the student import (decision 154).
  oneRosterOrPlain(sources, []);
  const source = sources.find((s) => !SCHOOL_FILES.includes(baseName(s.name)))!;
  if (!options.dryRun) await lockStudentImport(tx);
  const plan = await planSetSchools(tx, sources);
  const { rows, carried } = await readCatalogue(source);
  const { programs: programsOnFile, sections } = await readOnFile(tx, rows, !options.dryRun, now);

  const programByCode = new Map<string, ExistingProgram>();
  const programByName = new Map<string, ExistingProgram>();
  for (const p of programsOnFile) {
    if (p.sourceKey) programByCode.set(p.sourceKey, p);
    else if (!programByName.has(p.name.toLowerCase())) programByName.set(p.name.toLowerCase(), p);
  }
  const sectionByCode = new Map<string, ExistingSection>();
  const sectionByNature = new Map<string, ExistingSection>();
  for (const s of sections) {
    if (s.sourceKey) sectionByCode.set(s.sourceKey, s);
    else {
      const key = naturalKey(s.programId, s.courseId, s.sectionNumber, s.termId);
      if (!sectionByNature.has(key)) sectionByNature.set(key, s);
    }
  }
  // A school still to create stands for a placeholder id while its sections are checked.
  const schoolRows = plan.schools.map((s) => (s.id < 0 ? { ...s, id: newSchoolId(s.id) } : s));
  const staffRows = await tx.select({ employeeId: staff.employeeId }).from(staff);
  const courseRows = await tx
    .select({ id: courses.id, subject: courses.subject, courseNumber: courses.courseNumber })
    .from(courses)
    .orderBy(asc(courses.id));
  const courseByKey = new Map<string, string>();
  for (const c of courseRows) {
    const key = courseKey(c.subject, c.courseNumber);
    if (!courseByKey.has(key)) courseByKey.set(key, c.id);
  }
  const ctx = {
    schools: schoolLookup(schoolRows),
    instructors: new Set(staffRows.map((s) => s.employeeId)),
    courses: courseByKey,
    program: (code: string, name: string) =>
      programByCode.get(code) ?? programByName.get(name.trim().toLowerCase()),
    section: (
      code: string,
      n: {
        programId: string | null;
        courseId: string | null;
        sectionNumber: string;
        termId: string;
      },
    ) =>
      sectionByCode.get(code) ??
      (n.programId && n.courseId
        ? sectionByNature.get(naturalKey(n.programId, n.courseId, n.sectionNumber, n.termId))
        : undefined),
  };

  const report: ReportRow[] = [];
  const records: CatalogueRecord[] = [];
  const check = catalogueFileChecker();
  const programsReported = new Set<string>();
  const coursesReported = new Set<string>();
  for (const { row, line } of rows) {
    const subject = (row.subject ?? "").trim();
    const number = (row.course_number ?? "").trim();
    const name = t("admin.imports.catalogue.sectionRow", {
      course: `${subject} ${number}`.trim(),
      section: (row.section_number ?? "").trim(),
      term: (row.term ?? "").trim(),
    });
    const id = (row.section_code ?? "").trim();
    const mapped = mapCatalogueRow(row, carried, ctx);
    const duplicate = check.code(id, line);
    const reasons = mapped.ok
      ? [...duplicate, ...(duplicate.length ? [] : check.record(mapped.record, line))]
      : [...mapped.reasons, ...duplicate];
    if (!mapped.ok || reasons.length) {
      report.push({ line, id, name, outcome: "refused", reason: reasons.join(" ") });
      continue;
    }
    const r = mapped.record;
    records.push(r);
    if (!programsReported.has(r.programCode)) {
      programsReported.add(r.programCode);
      report.push({
        line,
        id: r.programCode,
        name: t("admin.imports.catalogue.programRow", { name: r.program.name }),
        outcome: r.programChange,
        reason: "",
      });
    }
    if (r.newCourse && !coursesReported.has(r.courseKey)) {
      coursesReported.add(r.courseKey);
      report.push({
        line,
        id: `${r.newCourse.subject} ${r.newCourse.courseNumber}`,
        name: t("admin.imports.catalogue.courseRow", { name: r.newCourse.name }),
        outcome: "created",
        reason: "",
      });
    }
    report.push({ line, id: r.sectionCode, name, outcome: r.sectionChange, reason: "" });
  }
  const summary = summaryOf(report);
  const base = {
    full: false,
    format: "catalogue" as const,
    summary,
    rows: report,
    schools: plan.changes,
  };
  if (options.dryRun) return { status: "dry-run", ...base };
  if (summary.refused > 0) return { status: "refused", ...base };
  const schoolIds = new Map(
    [...(await writeSchoolPlan(tx, actor, plan, now))].map(([planned, id]) => [
      newSchoolId(planned),
      id,
    ]),
  );
  if (summary.created + summary.updated === 0) return { status: "applied", ...base };

  // Courses the file names that are not on file, once each.
  const courseIds = new Map<string, string>();
  for (const r of records) {
    if (!r.newCourse || courseIds.has(r.courseKey)) continue;
    const c = r.newCourse;
    const [row] = await tx
      .insert(courses)
      .values({
        subject: c.subject,
        courseNumber: c.courseNumber,
        name: c.name,
        description: c.description,
        category: c.category,
      })
      .returning({ id: courses.id });
    courseIds.set(r.courseKey, row!.id);
  }
  // Programs, once each (every row of one carries the same values: the file checker says so).
  const programIds = new Map<string, string>();
  for (const r of records) {
    if (programIds.has(r.programCode)) continue;
    const p = r.program;
    if (r.programId) {
      programIds.set(r.programCode, r.programId);
      if (r.programChange === "unchanged") continue;
      await tx.execute(sql`update programs set name = ${p.name}, open = ${p.open},
          active = ${p.active}, one_section_per_term = ${p.oneSectionPerTerm},
          requires_survey = ${p.requiresSurvey}, allow_partial = ${p.allowPartial},
          cancellation_message = ${p.cancellationMessage}, sort_order = ${p.sortOrder},
          source_key = ${r.programCode}
        where id = ${r.programId}`);
    } else {
      const [row] = await tx
        .insert(programs)
        .values({
          name: p.name,
          open: p.open,
          active: p.active,
          oneSectionPerTerm: p.oneSectionPerTerm,
          requiresSurvey: p.requiresSurvey,
          allowPartial: p.allowPartial,
          cancellationMessage: p.cancellationMessage,
          sortOrder: p.sortOrder,
          sourceKey: r.programCode,
        })
        .returning({ id: programs.id });
      programIds.set(r.programCode, row!.id);
    }
  }
  for (const r of records) {
    if (r.sectionChange === "unchanged") continue;
    const values = {
      ...r.section,
      courseId:
        r.section.courseId === NEW_COURSE_ID ? courseIds.get(r.courseKey)! : r.section.courseId,
      schoolId:
        r.section.schoolId === null
          ? null
          : (schoolIds.get(r.section.schoolId) ?? r.section.schoolId),
    };
    if (!r.sectionId) {
      const programId = programIds.get(r.programCode)!;
      await insertSection(tx, programId, values, r.sectionCode);
      continue;
    }
    await tx.execute(sql`update course_sections set ${sectionSet(values)},
        source_key = ${r.sectionCode} where id = ${r.sectionId}`);
    if (r.sectionChanged.includes("capacity")) {
      // Under the section's lock (taken above): a raise offers the new seats in order.
      const section = (await lockSection(tx, r.sectionId))!;
      const taken = await currentSeats(tx, r.sectionId);
      if (values.capacity > taken) {
        await offerFreedSeats(
          tx,
          seatDeps,
          {
            ...section,
            capacity: values.capacity,
            cost_cents: values.costCents,
            seats_taken: taken,
          },
          now,
          mail,
        );
      }
    }
  }
  await auditAppliedRun(
    tx,
    actor,
    {
      action: CATALOGUE_IMPORT_AUDIT_ACTION,
      entity: "catalogue",
      runId,
      summary,
      deactivates: false,
      details: {
        programs: records.filter(
          (r, i, all) => all.findIndex((x) => x.programCode === r.programCode) === i,
        ).length,
        sections: records.length,
        file: baseName(source.name),
      },
      sources,
    },
    now,
  );
  return { status: "applied", ...base };
}

/**
 * A catalogue import of one file (with orgs.csv and academicSessions.csv beside it, or not): a dry
 * run (nothing written), or a real run that applies every row or none. The command line calls this; the upload page goes through `importCatalogueUploaded`.
 * Mail to waiting families offered a seat is queued in the same transaction (decision 130) and
 * sent by the district API's mail worker.
 */
export async function importCatalogue(
  db: Db,
  deps: SeatDeps,
  actor: Actor,
  sources: ImportSource[],
  options: { dryRun: boolean },
  now: Date,
  runId: string = randomUUID(),
): Promise<CatalogueImportReport> {
  const mail: QueuedMail[] = [];
  return db.transaction(async (tx) => {
    const report = await importIn(tx, deps, actor, sources, options, now, runId, mail);
    await enqueueMails(tx, mail);
    return report;
  });
}

async function saveRun(
  tx: Exec,
  runId: string,
  actor: Actor,
  fileIds: string[],
  report: CatalogueImportReport,
  now: Date,
): Promise<void> {
  await tx.execute(sql`insert into import_runs (id, at, employee_id, kind, dry_run, full_export,
      status, file_ids, file_names, summary, rows)
    values (${runId}::uuid, ${now.toISOString()}::timestamptz, ${actor.employeeId}, 'catalogue',
      ${report.status === "dry-run"}, false, ${report.status},
      ${`{${fileIds.join(",")}}`}::uuid[],
      (select coalesce(array_agg(name order by name), '{}') from import_files
        where id = any(${`{${fileIds.join(",")}}`}::uuid[])),
      ${JSON.stringify({ ...report.summary, format: report.format, schools: report.schools ?? [] })}::jsonb,
      ${JSON.stringify(report.rows)}::jsonb)`);
}

/** A run over an uploaded file; its report is kept for the page (dry runs too). */
export async function importCatalogueUploaded(
  deps: ApiDeps,
  actor: Actor,
  fileIds: string[],
  options: { dryRun: boolean },
  now: Date,
): Promise<RunSummary> {
  const runId = randomUUID();
  const mail: QueuedMail[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const sources = await loadSources(tx, fileIds);
    const report = await importIn(tx, deps, actor, sources, options, now, runId, mail);
    await enqueueMails(tx, mail);
    await saveRun(tx, runId, actor, fileIds, report, now);
    return { id: runId, status: report.status, full: false, summary: report.summary };
  });
  return result;
}

/**
 * Applies the file of a catalogue dry run, once: five "Apply" at once apply it once (the import
 * lock, then the run's `applied_run_id`), the others answer the same applied run.
 */
export async function applyCatalogueDryRun(
  deps: ApiDeps,
  actor: Actor,
  dryRunId: string,
  now: Date,
): Promise<RunSummary> {
  const runId = randomUUID();
  const mail: QueuedMail[] = [];
  const result = await deps.db.transaction(async (tx): Promise<RunSummary> => {
    await lockStudentImport(tx);
    const [run] = await tx
      .select({
        status: importRuns.status,
        fileIds: importRuns.fileIds,
        applied: importRuns.appliedRunId,
      })
      .from(importRuns)
      // The schema's type of kind names the student import's only.
      .where(and(eq(importRuns.id, dryRunId), sql`${importRuns.kind} = 'catalogue'`));
    if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
    if (run.status !== "dry-run") throw new ApiError(409, t("admin.imports.notDryRun"));
    if (run.applied) {
      const done = await appliedRun(tx, run.applied);
      if (done) return done;
    }
    const sources = await loadSources(tx, run.fileIds);
    const report = await importIn(tx, deps, actor, sources, { dryRun: false }, now, runId, mail);
    await enqueueMails(tx, mail);
    await saveRun(tx, runId, actor, run.fileIds, report, now);
    if (report.status === "applied") {
      await tx.execute(
        sql`update import_runs set applied_run_id = ${runId}::uuid where id = ${dryRunId}::uuid`,
      );
    }
    return { id: runId, status: report.status, full: false, summary: report.summary };
  });
  return result;
}
