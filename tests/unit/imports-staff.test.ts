// The staff import's mapping (decision 128): plain rows and OneRoster rows → staff
// accounts with the product's roles (the documented table), or refusals naming why; the fixtures
// are made-up people.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { normalizeHeader, schoolLookup } from "@domain/imports/students";
import {
  isOneRosterStaff,
  mapOneRosterStaff,
  mapStaffPlainRow,
  mapStaffRoles,
  oneRosterUsername,
  STAFF_ROLE_MAP,
  staffDuplicateChecker,
  staffPlainHeader,
  type StaffRecord,
} from "@domain/imports/staff";
import { STAFF_ROLES } from "@domain/contract/admin";

const schools = schoolLookup([
  { id: 1, shortName: "LHS", fullName: "Lincoln High School" },
  { id: 2, shortName: "WMS", fullName: "Washington Middle School" },
  { id: 3, shortName: "DO", fullName: "District Office" },
]);

const fixture = (name: string) => readFileSync(`tests/fixtures/imports/${name}`);
const rows = (name: string, columns: true | ((h: string[]) => string[]) = true) =>
  parse(fixture(name), { bom: true, columns, skip_empty_lines: true }) as Record<string, string>[];

const plain = (over: Record<string, string> = {}) => ({
  employee_id: "S1",
  first_name: "Quinn",
  last_name: "Sampleton",
  roles: "teacher",
  ...over,
});

describe("the role table", () => {
  it("maps OneRoster roles and the product's own names, in the product's order", () => {
    expect(mapStaffRoles(["teacher"])).toEqual({ roles: ["instructor"], reasons: [] });
    expect(mapStaffRoles(["Aide"]).roles).toEqual(["instructor"]);
    expect(mapStaffRoles(["proctor"]).roles).toEqual(["instructor"]);
    expect(mapStaffRoles(["administrator"]).roles).toEqual(["fee_proposer"]);
    expect(mapStaffRoles(["administrator", "teacher", "TEACHER"]).roles).toEqual([
      "instructor",
      "fee_proposer",
    ]);
    expect(mapStaffRoles(["business_office", "fee_admin"]).roles).toEqual([
      "fee_admin",
      "business_office",
    ]);
  });

  it("gives only product roles, and never district_admin", () => {
    for (const roles of Object.values(STAFF_ROLE_MAP)) {
      for (const r of roles) expect(STAFF_ROLES).toContain(r);
      expect(roles).not.toContain("district_admin");
    }
  });

  it("refuses unknown roles, district_admin and no role at all", () => {
    expect(mapStaffRoles(["janitor"]).reasons).toEqual(['The role "janitor" is unknown.']);
    expect(mapStaffRoles(["district_admin"]).reasons[0]).toMatch(/staff page only/);
    expect(mapStaffRoles(["teacher", "district_admin"]).reasons).toHaveLength(1);
    expect(mapStaffRoles([]).reasons).toEqual(["The role is missing."]);
    expect(mapStaffRoles(["constructor"]).reasons).toHaveLength(1);
  });
});

describe("the plain staff CSV", () => {
  it("needs employee_id, names and roles; email and school are carried only when present", () => {
    expect(staffPlainHeader(["Employee ID", "First Name", "Last Name", "Roles"])).toEqual({
      ok: true,
      carried: [],
    });
    expect(staffPlainHeader(["employee_id", "first_name", "last_name", "roles", "email"])).toEqual({
      ok: true,
      carried: ["email"],
    });
    expect(staffPlainHeader(["employee_id", "first_name"])).toEqual({
      ok: false,
      missing: ["last_name", "roles"],
    });
  });

  it("maps the sample file", () => {
    const mapped = rows("plain-staff.csv", normalizeHeader).map((r) =>
      mapStaffPlainRow(r, schools),
    );
    expect(mapped.every((m) => m.ok)).toBe(true);
    const records = mapped.map((m) => (m.ok ? m.record : null)) as StaffRecord[];
    expect(records[0]).toEqual({
      employeeId: "S7001",
      username: "qsampleton",
      nameFirst: "Quinn",
      nameLast: "Sampleton",
      email: "quinn.sampleton@example.org",
      schoolId: 1,
      roles: ["instructor"],
    });
    expect(records[1]).toMatchObject({
      username: "S7002",
      nameLast: "Madeup, Jr.",
      schoolId: 2,
      roles: ["instructor", "fee_proposer"],
    });
    expect(records[2]).toMatchObject({ email: null, schoolId: null, roles: ["instructor"] });
    expect(records[3]).toMatchObject({ schoolId: 3, roles: ["business_office"] });
  });

  it("refuses each bad row of the refused sample with every reason", () => {
    const check = staffDuplicateChecker();
    const out = rows("plain-staff-refused.csv", normalizeHeader).map((r, i) => {
      const m = mapStaffPlainRow(r, schools);
      if (!m.ok) return m.reasons.join(" ");
      const dup = check(m.record, i + 2);
      return dup.length ? dup.join(" ") : "ok";
    });
    expect(out[0]).toBe("ok");
    expect(out[1]).toBe("The employee ID is missing.");
    expect(out[2]).toBe('The role "janitor" is unknown.');
    expect(out[3]).toBe(
      'The e-mail address "not-an-email" is malformed. The school "Nowhere High" is unknown.',
    );
    expect(out[4]).toBe("The employee ID is already on line 2 of the file.");
    expect(out[5]).toMatch(/district_admin.*staff page only/);
    expect(out[6]).toBe(
      'The employee ID "S 8007" may only have letters, digits, ".", "_" and "-" (40 at most). ' +
        "The role is missing.",
    );
  });

  it("refuses a user name with characters the sign-in does not take", () => {
    const m = mapStaffPlainRow(plain({ username: "q sampleton" }), schools);
    expect(m.ok).toBe(false);
    if (!m.ok) expect(m.reasons[0]).toMatch(/user name "q sampleton"/);
  });

  it("counts an ID on a refused line as seen", () => {
    const check = staffDuplicateChecker();
    expect(check({ employeeId: "S1", username: null }, 2)).toEqual([]);
    expect(check({ employeeId: "S1", username: "s1" }, 3)).toEqual([
      "The employee ID is already on line 2 of the file.",
    ]);
  });

  it("refuses a user name already on an earlier line, any case", () => {
    const check = staffDuplicateChecker();
    const a = mapStaffPlainRow(plain({ username: "QS" }), schools);
    const b = mapStaffPlainRow(plain({ employee_id: "S2", username: "qs" }), schools);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(check(a.record, 2)).toEqual([]);
      expect(check(b.record, 3)).toEqual(["The user name is already on line 2 of the file."]);
    }
  });
});

describe("OneRoster staff", () => {
  const orgs = new Map(
    rows("oneroster-staff/orgs.csv")
      .filter((o) => o.type === "school")
      .map((o) => [o.sourcedId!, { identifier: o.identifier!, name: o.name! }]),
  );
  const users = rows("oneroster-staff/users.csv");

  it("reads enabled staff only, not students nor disabled users", () => {
    expect(users.filter(isOneRosterStaff).map((u) => u.identifier)).toEqual([
      "T900",
      "T901",
      "T902",
    ]);
  });

  it("maps identifier, user name, school and role", () => {
    const out = users.filter(isOneRosterStaff).map((u) => mapOneRosterStaff(u, { schools, orgs }));
    expect(out.map((o) => (o.ok ? o.record : o.reasons))).toEqual([
      {
        employeeId: "T900",
        username: "tteach",
        nameFirst: "Terry",
        nameLast: "Teach",
        email: "terry.teach@example.org",
        schoolId: 1,
        roles: ["instructor"],
      },
      {
        employeeId: "T901",
        username: "aassist",
        nameFirst: "Alex",
        nameLast: "Assist",
        email: null,
        schoolId: 2,
        roles: ["instructor"],
      },
      {
        employeeId: "T902",
        username: "pprincipal",
        nameFirst: "Pat",
        nameLast: "Principal",
        email: "pat.principal@example.org",
        schoolId: null,
        roles: ["fee_proposer"],
      },
    ]);
  });

  it("refuses a staff member without identifier, at a school not on file, or of an unknown role", () => {
    const other = new Map([...orgs, ["org-x", { identifier: "XHS", name: "Elsewhere High" }]]);
    const m = mapOneRosterStaff(
      {
        sourcedId: "u-9",
        role: "counselor",
        orgSourcedIds: "org-x",
        givenName: "A",
        familyName: "B",
      },
      { schools, orgs: other },
    );
    expect(m).toEqual({
      ok: false,
      sourceId: "u-9",
      reasons: [
        "The employee ID is missing.",
        'The school "Elsewhere High" is unknown.',
        'The role "counselor" is unknown.',
      ],
    });
  });

  it("takes the local part of an e-mail user name", () => {
    expect(oneRosterUsername("t.teach@district.example.org")).toBe("t.teach");
    expect(oneRosterUsername("tteach")).toBe("tteach");
  });
});

describe("the report's CSV", () => {
  it("names the ID column after what was imported", async () => {
    const { importReportCsvRows } = await import("@domain/imports/report-csv");
    expect(importReportCsvRows([], "staff")[0]).toEqual([
      "line",
      "employee_id",
      "name",
      "outcome",
      "reason",
    ]);
    expect(importReportCsvRows([])[0]![1]).toBe("student_id");
  });
});
