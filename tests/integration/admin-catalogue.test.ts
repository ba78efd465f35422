// Programs, courses and sections over HTTP (decision 120): only a
// district_admin may call them (a matrix, nothing written), bad input is a 400 naming the field
// with nothing written, capacity never goes below the seats taken and a raise offers the seats to
// the waiting list in order, once, whatever the concurrency; a section with registrations is only
// cancelled (its families are told); a copy carries every section and question and nothing of the
// registrations; every change leaves its audit entry and families see it in the program list.
import { readFile } from "node:fs/promises";
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
import { seedStudents } from "../../district-api/db/seed/core";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { ProgramDetail, ProgramPage, Section } from "@domain/contract/admin-catalogue";

let api: TestApi;
let admin: string;
let courseId = "";

beforeAll(async () => {
  api = await startTestApi();
  await seedStudents(api.runtime.deps.db, 120);
  admin = await staffToken(api, "admin");
  const c = await call(api, "POST", "/v1/admin/courses", {
    token: admin,
    body: {
      subject: "ADM",
      courseNumber: "100",
      name: "Pottery",
      description: "Clay.",
      category: null,
    },
  });
  expect(c.status).toBe(201);
  courseId = c.body.id;
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.database.db;
const tokens = new Map<number, string>();
async function student(n: number): Promise<string> {
  let tok = tokens.get(n);
  if (!tok) {
    tok = await studentToken(api, String(100000 + n));
    tokens.set(n, tok);
  }
  return tok;
}

/** What a catalogue call may change: programs, courses, sections, questions, audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(to_jsonb(p)::text, ',' order by id) from programs p), '') ||
      coalesce((select string_agg(to_jsonb(c)::text, ',' order by id) from courses c), '') ||
      coalesce((select string_agg(to_jsonb(s)::text, ',' order by id) from course_sections s), '') ||
      coalesce((select string_agg(to_jsonb(q)::text, ',' order by id) from course_questions q), '') ||
      coalesce((select string_agg(id::text || status, ',' order by id) from registrations), '') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function audits(action: string, entityId?: string) {
  return queryRows<{ before: any; after: any; actor_username: string; entity_id: string }>(
    db(),
    sql`select before, after, actor_username, entity_id from audit_entries
      where action = ${action} and (${entityId ?? null}::text is null or entity_id = ${entityId ?? null})
      order by id`,
  );
}

const programBody = (name: string) => ({
  name,
  open: true,
  active: true,
  oneSectionPerTerm: false,
  requiresSurvey: false,
  allowPartial: false,
  cancellationMessage: null,
  sortOrder: 5,
});

let day = 0;
/** A section body meeting on its own day and hour, so students never have a time conflict. */
function sectionBody(programId: string, over: Record<string, unknown> = {}) {
  day += 1;
  const hour = String(6 + (day % 12)).padStart(2, "0");
  return {
    programId,
    courseId,
    sectionNumber: String(day),
    termId: "2027SU",
    term: "Summer 2027",
    instructorEmployeeId: "E1001",
    schoolId: null,
    restrictToSchool: false,
    capacity: 10,
    waitlistEnabled: true,
    costCents: 2500,
    creditHours: 0.5,
    deliveryMethod: "In Person",
    meetingDays: [["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day % 7]],
    roomNumber: "12",
    dateStart: `2027-0${6 + (day % 3)}-01`,
    dateEnd: `2027-0${6 + (day % 3)}-20`,
    timeStart: `${hour}:00`,
    timeEnd: `${hour}:45`,
    allowCommunity: true,
    eligibleGrades: null,
    timeConflictOverride: true,
    oneSectionPerTermOverride: false,
    notes: null,
    questions: [],
    ...over,
  };
}

async function newProgram(name: string): Promise<string> {
  const r = await call(api, "POST", "/v1/admin/programs", {
    token: admin,
    body: programBody(name),
  });
  expect(r.status).toBe(201);
  return r.body.id;
}
async function newSection(programId: string, over: Record<string, unknown> = {}) {
  const r = await call(api, "POST", "/v1/admin/sections", {
    token: admin,
    body: sectionBody(programId, over),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}
async function readSection(id: string) {
  const r = await call(api, "GET", `/v1/admin/sections/${id}`, { token: admin });
  expect(r.status).toBe(200);
  return Section.parse(r.body);
}
const { programId: _p, ...updateOf } = sectionBody("00000000-0000-4000-8000-000000000000");
void updateOf;
async function putSection(id: string, change: Record<string, unknown>) {
  const s = await readSection(id);
  const {
    id: _i,
    programId: _pr,
    programName: _pn,
    courseName: _cn,
    seatsTaken: _st,
    waiting: _w,
    registrations: _r,
    active: _a,
    ...values
  } = s;
  return call(api, "PUT", `/v1/admin/sections/${id}`, {
    token: admin,
    body: { ...values, ...change },
  });
}

async function regStatus(sectionId: string, n: number) {
  const [row] = await queryRows<{ status: string }>(
    db(),
    sql`select status from registrations where course_section_id = ${sectionId}
      and participant_id = ${100000 + n} order by seq desc limit 1`,
  );
  return row?.status ?? null;
}

describe("who may call the catalogue", () => {
  const id = "11111111-1111-4111-8111-111111111111";
  const calls = () => [
    { method: "GET", path: "/v1/admin/programs" },
    { method: "POST", path: "/v1/admin/programs", body: programBody("Matrix") },
    { method: "GET", path: `/v1/admin/programs/${id}` },
    { method: "PUT", path: `/v1/admin/programs/${id}`, body: { open: false } },
    {
      method: "POST",
      path: `/v1/admin/programs/${id}/copy`,
      body: { name: "Matrix copy", termId: "2028SU", term: "Summer 2028", firstDay: "2028-06-05" },
    },
    { method: "GET", path: "/v1/admin/courses" },
    {
      method: "POST",
      path: "/v1/admin/courses",
      body: { subject: "M", courseNumber: "1", name: "Matrix", description: "", category: null },
    },
    { method: "GET", path: `/v1/admin/courses/${id}` },
    {
      method: "PUT",
      path: `/v1/admin/courses/${id}`,
      body: { subject: "M", courseNumber: "1", name: "Matrix", description: "", category: null },
    },
    { method: "GET", path: "/v1/admin/section-options" },
    { method: "POST", path: "/v1/admin/sections", body: sectionBody(id) },
    { method: "GET", path: `/v1/admin/sections/${id}` },
    { method: "PUT", path: `/v1/admin/sections/${id}`, body: updateOf },
    { method: "POST", path: `/v1/admin/sections/${id}/cancel` },
    { method: "DELETE", path: `/v1/admin/sections/${id}` },
  ];
  const CATALOGUE = /^\/v1\/admin\/(programs|courses|sections|section-options)/;

  it("the matrix covers every catalogue route, each for administrators only", () => {
    const routes = ENDPOINTS.filter((r) => CATALOGUE.test(r.path));
    expect(
      calls()
        .map((c) => `${c.method} ${c.path.replace(id, ":id")}`)
        .sort(),
    ).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "catalogue-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of calls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });
});

describe("programs", () => {
  it("are created, listed, searched, changed key by key, and families see the change", async () => {
    const id = await newProgram("Winter Pottery");
    const [created] = await audits("program.create", id);
    expect(created!.after).toMatchObject({ name: "Winter Pottery", open: true, sortOrder: 5 });
    expect(created!.actor_username).toBe("admin");

    const list = ProgramPage.parse(
      (await call(api, "GET", "/v1/admin/programs?q=pottery", { token: admin })).body,
    );
    expect(list.programs.map((p) => p.name)).toEqual(["Winter Pottery"]);
    expect(list.pageSize).toBe(50);

    await newSection(id);
    const family = async () =>
      (
        (await call(api, "GET", "/v1/program", { token: await student(30) })).body as {
          name: string;
        }[]
      ).map((p) => p.name);
    expect(await family()).toContain("Winter Pottery");

    const r = await call(api, "PUT", `/v1/admin/programs/${id}`, {
      token: admin,
      body: { name: "Winter Ceramics", open: true, cancellationMessage: "Call us." },
    });
    expect(r.status).toBe(200);
    expect(r.body.changed.sort()).toEqual(["cancellationMessage", "name"]);
    const [changed] = await audits("program.update", id);
    expect(changed!.before).toEqual({ name: "Winter Pottery", cancellationMessage: null });
    expect(changed!.after).toEqual({ name: "Winter Ceramics", cancellationMessage: "Call us." });
    // The family list is cached by catalogue version: the change is seen at once.
    expect(await family()).toContain("Winter Ceramics");

    // Saving the same values records nothing.
    const same = await call(api, "PUT", `/v1/admin/programs/${id}`, {
      token: admin,
      body: { name: "Winter Ceramics", open: true },
    });
    expect(same.body.changed).toEqual([]);
    expect(await audits("program.update", id)).toHaveLength(1);

    // Closing hides it from families; retiring keeps it in the list, last.
    await call(api, "PUT", `/v1/admin/programs/${id}`, { token: admin, body: { open: false } });
    expect(await family()).not.toContain("Winter Ceramics");
  });

  it("refuse bad input naming the field, writing nothing", async () => {
    const before = await digest();
    const bad: [unknown, string][] = [
      [{ ...programBody(""), name: "" }, "name"],
      [{ ...programBody("X"), sortOrder: -1 }, "sortOrder"],
      [{ ...programBody("X"), open: "yes" }, "open"],
      [{ ...programBody("X"), extra: 1 }, ""],
    ];
    for (const [body, field] of bad) {
      const r = await call(api, "POST", "/v1/admin/programs", { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.hint).toContain(field);
    }
    const r = await call(api, "PUT", "/v1/admin/programs/not-a-uuid", { token: admin, body: {} });
    expect(r.status).toBe(400);
    expect(await digest()).toBe(before);
  });
});

describe("courses", () => {
  const body = {
    subject: "ADM",
    courseNumber: "100",
    name: "Pottery",
    description: "Clay.",
    category: null,
  };
  it("are changed key by key, a save that changes nothing records nothing", async () => {
    const changed = await call(api, "PUT", `/v1/admin/courses/${courseId}`, {
      token: admin,
      body: { ...body, name: "Pottery and glazes", category: "Arts" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.changed.sort()).toEqual(["category", "name"]);
    const read = await call(api, "GET", `/v1/admin/courses/${courseId}`, { token: admin });
    expect(read.body).toMatchObject({ name: "Pottery and glazes", category: "Arts" });
    const entries = await audits("course.update", courseId);
    expect(entries.at(-1)!.before).toEqual({ name: "Pottery", category: null });
    expect(entries.at(-1)!.after).toEqual({ name: "Pottery and glazes", category: "Arts" });
    const again = await call(api, "PUT", `/v1/admin/courses/${courseId}`, {
      token: admin,
      body: { ...body, name: "Pottery and glazes", category: "Arts" },
    });
    expect(again.body.changed).toEqual([]);
    expect(await audits("course.update", courseId)).toHaveLength(entries.length);
    await call(api, "PUT", `/v1/admin/courses/${courseId}`, { token: admin, body });
  });
  it("refuse bad input naming the field, writing nothing", async () => {
    const before = await digest();
    const bad: [unknown, string][] = [
      [{ ...body, name: "" }, "name"],
      [{ ...body, subject: "x".repeat(21) }, "subject"],
      [{ ...body, description: "a\u0000b" }, "description"],
      [{ ...body, extra: 1 }, ""],
    ];
    for (const [b, field] of bad) {
      const r = await call(api, "PUT", `/v1/admin/courses/${courseId}`, { token: admin, body: b });
      expect(r.status).toBe(400);
      expect(r.body.hint).toContain(field);
    }
    const missing = await call(
      api,
      "PUT",
      "/v1/admin/courses/00000000-0000-4000-8000-000000000000",
      {
        token: admin,
        body,
      },
    );
    expect(missing.status).toBe(404);
    expect(await digest()).toBe(before);
  });
});

describe("sections", () => {
  it("refuse impossible dates and broken rules, naming the field, writing nothing", async () => {
    const programId = await newProgram("Rules");
    const before = await digest();
    const bad: [Record<string, unknown>, string][] = [
      [{ dateStart: "2027-02-31" }, "dateStart"],
      [{ dateEnd: "2027-13-01" }, "dateEnd"],
      [{ dateStart: "2027-08-01", dateEnd: "2027-07-01" }, "dateEnd"],
      [{ timeStart: "25:00" }, "timeStart"],
      [{ timeEnd: null }, "timeEnd"],
      [{ capacity: -1 }, "capacity"],
      [{ capacity: 1.5 }, "capacity"],
      [{ costCents: 12.5 }, "costCents"],
      [{ deliveryMethod: "Carrier pigeon" }, "deliveryMethod"],
      [{ meetingDays: ["Mon", "Mon"] }, "meetingDays"],
      [{ courseId: "22222222-2222-4222-8222-222222222222" }, "courseId"],
      [{ schoolId: 999 }, "schoolId"],
      [{ instructorEmployeeId: "NOBODY" }, "instructorEmployeeId"],
      [
        {
          questions: [
            { question: "Sign", responseType: "Waiver", answerList: [], sortOrder: 1 },
            { question: "Again", responseType: "Waiver", answerList: [], sortOrder: 2 },
          ],
        },
        "questions.1.responseType",
      ],
      [
        {
          questions: [
            { question: "Size?", responseType: "Value List", answerList: [], sortOrder: 1 },
          ],
        },
        "questions.0.answerList",
      ],
    ];
    for (const [over, field] of bad) {
      const r = await call(api, "POST", "/v1/admin/sections", {
        token: admin,
        body: sectionBody(programId, over),
      });
      expect(`${JSON.stringify(over)} → ${r.status}`).toBe(`${JSON.stringify(over)} → 400`);
      expect(r.body.hint).toContain(field);
    }
    expect(await digest()).toBe(before);
  });

  it("keep every field and their questions, and audit each question change", async () => {
    const programId = await newProgram("Fields");
    const id = await newSection(programId, {
      schoolId: 1,
      restrictToSchool: true,
      eligibleGrades: ["5", "6"],
      meetingDays: ["Mon", "Wed"],
      notes: "Bring an apron.",
      questions: [
        {
          question: "T-shirt size?",
          responseType: "Value List",
          answerList: ["S", "M"],
          sortOrder: 1,
        },
        { question: "Allergies?", responseType: "Free Form", answerList: [], sortOrder: 2 },
      ],
    });
    const s = await readSection(id);
    expect(s).toMatchObject({
      schoolId: 1,
      restrictToSchool: true,
      eligibleGrades: ["5", "6"],
      meetingDays: ["Mon", "Wed"],
      creditHours: 0.5,
      costCents: 2500,
      notes: "Bring an apron.",
      instructorEmployeeId: "E1001",
    });
    expect(s.questions.map((q) => q.question)).toEqual(["T-shirt size?", "Allergies?"]);
    expect(await audits("course-question.create")).toHaveLength(2);

    const [first] = s.questions;
    const r = await putSection(id, {
      roomNumber: "14",
      questions: [{ ...first!, answerList: ["S", "M", "L"] }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.changed).toEqual(["roomNumber"]);
    const after = await readSection(id);
    expect(after.questions).toEqual([{ ...first!, answerList: ["S", "M", "L"] }]);
    const [upd] = await audits("section.update", id);
    expect(upd).toMatchObject({ before: { roomNumber: "12" }, after: { roomNumber: "14" } });
    expect(await audits("course-question.update", String(first!.id))).toHaveLength(1);
    expect(await audits("course-question.delete")).toHaveLength(1);
    // A question of another section cannot be edited through this one.
    const other = await newSection(programId, {
      questions: [{ question: "Other?", responseType: "Free Form", answerList: [], sortOrder: 1 }],
    });
    const otherQ = (await readSection(other)).questions[0]!;
    const before = await digest();
    const wrong = await putSection(id, { questions: [otherQ] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.hint).toContain("questions.0.id");
    expect(await digest()).toBe(before);
  });

  it("capacity cannot go below the seats taken; a raise offers the first waiting in order, once", async () => {
    const programId = await newProgram("Capacity");
    const id = await newSection(programId, { capacity: 1 });
    expect(
      (await call(api, "POST", `/v1/register/${id}`, { token: await student(40), body: {} }))
        .status,
    ).toBe(200);
    for (const n of [41, 42, 43]) {
      const w = await call(api, "POST", `/v1/register/waitlist/${id}`, {
        token: await student(n),
        body: { activeCourse: { status: "waitlist" } },
      });
      expect(w.status).toBe(200);
    }
    const before = await digest();
    const low = await putSection(id, { capacity: 0 });
    expect(low.status).toBe(400);
    expect(low.body.hint).toContain("capacity");
    expect(low.body.hint).toContain("1 seats");
    expect(await digest()).toBe(before);

    const mailBefore = (await api.outbox()).length;
    const r = await putSection(id, { capacity: 2 });
    expect(r.status).toBe(200);
    expect(r.body.offered).toBe(1);
    expect(await regStatus(id, 41)).toBe("offered");
    expect(await regStatus(id, 42)).toBe("waitlisted");
    const mail = (await api.outbox({ atLeast: mailBefore + 1 })).slice(mailBefore);
    expect(mail.map((m) => m.to)).toEqual(["student100041@example.org"]);

    // Five raises to 3 at once: one seat, offered once, to the next in line; one audit entry.
    const five = await Promise.all(
      Array.from({ length: 5 }, () => putSection(id, { capacity: 3 })),
    );
    expect(five.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
    expect(five.reduce((sum, x) => sum + (x.body.offered as number), 0)).toBe(1);
    expect(await regStatus(id, 42)).toBe("offered");
    expect(await regStatus(id, 43)).toBe("waitlisted");
    const [row] = await queryRows<{ seats_taken: number; capacity: number }>(
      db(),
      sql`select seats_taken, capacity from course_sections where id = ${id}`,
    );
    expect(row).toEqual({ seats_taken: 3, capacity: 3 });
    const updates = await audits("section.update", id);
    expect(updates.map((u) => u.after)).toEqual([{ capacity: 2 }, { capacity: 3 }]);
  });

  it("every section of the demo data opens in the administration, its days in one spelling", async () => {
    const ids = await queryRows<{ id: string }>(
      db(),
      sql`select id::text as id from course_sections order by id`,
    );
    expect(ids.length).toBeGreaterThan(10);
    for (const { id } of ids) {
      const r = await call(api, "GET", `/v1/admin/sections/${id}`, { token: admin });
      expect(r.status).toBe(200);
      expect(Section.safeParse(r.body).error?.issues ?? [], id).toEqual([]);
    }
  });

  it("migration 0022 spells every known day as the form does and keeps what names no day", async () => {
    const programId = await newProgram("Day spellings");
    const id = await newSection(programId, {});
    await db().execute(
      sql`update course_sections set meeting_days = '{M,Th,R,sunday,xx}' where id = ${id}`,
    );
    const body = await readFile(
      new URL("../../district-api/db/migrations/0022_week_days.sql", import.meta.url),
      "utf8",
    );
    await db().execute(sql.raw(body));
    const [row] = await queryRows<{ days: string[] }>(
      db(),
      sql`select meeting_days as days from course_sections where id = ${id}`,
    );
    expect(row!.days).toEqual(["Mon", "Thu", "Thu", "Sun", "xx"]);
    // The district API reads each day once, and leaves out what names none.
    const r = await call(api, "GET", `/v1/admin/sections/${id}`, { token: admin });
    expect(r.body.meetingDays).toEqual(["Mon", "Thu", "Sun"]);
  });

  it("with registrations is not deleted, only cancelled, and its families are told", async () => {
    const programId = await newProgram("Cancelling");
    const id = await newSection(programId, { capacity: 1 });
    await call(api, "POST", `/v1/register/${id}`, { token: await student(50), body: {} });
    await call(api, "POST", `/v1/register/waitlist/${id}`, {
      token: await student(51),
      body: { activeCourse: { status: "waitlist" } },
    });
    const before = await digest();
    const del = await call(api, "DELETE", `/v1/admin/sections/${id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/registrations/);
    expect(await digest()).toBe(before);

    const mailBefore = (await api.outbox()).length;
    const c = await call(api, "POST", `/v1/admin/sections/${id}/cancel`, { token: admin });
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ cancelled: 2, told: 2, refunds: 0 });
    expect(await regStatus(id, 50)).toBe("cancelled");
    expect(await regStatus(id, 51)).toBe("cancelled");
    const mail = (await api.outbox({ atLeast: mailBefore + 2 })).slice(mailBefore);
    expect(mail.map((m) => m.to).sort()).toEqual([
      "student100050@example.org",
      "student100051@example.org",
    ]);
    expect(mail[0]!.subject).toBe("Pottery has been cancelled");
    const [audit] = await audits("section.cancel", id);
    expect(audit!.before).toEqual({ active: true, registrations: 2 });
    // The cancelled section still reads, in the contract's shape (the cancel page reads it again).
    const read = await call(api, "GET", `/v1/admin/sections/${id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(Section.parse(read.body)).toMatchObject({ active: false, registrations: 0 });
    expect(
      (await call(api, "POST", `/v1/admin/sections/${id}/cancel`, { token: admin })).status,
    ).toBe(409);
    expect((await putSection(id, { capacity: 5 })).status).toBe(409);

    // A section nobody registered in is deleted, with its questions.
    const empty = await newSection(programId, {
      questions: [{ question: "Why?", responseType: "Free Form", answerList: [], sortOrder: 1 }],
    });
    expect(
      (await call(api, "DELETE", `/v1/admin/sections/${empty}`, { token: admin })).status,
    ).toBe(204);
    expect((await call(api, "GET", `/v1/admin/sections/${empty}`, { token: admin })).status).toBe(
      404,
    );
    const [gone] = await audits("section.delete", empty);
    expect(gone!.before.questions).toEqual(["Why?"]);
  });
});

describe("copying a program to a new term", () => {
  it("carries every active section and question, shifts the dates, and no registration", async () => {
    const programId = await newProgram("Copy Source");
    const a = await newSection(programId, {
      dateStart: "2027-06-07",
      dateEnd: "2027-06-18",
      questions: [
        { question: "Size?", responseType: "Value List", answerList: ["S", "M"], sortOrder: 1 },
        { question: "Sign here", responseType: "Waiver", answerList: [], sortOrder: 2 },
      ],
    });
    const b = await newSection(programId, {
      dateStart: "2027-07-05",
      dateEnd: "2027-07-30",
      capacity: 1,
    });
    const dropped = await newSection(programId, { dateStart: "2027-05-01", dateEnd: "2027-05-02" });
    await call(api, "POST", `/v1/admin/sections/${dropped}/cancel`, { token: admin });
    expect(
      (await call(api, "POST", `/v1/register/${b}`, { token: await student(60), body: {} })).status,
    ).toBe(200);
    expect(
      (
        await call(api, "POST", `/v1/register/waitlist/${b}`, {
          token: await student(61),
          body: { activeCourse: { status: "waitlist" } },
        })
      ).status,
    ).toBe(200);

    const body = {
      name: "Copy Target",
      termId: "2028SU",
      term: "Summer 2028",
      firstDay: "2028-06-05",
    };
    const five = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", `/v1/admin/programs/${programId}/copy`, { token: admin, body }),
      ),
    );
    expect(five.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const made = five.find((r) => r.status === 201)!.body;
    expect(made).toMatchObject({ sections: 2, questions: 2 });

    const detail = ProgramDetail.parse(
      (await call(api, "GET", `/v1/admin/programs/${made.programId}`, { token: admin })).body,
    );
    expect(detail.program).toMatchObject({ name: "Copy Target", open: false, active: true });
    expect(detail.sections).toHaveLength(2);
    for (const s of detail.sections) {
      expect(s).toMatchObject({ termId: "2028SU", term: "Summer 2028", seatsTaken: 0, waiting: 0 });
    }
    const copies = await Promise.all(detail.sections.map((s) => readSection(s.id)));
    const byStart = copies.sort((x, y) => x.dateStart.localeCompare(y.dateStart));
    // 2027-06-07 → 2028-06-05 is 364 days; every date moves by as much.
    expect(byStart.map((s) => [s.dateStart, s.dateEnd])).toEqual([
      ["2028-06-05", "2028-06-16"],
      ["2028-07-03", "2028-07-28"],
    ]);
    expect(byStart[0]!.questions.map((q) => [q.question, q.responseType, q.answerList])).toEqual([
      ["Size?", "Value List", ["S", "M"]],
      ["Sign here", "Waiver", []],
    ]);
    const original = await readSection(a);
    const {
      id: _x,
      programId: _y,
      programName: _z,
      seatsTaken: _s,
      registrations: _r,
      questions: _q,
      dateStart: _d1,
      dateEnd: _d2,
      termId: _t1,
      term: _t2,
      ...same
    } = original;
    const {
      id: _x2,
      programId: _y2,
      programName: _z2,
      seatsTaken: _s2,
      registrations: _r2,
      questions: _q2,
      dateStart: _d3,
      dateEnd: _d4,
      termId: _t3,
      term: _t4,
      ...copied
    } = byStart[0]!;
    expect(copied).toEqual(same);
    const [regs] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from registrations r join course_sections s on s.id = r.course_section_id
        where s.program_id = ${made.programId}`,
    );
    expect(regs!.n).toBe(0);
    const [audit] = await audits("program.copy", made.programId);
    expect(audit!.after).toMatchObject({ ...body, sections: 2, questions: 2 });
    expect(await audits("program.copy")).toHaveLength(1);
  });

  it("refuses a bad term or day naming the field, writing nothing", async () => {
    const programId = await newProgram("Copy Rules");
    await newSection(programId);
    const before = await digest();
    const cases: [Record<string, string>, string][] = [
      [{ firstDay: "2028-02-30" }, "firstDay"],
      [{ termId: "" }, "termId"],
      [{ name: "" }, "name"],
    ];
    for (const [over, field] of cases) {
      const r = await call(api, "POST", `/v1/admin/programs/${programId}/copy`, {
        token: admin,
        body: { name: "X", termId: "T", term: "Term", firstDay: "2028-06-01", ...over },
      });
      expect(r.status).toBe(400);
      expect(r.body.hint).toContain(field);
    }
    expect(await digest()).toBe(before);
  });
});
