// The student import over HTTP (decision 124): only a district_admin may call it; a dry
// run changes no person; a real run applies every row or none, and a second run of the same file
// writes nothing; a student missing from a full export is kept (with their registration) and
// marked inactive, and cannot sign in; an imported student signs in with the imported birth date
// and sees the programs of their grade; files beyond the limit are refused.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { IMPORT_FILE_LIMIT_MB, ImportRunPage } from "@domain/contract/admin-imports";
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
const fixture = (name: string) => readFileSync(`tests/fixtures/imports/${name}`, "utf8");

/** Everything an import may change: the people and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(p::text, ',' order by id) from participants p) ||
      (select count(*)::text from audit_entries) ||
      (select count(*)::text from registrations)) as d`,
  );
  return row!.d;
}

async function upload(name: string, content: string | Buffer, token = admin) {
  const r = await fetch(`${api.baseUrl}/v1/admin/imports/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
    body: typeof content === "string" ? content : new Uint8Array(content),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function uploadAll(files: [string, string][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [name, content] of files) {
    const r = await upload(name, content);
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  return ids;
}

async function run(files: string[], opts: { dryRun: boolean; full?: boolean }) {
  const r = await call(api, "POST", "/v1/admin/imports/students", {
    token: admin,
    body: { files, dryRun: opts.dryRun, full: opts.full ?? false },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string; summary: Record<string, number> };
}

async function report(id: string, query = "") {
  const r = await call(api, "GET", `/v1/admin/imports/runs/${id}${query}`, { token: admin });
  expect(r.status).toBe(200);
  return ImportRunPage.parse(r.body);
}

const auditCount = async () =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_entries where action = 'import.students'`,
    )
  )[0]!.n;

const student = async (id: number) =>
  (
    await queryRows<Record<string, unknown>>(
      db(),
      sql`select id, name_first, dob::text as dob, grade, gender, school_id, financial_aid,
          activity_pass, custodian_emails, active from participants where id = ${id}`,
    )
  )[0];

const ONEROSTER: [string, string][] = [
  ["users.csv", fixture("oneroster/users.csv")],
  ["orgs.csv", fixture("oneroster/orgs.csv")],
  ["demographics.csv", fixture("oneroster/demographics.csv")],
];

describe("who may import", () => {
  it("every /v1/admin/imports route is for district_admin only", () => {
    const routes = ENDPOINTS.filter((r) => r.path.startsWith("/v1/admin/imports"));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /v1/admin/imports/runs/:id",
      "GET /v1/admin/imports/runs/:id/export",
      "POST /v1/admin/imports/catalogue",
      "POST /v1/admin/imports/files",
      "POST /v1/admin/imports/runs/:id/apply",
      "POST /v1/admin/imports/staff",
      "POST /v1/admin/imports/students",
    ]);
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);
  });

  it("refuses every other caller (403, 401 without a token), and writes nothing", async () => {
    const [fileId] = await uploadAll([["students.csv", fixture("plain-students.csv")]]);
    const dry = await run([fileId!], { dryRun: true });
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "imports-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
    ];
    const before = await digest();
    const runs = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from import_runs`))[0]!.n;
    const runsBefore = await runs();
    for (const [who, token, status] of callers) {
      const calls = [
        await upload("students.csv", fixture("plain-students.csv"), token ?? ""),
        await call(api, "POST", "/v1/admin/imports/students", {
          token,
          body: { files: [fileId], dryRun: false },
        }),
        await call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, { token }),
        await call(api, "GET", `/v1/admin/imports/runs/${dry.id}`, { token }),
        await call(api, "GET", `/v1/admin/imports/runs/${dry.id}/export`, { token }),
      ];
      expect(calls.map((c) => `${who} ${c.status}`)).toEqual(calls.map(() => `${who} ${status}`));
    }
    expect(await digest()).toBe(before);
    expect(await runs()).toBe(runsBefore);
  });
});

describe("bad input", () => {
  it("is a 400 naming what is wrong, with nothing written", async () => {
    const before = await digest();
    const bad = [
      await call(api, "POST", "/v1/admin/imports/students", { token: admin, body: { files: [] } }),
      await call(api, "POST", "/v1/admin/imports/students", {
        token: admin,
        body: { files: ["not-a-uuid"] },
      }),
      await call(api, "POST", "/v1/admin/imports/students", {
        token: admin,
        body: { files: ["00000000-0000-4000-8000-000000000000"], extra: 1 },
      }),
      await upload("students.txt", "a,b\n"),
      await upload("students.csv", Buffer.from([0x66, 0xff, 0xfe, 0x0a])),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(bad[0]!.body.hint).toMatch(/files/);
    expect(bad[3]!.body.hint).toMatch(/name/);
    expect(bad[4]!.body.message).toMatch(/UTF-8/);
    const [noColumns] = await uploadAll([["students.csv", "student_id,first_name\n1,A\n"]]);
    const r = await call(api, "POST", "/v1/admin/imports/students", {
      token: admin,
      body: { files: [noColumns], dryRun: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/lacks the columns last_name, birth_date, grade/);
    const [broken] = await uploadAll([
      ["students.csv", 'student_id,first_name,last_name,birth_date,grade\n1,"A,B,2015-01-01,3\n'],
    ]);
    const csvError = await call(api, "POST", "/v1/admin/imports/students", {
      token: admin,
      body: { files: [broken], dryRun: false },
    });
    expect(csvError.status).toBe(400);
    expect(csvError.body.message).toMatch(/cannot be read as CSV/);
    const [users] = await uploadAll([["users.csv", fixture("oneroster/users.csv")]]);
    const partial = await call(api, "POST", "/v1/admin/imports/students", {
      token: admin,
      body: { files: [users], dryRun: false },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/needs orgs.csv/);
    expect(await digest()).toBe(before);
  });

  it("a file no longer kept (or never uploaded) is a 404 naming the files, for every kind of import", async () => {
    const before = await digest();
    const gone = "00000000-0000-4000-8000-000000000000";
    for (const kind of ["students", "staff", "catalogue"]) {
      const r = await call(api, "POST", `/v1/admin/imports/${kind}`, {
        token: admin,
        body: { files: [gone], dryRun: true },
      });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(t("admin.imports.fileGone"));
      expect(r.body.hint).toMatch(/files/);
    }
    // Each 404 is one the description lists for its call (checked as the test API closes).
    expect(await digest()).toBe(before);
  });

  it(`refuses a file beyond ${IMPORT_FILE_LIMIT_MB} MB with 413`, async () => {
    const big = Buffer.alloc(IMPORT_FILE_LIMIT_MB * 1024 * 1024 + 10, 0x61);
    const r = await upload("big.csv", big);
    expect(r.status).toBe(413);
  });
});

describe("importing students", () => {
  it("a dry run reports per row and changes nothing", async () => {
    const ids = await uploadAll([["students.csv", fixture("plain-students.csv")]]);
    const before = await digest();
    const dry = await run(ids, { dryRun: true });
    expect(dry.status).toBe("dry-run");
    expect(dry.summary).toMatchObject({ created: 3, updated: 0, refused: 0 });
    expect(await digest()).toBe(before);
    const page = await report(dry.id);
    expect(page.rows.map((r) => [r.id, r.outcome])).toEqual([
      ["300001", "created"],
      ["300002", "created"],
      ["300003", "created"],
    ]);
    expect(await student(300001)).toBeUndefined();
  });

  it("a file with one refused row applies nothing; the report says why", async () => {
    const ids = await uploadAll([["students.csv", fixture("plain-refused.csv")]]);
    const before = await digest();
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("refused");
    expect(r.summary).toMatchObject({ created: 1, refused: 6 });
    expect(await digest()).toBe(before);
    const refused = await report(r.id, "?show=refused");
    expect(refused.total).toBe(6);
    expect(refused.rows.map((x) => x.reason).join("\n")).toMatch(/2015-02-31/);
    const csv = await call(api, "GET", `/v1/admin/imports/runs/${r.id}/export`, { token: admin });
    expect(csv.body.rows).toHaveLength(7);
  });

  it("the real run applies every row, with one audit entry; a second run writes nothing", async () => {
    const ids = await uploadAll([["students.csv", fixture("plain-students.csv")]]);
    const audits = await auditCount();
    const first = await run(ids, { dryRun: false });
    expect(first.status).toBe("applied");
    expect(first.summary).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(await student(300001)).toMatchObject({
      name_first: "Robin",
      dob: "2016-04-09",
      grade: "3",
      gender: "F",
      school_id: 1,
      financial_aid: "free",
      activity_pass: true,
      custodian_emails: ["parent.testwell@example.org"],
      active: true,
    });
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await queryRows<{ after: Record<string, unknown>; actor: string }>(
      db(),
      sql`select after, actor_username as actor from audit_entries
        where action = 'import.students' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ actor: "admin", after: { created: 3, updated: 0, refused: 0 } });

    const before = await digest();
    const again = await run(ids, { dryRun: false });
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await digest()).toBe(before);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("re-import keeps what the file does not carry (financial aid set by an administrator)", async () => {
    await db().execute(sql`update participants set financial_aid = 'reduced' where id = 300002`);
    const content = [
      "student_id,first_name,last_name,birth_date,grade,school",
      "300002,Casey,O'Fixture,2014-05-17,6,WMS",
    ].join("\n");
    const ids = await uploadAll([["students.csv", content]]);
    const r = await run(ids, { dryRun: false });
    expect(r.summary).toMatchObject({ updated: 1 });
    expect(await student(300002)).toMatchObject({
      grade: "6",
      financial_aid: "reduced",
      custodian_emails: ["a.ofixture@example.org", "b.ofixture@example.org"],
    });
  });

  it("refuses an ID that belongs to a community member", async () => {
    const content = "student_id,first_name,last_name,birth_date,grade\n200001,X,Y,2015-01-01,3\n";
    const ids = await uploadAll([["students.csv", content]]);
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("refused");
    expect((await report(r.id)).rows[0]!.reason).toMatch(/community member/);
  });

  it("imports a OneRoster set; the student signs in with the imported birth date and sees the programs of their grade", async () => {
    const ids = await uploadAll(ONEROSTER);
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("applied");
    expect(r.summary).toMatchObject({ created: 2, refused: 0 });
    expect(await student(310001)).toMatchObject({
      dob: "2016-08-20",
      grade: "3",
      gender: "F",
      school_id: 1,
      custodian_emails: ["pat.fixture@example.org"],
    });
    expect(await student(310003)).toBeUndefined();

    const wrong = await call(api, "POST", "/v1/student", {
      body: { studentId: "310001", dob: "2016-08-21" },
    });
    expect(wrong.status).not.toBe(200);
    const token = await studentToken(api, "310001", "2016-08-20");
    const [section] = await queryRows<{ id: string }>(
      db(),
      sql`select s.id from course_sections s join programs p on p.id = s.program_id
        where p.open and p.active and s.active and not s.restrict_to_school
        order by s.id limit 1`,
    );
    await db().execute(
      sql`update course_sections set eligible_grades = '{3}' where id = ${section!.id}`,
    );
    const mine = await call(api, "GET", "/v1/program", { token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(section!.id);
    const kindergarten = await studentToken(api, "310002", "2020-01-05");
    const theirs = await call(api, "GET", "/v1/program", { token: kindergarten });
    expect(JSON.stringify(theirs.body)).not.toContain(section!.id);
  });

  it("a OneRoster dry run's report lists the schools the set adds, and writes none", async () => {
    const orgs = `${fixture("oneroster/orgs.csv")}org-jes,,,Jefferson Elementary,school,JES,org-district\n`;
    const ids = await uploadAll([
      ["users.csv", fixture("oneroster/users.csv")],
      ["orgs.csv", orgs],
      ["demographics.csv", fixture("oneroster/demographics.csv")],
      ["academicSessions.csv", fixture("oneroster/academicSessions.csv")],
    ]);
    const schools = () => queryRows(db(), sql`select short_name from schools order by id`);
    const before = await schools();
    const dry = await run(ids, { dryRun: true });
    const page = await report(dry.id);
    expect(page.schools).toContainEqual({
      kind: "school",
      name: "JES",
      fullName: "Jefferson Elementary",
      outcome: "created",
    });
    expect(await schools()).toEqual(before);
  });

  it("a full export marks students missing from it inactive, keeps them and their registration; they cannot sign in", async () => {
    // 100007 is a demo student with a paid registration.
    const regs = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from registrations where participant_id = 100007`,
        )
      )[0]!.n;
    const regCount = await regs();
    expect(regCount).toBeGreaterThan(0);
    const session = await studentToken(api, "100007");
    const ids = await uploadAll(ONEROSTER);
    const dry = await run(ids, { dryRun: true, full: true });
    const students = (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from participants where kind = 'student' and active`,
      )
    )[0]!.n;
    expect(dry.summary.deactivated).toBe(students - 2);
    const page = await report(dry.id, "?show=changes");
    expect(page.rows[0]).toMatchObject({
      outcome: "deactivated",
      reason: "Missing from the full export.",
    });

    // More than a tenth of the students: applying needs the count confirmed (decision 141).
    expect(page.confirmDeactivations).toBe(students - 2);
    const before = await digest();
    for (const body of [undefined, { confirmDeactivations: students - 3 }]) {
      const refused = await call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, {
        token: admin,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.message).toBe(
        t("admin.imports.confirmDeactivations", { count: students - 2, active: students }),
      );
    }
    expect(await digest()).toBe(before);
    const applied = await call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, {
      token: admin,
      body: { confirmDeactivations: students - 2 },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.summary.deactivated).toBe(students - 2);
    expect(await student(100007)).toMatchObject({ active: false });
    expect(await regs()).toBe(regCount);
    const signIn = await call(api, "POST", "/v1/student", {
      body: { studentId: "100007", dob: "2012-01-15" },
    });
    expect(signIn.status).toBe(401);
    const refresh = await call(api, "POST", "/v1/identity/refresh-token", { token: session });
    expect(refresh.status).not.toBe(200);
    // The one who comes back in a later file is active again.
    const back = await uploadAll([
      [
        "students.csv",
        "student_id,first_name,last_name,birth_date,grade\n100007,Sofia,Martínez,2012-01-15,6\n",
      ],
    ]);
    const r = await run(back, { dryRun: false });
    expect(r.summary).toMatchObject({ updated: 1 });
    expect(await student(100007)).toMatchObject({ active: true });
  });

  it("a full export that marks a tenth or less inactive applies without a confirmation; a one-row one does not", async () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `${340001 + i},New,Student,2014-03-03,5`);
    const added = await uploadAll([
      ["students.csv", `student_id,first_name,last_name,birth_date,grade\n${thirty.join("\n")}\n`],
    ]);
    expect((await run(added, { dryRun: false })).status).toBe("applied");
    const active = await queryRows<{ id: number; dob: string; grade: string }>(
      db(),
      sql`select id, dob::text as dob, coalesce(grade, '6') as grade from participants
        where kind = 'student' and active order by id`,
    );
    const keep = active.slice(0, active.length - Math.floor(active.length / 10));
    const csv =
      "student_id,first_name,last_name,birth_date,grade\n" +
      keep.map((s) => `${s.id},Kept,Student,${s.dob},${s.grade}`).join("\n") +
      "\n";
    const one = await uploadAll([["students.csv", `${csv.split("\n").slice(0, 2).join("\n")}\n`]]);
    const before = await digest();
    const refused = await call(api, "POST", "/v1/admin/imports/students", {
      token: admin,
      body: { files: one, dryRun: false, full: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      t("admin.imports.confirmDeactivations", { count: active.length - 1, active: active.length }),
    );
    expect(await digest()).toBe(before);

    const ids = await uploadAll([["students.csv", csv]]);
    const r = await run(ids, { dryRun: false, full: true });
    expect(r.status).toBe("applied");
    expect(r.summary.deactivated).toBe(active.length - keep.length);
  });

  it("refuses a name longer than the product keeps, naming the row, instead of cutting it", async () => {
    const long = "N".repeat(101);
    const ids = await uploadAll([
      [
        "students.csv",
        `student_id,first_name,last_name,birth_date,grade\n330001,${long},Short,2015-06-06,4\n330002,Fine,${long},2015-06-06,4\n`,
      ],
    ]);
    const before = await digest();
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("refused");
    expect(await digest()).toBe(before);
    const refused = await report(r.id, "?show=refused");
    expect(refused.rows.map((x) => [x.id, x.reason])).toEqual([
      ["330001", t("admin.imports.reason.firstNameTooLong", { max: 100 })],
      ["330002", t("admin.imports.reason.lastNameTooLong", { max: 100 })],
    ]);
  });

  it("applying a dry run five times at once applies it once", async () => {
    const content =
      "student_id,first_name,last_name,birth_date,grade\n320001,Five,Times,2015-06-06,4\n";
    const ids = await uploadAll([["students.csv", content]]);
    const dry = await run(ids, { dryRun: true });
    const audits = await auditCount();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, { token: admin }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await auditCount()).toBe(audits + 1);
    expect(await student(320001)).toMatchObject({ active: true });
  });

  it("the same real import five times at once creates once", async () => {
    const content =
      "student_id,first_name,last_name,birth_date,grade\n320002,Race,Condition,2015-06-06,4\n";
    const ids = await uploadAll([["students.csv", content]]);
    const audits = await auditCount();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/admin/imports/students", {
          token: admin,
          body: { files: ids, dryRun: false },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const created = replies.map((r) => r.body.summary.created).sort();
    expect(created).toEqual([0, 0, 0, 0, 1]);
    expect(await auditCount()).toBe(audits + 1);
  });
});
