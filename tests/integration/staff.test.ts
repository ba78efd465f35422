// Staff calls over HTTP: each instructor and fee owner reads only their own data (spec 02 §6, §7).
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
import {
  InstructorProgramsReply,
  InstructorSectionReply,
  FeeReport,
  MyFeesReply,
} from "@domain/contract/staff";
import {
  addDemoSection,
  addOwnedFee,
  assessDemoFee,
  LONG_QUESTION,
} from "../../district-api/db/seed/staff";
import { pdfText } from "../support/pdf";

let api: TestApi;
let instructor: string;
let instructor2: string;
let feeadmin: string;
let proposer: string;
let student: string;
let guest: string;

async function pdfCall(path: string, token: string, body?: unknown) {
  const res = await fetch(api.baseUrl + path, {
    method: body ? "POST" : "GET",
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    buf: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  api = await startTestApi();
  [instructor, instructor2, feeadmin, proposer, student, guest] = await Promise.all([
    staffToken(api, "instructor"),
    staffToken(api, "instructor2"),
    staffToken(api, "feeadmin"),
    staffToken(api, "proposer"),
    studentToken(api, "100020"),
    guestToken(api),
  ]);
});
afterAll(async () => {
  await api?.close();
});

async function mySections(token: string) {
  const r = await call(api, "GET", "/v1/instructor/program", { token });
  expect(r.status).toBe(200);
  return InstructorProgramsReply.parse(r.body);
}

describe("GET /v1/instructor/program", () => {
  it("lists only the demo instructor's own sections, across two programs, with rosters", async () => {
    const programs = await mySections(instructor);
    expect(programs.length).toBeGreaterThanOrEqual(2);
    const sections = programs.flatMap((p) => p.courseSelections);
    expect(sections.length).toBeGreaterThan(0);
    const [row] = await queryRows<{ n: number }>(
      api.runtime.database.db,
      sql`select count(*)::int as n from course_sections where instructor_employee_id = 'E1001'`,
    );
    expect(sections).toHaveLength(Number(row!.n));
    expect(sections.every((s) => s.instructorName === "Irene Instructor")).toBe(true);
    const watercolor = sections.find((s) => s.course.courseName === "Watercolor Painting")!;
    expect(watercolor.meetingDaysOfWeek).toBe("M\nW");
    expect(watercolor.meetingTimeStart).toBe("15:30");
    expect(watercolor.school?.fullName).toBe("Lincoln High School");
    const active = watercolor.registrations.filter((r) => r.status === null);
    const canceled = watercolor.registrations.filter((r) => r.status !== null);
    const unpaid = active.filter((r) => r.amountDue > 0);
    expect(active.length).toBeGreaterThan(5);
    expect(canceled.length).toBeGreaterThan(0);
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.some((r) => r.amountDue === 45)).toBe(true);
    expect(unpaid.some((r) => r.amountDue === 22.5)).toBe(true);
    const member = watercolor.registrations.find((r) => r.communityMember?.id === 200001);
    expect(member?.communityMember?.guardians[0]).toMatchObject({
      nameFirst: "Casey",
      nameLast: "Rivera",
      relationship: "Spouse",
      phone1: "+12175550101",
    });
    const answered = active.find((r) =>
      r.courseAnswer.some((a) => a.cachedQuestion === LONG_QUESTION),
    );
    expect(answered).toBeDefined();
    expect(watercolor.courseQuestions.map((q) => q.question)).toContain(LONG_QUESTION);
    // Another instructor's section in the same program is not there.
    expect(sections.some((s) => s.course.courseName === "Beginning Guitar")).toBe(false);
    expect(sections.some((s) => !s.active)).toBe(true);
  });

  it("gives the other instructor only theirs", async () => {
    const sections = (await mySections(instructor2)).flatMap((p) => p.courseSelections);
    expect(sections.some((s) => s.course.courseName === "Beginning Guitar")).toBe(true);
    expect(sections.some((s) => s.course.courseName === "Watercolor Painting")).toBe(false);
  });

  it("refuses family tokens, staff without the instructor role, and no token", async () => {
    for (const token of [student, guest, feeadmin]) {
      expect((await call(api, "GET", "/v1/instructor/program", { token })).status).toBe(403);
    }
    expect((await call(api, "GET", "/v1/instructor/program")).status).toBe(401);
  });

  it("counts an expired payment window as canceled", async () => {
    const db = api.runtime.database.db;
    const [sec] = await queryRows<{ id: string }>(
      db,
      sql`select cs.id from course_sections cs join courses c on c.id = cs.course_id
          where c.name = 'Watercolor Painting' and cs.instructor_employee_id = 'E1001'`,
    );
    await db.execute(sql`insert into registrations (course_section_id, participant_id, status, cost_cents, hold_expires_at)
      values (${sec!.id}, 100035, 'pending_payment', 4500, ${new Date(api.clock.now().getTime() + 60_000).toISOString()})`);
    let r = InstructorSectionReply.parse(
      (await call(api, "GET", `/v1/instructor/section/${sec!.id}`, { token: instructor })).body,
    );
    let reg = r.section.registrations.find((x) => x.student?.id === 100035)!;
    expect(reg.status).toBeNull();
    expect(reg.amountDue).toBe(45);
    api.clock.advance(120_000);
    r = InstructorSectionReply.parse(
      (await call(api, "GET", `/v1/instructor/section/${sec!.id}`, { token: instructor })).body,
    );
    reg = r.section.registrations.find((x) => x.student?.id === 100035)!;
    expect(reg.status).toBe("Payment Timeout");
    api.clock.reset();
  });
});

describe("GET /v1/instructor/section/{id}", () => {
  it("answers the instructor's own section and refuses another instructor's", async () => {
    const mine = (await mySections(instructor)).flatMap((p) => p.courseSelections)[0]!;
    const theirs = (await mySections(instructor2)).flatMap((p) => p.courseSelections)[0]!;
    const ok = await call(api, "GET", `/v1/instructor/section/${mine.id}`, { token: instructor });
    expect(ok.status).toBe(200);
    expect(InstructorSectionReply.parse(ok.body).section.id).toBe(mine.id);
    const no = await call(api, "GET", `/v1/instructor/section/${theirs.id}`, { token: instructor });
    expect(no.status).toBe(404);
    expect(no.body.hint).toBeTruthy();
    expect(
      (await call(api, "GET", `/v1/instructor/section/${mine.id}`, { token: student })).status,
    ).toBe(403);
    expect(
      (await call(api, "GET", `/v1/instructor/section/not-a-uuid`, { token: instructor })).status,
    ).toBe(400);
  });
});

describe("POST /v1/instructor/pdfReport", () => {
  it("makes a PDF of the active roster with the names, course, district and date printed", async () => {
    const sections = (await mySections(instructor)).flatMap((p) => p.courseSelections);
    const watercolor = sections.find((s) => s.course.courseName === "Watercolor Painting")!;
    const r = await pdfCall("/v1/instructor/pdfReport", instructor, {
      rosterType: "registration",
      sectionIdList: [watercolor.id],
    });
    expect(r.status).toBe(200);
    expect(r.type).toContain("application/pdf");
    expect(r.buf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(r.buf);
    expect(text).toContain("School District");
    expect(text).toContain("Registration Roster");
    expect(text).toContain("Watercolor Painting");
    expect(text).toMatch(/Printed \w{3} \d{1,2}, \d{4}/);
    const active = watercolor.registrations.filter((x) => x.status === null);
    const canceled = watercolor.registrations.filter((x) => x.status !== null);
    for (const reg of active) {
      const name = reg.student?.nameLast ?? reg.communityMember!.nameLast;
      expect(text).toContain(name);
      expect(text).toContain(String(reg.student?.id ?? reg.communityMember!.id));
    }
    for (const reg of canceled) expect(text).not.toContain(String(reg.student!.id));
    expect(text).toContain("Page 1 of 1");
  });

  it("makes the unpaid PDF with balances, and refuses another instructor's section with a hint", async () => {
    const sections = (await mySections(instructor)).flatMap((p) => p.courseSelections);
    const watercolor = sections.find((s) => s.course.courseName === "Watercolor Painting")!;
    const r = await pdfCall("/v1/instructor/pdfReport", instructor, {
      rosterType: "unpaid",
      sectionIdList: [watercolor.id],
    });
    expect(r.status).toBe(200);
    const text = await pdfText(r.buf);
    expect(text).toContain("Unpaid Registrations");
    expect(text).toContain("$45.00");
    expect(text).toContain("$22.50");
    const paidId = watercolor.registrations.find((x) => x.status === null && x.amountDue === 0)!;
    expect(text).not.toContain(String(paidId.student?.id ?? paidId.communityMember!.id));

    const theirs = (await mySections(instructor2)).flatMap((p) => p.courseSelections)[0]!;
    const refused = await call(api, "POST", "/v1/instructor/pdfReport", {
      token: instructor,
      body: { rosterType: "registration", sectionIdList: [watercolor.id, theirs.id] },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.hint).toBeTruthy();
    const bad = await call(api, "POST", "/v1/instructor/pdfReport", {
      token: instructor,
      body: { rosterType: "everything", sectionIdList: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.hint).toBeTruthy();
    const family = await call(api, "POST", "/v1/instructor/pdfReport", {
      token: student,
      body: { rosterType: "registration", sectionIdList: [watercolor.id] },
    });
    expect(family.status).toBe(403);
  });

  it("paginates a long roster", async () => {
    const db = api.runtime.database.db;
    const [program] = await queryRows<{ id: string }>(db, sql`select id from programs limit 1`);
    const id = await addDemoSection(db, {
      programId: program!.id,
      subject: "PE",
      courseNumber: "200",
      name: "Big Class",
      description: "",
      sectionNumber: "09",
      instructor: "E1004",
      costCents: 0,
      days: ["M"],
      start: "08:00",
      end: "09:00",
      capacity: 100,
    });
    await db.execute(sql`insert into registrations (course_section_id, participant_id, status)
      select ${id}, p.id, 'registered' from participants p`);
    const r = await pdfCall("/v1/instructor/pdfReport", instructor2, {
      rosterType: "registration",
      sectionIdList: [id],
    });
    expect(r.status).toBe(200);
    const text = await pdfText(r.buf);
    expect(text).toMatch(/Page 2 of \d/);
    // The heading row is repeated on the next page.
    expect(text.split("Date Registered").length - 1).toBeGreaterThanOrEqual(2);
  });

  it("prints names in the scripts families write them in (李, Nguyễn, Łukasz)", async () => {
    const db = api.runtime.database.db;
    const [program] = await queryRows<{ id: string }>(db, sql`select id from programs limit 1`);
    const id = await addDemoSection(db, {
      programId: program!.id,
      subject: "LANG",
      courseNumber: "110",
      name: "Mandarin Club 中文",
      description: "",
      sectionNumber: "03",
      instructor: "E1004",
      costCents: 1000,
      days: ["T"],
      start: "15:00",
      end: "16:00",
      capacity: 20,
    });
    await db.execute(sql`insert into participants
      (id, kind, name_first, name_last, dob, grade, gender, emergency_name, emergency_phone)
      values (900001, 'student', 'Nguyễn Łukasz', '李', '2013-04-05', '6', 'M', 'Иван Петров', '5551234'),
             (900002, 'student', 'Thị Hương', 'Nguyễn', '2013-05-06', '6', 'F', '김민준', '5551235')`);
    await db.execute(sql`insert into registrations (course_section_id, participant_id, status)
      select ${id}, p.id, 'registered' from participants p where p.id in (900001, 900002)`);
    const r = await pdfCall("/v1/instructor/pdfReport", instructor2, {
      rosterType: "registration",
      sectionIdList: [id],
    });
    expect(r.status).toBe(200);
    const text = await pdfText(r.buf);
    for (const s of ["李", "Nguyễn", "Łukasz", "Thị Hương", "Иван Петров", "김민준", "中文"]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain("?");
    expect(text).toContain("900001");
  });
});

describe("my fees", () => {
  let ownFee: number;
  let otherFee: number;
  beforeAll(async () => {
    const db = api.runtime.database.db;
    ownFee = await addOwnedFee(db, {
      name: "Robotics Kit",
      amountCents: 4000,
      owners: ["E1003"],
      accountCode: "ROBO-1",
      questions: [{ question: "Team name", responseType: "Free Form" }],
    });
    await assessDemoFee(
      db,
      ownFee,
      [
        { participantId: 100021, paidCents: 4000, answers: ["@Bots"] },
        { participantId: 100022, paidCents: 1500 },
      ],
      4000,
    );
    otherFee = await addOwnedFee(db, { name: "Secret Fee", amountCents: 100, owners: ["E1004"] });
  });

  it("lists the employee's own fees only", async () => {
    const r = await call(api, "GET", "/v1/myFees/", { token: proposer });
    expect(r.status).toBe(200);
    const list = MyFeesReply.parse(r.body);
    expect(list.map((f) => f.name)).toContain("Robotics Kit");
    expect(list.map((f) => f.name)).not.toContain("Secret Fee");
    expect(list.find((f) => f.name === "Robotics Kit")).toMatchObject({
      school: { shortName: "LHS" },
      type: "Enrollment",
    });
    const [n] = await queryRows<{ n: number }>(
      api.runtime.database.db,
      sql`select count(*)::int as n from fee_owners where employee_id = 'E1003'`,
    );
    expect(list).toHaveLength(Number(n!.n));
    const demo = MyFeesReply.parse(
      (await call(api, "GET", "/v1/myFees", { token: instructor })).body,
    );
    expect(demo.map((f) => f.name)).toContain("Art Club Dues");
    expect(demo.map((f) => f.name)).not.toContain("Robotics Kit");
  });

  it("gives the fee report with people, amounts and answers", async () => {
    const r = await call(api, "GET", `/v1/myFees/${ownFee}`, { token: proposer });
    expect(r.status).toBe(200);
    const report = FeeReport.parse(r.body);
    expect(report).toMatchObject({ name: "Robotics Kit", accountCode: "ROBO-1" });
    expect(report.questions.map((q) => q.question)).toEqual(["Team name"]);
    expect(report.assessedFees).toHaveLength(2);
    const paid = report.assessedFees.find((a) => a.person.id === "100021")!;
    expect(paid).toMatchObject({ status: "paid", paid: 40, owed: 0 });
    expect(paid.answers[0]).toMatchObject({ answer: "@Bots", cachedQuestion: "Team name" });
    const partial = report.assessedFees.find((a) => a.person.id === "100022")!;
    expect(partial).toMatchObject({ status: "partial", paid: 15, owed: 25 });
  });

  it("refuses another owner's fee, and says Invalid User to a non-employee", async () => {
    const other = await call(api, "GET", `/v1/myFees/${otherFee}`, { token: proposer });
    expect(other.status).toBe(404);
    expect((await call(api, "GET", `/v1/myFees/999999`, { token: proposer })).status).toBe(404);
    const pdf = await call(api, "GET", `/v1/myFees/pdfReport/${otherFee}`, { token: proposer });
    expect(pdf.status).toBe(404);
    expect(pdf.body.hint).toBeTruthy();
    for (const token of [student, guest]) {
      for (const path of [
        "/v1/myFees/",
        `/v1/myFees/${ownFee}`,
        `/v1/myFees/pdfReport/${ownFee}`,
      ]) {
        const r = await call(api, "GET", path, { token });
        expect(r.status).toBe(403);
        expect(r.body.message).toBe("Invalid User");
      }
    }
    expect((await call(api, "GET", "/v1/myFees/")).status).toBe(401);
    expect((await call(api, "GET", "/v1/myFees/abc", { token: proposer })).status).toBe(400);
  });

  it("makes the fee report PDF", async () => {
    const r = await pdfCall(`/v1/myFees/pdfReport/${ownFee}`, proposer);
    expect(r.status).toBe(200);
    expect(r.buf.subarray(0, 4).toString()).toBe("%PDF");
    const text = await pdfText(r.buf);
    expect(text).toContain("Fee Report: Robotics Kit");
    expect(text).toContain("School District");
    const [p21, p22] = await queryRows<{ name_last: string }>(
      api.runtime.database.db,
      sql`select name_last from participants where id in (100021, 100022) order by id`,
    );
    expect(text).toContain(p21!.name_last);
    expect(text).toContain(p22!.name_last);
    expect(text).toContain("$25.00");
  });
});
