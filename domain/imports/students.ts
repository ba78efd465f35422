// Student import (decision 124): rows of the district's files → student records, or a
// refusal saying why. Pure: the district API streams the files (services/imports.ts) and hands
// each parsed row here; the same functions serve the upload page and `npm run import`.
//
// Two ways in:
// - the plain CSV (one row per student), columns PLAIN_COLUMNS; only the required ones must be
//   there, and a column left out of the file leaves that value as it is on file (re-import keeps
//   what the product owns, e.g. financial aid set by an administrator);
// - a OneRoster 1.1 CSV set: users.csv (role student; parents/guardians for custodian e-mails
//   through agentSourcedIds), orgs.csv (the schools) and demographics.csv (birth date, sex).
import { isCalendarDate } from "../rules/calendar";
import { normalizeUsPhone } from "../forms/community-fields";
import { t } from "../messages/admin";

/** Grades a student may have, as the product stores them. */
export const STUDENT_GRADES = [
  "Pre-K",
  "K",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
] as const;

/**
 * A full export may mark at most this share of the active students inactive without the count
 * being confirmed (decision 141): a truncated or wrong file otherwise locks out
 * most of the district in one run.
 */
export const DEACTIVATION_CONFIRM_SHARE = 0.1;

/** Whether marking `deactivated` of `active` students inactive needs the count confirmed. */
export function deactivationNeedsConfirmation(deactivated: number, active: number): boolean {
  return deactivated > 0 && deactivated > active * DEACTIVATION_CONFIRM_SHARE;
}

/** The longest names the product keeps; a longer one refuses its row instead of being cut. */
export const NAME_MAX = 100;
export const EMERGENCY_NAME_MAX = 200;
export const EMERGENCY_RELATIONSHIP_MAX = 60;

/** The highest student ID: participants.id is a 4-byte integer. */
export const MAX_STUDENT_ID = 2 ** 31 - 1;

/** The fields of a student the import may set (columns of `participants`). */
export type StudentField =
  | "nameFirst"
  | "nameLast"
  | "dob"
  | "grade"
  | "gender"
  | "email"
  | "custodianEmails"
  | "schoolId"
  | "emergencyName"
  | "emergencyPhone"
  | "emergencyRelationship"
  | "financialAid"
  | "activityPass";

export interface StudentRecord {
  id: number;
  nameFirst: string;
  nameLast: string;
  dob: string;
  grade: string;
  gender: "M" | "F" | null;
  email: string | null;
  custodianEmails: string[];
  schoolId: number | null;
  emergencyName: string | null;
  emergencyPhone: string | null;
  emergencyRelationship: string | null;
  financialAid: "free" | "reduced" | null;
  activityPass: boolean;
}

export type RowOutcome =
  { ok: true; record: StudentRecord } | { ok: false; sourceId: string; reasons: string[] };

/** Schools by the names a file may use: short name or full name, any case. */
export type SchoolLookup = ReadonlyMap<string, number>;

export function schoolLookup(rows: { id: number; shortName: string; fullName: string }[]) {
  const map = new Map<string, number>();
  for (const s of rows) {
    map.set(s.shortName.trim().toLowerCase(), s.id);
    map.set(s.fullName.trim().toLowerCase(), s.id);
  }
  return map as SchoolLookup;
}

// --- single values -----------------------------------------------------------------------------

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

/** True for an address a message can be sent to (the shape the forms accept). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** "12345" → 12345; null for anything but a whole number from 1 to MAX_STUDENT_ID. */
export function parseStudentId(value: string): number | null {
  const v = value.trim();
  if (!/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= MAX_STUDENT_ID ? n : null;
}

/** A birth date: "YYYY-MM-DD" or "MM/DD/YYYY" (M/D too), a real day from 1900 → ISO, else null. */
export function parseBirthDate(value: string): string | null {
  const v = value.trim();
  let iso = v;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (us) iso = `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}`;
  return isCalendarDate(iso) && iso >= "1900-01-01" ? iso : null;
}

/**
 * A grade as the product stores it, from what student information systems write: "K", "KG",
 * "PK", "Pre-K", "TK" (transitional kindergarten → K), "1" … "12", "01" … "12". Null when
 * unknown.
 */
export function parseGrade(value: string): string | null {
  const v = value.trim().toUpperCase().replace(/\s+/g, "");
  if (v === "PK" || v === "PRE-K" || v === "PREK" || v === "PREKINDERGARTEN") return "Pre-K";
  if (v === "K" || v === "KG" || v === "TK" || v === "KINDERGARTEN") return "K";
  if (/^\d{1,2}$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 12) return String(n);
  }
  return null;
}

/** "M", "F", "male", "female" → "M" | "F"; "" → null; anything else is refused (undefined). */
export function parseGender(value: string): "M" | "F" | null | undefined {
  const v = value.trim().toLowerCase();
  if (v === "") return null;
  if (v === "m" || v === "male") return "M";
  if (v === "f" || v === "female") return "F";
  return undefined;
}

/** "yes"/"true"/"1"/"y" → true, ""/"no"/"false"/"0"/"n" → false, else undefined. */
export function parseYesNo(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (["yes", "y", "true", "1"].includes(v)) return true;
  if (["", "no", "n", "false", "0"].includes(v)) return false;
  return undefined;
}

/** "free" / "reduced" / "" (none) → the stored value; undefined when unknown. */
export function parseFinancialAid(value: string): "free" | "reduced" | null | undefined {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "none") return null;
  if (v === "free" || v === "reduced") return v;
  return undefined;
}

/** Addresses separated by ";", "," or spaces, lower-cased, without repeats; null if one is bad. */
export function parseEmailList(value: string): string[] | null {
  const parts = value
    .split(/[;,\s]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (parts.some((p) => !isEmail(p))) return null;
  return [...new Set(parts)];
}

// --- the plain CSV -----------------------------------------------------------------------------

/** The plain CSV's columns (header names, any case), in the documented order. */
export const PLAIN_COLUMNS = [
  "student_id",
  "first_name",
  "last_name",
  "birth_date",
  "grade",
  "gender",
  "school",
  "email",
  "custodian_emails",
  "emergency_name",
  "emergency_phone",
  "emergency_relationship",
  "financial_aid",
  "activity_pass",
] as const;
export type PlainColumn = (typeof PLAIN_COLUMNS)[number];

export const PLAIN_REQUIRED: readonly PlainColumn[] = [
  "student_id",
  "first_name",
  "last_name",
  "birth_date",
  "grade",
];

const FIELD_OF: Record<PlainColumn, StudentField | null> = {
  student_id: null,
  first_name: "nameFirst",
  last_name: "nameLast",
  birth_date: "dob",
  grade: "grade",
  gender: "gender",
  school: "schoolId",
  email: "email",
  custodian_emails: "custodianEmails",
  emergency_name: "emergencyName",
  emergency_phone: "emergencyPhone",
  emergency_relationship: "emergencyRelationship",
  financial_aid: "financialAid",
  activity_pass: "activityPass",
};

/** Header names as the plain CSV's columns (trimmed, lower case, spaces as "_"). */
export function normalizeHeader(header: string[]): string[] {
  return header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
}

/**
 * What a plain CSV's header carries: the fields it sets (the others stay as they are on file),
 * or the required columns it lacks (the whole file is refused).
 */
export function plainHeader(
  header: string[],
): { ok: true; carried: StudentField[] } | { ok: false; missing: string[] } {
  const names = new Set(normalizeHeader(header));
  const missing = PLAIN_REQUIRED.filter((c) => !names.has(c));
  if (missing.length) return { ok: false, missing };
  const carried = PLAIN_COLUMNS.filter((c) => names.has(c))
    .map((c) => FIELD_OF[c])
    .filter((f): f is StudentField => f !== null);
  return { ok: true, carried };
}

/** A value as given, trimmed; null when empty. Never cut: a value too long refuses its row. */
const text = (v: string | undefined): string | null => {
  const s = (v ?? "").trim();
  return s || null;
};

interface Draft {
  /** What the report names the row by: the student ID, or the set's own key when it has none. */
  sourceId: string;
  requireSchool: boolean;
  id: string;
  nameFirst: string;
  nameLast: string;
  birthDate: string;
  grade: string;
  gender: string;
  school: string;
  email: string;
  custodianEmails: string;
  emergencyName: string;
  emergencyPhone: string;
  emergencyRelationship: string;
  financialAid: string;
  activityPass: string;
}

/** Checks one student's values; every problem is named, so a row is fixed in one go. */
function finish(d: Draft, schools: SchoolLookup): RowOutcome {
  const reasons: string[] = [];
  const id = d.id.trim() === "" ? null : parseStudentId(d.id);
  if (d.id.trim() === "") reasons.push(t("admin.imports.reason.missingId"));
  else if (id === null) reasons.push(t("admin.imports.reason.badId", { value: d.id.trim() }));
  const nameFirst = text(d.nameFirst);
  const nameLast = text(d.nameLast);
  if (!nameFirst) reasons.push(t("admin.imports.reason.missingFirstName"));
  else if (nameFirst.length > NAME_MAX) {
    reasons.push(t("admin.imports.reason.firstNameTooLong", { max: NAME_MAX }));
  }
  if (!nameLast) reasons.push(t("admin.imports.reason.missingLastName"));
  else if (nameLast.length > NAME_MAX) {
    reasons.push(t("admin.imports.reason.lastNameTooLong", { max: NAME_MAX }));
  }
  const emergencyName = text(d.emergencyName);
  if (emergencyName && emergencyName.length > EMERGENCY_NAME_MAX) {
    reasons.push(t("admin.imports.reason.emergencyNameTooLong", { max: EMERGENCY_NAME_MAX }));
  }
  const emergencyRelationship = text(d.emergencyRelationship);
  if (emergencyRelationship && emergencyRelationship.length > EMERGENCY_RELATIONSHIP_MAX) {
    reasons.push(
      t("admin.imports.reason.emergencyRelationshipTooLong", { max: EMERGENCY_RELATIONSHIP_MAX }),
    );
  }
  const dob = parseBirthDate(d.birthDate);
  if (d.birthDate.trim() === "") reasons.push(t("admin.imports.reason.missingBirthDate"));
  else if (!dob) {
    reasons.push(t("admin.imports.reason.badBirthDate", { value: d.birthDate.trim() }));
  }
  const grade = parseGrade(d.grade);
  if (!grade) reasons.push(t("admin.imports.reason.badGrade", { value: d.grade.trim() }));
  const gender = parseGender(d.gender);
  if (gender === undefined) {
    reasons.push(t("admin.imports.reason.badGender", { value: d.gender.trim() }));
  }
  let schoolId: number | null = null;
  if (d.school.trim() !== "") {
    schoolId = schools.get(d.school.trim().toLowerCase()) ?? null;
    if (schoolId === null) {
      reasons.push(t("admin.imports.reason.unknownSchool", { value: d.school.trim() }));
    }
  } else if (d.requireSchool) {
    reasons.push(t("admin.imports.reason.unknownSchool", { value: "" }));
  }
  const email = d.email.trim().toLowerCase();
  if (email && !isEmail(email)) {
    reasons.push(t("admin.imports.reason.badEmail", { value: d.email.trim() }));
  }
  const custodianEmails = parseEmailList(d.custodianEmails);
  if (!custodianEmails) {
    reasons.push(t("admin.imports.reason.badEmail", { value: d.custodianEmails.trim() }));
  }
  let emergencyPhone: string | null = null;
  if (d.emergencyPhone.trim()) {
    emergencyPhone = normalizeUsPhone(d.emergencyPhone);
    if (!emergencyPhone) {
      reasons.push(t("admin.imports.reason.badPhone", { value: d.emergencyPhone.trim() }));
    }
  }
  const financialAid = parseFinancialAid(d.financialAid);
  if (financialAid === undefined) {
    reasons.push(t("admin.imports.reason.badFinancialAid", { value: d.financialAid.trim() }));
  }
  const activityPass = parseYesNo(d.activityPass);
  if (activityPass === undefined) {
    reasons.push(t("admin.imports.reason.badActivityPass", { value: d.activityPass.trim() }));
  }
  if (reasons.length) return { ok: false, sourceId: d.sourceId, reasons };
  return {
    ok: true,
    record: {
      id: id!,
      nameFirst: nameFirst!,
      nameLast: nameLast!,
      dob: dob!,
      grade: grade!,
      gender: gender ?? null,
      email: email || null,
      custodianEmails: custodianEmails!,
      schoolId,
      emergencyName,
      emergencyPhone,
      emergencyRelationship,
      financialAid: financialAid ?? null,
      activityPass: activityPass!,
    },
  };
}

/** One plain CSV row (keyed by normalised header) → a student, or why not. */
export function mapPlainRow(row: Record<string, string | undefined>, schools: SchoolLookup) {
  const v = (c: PlainColumn) => row[c] ?? "";
  return finish(
    {
      sourceId: v("student_id").trim(),
      requireSchool: false,
      id: v("student_id"),
      nameFirst: v("first_name"),
      nameLast: v("last_name"),
      birthDate: v("birth_date"),
      grade: v("grade"),
      gender: v("gender"),
      school: v("school"),
      email: v("email"),
      custodianEmails: v("custodian_emails"),
      emergencyName: v("emergency_name"),
      emergencyPhone: v("emergency_phone"),
      emergencyRelationship: v("emergency_relationship"),
      financialAid: v("financial_aid"),
      activityPass: v("activity_pass"),
    },
    schools,
  );
}

// --- OneRoster 1.1 -----------------------------------------------------------------------------

/** The fields a OneRoster set carries; the others (emergency contact, aid, pass) stay on file. */
export const ONEROSTER_CARRIED: StudentField[] = [
  "nameFirst",
  "nameLast",
  "dob",
  "grade",
  "gender",
  "email",
  "custodianEmails",
  "schoolId",
];

/** OneRoster roles whose e-mail is a custodian's. */
export const GUARDIAN_ROLES = ["parent", "guardian", "relative"];

/** Splits a OneRoster list field ("a,b" — the spec's separator is a comma). */
export function orList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface OneRosterContext {
  schools: SchoolLookup;
  /** orgs.csv: sourcedId → the school's identifier or name, for type "school" only. */
  orgs: ReadonlyMap<string, { identifier: string; name: string }>;
  /** demographics.csv: sourcedId → birth date and sex. */
  demographics: ReadonlyMap<string, { birthDate: string; sex: string }>;
  /** Guardians: sourcedId → e-mail (users with a guardian role). */
  guardianEmails: ReadonlyMap<string, string>;
  /** Students named by guardians' agentSourcedIds: student sourcedId → guardian sourcedIds. */
  guardiansOf: ReadonlyMap<string, string[]>;
}

/** True for a users.csv row of an enabled student. */
export function isOneRosterStudent(row: Record<string, string | undefined>): boolean {
  const enabled = (row.enabledUser ?? "true").trim().toLowerCase();
  return (row.role ?? "").trim().toLowerCase() === "student" && enabled !== "false";
}

/** One users.csv student row (with its demographics and orgs) → a student, or why not. */
export function mapOneRosterStudent(
  row: Record<string, string | undefined>,
  ctx: OneRosterContext,
): RowOutcome {
  const sourcedId = (row.sourcedId ?? "").trim();
  const demo = ctx.demographics.get(sourcedId);
  const orgIds = orList(row.orgSourcedIds);
  const school = orgIds.map((o) => ctx.orgs.get(o)).find((o) => o !== undefined);
  let schoolName = "";
  if (school) {
    schoolName = ctx.schools.has(school.identifier.trim().toLowerCase())
      ? school.identifier
      : school.name;
  } else if (orgIds.length) {
    schoolName = orgIds[0]!;
  }
  const guardianIds = new Set([
    ...orList(row.agentSourcedIds),
    ...(ctx.guardiansOf.get(sourcedId) ?? []),
  ]);
  const custodians = [...guardianIds]
    .map((g) => ctx.guardianEmails.get(g))
    .filter((e): e is string => !!e);
  // The student ID is the identifier (the SIS's number); the sourcedId is only the set's key.
  const id = (row.identifier ?? "").trim();
  return finish(
    {
      sourceId: id || sourcedId,
      requireSchool: true,
      id,
      nameFirst: row.givenName ?? "",
      nameLast: row.familyName ?? "",
      birthDate: demo?.birthDate ?? "",
      grade: orList(row.grades)[0] ?? "",
      gender:
        demo?.sex && ["male", "female"].includes(demo.sex.trim().toLowerCase()) ? demo.sex : "",
      school: schoolName,
      email: row.email ?? "",
      custodianEmails: custodians.join(";"),
      emergencyName: "",
      emergencyPhone: "",
      emergencyRelationship: "",
      financialAid: "",
      activityPass: "",
    },
    ctx.schools,
  );
}

/** The duplicate check of one file: a student ID seen twice refuses the second row. */
export function duplicateChecker() {
  const seen = new Map<number, number>();
  return (id: number, line: number): string | null => {
    const first = seen.get(id);
    if (first !== undefined) return t("admin.imports.reason.duplicateId", { line: first });
    seen.set(id, line);
    return null;
  };
}
