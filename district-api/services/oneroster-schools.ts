// A OneRoster set's schools and school years in the imports (decisions 154 and 157):
// orgs.csv and academicSessions.csv, of a OneRoster set or beside a plain student, staff or
// catalogue CSV, read and checked by the rules of decision 149, planned against what is on file
// (domain/imports/oneroster-schools.ts), and, when the import applies, written in its transaction
// with decision 149's audit entries. A dry run only plans. Without those files the plan is the
// schools on file and changes nothing. The student, staff and catalogue imports all call these two.
import { sql } from "drizzle-orm";
import { ZodError } from "zod";
import { SchoolRequest, SchoolYearRequest } from "@domain/contract/admin-schools";
import {
  planSchools,
  schoolYearName,
  type OrgSchool,
  type SchoolPlan,
} from "@domain/imports/oneroster-schools";
import { t } from "@domain/messages";
import type { Exec } from "../db/client";
import { schoolYears } from "../db/schema";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";
import { baseName, csvRows, schoolsOnFile, type ImportSource } from "./imports";
import { insertSchool, insertSchoolYear, uniqueNames, uniqueYear } from "./schools";

/** The files of a OneRoster set that name schools and years (academicSessions.csv may be absent). */
export const ORGS_FILE = "orgs.csv";
export const SESSIONS_FILE = "academicsessions.csv";

const refuse = (file: string, line: number, detail: string) =>
  new ApiError(400, t("admin.imports.badSchoolRow", { file, line, detail }), "files");

/** A field's value by one of decision 149's rules, or the 400 naming the file and line. */
function checked<T>(schema: { parse(v: unknown): T }, value: string, file: string, line: number) {
  try {
    return schema.parse(value);
  } catch (err) {
    if (err instanceof ZodError) throw refuse(file, line, err.issues[0]!.message);
    throw err;
  }
}

/** orgs.csv's schools and academicSessions.csv's school years, each checked. */
async function readSet(
  sources: ImportSource[],
): Promise<{ orgs: OrgSchool[]; years: { line: number; year: string }[] }> {
  const byName = new Map(sources.map((s) => [baseName(s.name), s]));
  const orgs: OrgSchool[] = [];
  const orgsCsv = byName.get(ORGS_FILE);
  if (orgsCsv) {
    for await (const { row, line } of csvRows(orgsCsv)) {
      if ((row.type ?? "").trim().toLowerCase() !== "school") continue;
      const identifier = (row.identifier ?? "").trim();
      orgs.push({
        line,
        shortName: identifier
          ? checked(SchoolRequest.shape.shortName, identifier, ORGS_FILE, line)
          : "",
        fullName: checked(SchoolRequest.shape.fullName, row.name ?? "", ORGS_FILE, line),
      });
    }
  }
  const years: { line: number; year: string }[] = [];
  const sessions = byName.get(SESSIONS_FILE);
  if (sessions) {
    for await (const { row, line } of csvRows(sessions)) {
      if ((row.type ?? "").trim().toLowerCase() !== "schoolyear") continue;
      const name = schoolYearName(row.title ?? "", row.schoolYear ?? "");
      years.push({
        line,
        year: checked(SchoolYearRequest.shape.year, name, "academicSessions.csv", line),
      });
    }
  }
  return { orgs, years };
}

/** What the set would create and rename, planned in memory against what is on file. */
export async function planSetSchools(tx: Exec, sources: ImportSource[]): Promise<SchoolPlan> {
  const { orgs, years } = await readSet(sources);
  const onFile = await schoolsOnFile(tx);
  const yearsOnFile = await tx.select({ year: schoolYears.year }).from(schoolYears);
  const planned = planSchools(
    onFile,
    yearsOnFile.map((y) => y.year),
    orgs,
    years.map((y) => y.year),
  );
  if (!planned.ok) {
    const { line, name } = planned.refusal;
    const detail = name
      ? t("admin.schools.nameTaken", { name })
      : t("admin.imports.reason.schoolNeedsIdentifier");
    throw refuse(ORGS_FILE, line, detail);
  }
  return planned.plan;
}

/**
 * Writes a plan in the import's transaction, each change with its audit entry; answers the id each
 * planned (negative) id became. A school is renamed without the "school" row lock: the student and
 * catalogue imports hold the student-import lock, which comes after it, and the staff import holds
 * staff-account locks (services/locks.ts); the update's own row lock and the unique indexes keep
 * an administrator's rename at the same moment apart.
 */
export async function writeSchoolPlan(
  tx: Exec,
  actor: Actor,
  plan: SchoolPlan,
  now: Date,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const s of plan.create) {
    const v = { shortName: s.shortName, fullName: s.fullName };
    const school = await uniqueNames(v, () => insertSchool(tx, v));
    ids.set(s.id, school.id);
    await recordAudit(
      tx,
      actor,
      { action: AUDIT_ACTIONS.schoolCreate, entity: "school", entityId: school.id, after: v },
      now,
    );
  }
  for (const { before, after } of plan.rename) {
    const v = { shortName: after.shortName, fullName: after.fullName };
    const keys = (["shortName", "fullName"] as const).filter((k) => before[k] !== after[k]);
    await uniqueNames(v, () =>
      tx.execute(sql`update schools set short_name = ${v.shortName}, full_name = ${v.fullName}
        where id = ${before.id}`),
    );
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.schoolUpdate,
        entity: "school",
        entityId: before.id,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      },
      now,
    );
  }
  for (const year of plan.createYears) {
    const row = await uniqueYear(year, () => insertSchoolYear(tx, { year }));
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.schoolYearCreate,
        entity: "school-year",
        entityId: row.id,
        after: { year },
      },
      now,
    );
  }
  return ids;
}
