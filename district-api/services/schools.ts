// The district's schools and school years (decision 149): an administrator adds
// and renames them, each change in one transaction with its audit entry; the OneRoster imports
// add and rename them from orgs.csv and academicSessions.csv through the same rules. Files name a
// school by its short or full name in any case (domain/imports/students.ts schoolLookup), so a
// name may be one school's only: a name another school has is refused with the field it is in.
import { and, eq, ne, or, sql } from "drizzle-orm";
import { z, ZodError } from "zod";
import type {
  School,
  SchoolRequest,
  SchoolYear,
  SchoolYearRequest,
} from "@domain/contract/admin-schools";
import { t } from "@domain/messages";
import type { Db, Exec } from "../db/client";
import { schoolYears, schools } from "../db/schema";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";
import { ApiError, isUniqueViolation } from "../errors";
import { lockRows } from "./locks";

/** The unique indexes of migration 0044. */
const SCHOOL_INDEXES = ["schools_short_name_lower", "schools_full_name_lower"];
const YEAR_INDEX = "school_years_year_lower";

/** A 400 naming the field, as a refused contract would (nothing is written). */
const taken = (path: string, message: string) =>
  new ZodError([{ code: z.ZodIssueCode.custom, path: [path], message }]);

const schoolNameTaken = (field: "shortName" | "fullName", name: string) =>
  taken(field, t("admin.schools.nameTaken", { name }));
const yearTaken = (name: string) => taken("year", t("admin.schools.yearTaken", { name }));

/**
 * Refuses a short or full name that another school has as either of its names (a file naming it
 * would not know which school it means).
 */
async function refuseTakenNames(tx: Exec, v: SchoolRequest, id: number | null): Promise<void> {
  for (const field of ["shortName", "fullName"] as const) {
    const name = sql`lower(${v[field]})`;
    const [other] = await tx
      .select({ id: schools.id })
      .from(schools)
      .where(
        and(
          or(eq(sql`lower(${schools.shortName})`, name), eq(sql`lower(${schools.fullName})`, name)),
          id === null ? undefined : ne(schools.id, id),
        ),
      )
      .limit(1);
    if (other) throw schoolNameTaken(field, v[field]);
  }
}

/** The same refusal for a name another request wrote at the same moment (the unique indexes). */
export async function uniqueNames<T>(v: SchoolRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, SCHOOL_INDEXES[0]!)) throw schoolNameTaken("shortName", v.shortName);
    if (isUniqueViolation(err, SCHOOL_INDEXES[1]!)) throw schoolNameTaken("fullName", v.fullName);
    throw err;
  }
}

export async function uniqueYear<T>(year: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, YEAR_INDEX)) throw yearTaken(year);
    throw err;
  }
}

/** Adds a school; its audit entry holds the names. */
export async function createSchool(
  db: Db,
  actor: Actor,
  v: SchoolRequest,
  now: Date,
): Promise<School> {
  return uniqueNames(v, () =>
    db.transaction(async (tx) => {
      const school = await insertSchool(tx, v);
      await recordAudit(
        tx,
        actor,
        { action: AUDIT_ACTIONS.schoolCreate, entity: "school", entityId: school.id, after: v },
        now,
      );
      return school;
    }),
  );
}

/** Inserts a school whose names no other school has (the caller's transaction). */
export async function insertSchool(tx: Exec, v: SchoolRequest): Promise<School> {
  await refuseTakenNames(tx, v, null);
  const [row] = await tx
    .insert(schools)
    .values({ shortName: v.shortName, fullName: v.fullName })
    .returning({ id: schools.id, shortName: schools.shortName, fullName: schools.fullName });
  return row!;
}

/** Renames a school; the same names again change nothing and record nothing. */
export async function updateSchool(
  db: Db,
  actor: Actor,
  id: number,
  v: SchoolRequest,
  now: Date,
): Promise<{ changed: boolean; school: School }> {
  return uniqueNames(v, () =>
    db.transaction(async (tx) => {
      const [before] = await lockRows<School>(
        tx,
        "school",
        sql`select id, short_name as "shortName", full_name as "fullName"
          from schools where id = ${id}`,
        undefined,
        "no key update",
      );
      if (!before) throw new ApiError(404, t("admin.schools.notFound"));
      const change = changedNames(before, v);
      if (!change) return { changed: false, school: before };
      await refuseTakenNames(tx, v, id);
      await tx.execute(
        sql`update schools set short_name = ${v.shortName}, full_name = ${v.fullName}
          where id = ${id}`,
      );
      await recordAudit(
        tx,
        actor,
        { action: AUDIT_ACTIONS.schoolUpdate, entity: "school", entityId: id, ...change },
        now,
      );
      return { changed: true, school: { id, ...v } };
    }),
  );
}

/** The names that differ (exactly: a change of case is a change), as the audit keeps them. */
function changedNames(
  before: SchoolRequest,
  after: SchoolRequest,
): { before: Partial<SchoolRequest>; after: Partial<SchoolRequest> } | null {
  const keys = (["shortName", "fullName"] as const).filter((k) => before[k] !== after[k]);
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** Adds a school year. */
export async function createSchoolYear(
  db: Db,
  actor: Actor,
  v: SchoolYearRequest,
  now: Date,
): Promise<SchoolYear> {
  return uniqueYear(v.year, () =>
    db.transaction(async (tx) => {
      const year = await insertSchoolYear(tx, v);
      await recordAudit(
        tx,
        actor,
        {
          action: AUDIT_ACTIONS.schoolYearCreate,
          entity: "school-year",
          entityId: year.id,
          after: v,
        },
        now,
      );
      return year;
    }),
  );
}

/** Inserts a school year of a name no other has (the caller's transaction). */
export async function insertSchoolYear(tx: Exec, v: SchoolYearRequest): Promise<SchoolYear> {
  const [other] = await tx
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(eq(sql`lower(${schoolYears.year})`, sql`lower(${v.year})`))
    .limit(1);
  if (other) throw yearTaken(v.year);
  const [row] = await tx
    .insert(schoolYears)
    .values({ year: v.year })
    .returning({ id: schoolYears.id, year: schoolYears.year });
  return row!;
}

/** Renames a school year; the same name again changes nothing and records nothing. */
export async function updateSchoolYear(
  db: Db,
  actor: Actor,
  id: number,
  v: SchoolYearRequest,
  now: Date,
): Promise<{ changed: boolean; schoolYear: SchoolYear }> {
  return uniqueYear(v.year, () =>
    db.transaction(async (tx) => {
      const [before] = await lockRows<SchoolYear>(
        tx,
        "school",
        sql`select id, year from school_years where id = ${id}`,
        undefined,
        "no key update",
      );
      if (!before) throw new ApiError(404, t("admin.schools.yearNotFound"));
      if (before.year === v.year) return { changed: false, schoolYear: before };
      const [other] = await tx
        .select({ id: schoolYears.id })
        .from(schoolYears)
        .where(
          and(eq(sql`lower(${schoolYears.year})`, sql`lower(${v.year})`), ne(schoolYears.id, id)),
        );
      if (other) throw yearTaken(v.year);
      await tx.execute(sql`update school_years set year = ${v.year} where id = ${id}`);
      await recordAudit(
        tx,
        actor,
        {
          action: AUDIT_ACTIONS.schoolYearUpdate,
          entity: "school-year",
          entityId: id,
          before: { year: before.year },
          after: { year: v.year },
        },
        now,
      );
      return { changed: true, schoolYear: { id, year: v.year } };
    }),
  );
}
