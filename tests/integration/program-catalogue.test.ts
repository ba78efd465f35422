// GET /v1/program keeps its catalogue part (programs, courses, sections except seats, questions,
// schools, settings texts) in memory while the catalogue's version stays the same (decision 094).
// Every write to those tables, including plain SQL from a script, a seed or another API process,
// must be seen by the next call; seats are never cached, and a seat change leaves the catalogue's
// version alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { call, startTestApi, studentToken, usingPostgres, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";

let api: TestApi;
let token = "";
let programId = "";
let courseId = "";
let sectionId = "";

const db = () => api.runtime.deps.db;

beforeAll(async () => {
  api = await startTestApi();
  token = await studentToken(api);
  const [program] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, sort_order) values ('Cache Test Program', 90) returning id`,
  );
  programId = program!.id;
  const [created] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name, description)
        values ('CCH', '100', 'Cache Course', 'First description') returning id`,
  );
  courseId = created!.id;
  sectionId = await addSection("01");
});
afterAll(async () => {
  await api?.close();
});

async function addSection(number: string): Promise<string> {
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          meeting_days, date_start, date_end, time_start, time_end, cost_cents)
        values (${programId}, ${courseId}, ${number}, 'CC27', 'Cache Term', 10, '{M}',
          '2027-06-07', '2027-07-16', '06:00', '06:30', 1000)
        returning id`,
  );
  return s!.id;
}

async function list(scope?: "registrations") {
  const r = await call(api, "GET", `/v1/program${scope ? `?scope=${scope}` : ""}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    programUUID: string;
    name: string;
    courses: Record<string, any>[];
  }[];
}

async function course(id = sectionId) {
  return (await list()).flatMap((p) => p.courses).find((c) => c.courseSelectionUUID === id);
}

async function version(): Promise<string> {
  const [v] = await queryRows<{ version: string }>(
    db(),
    sql`select version::text as version from catalog_version`,
  );
  return v!.version;
}

describe("GET /v1/program sees plain SQL writes to each cached table", () => {
  it("programs", async () => {
    expect((await course())!.programName).toBe("Cache Test Program");
    await db().execute(sql`update programs set name = 'Renamed Program' where id = ${programId}`);
    expect((await course())!.programName).toBe("Renamed Program");
    expect((await list()).find((p) => p.programUUID === programId)!.name).toBe("Renamed Program");
    await db().execute(
      sql`update programs set cancellation_message = 'Own message' where id = ${programId}`,
    );
    expect((await course())!.programCancellationMessage).toBe("Own message");
    await db().execute(sql`update programs set active = false where id = ${programId}`);
    expect(await course()).toBeUndefined();
    await db().execute(
      sql`update programs set active = true, cancellation_message = null where id = ${programId}`,
    );
    expect(await course()).toBeDefined();
  });

  it("courses", async () => {
    await course();
    await db().execute(
      sql`update courses set name = 'Cache Course Renamed', description = 'Second description'
          where id = ${courseId}`,
    );
    expect(await course()).toMatchObject({
      name: "Cache Course Renamed",
      description: "Second description",
    });
  });

  it("course sections: changed, added, deactivated and deleted", async () => {
    await course();
    await db().execute(
      sql`update course_sections set term = 'New Term', cost_cents = 2500, notes = 'Bring water',
            meeting_days = '{T,R}'
          where id = ${sectionId}`,
    );
    expect(await course()).toMatchObject({
      term: "New Term",
      originalCost: 25,
      notes: "Bring water",
      meetingDays: "T,R",
    });
    const added = await addSection("02");
    expect((await course(added))!.sectionNumber).toBe("02");
    await db().execute(sql`update course_sections set active = false where id = ${added}`);
    expect(await course(added)).toBeUndefined();
    await db().execute(sql`update course_sections set active = true where id = ${added}`);
    expect(await course(added)).toBeDefined();
    await db().execute(sql`delete from course_sections where id = ${added}`);
    expect(await course(added)).toBeUndefined();
  });

  it("seats are read on every call, and a seat change keeps the catalogue's version", async () => {
    expect((await course())!.seatsAvailable).toBe(10);
    const before = await version();
    await db().execute(sql`update course_sections set seats_taken = 10 where id = ${sectionId}`);
    expect(await version()).toBe(before);
    expect(await course()).toMatchObject({ seatsAvailable: 0, status: "waitlist" });
    await db().execute(sql`update course_sections set seats_taken = 0 where id = ${sectionId}`);
    expect(await course()).toMatchObject({ seatsAvailable: 10, status: "open" });
    // Any other column does change it.
    await db().execute(sql`update course_sections set capacity = 12 where id = ${sectionId}`);
    expect(await version()).not.toBe(before);
    expect((await course())!.seatsAvailable).toBe(12);
  });

  it("course questions", async () => {
    expect((await course())!.courseQuestions).toEqual([]);
    await db().execute(
      sql`insert into course_questions (course_section_id, question, response_type, sort_order)
          values (${sectionId}, 'Shirt size?', 'Free Form', 1)`,
    );
    expect((await course())!.courseQuestions).toMatchObject([
      { question: "Shirt size?", responseType: "Free Form" },
    ]);
    await db().execute(
      sql`update course_questions set question = 'T-shirt size?' where course_section_id = ${sectionId}`,
    );
    expect((await course())!.courseQuestions[0].question).toBe("T-shirt size?");
    await db().execute(sql`delete from course_questions where course_section_id = ${sectionId}`);
    expect((await course())!.courseQuestions).toEqual([]);
  });

  it("schools", async () => {
    const [school] = await queryRows<{ id: number }>(
      db(),
      sql`insert into schools (short_name, full_name) values ('CTS', 'Cache Test School') returning id`,
    );
    await db().execute(
      sql`update course_sections set school_id = ${school!.id} where id = ${sectionId}`,
    );
    expect((await course())!.school).toEqual({ fullName: "Cache Test School" });
    await db().execute(
      sql`update schools set full_name = 'Cache Test High School' where id = ${school!.id}`,
    );
    expect((await course())!.school).toEqual({ fullName: "Cache Test High School" });
  });

  it("settings: the default cancellation message", async () => {
    await db().execute(
      sql`update settings set data = jsonb_set(data, '{programCancellationMessage}', '"Default one"')
          where id = 1`,
    );
    expect((await course())!.programCancellationMessage).toBe("Default one");
    await db().execute(
      sql`update settings set data = jsonb_set(data, '{programCancellationMessage}', '"Default two"')
          where id = 1`,
    );
    expect((await course())!.programCancellationMessage).toBe("Default two");
  });

  it("the person's registrations list shares the catalogue and sees changes too", async () => {
    const r = await call(api, "POST", `/v1/register/${sectionId}`, { token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mine = () =>
      list("registrations").then((ps) =>
        ps.flatMap((p) => p.courses).find((c) => c.courseSelectionUUID === sectionId),
      );
    expect((await mine())!.registrationStatus).toBe("pending_payment");
    await db().execute(sql`update courses set name = 'Registered Course' where id = ${courseId}`);
    expect((await mine())!.name).toBe("Registered Course");
    // The registration took a seat, and the seat is read live, not from the catalogue.
    expect((await course())!.seatsAvailable).toBe(11);
  });

  it.skipIf(!usingPostgres)(
    "a write not yet committed is not seen; once committed it is (PostgreSQL)",
    async () => {
      await course();
      await db().transaction(async (tx) => {
        await tx.execute(sql`update courses set name = 'Uncommitted' where id = ${courseId}`);
        expect((await course())!.name).toBe("Registered Course");
      });
      expect((await course())!.name).toBe("Uncommitted");
    },
  );
});

describe.skipIf(!usingPostgres)("several API processes on one PostgreSQL", () => {
  it("each sees the others' catalogue writes on its next call", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "it");
    const secret = randomBytes(16).toString("hex");
    const start = () =>
      startDistrictApi({
        databaseUrl: scratch.url,
        outboxDir: tmpdir(),
        secret,
        logger: createLogger("silent"),
        backgroundJobs: false,
      });
    const a = await start();
    const b = await start();
    const servers = [a, b].map((rt) => rt.app.listen(0, "127.0.0.1"));
    try {
      await Promise.all(servers.map((s) => new Promise((r) => s.once("listening", r))));
      const urls = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
      const login = await call({ baseUrl: urls[0]! }, "POST", "/v1/student", {
        body: { studentId: "100001", dob: "2012-01-15" },
      });
      const tok = login.body.accessToken as string;
      const names = async (baseUrl: string) => {
        const r = await call({ baseUrl }, "GET", "/v1/program", { token: tok });
        expect(r.status).toBe(200);
        return (r.body as { courses: { name: string }[] }[]).flatMap((p) =>
          p.courses.map((c) => c.name),
        );
      };
      const first = await names(urls[0]!);
      expect(await names(urls[1]!)).toEqual(first);
      const renamed = first[0]!;
      // Written through process A's connection; B's cached catalogue must not be served.
      await a.database.db.execute(
        sql`update courses set name = 'Renamed by A'
            where id = (select course_id from course_sections s join courses c on c.id = s.course_id
                        where c.name = ${renamed} limit 1)`,
      );
      expect(await names(urls[1]!)).toContain("Renamed by A");
      expect(await names(urls[0]!)).toContain("Renamed by A");
    } finally {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});
