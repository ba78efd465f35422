// The student import's mapping (decision 124): plain rows and OneRoster rows → students,
// or refusals naming why; the fixtures are made-up people.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import {
  duplicateChecker,
  isOneRosterStudent,
  mapOneRosterStudent,
  mapPlainRow,
  normalizeHeader,
  orList,
  parseBirthDate,
  parseGrade,
  parseStudentId,
  plainHeader,
  schoolLookup,
  type OneRosterContext,
} from "@domain/imports/students";

const schools = schoolLookup([
  { id: 1, shortName: "LHS", fullName: "Lincoln High School" },
  { id: 2, shortName: "WMS", fullName: "Washington Middle School" },
]);

const fixture = (name: string) => readFileSync(`tests/fixtures/imports/${name}`);
const rows = (name: string, columns: true | ((h: string[]) => string[]) = true) =>
  parse(fixture(name), { bom: true, columns, skip_empty_lines: true }) as Record<string, string>[];

const plain = (over: Record<string, string> = {}) => ({
  student_id: "300001",
  first_name: "Robin",
  last_name: "Testwell",
  birth_date: "2016-04-09",
  grade: "3",
  school: "LHS",
  ...over,
});

describe("single values", () => {
  it("student IDs are whole numbers that fit the ID column", () => {
    expect(parseStudentId("300001")).toBe(300001);
    expect(parseStudentId(" 42 ")).toBe(42);
    for (const bad of ["", "0", "-3", "12a", "1.5", "2147483648"]) {
      expect(parseStudentId(bad)).toBeNull();
    }
  });

  it("birth dates must be real days", () => {
    expect(parseBirthDate("2016-04-09")).toBe("2016-04-09");
    expect(parseBirthDate("5/17/2014")).toBe("2014-05-17");
    expect(parseBirthDate("2016-02-29")).toBe("2016-02-29");
    for (const bad of ["2015-02-31", "2015-02-29", "2015-13-01", "02/31/2015", "1899-12-31", "x"]) {
      expect(parseBirthDate(bad)).toBeNull();
    }
  });

  it("grades in the ways information systems write them", () => {
    expect(parseGrade("KG")).toBe("K");
    expect(parseGrade("PK")).toBe("Pre-K");
    expect(parseGrade("03")).toBe("3");
    expect(parseGrade("12")).toBe("12");
    for (const bad of ["13", "0", "Adult", "", "grade 3"]) expect(parseGrade(bad)).toBeNull();
  });
});

describe("the plain CSV", () => {
  it("needs its required columns; the others are carried only when present", () => {
    expect(plainHeader(["student_id", "first_name"])).toEqual({
      ok: false,
      missing: ["last_name", "birth_date", "grade"],
    });
    const ok = plainHeader(["Student ID", "First Name", "last_name", "birth_date", "GRADE"]);
    expect(ok).toEqual({ ok: true, carried: ["nameFirst", "nameLast", "dob", "grade"] });
    const withAid = plainHeader([
      "student_id",
      "first_name",
      "last_name",
      "birth_date",
      "grade",
      "financial_aid",
    ]);
    expect(withAid.ok && withAid.carried).toContain("financialAid");
  });

  it("maps the fixture (BOM, CRLF, quoted commas and line breaks)", () => {
    const list = rows("plain-students.csv", normalizeHeader).map((r) => mapPlainRow(r, schools));
    expect(list.every((r) => r.ok)).toBe(true);
    const [a, b, c] = list.map((r) => (r.ok ? r.record : null));
    expect(a).toEqual({
      id: 300001,
      nameFirst: "Robin",
      nameLast: "Testwell",
      dob: "2016-04-09",
      grade: "3",
      gender: "F",
      email: "robin.testwell@example.org",
      custodianEmails: ["parent.testwell@example.org"],
      schoolId: 1,
      emergencyName: "Testwell, Dana",
      emergencyPhone: "+15555550111",
      emergencyRelationship: "Mother",
      financialAid: "free",
      activityPass: true,
    });
    expect(b).toMatchObject({
      id: 300002,
      nameLast: "O'Fixture",
      dob: "2014-05-17",
      schoolId: 2,
      custodianEmails: ["a.ofixture@example.org", "b.ofixture@example.org"],
      financialAid: null,
      activityPass: false,
    });
    expect(c).toMatchObject({
      id: 300003,
      grade: "K",
      gender: null,
      emergencyName: "Line one\nLine two",
    });
  });

  it("refuses each bad row of the refusal fixture, and says why", () => {
    const dup = duplicateChecker();
    const results = rows("plain-refused.csv", normalizeHeader).map((r, i) => {
      const out = mapPlainRow(r, schools);
      if (out.ok) {
        const d = dup(out.record.id, i + 2);
        if (d) return { ok: false as const, sourceId: String(out.record.id), reasons: [d] };
      }
      return out;
    });
    const why = results.map((r) => (r.ok ? "ok" : r.reasons.join(" ")));
    expect(why[0]).toBe("ok");
    expect(why[1]).toMatch(/student ID is missing/);
    expect(why[2]).toMatch(/"2015-02-31" is not a real date/);
    expect(why[3]).toMatch(/grade "14" is unknown/);
    expect(why[4]).toMatch(/school "Nowhere Academy" is unknown/);
    expect(why[5]).toMatch(/already on line 2/);
    expect(why[6]).toMatch(/"not-an-address" is malformed/);
  });

  it("names every problem of a row at once", () => {
    const out = mapPlainRow(
      plain({ student_id: "abc", birth_date: "2015-02-30", grade: "" }),
      schools,
    );
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reasons).toHaveLength(3);
  });

  it("refuses a malformed custodian address, a bad phone, an unknown aid or gender", () => {
    const overs: Record<string, string>[] = [
      { custodian_emails: "good@example.org; bad@" },
      { emergency_phone: "12345" },
      { financial_aid: "half" },
      { gender: "Q" },
      { activity_pass: "maybe" },
    ];
    for (const over of overs) {
      expect(mapPlainRow(plain(over), schools).ok, JSON.stringify(over)).toBe(false);
    }
  });
});

describe("a OneRoster 1.1 set", () => {
  function context(): OneRosterContext {
    const orgs = new Map(
      rows("oneroster/orgs.csv")
        .filter((o) => o.type === "school")
        .map((o) => [o.sourcedId!, { identifier: o.identifier!, name: o.name! }]),
    );
    const demographics = new Map(
      rows("oneroster/demographics.csv").map((d) => [
        d.sourcedId!,
        { birthDate: d.birthDate!, sex: d.sex! },
      ]),
    );
    const guardianEmails = new Map<string, string>();
    const guardiansOf = new Map<string, string[]>();
    for (const u of rows("oneroster/users.csv")) {
      if (!["parent", "guardian"].includes(u.role!)) continue;
      guardianEmails.set(u.sourcedId!, u.email!);
      for (const s of orList(u.agentSourcedIds)) guardiansOf.set(s, [u.sourcedId!]);
    }
    return { schools, orgs, demographics, guardianEmails, guardiansOf };
  }

  it("maps enabled students with their birth date, sex, school, grade and guardians", () => {
    const ctx = context();
    const students = rows("oneroster/users.csv").filter(isOneRosterStudent);
    expect(students.map((s) => s.sourcedId)).toEqual(["stu-1", "stu-2"]);
    const [a, b] = students.map((s) => mapOneRosterStudent(s, ctx));
    expect(a).toEqual({
      ok: true,
      record: expect.objectContaining({
        id: 310001,
        nameFirst: "Morgan",
        dob: "2016-08-20",
        gender: "F",
        grade: "3",
        schoolId: 1,
        email: "morgan.fixture@example.org",
        custodianEmails: ["pat.fixture@example.org"],
      }),
    });
    // The district org is skipped; the school found by its name when its identifier is unknown.
    expect(b).toEqual({
      ok: true,
      record: expect.objectContaining({
        id: 310002,
        nameLast: "Mockley, Jr.",
        grade: "K",
        schoolId: 2,
        gender: "M",
        custodianEmails: ["gale.mockley@example.org"],
      }),
    });
  });

  it("refuses a student without demographics, identifier or school", () => {
    const ctx = context();
    const user = rows("oneroster/users.csv")[0]!;
    const noDemo = mapOneRosterStudent({ ...user, sourcedId: "stu-9" }, ctx);
    expect(!noDemo.ok && noDemo.reasons.join(" ")).toMatch(/birth date is missing/);
    const noId = mapOneRosterStudent({ ...user, identifier: "" }, ctx);
    expect(!noId.ok && noId.sourceId).toBe("stu-1");
    const noSchool = mapOneRosterStudent({ ...user, orgSourcedIds: "" }, ctx);
    expect(!noSchool.ok && noSchool.reasons.join(" ")).toMatch(/school "" is unknown/);
  });
});
