// The schools and school years a OneRoster set names (decision 154): orgs.csv
// rows of type "school" and academicSessions.csv rows of type "schoolYear", planned against what
// is on file. A school is found by its identifier (the short name) or its name (the full name),
// in any case, as the imports' schoolLookup finds it; one found by neither is to create, one found
// with different names is to rename (keeping its id, so its students follow it). A year is found
// by its name in any case; a year has only its name, so it is created or left alone. The plan is
// pure: the dry run uses it in memory, the real run writes it (district-api/services/imports.ts).
// The same files may come beside a plain student or staff CSV or the catalogue CSV, planned the
// same way (decision 157).
import { t } from "../messages/admin";

/** A school of orgs.csv: identifier → short name, name → full name. */
export interface OrgSchool {
  line: number;
  shortName: string;
  fullName: string;
}

/** A school on file, or planned (a new one has a negative id until it is written). */
export interface PlannedSchool {
  id: number;
  shortName: string;
  fullName: string;
}

/** A change the set makes, for the report: created or updated (renamed). */
export interface SchoolChange {
  kind: "school" | "school-year";
  /** The short name of a school, the name of a year. */
  name: string;
  /** The full name of a school; "" for a year. */
  fullName: string;
  outcome: "created" | "updated";
}

export interface SchoolPlan {
  /** Every school, on file and to create, with the names it will have. */
  schools: PlannedSchool[];
  /** The schools to create (negative ids), to rename (their ids), and the years to create. */
  create: PlannedSchool[];
  rename: { before: PlannedSchool; after: PlannedSchool }[];
  createYears: string[];
  changes: SchoolChange[];
}

/** Why a set's school cannot be planned: a name is another school's (decision 149). */
export interface PlanRefusal {
  line: number;
  field: "shortName" | "fullName";
  name: string;
}

const key = (s: string) => s.trim().toLowerCase();

/** The school a name means (short or full, any case) among `schools`, or undefined. */
const named = (schools: PlannedSchool[], name: string) =>
  name
    ? schools.find((s) => key(s.shortName) === key(name) || key(s.fullName) === key(name))
    : undefined;

/** The plan for these schools and years, or the first school whose names are two schools'. */
export function planSchools(
  onFile: PlannedSchool[],
  yearsOnFile: string[],
  orgs: OrgSchool[],
  years: string[],
): { ok: true; plan: SchoolPlan } | { ok: false; refusal: PlanRefusal } {
  const schools = onFile.map((s) => ({ ...s }));
  const create: PlannedSchool[] = [];
  const renamed = new Map<number, PlannedSchool>();
  for (const org of orgs) {
    const byShort = named(schools, org.shortName);
    const byFull = named(schools, org.fullName);
    if (byShort && byFull && byShort !== byFull) {
      // Renaming one would take the other's name: a file naming it could mean either.
      return { ok: false, refusal: { line: org.line, field: "fullName", name: org.fullName } };
    }
    const school = byShort ?? byFull;
    if (!school) {
      // A new school needs its short name: files and pages name it by it.
      if (!org.shortName) {
        return { ok: false, refusal: { line: org.line, field: "shortName", name: "" } };
      }
      const added = { id: -(create.length + 1), shortName: org.shortName, fullName: org.fullName };
      schools.push(added);
      create.push(added);
      continue;
    }
    // A set without an identifier names the school by its full name only: nothing to rename.
    if (!org.shortName) continue;
    if (school.shortName === org.shortName && school.fullName === org.fullName) continue;
    if (school.id > 0 && !renamed.has(school.id)) renamed.set(school.id, { ...school });
    school.shortName = org.shortName;
    school.fullName = org.fullName;
  }
  const rename = [...renamed.entries()]
    .map(([id, before]) => ({ before, after: schools.find((s) => s.id === id)! }))
    .filter(
      ({ before, after }) =>
        before.shortName !== after.shortName || before.fullName !== after.fullName,
    );
  const known = new Set(yearsOnFile.map(key));
  const createYears: string[] = [];
  for (const year of years) {
    if (known.has(key(year))) continue;
    known.add(key(year));
    createYears.push(year);
  }
  const changes: SchoolChange[] = [
    ...create.map((s) => ({
      kind: "school" as const,
      name: s.shortName,
      fullName: s.fullName,
      outcome: "created" as const,
    })),
    ...rename.map(({ after }) => ({
      kind: "school" as const,
      name: after.shortName,
      fullName: after.fullName,
      outcome: "updated" as const,
    })),
    ...createYears.map((y) => ({
      kind: "school-year" as const,
      name: y,
      fullName: "",
      outcome: "created" as const,
    })),
  ];
  return { ok: true, plan: { schools, create, rename, createYears, changes } };
}

/**
 * A schoolYear row's name: its title ("2026-2027"), or without one the span its schoolYear (the
 * year it ends, "2027") names.
 */
export function schoolYearName(title: string, schoolYear: string): string {
  if (title.trim()) return title.trim();
  const end = /^\s*(\d{4})\s*$/.exec(schoolYear)?.[1];
  return end ? `${Number(end) - 1}-${end}` : "";
}

/**
 * A change as one line of the command line's report, e.g. `School LHS (Lincoln High School): To
 * create` in a dry run, `School year 2026-2027: Created` once applied.
 */
export function schoolChangeLine(change: SchoolChange, dryRun: boolean): string {
  const what = t(`admin.imports.schoolKind.${change.kind}`);
  const full = change.fullName ? ` (${change.fullName})` : "";
  const outcome = t(`admin.imports.schoolOutcome.${dryRun ? "dryRun" : "done"}.${change.outcome}`);
  return `${what} ${change.name}${full}: ${outcome}`;
}
