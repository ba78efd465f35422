// OneRoster orgs.csv and academicSessions.csv in the student import (decision 154):
// on a database with no schools and no school years, a dry run lists the schools and the
// year the set names as to create, treats them as known for its students, and writes nothing; the
// real run creates them, with decision 149's audit entries, and the students in them, in one
// transaction; a second run finds them all unchanged; a renamed school in the file renames it.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { importStudents, stringSource } from "../../district-api/services/imports";
import { t } from "@domain/messages";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.database.db;
const actor = { employeeId: "-", username: "command line" };
const now = new Date("2026-11-27T09:00:00Z");
const fixture = (name: string) => readFileSync(`tests/fixtures/imports/oneroster/${name}`, "utf8");

const files = (orgs = fixture("orgs.csv")) => [
  stringSource("users.csv", fixture("users.csv")),
  stringSource("orgs.csv", orgs),
  stringSource("demographics.csv", fixture("demographics.csv")),
  stringSource("academicSessions.csv", fixture("academicSessions.csv")),
];

/** Everything the import may write: schools, years, people and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(id || short_name || '/' || full_name, ',' order by id) from schools), '-') ||
      coalesce((select string_agg(id || year, ',' order by id) from school_years), '-') ||
      coalesce((select string_agg(p::text, ',' order by id) from participants p), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

const schools = () =>
  queryRows<{ id: number; shortName: string; fullName: string }>(
    db(),
    sql`select id, short_name as "shortName", full_name as "fullName" from schools order by id`,
  );

describe("OneRoster schools and school years", () => {
  it("the dry run lists the schools and the year to create and writes nothing", async () => {
    expect(await schools()).toEqual([]);
    const before = await digest();
    const report = await importStudents(db(), actor, files(), { dryRun: true, full: false }, now);
    expect(report.status).toBe("dry-run");
    expect(report.summary).toMatchObject({ created: 2, refused: 0 });
    expect(report.schools).toEqual([
      { kind: "school", name: "LHS", fullName: "Lincoln High School", outcome: "created" },
      {
        kind: "school",
        name: "WMS-0042",
        fullName: "Washington Middle School",
        outcome: "created",
      },
      { kind: "school-year", name: "2026-2027", fullName: "", outcome: "created" },
    ]);
    expect(await digest()).toBe(before);
  });

  it("a set without academicSessions.csv whose orgs.csv names no school refuses its students", async () => {
    const report = await importStudents(
      db(),
      actor,
      files("sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n").slice(0, 3),
      { dryRun: true, full: false },
      now,
    );
    expect(report.format).toBe("oneroster");
    expect(report.summary.refused).toBe(2);
    expect(report.rows[0]!.reason).toContain(
      t("admin.imports.reason.unknownSchool", { value: "org-lhs" }),
    );
  });

  it("the real run creates the schools, the year and the students in one go, each audited", async () => {
    const report = await importStudents(db(), actor, files(), { dryRun: false, full: false }, now);
    expect(report.status).toBe("applied");
    expect(report.summary).toMatchObject({ created: 2, refused: 0 });
    const [lhs, wms] = await schools();
    expect(lhs).toMatchObject({ shortName: "LHS", fullName: "Lincoln High School" });
    expect(wms).toMatchObject({ shortName: "WMS-0042", fullName: "Washington Middle School" });
    expect(await queryRows(db(), sql`select year from school_years order by id`)).toEqual([
      { year: "2026-2027" },
    ]);
    const students = await queryRows<{ id: number; school_id: number }>(
      db(),
      sql`select id, school_id from participants where kind = 'student' order by id`,
    );
    expect(students).toEqual([
      { id: 310001, school_id: lhs!.id },
      { id: 310002, school_id: wms!.id },
    ]);
    const audit = await queryRows<{ action: string; after: unknown }>(
      db(),
      sql`select action, after from audit_entries order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "school.create",
      "school.create",
      "school-year.create",
      "import.students",
    ]);
    expect(audit[0]!.after).toEqual({ shortName: "LHS", fullName: "Lincoln High School" });
  });

  it("a second run changes nothing; a school renamed in the file is renamed, keeping its id", async () => {
    const before = await digest();
    const again = await importStudents(db(), actor, files(), { dryRun: false, full: false }, now);
    expect(again.schools).toEqual([]);
    expect(await digest()).toBe(before);

    const renamed = fixture("orgs.csv").replace("Lincoln High School", "Lincoln High");
    const dry = await importStudents(
      db(),
      actor,
      files(renamed),
      { dryRun: true, full: false },
      now,
    );
    expect(dry.schools).toEqual([
      { kind: "school", name: "LHS", fullName: "Lincoln High", outcome: "updated" },
    ]);
    expect(await digest()).toBe(before);
    const [lhs] = await schools();
    await importStudents(db(), actor, files(renamed), { dryRun: false, full: false }, now);
    expect((await schools())[0]).toEqual({ ...lhs, fullName: "Lincoln High" });
    const [last] = await queryRows<{ action: string; before: unknown; after: unknown }>(
      db(),
      sql`select action, before, after from audit_entries where action like 'school%'
        order by id desc limit 1`,
    );
    expect(last).toEqual({
      action: "school.update",
      before: { fullName: "Lincoln High School" },
      after: { fullName: "Lincoln High" },
    });
  });

  it("refuses a school whose short name is one school's and full name another's, writing nothing", async () => {
    const before = await digest();
    const crossed = fixture("orgs.csv").replace("Lincoln High School", "Washington Middle School");
    await expect(
      importStudents(db(), actor, files(crossed), { dryRun: false, full: false }, now),
    ).rejects.toThrow(
      t("admin.imports.badSchoolRow", {
        file: "orgs.csv",
        line: 3,
        detail: t("admin.schools.nameTaken", { name: "Washington Middle School" }),
      }),
    );
    expect(await digest()).toBe(before);
  });
});
