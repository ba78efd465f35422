// Catalogue import (decision 129): rows of the district's catalogue CSV → a
// program and a section (and, when the file names a course not on file, a course), or a refusal
// saying every reason. Pure: the district API streams the file (services/catalogue-import.ts),
// loads what is on file and hands each parsed row here; the upload page and `npm run import --
// catalogue` share it.
//
// One row per section, carrying its program's columns. Programs and sections are matched by
// the district's codes (program_code, section_code). Each row is checked by the administration's
// own contract (ProgramFields, SectionUpdateRequest with sectionIssues, CourseRequest), so a row
// the forms refuse is refused here with the same message, prefixed with the CSV column it came
// from. A column the file does not have keeps the value on file (or the form's default for a new
// row); an empty cell in a column the file has clears an optional value.
import type { z } from "zod";
import type { SectionFields } from "../contract/admin-catalogue";
import {
  CourseRequest,
  DELIVERY_METHODS,
  ProgramFields,
  SectionUpdateRequest,
} from "../contract/admin-catalogue";
import { dollarsToCents } from "../forms/admin-catalogue";
import { weekDayOf } from "../rules/week-days";
import { NO_CONTROL } from "../rules/input";
import { t } from "../messages/admin";
import { normalizeHeader, parseGrade, parseYesNo, type SchoolLookup } from "./students";

/** The columns of the catalogue CSV, by the part of the catalogue they set. */
export const CATALOGUE_REQUIRED = [
  "program_code",
  "program_name",
  "section_code",
  "subject",
  "course_number",
  "section_number",
  "term_id",
  "term",
  "date_start",
  "date_end",
  "capacity",
] as const;
export const CATALOGUE_OPTIONAL = [
  "program_open",
  "program_active",
  "program_one_section_per_term",
  "program_requires_survey",
  "program_allow_partial",
  "program_cancellation_message",
  "program_sort_order",
  "course_name",
  "course_description",
  "course_category",
  "price",
  "instructor",
  "school",
  "restrict_to_school",
  "waitlist",
  "credit_hours",
  "delivery_method",
  "meeting_days",
  "time_start",
  "time_end",
  "room",
  "allow_community",
  "grades",
  "time_conflict_override",
  "one_section_per_term_override",
  "notes",
] as const;
export type CatalogueColumn =
  (typeof CATALOGUE_REQUIRED)[number] | (typeof CATALOGUE_OPTIONAL)[number];

export type ProgramValues = z.infer<typeof ProgramFields>;
/** A section's values as the administration's form saves them (without its questions). */
export type SectionValues = Omit<z.infer<typeof SectionFields>, "questions">;
export type CourseValues = CourseRequest;

export type ExistingProgram = ProgramValues & {
  id: string;
  sourceKey: string | null;
};
export type ExistingSection = SectionValues & {
  id: string;
  programId: string;
  sourceKey: string | null;
  active: boolean;
  seatsTaken: number;
};

/** What the mapping needs of what is on file. */
export interface CatalogueContext {
  schools: SchoolLookup;
  /** Employee IDs of staff accounts (instructors). */
  instructors: ReadonlySet<string>;
  /** Course ids by courseKey(subject, number). */
  courses: ReadonlyMap<string, string>;
  /** The program a row's code names: by code, else one without a code of the same name. */
  program(code: string, name: string): ExistingProgram | undefined;
  /** The section a row's code names: by code, else one without a code of the same program, course, number and term. */
  section(
    code: string,
    natural: {
      programId: string | null;
      courseId: string | null;
      sectionNumber: string;
      termId: string;
    },
  ): ExistingSection | undefined;
}

/** Stands for a course the import will create, while its section is checked. */
export const NEW_COURSE_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Stands for a school the import will create (from orgs.csv beside the file, decision 157), while
 * its sections are checked: the plan's id (-1, -2, …) counted down from the largest id a school
 * can have, so it is positive as the section's contract wants and never a school on file.
 */
export const newSchoolId = (plannedId: number) => 2_147_483_647 + 1 + plannedId;

export const courseKey = (subject: string, number: string) =>
  `${subject.trim().toLowerCase()}\u0000${number.trim().toLowerCase()}`;

export type Change = "created" | "updated" | "unchanged";

export interface CatalogueRecord {
  programCode: string;
  program: ProgramValues;
  /** The program on file, or null when the import creates it. */
  programId: string | null;
  programChange: Change;
  sectionCode: string;
  section: SectionValues;
  sectionId: string | null;
  sectionChange: Change;
  /** Keys of the section's values that change (capacity among them: the seats are re-checked). */
  sectionChanged: string[];
  courseKey: string;
  /** The course to create (the section's courseId is NEW_COURSE_ID until it is). */
  newCourse: CourseValues | null;
}

export type CatalogueOutcome =
  { ok: true; record: CatalogueRecord } | { ok: false; reasons: string[] };

/**
 * What a catalogue CSV's header carries, or the required columns it lacks (the whole file is
 * refused). Unknown columns are ignored.
 */
export function catalogueHeader(
  header: string[],
): { ok: true; carried: ReadonlySet<CatalogueColumn> } | { ok: false; missing: string[] } {
  const names = new Set(normalizeHeader(header));
  const missing = CATALOGUE_REQUIRED.filter((c) => !names.has(c));
  if (missing.length) return { ok: false, missing };
  const carried = new Set<CatalogueColumn>(
    [...CATALOGUE_REQUIRED, ...CATALOGUE_OPTIONAL].filter((c) => names.has(c)),
  );
  return { ok: true, carried };
}

// --- single cells --------------------------------------------------------------------------------

/** A date "YYYY-MM-DD" or "MM/DD/YYYY" (M/D too) → "YYYY-MM-DD"; other text is left for the contract to refuse. */
export function catalogueDate(value: string): string {
  const v = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  return us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : v;
}

/** A time "HH:MM" (24-hour, H:MM too) or "h:mm AM/PM" → "HH:MM"; "" → null; other text is left for the contract to refuse. */
export function catalogueTime(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]?\.?$/.exec(v);
  if (m) {
    const h = Number(m[1]);
    if (h >= 1 && h <= 12) {
      const h24 = (h % 12) + (m[3]!.toLowerCase() === "p" ? 12 : 0);
      return `${String(h24).padStart(2, "0")}:${m[2]}`;
    }
    return v;
  }
  const h = /^(\d):(\d{2})$/.exec(v);
  return h ? `0${h[1]}:${h[2]}` : v;
}

/** A whole number as typed ("20", " 20 "); NaN for anything else (the contract says why). */
function wholeNumber(value: string): number {
  const v = value.trim();
  return /^-?\d{1,9}$/.test(v) ? Number(v) : NaN;
}

/** A decimal number as typed ("1", "1.5"); NaN for anything else. */
function decimalNumber(value: string): number {
  const v = value.trim();
  return /^\d{1,6}(\.\d+)?$/.test(v) ? Number(v) : NaN;
}

/** Items of a list cell, separated by ";", ",", "/" or spaces. */
const listItems = (value: string) =>
  value
    .split(/[\s,;/]+/)
    .map((x) => x.trim())
    .filter(Boolean);

const emptyToNull = (v: string) => (v.trim() ? v.trim() : null);

// --- rows ----------------------------------------------------------------------------------------

const PROGRAM_DEFAULTS: Omit<ProgramValues, "name"> = {
  // The administration's new-program form starts open and active.
  open: true,
  active: true,
  oneSectionPerTerm: false,
  requiresSurvey: false,
  allowPartial: false,
  cancellationMessage: null,
  sortOrder: 0,
};

const SECTION_DEFAULTS: Omit<
  SectionValues,
  "courseId" | "sectionNumber" | "termId" | "term" | "capacity" | "dateStart" | "dateEnd"
> = {
  // The administration's new-section form's defaults.
  instructorEmployeeId: null,
  schoolId: null,
  restrictToSchool: false,
  waitlistEnabled: true,
  costCents: 0,
  creditHours: 0,
  deliveryMethod: "In Person",
  meetingDays: [],
  roomNumber: null,
  timeStart: null,
  timeEnd: null,
  allowCommunity: true,
  eligibleGrades: null,
  timeConflictOverride: false,
  oneSectionPerTermOverride: false,
  notes: null,
};

/** The contract field each checked value comes from, as the CSV column that carries it. */
const COLUMN_OF_FIELD: Record<string, CatalogueColumn> = {
  name: "program_name",
  open: "program_open",
  active: "program_active",
  oneSectionPerTerm: "program_one_section_per_term",
  requiresSurvey: "program_requires_survey",
  allowPartial: "program_allow_partial",
  cancellationMessage: "program_cancellation_message",
  sortOrder: "program_sort_order",
  courseId: "course_number",
  sectionNumber: "section_number",
  termId: "term_id",
  term: "term",
  instructorEmployeeId: "instructor",
  schoolId: "school",
  restrictToSchool: "restrict_to_school",
  capacity: "capacity",
  waitlistEnabled: "waitlist",
  costCents: "price",
  creditHours: "credit_hours",
  deliveryMethod: "delivery_method",
  meetingDays: "meeting_days",
  roomNumber: "room",
  dateStart: "date_start",
  dateEnd: "date_end",
  timeStart: "time_start",
  timeEnd: "time_end",
  allowCommunity: "allow_community",
  eligibleGrades: "grades",
  timeConflictOverride: "time_conflict_override",
  oneSectionPerTermOverride: "one_section_per_term_override",
  notes: "notes",
};
const COURSE_COLUMN: Record<string, CatalogueColumn> = {
  subject: "subject",
  courseNumber: "course_number",
  name: "course_name",
  description: "course_description",
  category: "course_category",
};

const because = (column: string, message: string) => `${column}: ${message}`;

function issuesOf(error: z.ZodError, columns: Record<string, string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    const reason = because(columns[field] ?? field, issue.message);
    if (!seen.has(reason)) {
      seen.add(reason);
      out.push(reason);
    }
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Keys whose values differ between what is on file and what the row says. */
function changedKeys<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T)[]).filter((k) => !same(before[k], after[k])).map(String);
}

/**
 * Maps one row of the catalogue CSV: every reason it is refused, or the program and section it
 * sets and whether each is created, updated or unchanged.
 */
export function mapCatalogueRow(
  raw: Record<string, string | undefined>,
  carried: ReadonlySet<CatalogueColumn>,
  ctx: CatalogueContext,
): CatalogueOutcome {
  const reasons: string[] = [];
  const has = (c: CatalogueColumn) => carried.has(c);
  const cell = (c: CatalogueColumn) => (raw[c] ?? "").trim();
  const flag = (c: CatalogueColumn, apply: (v: boolean) => void) => {
    if (!has(c)) return;
    const v = parseYesNo(cell(c));
    if (v === undefined)
      reasons.push(because(c, t("admin.imports.catalogue.yesNo", { value: cell(c) })));
    else apply(v);
  };

  const programCode = cell("program_code");
  const sectionCode = cell("section_code");
  for (const [column, code] of [
    ["program_code", programCode],
    ["section_code", sectionCode],
  ] as const) {
    if (!code) reasons.push(because(column, t("admin.imports.catalogue.missingCode")));
    else if (code.length > 100) {
      reasons.push(because(column, t("admin.catalogue.tooLong", { max: 100 })));
    } else if (!NO_CONTROL.test(code)) {
      reasons.push(because(column, t("input.controlCharacters")));
    }
  }

  // The program: what is on file (or the form's defaults), with the columns the file carries.
  const programOnFile = programCode ? ctx.program(programCode, cell("program_name")) : undefined;
  const programDraft: Record<string, unknown> = programOnFile
    ? (({ id: _i, sourceKey: _k, ...v }) => v)(programOnFile)
    : { ...PROGRAM_DEFAULTS };
  programDraft.name = raw.program_name ?? "";
  flag("program_open", (v) => (programDraft.open = v));
  flag("program_active", (v) => (programDraft.active = v));
  flag("program_one_section_per_term", (v) => (programDraft.oneSectionPerTerm = v));
  flag("program_requires_survey", (v) => (programDraft.requiresSurvey = v));
  flag("program_allow_partial", (v) => (programDraft.allowPartial = v));
  if (has("program_cancellation_message"))
    programDraft.cancellationMessage = emptyToNull(raw.program_cancellation_message ?? "");
  if (has("program_sort_order")) {
    programDraft.sortOrder = cell("program_sort_order")
      ? wholeNumber(cell("program_sort_order"))
      : 0;
  }
  const program = ProgramFields.safeParse(programDraft);
  if (!program.success) reasons.push(...issuesOf(program.error, COLUMN_OF_FIELD));

  // The course: on file by subject and number, else created from the row's course columns.
  const subject = cell("subject");
  const courseNumber = cell("course_number");
  const key = courseKey(subject, courseNumber);
  const courseId: string | null = ctx.courses.get(key) ?? null;
  let newCourse: CourseValues | null = null;
  if (!courseId) {
    if (subject && courseNumber && !cell("course_name")) {
      reasons.push(because("course_name", t("admin.imports.catalogue.courseNameNeeded")));
    } else {
      const course = CourseRequest.safeParse({
        subject,
        courseNumber,
        name: raw.course_name ?? "",
        description: raw.course_description ?? "",
        category: emptyToNull(raw.course_category ?? ""),
      });
      if (course.success) newCourse = course.data;
      else reasons.push(...issuesOf(course.error, COURSE_COLUMN));
    }
  }

  // The section: on file by code (or adopted), with the columns the file carries.
  const sectionNumber = cell("section_number");
  const termId = cell("term_id");
  const sectionOnFile = sectionCode
    ? ctx.section(sectionCode, {
        programId: programOnFile?.id ?? null,
        courseId,
        sectionNumber,
        termId,
      })
    : undefined;
  const draft: Record<string, unknown> = sectionOnFile
    ? (({ id: _i, programId: _p, sourceKey: _k, active: _a, seatsTaken: _s, ...v }) => v)(
        sectionOnFile,
      )
    : { ...SECTION_DEFAULTS };
  draft.courseId = courseId ?? NEW_COURSE_ID;
  draft.sectionNumber = raw.section_number ?? "";
  draft.termId = raw.term_id ?? "";
  draft.term = raw.term ?? "";
  draft.dateStart = catalogueDate(cell("date_start"));
  draft.dateEnd = catalogueDate(cell("date_end"));
  draft.capacity = wholeNumber(cell("capacity"));
  if (has("price")) {
    const cents = cell("price") ? dollarsToCents(cell("price")) : 0;
    if (Number.isNaN(cents)) reasons.push(because("price", t("admin.sections.badAmount")));
    else draft.costCents = cents;
  }
  if (has("instructor")) {
    const id = cell("instructor");
    if (id && !ctx.instructors.has(id)) {
      reasons.push(because("instructor", t("admin.catalogue.instructorMissing")));
    } else draft.instructorEmployeeId = id || null;
  }
  if (has("school")) {
    const name = cell("school");
    const id = name ? ctx.schools.get(name.toLowerCase()) : null;
    if (id === undefined) {
      reasons.push(because("school", t("admin.imports.reason.unknownSchoolAdd", { value: name })));
    } else draft.schoolId = id;
  }
  flag("restrict_to_school", (v) => (draft.restrictToSchool = v));
  flag("waitlist", (v) => (draft.waitlistEnabled = v));
  if (has("credit_hours")) {
    draft.creditHours = cell("credit_hours") ? decimalNumber(cell("credit_hours")) : 0;
  }
  if (has("delivery_method")) {
    const v = cell("delivery_method");
    draft.deliveryMethod = v
      ? (DELIVERY_METHODS.find((m) => m.toLowerCase() === v.toLowerCase()) ?? v)
      : SECTION_DEFAULTS.deliveryMethod;
  }
  if (has("meeting_days")) {
    const days: string[] = [];
    for (const item of listItems(cell("meeting_days"))) {
      const day = weekDayOf(item);
      if (day) days.push(day);
      else
        reasons.push(because("meeting_days", t("admin.imports.catalogue.badDay", { value: item })));
    }
    draft.meetingDays = days;
  }
  if (has("time_start")) draft.timeStart = catalogueTime(cell("time_start"));
  if (has("time_end")) draft.timeEnd = catalogueTime(cell("time_end"));
  if (has("room")) draft.roomNumber = emptyToNull(raw.room ?? "");
  flag("allow_community", (v) => (draft.allowCommunity = v));
  if (has("grades")) {
    const grades: string[] = [];
    for (const item of listItems(cell("grades"))) {
      const grade = parseGrade(item);
      if (!grade) {
        reasons.push(because("grades", t("admin.imports.reason.badGrade", { value: item })));
      } else if (!grades.includes(grade)) grades.push(grade);
    }
    draft.eligibleGrades = grades.length ? grades : null;
  }
  flag("time_conflict_override", (v) => (draft.timeConflictOverride = v));
  flag("one_section_per_term_override", (v) => (draft.oneSectionPerTermOverride = v));
  if (has("notes")) draft.notes = raw.notes ?? "";

  const section = SectionUpdateRequest.safeParse({ ...draft, questions: [] });
  if (!section.success) reasons.push(...issuesOf(section.error, COLUMN_OF_FIELD));

  if (reasons.length || !program.success || !section.success) return { ok: false, reasons };

  const { questions: _q, ...sectionValues } = section.data;
  let sectionChanged: string[] = [];
  let sectionChange: Change = "created";
  if (sectionOnFile) {
    if (programOnFile && sectionOnFile.programId !== programOnFile.id) {
      return {
        ok: false,
        reasons: [because("section_code", t("admin.imports.catalogue.otherProgram"))],
      };
    }
    if (!programOnFile) {
      return {
        ok: false,
        reasons: [because("section_code", t("admin.imports.catalogue.otherProgram"))],
      };
    }
    const { id: _i, programId: _p, sourceKey, active, seatsTaken, ...before } = sectionOnFile;
    sectionChanged = changedKeys(before as SectionValues, sectionValues);
    const adopted = sourceKey !== sectionCode;
    sectionChange = sectionChanged.length || adopted ? "updated" : "unchanged";
    if (sectionChanged.length && !active) {
      return {
        ok: false,
        reasons: [because("section_code", t("admin.catalogue.sectionCancelled"))],
      };
    }
    if (sectionValues.capacity < seatsTaken) {
      return {
        ok: false,
        reasons: [
          because("capacity", t("admin.catalogue.capacityBelowTaken", { taken: seatsTaken })),
        ],
      };
    }
  }
  let programChange: Change = "created";
  if (programOnFile) {
    const { id: _i, sourceKey, ...before } = programOnFile;
    programChange =
      changedKeys(before, program.data).length || sourceKey !== programCode
        ? "updated"
        : "unchanged";
  }
  return {
    ok: true,
    record: {
      programCode,
      program: program.data,
      programId: programOnFile?.id ?? null,
      programChange,
      sectionCode,
      section: sectionValues,
      sectionId: sectionOnFile?.id ?? null,
      sectionChange,
      sectionChanged,
      courseKey: key,
      newCourse,
    },
  };
}

/**
 * The checks across rows of one file, in file order. `code` is asked of every row (refused or
 * not): a section code already on an earlier line. `record` is asked of each row that maps: the
 * same section on file matched twice, a program whose columns differ from its first row's, a
 * program on file matched by two codes. Each answers the reasons the row is refused for.
 */
export function catalogueFileChecker() {
  const codes = new Map<string, number>();
  const sectionsOnFile = new Map<string, number>();
  const programs = new Map<string, { line: number; values: ProgramValues }>();
  const programsOnFile = new Map<string, { line: number; code: string }>();
  return {
    code(sectionCode: string, line: number): string[] {
      if (!sectionCode) return [];
      const earlier = codes.get(sectionCode);
      if (earlier !== undefined) {
        return [
          because("section_code", t("admin.imports.catalogue.duplicateCode", { line: earlier })),
        ];
      }
      codes.set(sectionCode, line);
      return [];
    },
    record(record: CatalogueRecord, line: number): string[] {
      const reasons: string[] = [];
      const sameSection = record.sectionId ? sectionsOnFile.get(record.sectionId) : undefined;
      if (sameSection !== undefined) {
        reasons.push(
          because(
            "section_code",
            t("admin.imports.catalogue.duplicateCode", { line: sameSection }),
          ),
        );
      }
      const first = programs.get(record.programCode);
      if (first && !same(first.values, record.program)) {
        reasons.push(
          because(
            "program_code",
            t("admin.imports.catalogue.programDiffers", { line: first.line }),
          ),
        );
      }
      const claimed = record.programId ? programsOnFile.get(record.programId) : undefined;
      if (claimed && claimed.code !== record.programCode) {
        reasons.push(
          because(
            "program_code",
            t("admin.imports.catalogue.programClaimed", { line: claimed.line }),
          ),
        );
      }
      if (reasons.length) return reasons;
      if (record.sectionId) sectionsOnFile.set(record.sectionId, line);
      if (!first) programs.set(record.programCode, { line, values: record.program });
      if (record.programId && !claimed) {
        programsOnFile.set(record.programId, { line, code: record.programCode });
      }
      return [];
    },
  };
}
