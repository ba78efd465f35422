// The catalogue import over HTTP (decision 129): only a district_admin may call
// it; a dry run changes nothing but its report; a real run applies every row or none, and a second
// run of the same file writes nothing (no audit entry); an imported section is in the family
// program list for its grade and can be registered for; capacity never drops below the seats
// taken; a raise offers the new seat to the waiting list; "Apply" of a dry run dispatches on the
// run's kind; nothing is ever deleted.
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
import { ImportRunPage } from "@domain/contract/admin-imports";

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

/** Everything a catalogue import may change: programs, courses, sections, registrations, audit. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(to_jsonb(p)::text, ',' order by id) from programs p), '') ||
      coalesce((select string_agg(to_jsonb(c)::text, ',' order by id) from courses c), '') ||
      coalesce((select string_agg(to_jsonb(s)::text, ',' order by id) from course_sections s), '') ||
      coalesce((select string_agg(id::text || status, ',' order by id) from registrations), '') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function upload(name: string, content: string, token = admin) {
  const r = await fetch(`${api.baseUrl}/v1/admin/imports/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
    body: content,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function uploaded(name: string, content: string): Promise<string> {
  const r = await upload(name, content);
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function run(file: string, dryRun: boolean) {
  const r = await call(api, "POST", "/v1/admin/imports/catalogue", {
    token: admin,
    body: { files: [file], dryRun },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string; summary: Record<string, number> };
}

async function report(id: string) {
  const r = await call(api, "GET", `/v1/admin/imports/runs/${id}`, { token: admin });
  expect(r.status).toBe(200);
  return ImportRunPage.parse(r.body);
}

async function section(code: string) {
  const [row] = await queryRows<{
    id: string;
    capacity: number;
    cost_cents: number;
    meeting_days: string[];
    eligible_grades: string[] | null;
    program_open: boolean;
    time_start: string;
  }>(
    db(),
    sql`select s.id, s.capacity, s.cost_cents, s.meeting_days, s.eligible_grades,
        p.open as program_open, to_char(s.time_start, 'HH24:MI') as time_start
      from course_sections s join programs p on p.id = s.program_id where s.source_key = ${code}`,
  );
  return row;
}

async function audits() {
  return queryRows<{ after: Record<string, unknown> }>(
    db(),
    sql`select after from audit_entries where action = 'import.catalogue' order by id`,
  );
}

const HEADER =
  "program_code,program_name,section_code,subject,course_number,course_name,section_number,term_id,term,date_start,date_end,capacity,price,grades";

describe("the catalogue import", () => {
  it("is for district_admin only (403 for everyone else, 401 without a token), and writes nothing", async () => {
    const file = await uploaded("catalogue.csv", fixture("catalogue.csv"));
    const before = await digest();
    for (const [who, token, status] of [
      ["student", await studentToken(api, "100021"), 403],
      ["guest", await guestToken(api, "catimport-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["business office", await staffToken(api, "office"), 403],
      ["nobody", undefined, 401],
    ] as const) {
      const r = await call(api, "POST", "/v1/admin/imports/catalogue", {
        token,
        body: { files: [file], dryRun: false },
      });
      expect(r.status, who).toBe(status);
    }
    expect(await digest()).toBe(before);
  });

  it("refuses a body or a file that is wrong with a 400 naming it, writing nothing", async () => {
    const before = await digest();
    const noFile = await call(api, "POST", "/v1/admin/imports/catalogue", {
      token: admin,
      body: { files: [], dryRun: true },
    });
    expect(noFile.status).toBe(400);
    const missing = await uploaded("missing.csv", "program_code,section_code\nP,S\n");
    const r = await call(api, "POST", "/v1/admin/imports/catalogue", {
      token: admin,
      body: { files: [missing], dryRun: true },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/program_name/);
    expect(await digest()).toBe(before);
  });

  it("a dry run reports per row and changes nothing but its report", async () => {
    const file = await uploaded("catalogue.csv", fixture("catalogue.csv"));
    const before = await digest();
    const r = await run(file, true);
    expect(r.status).toBe("dry-run");
    // Two programs, two new courses, three sections.
    expect(r.summary).toMatchObject({ created: 7, updated: 0, refused: 0 });
    expect(await digest()).toBe(before);
    const page = await report(r.id);
    expect(page.rows.map((x) => x.id)).toEqual([
      "SPRING-ROBOT",
      "ROB 101",
      "ROBO-101-A",
      "ROBO-101-B",
      "SPRING-CHESS",
      "CHS 1",
      "CHESS-1",
    ]);
  });

  it("a file with refused rows applies nothing; the report gives every reason", async () => {
    const file = await uploaded("catalogue-refused.csv", fixture("catalogue-refused.csv"));
    const before = await digest();
    const r = await run(file, false);
    expect(r.status).toBe("refused");
    expect(r.summary.refused).toBe(7);
    expect(await digest()).toBe(before);
    const reasons = (await report(r.id)).rows.map((x) => `${x.line} ${x.reason}`).join("\n");
    for (const bit of [
      /^2 date_start: Enter a real date/m,
      /^3 .*date_end: The end date cannot be before the start date/m,
      /^3 .*price: /m,
      /^4 .*meeting_days: The meeting day "Funday"/m,
      /^4 .*grades: The grade "13"/m,
      /^4 .*school: The school "Nowhere High" is unknown/m,
      /^4 .*instructor: /m,
      /^5 section_code: The code is missing/m,
      /^6 section_code: The section is already on line 2/m,
      /^7 course_name: /m,
      /^8 .*capacity: Capacity must be/m,
    ]) {
      expect(reasons).toMatch(bit);
    }
  });

  it("applies every row with one audit entry; a second run of the same file changes nothing and records nothing", async () => {
    const file = await uploaded("catalogue.csv", fixture("catalogue.csv"));
    const r = await run(file, false);
    expect(r.status).toBe("applied");
    expect(r.summary).toMatchObject({ created: 7, refused: 0 });
    const a = await section("ROBO-101-A");
    expect(a).toMatchObject({
      capacity: 12,
      cost_cents: 8500,
      meeting_days: ["Mon", "Wed"],
      eligible_grades: ["3", "4", "5"],
      program_open: true,
    });
    expect((await section("ROBO-101-B"))!.time_start).toBe("15:30");
    expect((await section("CHESS-1"))!.program_open).toBe(false);
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ created: 7, updated: 0, sections: 3, programs: 2 });

    const before = await digest();
    const again = await run(await uploaded("catalogue.csv", fixture("catalogue.csv")), false);
    expect(again.status).toBe("applied");
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 5, refused: 0 });
    expect(await digest()).toBe(before);
    expect(await audits()).toHaveLength(1);
  });

  it("an imported section is in the program list of its grade and can be registered for", async () => {
    const a = (await section("ROBO-101-A"))!;
    // Demo student 100030 is in grade 3, 100039 in grade 12.
    const third = await studentToken(api, "100030");
    const list = await call(api, "GET", "/v1/program", { token: third });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(a.id);
    const senior = await studentToken(api, "100039");
    expect(
      JSON.stringify((await call(api, "GET", "/v1/program", { token: senior })).body),
    ).not.toContain(a.id);
    const reg = await call(api, "POST", `/v1/register/${a.id}`, { token: third, body: {} });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const [seats] = await queryRows<{ seats_taken: number }>(
      db(),
      sql`select seats_taken from course_sections where id = ${a.id}`,
    );
    expect(Number(seats!.seats_taken)).toBe(1);
  });

  it("never lowers capacity below the seats taken, and never deletes: a section missing from the file stays", async () => {
    const a = (await section("ROBO-101-A"))!;
    await db().execute(sql`update course_sections set seats_taken = 5 where id = ${a.id}`);
    const csv = `${HEADER}\nSPRING-ROBOT,Spring Robotics Club,ROBO-101-A,ROB,101,Robot Builders,A,2027-SP,Spring 2027,2027-02-01,2027-05-14,4,85,3;4;5\n`;
    const before = await digest();
    const r = await run(await uploaded("lower.csv", csv), false);
    expect(r.status).toBe("refused");
    expect((await report(r.id)).rows[0]!.reason).toBe(
      "capacity: Capacity cannot be below the 5 seats already taken.",
    );
    expect(await digest()).toBe(before);

    // The same program with only one of its sections: the others stay as they are.
    const keep = `${HEADER}\nSPRING-ROBOT,Spring Robotics Club,ROBO-101-A,ROB,101,Robot Builders,A,2027-SP,Spring 2027,2027-02-01,2027-05-14,14,85,3;4;5\n`;
    const ok = await run(await uploaded("keep.csv", keep), false);
    expect(ok.status).toBe("applied");
    expect(ok.summary).toMatchObject({ updated: 1, unchanged: 1, created: 0 });
    expect((await section("ROBO-101-A"))!.capacity).toBe(14);
    expect(await section("ROBO-101-B")).toBeDefined();
    expect(await section("CHESS-1")).toBeDefined();
    await db().execute(sql`update course_sections set seats_taken = 1 where id = ${a.id}`);
  });

  it("a capacity raise offers the new seat to the first person waiting", async () => {
    const code = "FULL-1";
    const make = (capacity: number) =>
      `${HEADER}\nSPRING-FULL,Spring Full Club,${code},ROB,101,Robot Builders,A,2027-SP,Spring 2027,2027-02-01,2027-05-14,${capacity},0,\n`;
    expect((await run(await uploaded("full.csv", make(1)), false)).status).toBe("applied");
    const id = (await section(code))!.id;
    const first = await studentToken(api, "100031");
    expect((await call(api, "POST", `/v1/register/${id}`, { token: first, body: {} })).status).toBe(
      200,
    );
    const waiting = await studentToken(api, "100032");
    const w = await call(api, "POST", `/v1/register/waitlist/${id}`, {
      token: waiting,
      body: { activeCourse: { status: "waitlist" } },
    });
    expect(w.status).toBe(200);
    const r = await run(await uploaded("full.csv", make(2)), false);
    expect(r.summary).toMatchObject({ updated: 1 });
    const rows = await queryRows<{ participant_id: number; status: string }>(
      db(),
      sql`select participant_id, status from registrations where course_section_id = ${id}
        order by participant_id`,
    );
    expect(rows).toEqual([
      { participant_id: 100031, status: "registered" },
      { participant_id: 100032, status: "registered" },
    ]);
  });

  it("applies a dry run through /runs/:id/apply, once, even five at once", async () => {
    const csv = `${HEADER}\nSUMMER-ART,Summer Art,ART-1,ART,1,Drawing,1,2027-SU,Summer 2027,2027-06-01,2027-06-30,10,25,\n`;
    const dry = await run(await uploaded("art.csv", csv), true);
    expect(dry.status).toBe("dry-run");
    expect(await section("ART-1")).toBeUndefined();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, { token: admin }),
      ),
    );
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(new Set(replies.map((x) => x.body.id)).size).toBe(1);
    expect(replies[0]!.body.status).toBe("applied");
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from course_sections where source_key = 'ART-1'`,
    );
    expect(Number(n!.n)).toBe(1);
    const student = await call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, {
      token: await staffToken(api, "instructor"),
    });
    expect(student.status).toBe(403);
  });

  it("the same real import five times at once creates once, with one audit entry", async () => {
    const csv = `${HEADER}\nCONCUR,Concurrent Club,CONCUR-1,ART,1,Drawing,9,2027-SU,Summer 2027,2027-06-01,2027-06-30,10,25,\n`;
    const files = await Promise.all(Array.from({ length: 5 }, () => uploaded("concur.csv", csv)));
    const audited = (await audits()).length;
    const replies = await Promise.all(
      files.map((file) =>
        call(api, "POST", "/v1/admin/imports/catalogue", {
          token: admin,
          body: { files: [file], dryRun: false },
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(replies.filter((r) => r.body.summary.created > 0)).toHaveLength(1);
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from course_sections where source_key = 'CONCUR-1'`,
    );
    expect(Number(n!.n)).toBe(1);
    expect(await audits()).toHaveLength(audited + 1);
  });

  it("adopts a program made in the product by its name instead of making a second one", async () => {
    const made = await call(api, "POST", "/v1/admin/programs", {
      token: admin,
      body: {
        name: "Made By Hand",
        open: true,
        active: true,
        oneSectionPerTerm: false,
        requiresSurvey: false,
        allowPartial: false,
        cancellationMessage: null,
        sortOrder: 0,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const csv = `${HEADER}\nHAND,Made By Hand,HAND-1,ART,1,Drawing,2,2027-SU,Summer 2027,2027-06-01,2027-06-30,10,25,\n`;
    const r = await run(await uploaded("hand.csv", csv), false);
    expect(r.summary).toMatchObject({ updated: 1, created: 1 });
    const [p] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from programs where name = 'Made By Hand'`,
    );
    expect(Number(p!.n)).toBe(1);
  });
});
