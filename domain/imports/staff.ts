// Staff import (decision 128): rows of the district's files → staff accounts, or a
// refusal saying why. Pure: the district API streams the files (services/staff-import.ts) and
// hands each parsed row here; the same functions serve the upload page and `npm run import`.
//
// Two ways in:
// - the plain staff CSV (one row per staff member), columns STAFF_PLAIN_COLUMNS;
// - a OneRoster 1.1 set: users.csv (roles teacher, aide, proctor, administrator) and orgs.csv
//   (the schools); demographics.csv may come along and is not read.
//
// Roles are mapped to the product's staff roles by STAFF_ROLE_MAP (the table of decision 128).
// The import never gives district_admin: a file naming it is refused for that row.
import { DISTRICT_ADMIN_ROLE, STAFF_ROLES, type StaffRole } from "../contract/admin";
import { t } from "../messages/admin";
import { isEmail, normalizeHeader, orList, type SchoolLookup } from "./students";

/** The fields of a staff account the import may set besides names and roles. */
export type StaffField = "email" | "schoolId";

export interface StaffRecord {
  employeeId: string;
  /** The user name the account is created with (kept as it is on file afterwards). */
  username: string;
  nameFirst: string;
  nameLast: string;
  email: string | null;
  schoolId: number | null;
  /** Product roles, in STAFF_ROLES order. */
  roles: StaffRole[];
}

export type StaffRowOutcome =
  { ok: true; record: StaffRecord } | { ok: false; sourceId: string; reasons: string[] };

/**
 * The documented table (decision 128): a role as a file writes it (any case, OneRoster 1.1 or
 * the product's own name) → the product roles it gives. district_admin is not in it: the import
 * never makes an administrator.
 */
export const STAFF_ROLE_MAP: Readonly<Record<string, readonly StaffRole[]>> = {
  teacher: ["instructor"],
  aide: ["instructor"],
  proctor: ["instructor"],
  administrator: ["fee_proposer"],
  instructor: ["instructor"],
  fee_proposer: ["fee_proposer"],
  fee_admin: ["fee_admin"],
  business_office: ["business_office"],
};

/** OneRoster 1.1 roles of users that are staff (the others are students and their families). */
export const ONEROSTER_STAFF_ROLES = ["teacher", "aide", "proctor", "administrator"];

/** The longest employee ID and user name (as the staff page allows). */
export const EMPLOYEE_ID_MAX = 40;
export const USERNAME_MAX = 60;
const NAME_MAX = 60;
const ACCOUNT_NAME = /^[A-Za-z0-9._-]+$/;

/** Roles separated by ";", "," or spaces. */
export function splitRoles(value: string): string[] {
  return value
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Source roles → product roles (STAFF_ROLES order, no repeats), with the reasons the row is
 * refused: none given, an unknown role, district_admin.
 */
export function mapStaffRoles(values: readonly string[]): {
  roles: StaffRole[];
  reasons: string[];
} {
  const reasons: string[] = [];
  const given = new Set<StaffRole>();
  for (const raw of values) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    if (v === DISTRICT_ADMIN_ROLE) {
      reasons.push(t("admin.staffImport.reason.adminRole", { value: raw.trim() }));
      continue;
    }
    const mapped = Object.hasOwn(STAFF_ROLE_MAP, v) ? STAFF_ROLE_MAP[v] : undefined;
    if (!mapped) {
      reasons.push(t("admin.staffImport.reason.unknownRole", { value: raw.trim() }));
      continue;
    }
    for (const r of mapped) given.add(r);
  }
  if (!given.size && !reasons.length) reasons.push(t("admin.staffImport.reason.missingRole"));
  return { roles: STAFF_ROLES.filter((r) => given.has(r)), reasons };
}

// --- the plain CSV -----------------------------------------------------------------------------

/** The plain staff CSV's columns (header names, any case, spaces as "_"), in documented order. */
export const STAFF_PLAIN_COLUMNS = [
  "employee_id",
  "first_name",
  "last_name",
  "roles",
  "email",
  "username",
  "school",
] as const;
export type StaffPlainColumn = (typeof STAFF_PLAIN_COLUMNS)[number];

export const STAFF_PLAIN_REQUIRED: readonly StaffPlainColumn[] = [
  "employee_id",
  "first_name",
  "last_name",
  "roles",
];

/**
 * What a plain staff CSV's header carries: the optional fields it sets (a column the file lacks
 * leaves that value as it is on file), or the required columns it lacks (the file is refused).
 */
export function staffPlainHeader(
  header: string[],
): { ok: true; carried: StaffField[] } | { ok: false; missing: string[] } {
  const names = new Set(normalizeHeader(header));
  const missing = STAFF_PLAIN_REQUIRED.filter((c) => !names.has(c));
  if (missing.length) return { ok: false, missing };
  const carried: StaffField[] = [];
  if (names.has("email")) carried.push("email");
  if (names.has("school")) carried.push("schoolId");
  return { ok: true, carried };
}

interface StaffDraft {
  sourceId: string;
  employeeId: string;
  username: string;
  nameFirst: string;
  nameLast: string;
  email: string;
  /** A school's name or identifier; "" for none. */
  school: string;
  roles: string[];
}

/** Checks one staff member's values; every problem is named, so a row is fixed in one go. */
function finishStaff(d: StaffDraft, schools: SchoolLookup): StaffRowOutcome {
  const reasons: string[] = [];
  const employeeId = d.employeeId.trim();
  if (!employeeId) reasons.push(t("admin.staffImport.reason.missingId"));
  else if (employeeId.length > EMPLOYEE_ID_MAX || !ACCOUNT_NAME.test(employeeId)) {
    reasons.push(t("admin.staffImport.reason.badId", { value: employeeId }));
  }
  const nameFirst = d.nameFirst.trim().slice(0, NAME_MAX);
  const nameLast = d.nameLast.trim().slice(0, NAME_MAX);
  if (!nameFirst) reasons.push(t("admin.imports.reason.missingFirstName"));
  if (!nameLast) reasons.push(t("admin.imports.reason.missingLastName"));
  const email = d.email.trim().toLowerCase();
  if (email && !isEmail(email)) {
    reasons.push(t("admin.imports.reason.badEmail", { value: d.email.trim() }));
  }
  const username = d.username.trim() || employeeId;
  // A user name taken from a malformed employee ID is not refused twice.
  if (d.username.trim() && (username.length > USERNAME_MAX || !ACCOUNT_NAME.test(username))) {
    reasons.push(t("admin.staffImport.reason.badUsername", { value: username }));
  }
  let schoolId: number | null = null;
  if (d.school.trim()) {
    schoolId = schools.get(d.school.trim().toLowerCase()) ?? null;
    if (schoolId === null) {
      reasons.push(t("admin.imports.reason.unknownSchool", { value: d.school.trim() }));
    }
  }
  const mapped = mapStaffRoles(d.roles);
  reasons.push(...mapped.reasons);
  if (reasons.length) return { ok: false, sourceId: d.sourceId, reasons };
  return {
    ok: true,
    record: {
      employeeId,
      username,
      nameFirst,
      nameLast,
      email: email || null,
      schoolId,
      roles: mapped.roles,
    },
  };
}

/** One plain staff CSV row (keyed by normalised header) → a staff account, or why not. */
export function mapStaffPlainRow(
  row: Record<string, string | undefined>,
  schools: SchoolLookup,
): StaffRowOutcome {
  const v = (c: StaffPlainColumn) => row[c] ?? "";
  return finishStaff(
    {
      sourceId: v("employee_id").trim(),
      employeeId: v("employee_id"),
      username: v("username"),
      nameFirst: v("first_name"),
      nameLast: v("last_name"),
      email: v("email"),
      school: v("school"),
      roles: splitRoles(v("roles")),
    },
    schools,
  );
}

// --- OneRoster 1.1 -----------------------------------------------------------------------------

/** True for a users.csv row that is staff (not a student nor family), enabled or not. */
export function isOneRosterStaffRole(row: Record<string, string | undefined>): boolean {
  const role = (row.role ?? "").trim().toLowerCase();
  return !["student", "parent", "guardian", "relative", ""].includes(role);
}

/** True for a users.csv row of a staff member the import reads (a disabled user is left out). */
export function isOneRosterStaff(row: Record<string, string | undefined>): boolean {
  const enabled = (row.enabledUser ?? "true").trim().toLowerCase();
  return isOneRosterStaffRole(row) && enabled !== "false";
}

/** A OneRoster user name as a product user name: an e-mail address gives its local part. */
export function oneRosterUsername(value: string): string {
  const v = value.trim();
  const at = v.indexOf("@");
  return at > 0 ? v.slice(0, at) : v;
}

/**
 * One users.csv staff row → a staff account, or why not. The employee ID is the user's
 * `identifier` (the SIS's staff number); the school is the first of `orgSourcedIds` that is an
 * org of type school (none: no school; one that is not on file: refused).
 */
export function mapOneRosterStaff(
  row: Record<string, string | undefined>,
  ctx: {
    schools: SchoolLookup;
    orgs: ReadonlyMap<string, { identifier: string; name: string }>;
  },
): StaffRowOutcome {
  const sourcedId = (row.sourcedId ?? "").trim();
  const school = orList(row.orgSourcedIds)
    .map((o) => ctx.orgs.get(o))
    .find((o) => o !== undefined);
  let schoolName = "";
  if (school) {
    schoolName = ctx.schools.has(school.identifier.trim().toLowerCase())
      ? school.identifier
      : school.name || school.identifier;
  }
  const id = (row.identifier ?? "").trim();
  return finishStaff(
    {
      sourceId: id || sourcedId,
      employeeId: id,
      username: oneRosterUsername(row.username ?? ""),
      nameFirst: row.givenName ?? "",
      nameLast: row.familyName ?? "",
      email: row.email ?? "",
      school: schoolName,
      roles: [row.role ?? ""],
    },
    ctx.schools,
  );
}

/**
 * The duplicate checks of one file: an employee ID or a user name (any case) seen on an earlier
 * line, refused or not. Call it for every row with what it names (username null when refused).
 */
export function staffDuplicateChecker() {
  const ids = new Map<string, number>();
  const usernames = new Map<string, number>();
  return (record: { employeeId: string; username: string | null }, line: number): string[] => {
    const reasons: string[] = [];
    if (!record.employeeId) return reasons;
    const firstId = ids.get(record.employeeId);
    if (firstId !== undefined) {
      reasons.push(t("admin.staffImport.reason.duplicateId", { line: firstId }));
    } else ids.set(record.employeeId, line);
    if (record.username === null) return reasons;
    const name = record.username.toLowerCase();
    const firstName = usernames.get(name);
    if (firstName !== undefined && firstId === undefined) {
      reasons.push(t("admin.staffImport.reason.duplicateUsername", { line: firstName }));
    } else if (firstName === undefined) usernames.set(name, line);
    return reasons;
  };
}
