// OneRoster orgs.csv and academicSessions.csv in the staff and catalogue imports
// (decision 157), over HTTP as the upload page calls them: the staff import's OneRoster set, and a
// plain student, staff or catalogue CSV with orgs.csv and academicSessions.csv beside it, list the
// schools and school years they would create in the dry run's report and write nothing; applying
// the dry run creates them in the import's transaction, each with decision 149's audit entry, and
// the report of the applied run says what was created. Without orgs.csv a catalogue naming an
// unknown school is refused with a reason that says how to add it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { ImportRunPage } from "@domain/contract/admin-imports";
import { t } from "@domain/messages";

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await staffToken(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.database.db;

/** Everything these imports may write: schools, years, staff, the catalogue and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(id || short_name || '/' || full_name, ',' order by id) from schools), '-') ||
      coalesce((select string_agg(id || year, ',' order by id) from school_years), '-') ||
      coalesce((select string_agg(s::text, ',' order by id) from staff s), '-') ||
      coalesce((select string_agg(to_jsonb(c)::text, ',' order by id) from course_sections c), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function uploadAll(files: [string, string][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [name, content] of files) {
    const r = await fetch(
      `${api.baseUrl}/v1/admin/imports/files?name=${encodeURIComponent(name)}`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "text/csv" },
        body: content,
      },
    );
    expect(r.status).toBe(201);
    ids.push(((await r.json()) as { id: string }).id);
  }
  return ids;
}

async function dryRun(kind: "staff" | "catalogue", files: string[]) {
  const r = await call(api, "POST", `/v1/admin/imports/${kind}`, {
    token: admin,
    body: { files, dryRun: true },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string; summary: Record<string, number> };
}

async function apply(id: string) {
  const r = await call(api, "POST", `/v1/admin/imports/runs/${id}/apply`, {
    token: admin,
    body: {},
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string; summary: Record<string, number> };
}

async function report(id: string) {
  const r = await call(api, "GET", `/v1/admin/imports/runs/${id}`, { token: admin });
  expect(r.status).toBe(200);
  return ImportRunPage.parse(r.body);
}

const school = async (shortName: string) =>
  (
    await queryRows<{ id: number; fullName: string }>(
      db(),
      sql`select id, full_name as "fullName" from schools where short_name = ${shortName}`,
    )
  )[0];

const years = async () =>
  (await queryRows<{ year: string }>(db(), sql`select year from school_years order by year`)).map(
    (y) => y.year,
  );

/** The audit entries written since `after` (an id), oldest first. */
const auditsSince = (after: number) =>
  queryRows<{ action: string; after: unknown }>(
    db(),
    sql`select action, after from audit_entries where id > ${after} order by id`,
  );

const lastAuditId = async () =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(max(id), 0)::int as n from audit_entries`,
    )
  )[0]!.n;

const ORGS = (...schools: [string, string, string][]) =>
  [
    "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId",
    "org-district,,,Test District,district,TD,",
    ...schools.map(([id, full, short]) => `${id},,,${full},school,${short},org-district`),
  ].join("\n") + "\n";

const SESSIONS = (year: string, ends: string) =>
  "sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\n" +
  `as-${ends},,,${year},schoolYear,,,,${ends}\n` +
  `as-${ends}-t1,,,Fall,term,,,as-${ends},${ends}\n`;

describe("the staff import's OneRoster set", () => {
  const users =
    "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n" +
    "tea-n1,,,true,org-nhs,teacher,nteach,,Noor,Teach,,N9001,noor.teach@example.org,,,,,\n";

  it("the dry run lists the school and the year to create and writes nothing", async () => {
    const ids = await uploadAll([
      ["users.csv", users],
      ["orgs.csv", ORGS(["org-nhs", "North High School", "NHS"])],
      ["academicSessions.csv", SESSIONS("2028-2029", "2029")],
    ]);
    const before = await digest();
    const dry = await dryRun("staff", ids);
    expect(dry.status).toBe("dry-run");
    expect(dry.summary).toMatchObject({ created: 1, refused: 0 });
    expect((await report(dry.id)).schools).toEqual([
      { kind: "school", name: "NHS", fullName: "North High School", outcome: "created" },
      { kind: "school-year", name: "2028-2029", fullName: "", outcome: "created" },
    ]);
    expect(await digest()).toBe(before);
    expect(await school("NHS")).toBeUndefined();

    const audit = await lastAuditId();
    const applied = await apply(dry.id);
    expect(applied.status).toBe("applied");
    const nhs = await school("NHS");
    expect(nhs).toMatchObject({ fullName: "North High School" });
    expect(await years()).toContain("2028-2029");
    const [teacher] = await queryRows<{ schoolId: number }>(
      db(),
      sql`select school_id as "schoolId" from staff where employee_id = 'N9001'`,
    );
    expect(teacher).toEqual({ schoolId: nhs!.id });
    expect((await auditsSince(audit)).map((a) => a.action)).toEqual([
      "school.create",
      "school-year.create",
      "import.staff",
    ]);
    // The applied run's report says what was created.
    expect((await report(applied.id)).schools).toEqual([
      { kind: "school", name: "NHS", fullName: "North High School", outcome: "created" },
      { kind: "school-year", name: "2028-2029", fullName: "", outcome: "created" },
    ]);

    // Again: nothing to create, nothing written.
    const again = await dryRun("staff", ids);
    expect((await report(again.id)).schools).toEqual([]);
  });

  it("a plain staff CSV with orgs.csv beside it creates the school it names", async () => {
    const ids = await uploadAll([
      [
        "staff.csv",
        "employee_id,first_name,last_name,roles,school\nN9002,Emil,Plain,teacher,EES-7\n",
      ],
      ["orgs.csv", ORGS(["org-ees", "East Elementary School", "EES-7"])],
    ]);
    const before = await digest();
    const dry = await dryRun("staff", ids);
    expect(dry.summary).toMatchObject({ created: 1, refused: 0 });
    expect((await report(dry.id)).schools).toEqual([
      { kind: "school", name: "EES-7", fullName: "East Elementary School", outcome: "created" },
    ]);
    expect(await digest()).toBe(before);
    const audit = await lastAuditId();
    await apply(dry.id);
    const ees = await school("EES-7");
    expect(ees).toMatchObject({ fullName: "East Elementary School" });
    const [staffer] = await queryRows<{ schoolId: number }>(
      db(),
      sql`select school_id as "schoolId" from staff where employee_id = 'N9002'`,
    );
    expect(staffer).toEqual({ schoolId: ees!.id });
    const entries = await auditsSince(audit);
    expect(entries.map((a) => a.action)).toEqual(["school.create", "import.staff"]);
    expect(entries[0]!.after).toEqual({ shortName: "EES-7", fullName: "East Elementary School" });
  });
});

describe("the student import's plain CSV", () => {
  it("with orgs.csv beside it, the dry run lists the school to create and writes nothing", async () => {
    const ids = await uploadAll([
      [
        "students.csv",
        "student_id,first_name,last_name,birth_date,grade,school\n390001,Sam,Plain,2015-03-04,3,WES\n",
      ],
      ["orgs.csv", ORGS(["org-wes", "West Elementary School", "WES"])],
    ]);
    const before = await digest();
    const r = await call(api, "POST", "/v1/admin/imports/students", {
      token: admin,
      body: { files: ids, dryRun: true },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.summary).toMatchObject({ created: 1, refused: 0 });
    expect((await report(r.body.id)).schools).toEqual([
      { kind: "school", name: "WES", fullName: "West Elementary School", outcome: "created" },
    ]);
    expect(await digest()).toBe(before);
  });
});

describe("the catalogue import", () => {
  const catalogue = (schoolName: string) =>
    "program_code,program_name,section_code,subject,course_number,course_name,section_number,term_id,term,date_start,date_end,capacity,school\n" +
    `SCH-PROG,Schools Club,SCH-1,SCH,1,Schools,1,2029-SP,Spring 2029,2029-02-01,2029-05-14,10,${schoolName}\n`;

  it("without orgs.csv an unknown school is refused with how to add it", async () => {
    const ids = await uploadAll([["catalogue.csv", catalogue("SHS")]]);
    const dry = await dryRun("catalogue", ids);
    expect(dry.summary.refused).toBe(1);
    const [row] = (await report(dry.id)).rows;
    expect(row!.reason).toContain(
      `school: ${t("admin.imports.reason.unknownSchoolAdd", { value: "SHS" })}`,
    );
    expect(row!.reason).toContain("/admin/schools");
  });

  it("with orgs.csv and academicSessions.csv beside it the dry run lists them; applying creates them, audited", async () => {
    const ids = await uploadAll([
      ["catalogue.csv", catalogue("SHS")],
      ["orgs.csv", ORGS(["org-shs", "South High School", "SHS"])],
      ["academicSessions.csv", SESSIONS("2029-2030", "2030")],
    ]);
    const before = await digest();
    const dry = await dryRun("catalogue", ids);
    expect(dry.summary).toMatchObject({ refused: 0 });
    const dryReport = await report(dry.id);
    expect(dryReport.schools).toEqual([
      { kind: "school", name: "SHS", fullName: "South High School", outcome: "created" },
      { kind: "school-year", name: "2029-2030", fullName: "", outcome: "created" },
    ]);
    expect(await digest()).toBe(before);

    const audit = await lastAuditId();
    const applied = await apply(dry.id);
    expect(applied.status).toBe("applied");
    const shs = await school("SHS");
    expect(shs).toMatchObject({ fullName: "South High School" });
    expect(await years()).toContain("2029-2030");
    const [section] = await queryRows<{ schoolId: number }>(
      db(),
      sql`select school_id as "schoolId" from course_sections where source_key = 'SCH-1'`,
    );
    expect(section).toEqual({ schoolId: shs!.id });
    expect((await auditsSince(audit)).map((a) => a.action)).toEqual([
      "school.create",
      "school-year.create",
      "import.catalogue",
    ]);
    expect((await report(applied.id)).schools).toHaveLength(2);

    // A second run of the same files finds everything on file: nothing written.
    const after = await digest();
    const again = await dryRun("catalogue", ids);
    expect((await report(again.id)).schools).toEqual([]);
    expect(again.summary).toMatchObject({ created: 0, updated: 0, refused: 0 });
    expect(await digest()).toBe(after);
  });

  it("orgs.csv alone, without the catalogue, is refused with a 400 naming the files", async () => {
    const ids = await uploadAll([["orgs.csv", ORGS(["org-x", "X School", "XS"])]]);
    const r = await call(api, "POST", "/v1/admin/imports/catalogue", {
      token: admin,
      body: { files: ids, dryRun: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(t("admin.imports.companionsOnly"));
  });
});
