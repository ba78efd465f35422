// The district's texts in Spanish over HTTP (decision 172): only a district_admin may
// list them or write one (a matrix of every other caller, nothing written); the list holds every
// text families read with its English as it is now (and nothing of an inactive program), filtered,
// searched and paged; a Spanish version is stored "done", turns "review" when its English changes
// and is removed by an empty text, each change audited once; bad input is a 4xx naming its field,
// writing nothing; and saves of one text at once, from one process or two, leave one row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { databaseDigest } from "../support/db-digest";
import { queryRows } from "../../district-api/db/client";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { openApiDocument } from "../../district-api/http/openapi";
import {
  DISTRICT_TEXTS_PAGE_SIZE,
  DistrictText,
  DistrictTextsPage,
} from "@domain/contract/district-texts";
import { CONFIRMATION_PLACEHOLDER } from "@domain/contract/admin";
import { FAMILY_SETTING_TEXTS } from "@domain/rules/district-texts";
import { t } from "@domain/messages";

let api: TestApi;
let admin: string;

const db = () => api.runtime.deps.db;

/** Ids the tests write texts of, found in the seeded catalogue. */
const ids = {
  chessCourse: "",
  robotQuestion: "",
  artQuestion: "",
  zooQuestion: "",
  enrichmentProgram: "",
  inactiveProgram: "",
  inactiveProgramSection: "",
  inactiveProgramQuestion: "",
  inactiveSection: "",
  notesSection: "",
  emptyDescriptionCourse: "",
  blankDescriptionFee: "",
};

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T & Record<string, unknown>>(db(), query);
  if (!row) throw new Error("the seed has changed: a row the test needs is missing");
  return row;
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await staffToken(api, "admin");
  // The seed has no section notes, no inactive program and no empty English text: make some.
  ids.chessCourse = (
    await one<{ id: string }>(sql`select id from courses where name = 'Chess Club'`)
  ).id;
  ids.enrichmentProgram = (
    await one<{ id: string }>(sql`select id from programs where name = 'Summer Enrichment 2027'`)
  ).id;
  const question = async (text: string, fee: boolean) =>
    String(
      (
        await one<{ id: number }>(
          sql`select id from course_questions where question = ${text}
            and (fee_id is not null) = ${fee} and response_type = 'Value List'`,
        )
      ).id,
    );
  ids.robotQuestion = await question("Has the participant built a robot before?", false);
  ids.artQuestion = await question("T-shirt size", false);
  ids.zooQuestion = await question("T-shirt size", true);

  const closed = await one<{ id: string; section: string }>(
    sql`select p.id, s.id as section from programs p join course_sections s on s.program_id = p.id
      where p.name = 'Spring Community Education 2026' limit 1`,
  );
  ids.inactiveProgram = closed.id;
  ids.inactiveProgramSection = closed.section;
  await db().execute(sql`update programs set active = false where id = ${closed.id}`);
  await db().execute(
    sql`update course_sections set notes = 'Bring an apron.' where id = ${closed.section}`,
  );
  ids.inactiveProgramQuestion = String(
    (
      await one<{ id: number }>(
        sql`insert into course_questions (course_section_id, question, response_type, answer_list,
            sort_order)
          values (${closed.section}, 'Clay colour', 'Value List', array['Red', 'Grey'], 1)
          returning id`,
      )
    ).id,
  );

  const studyHall = await one<{ id: string }>(
    sql`select s.id from course_sections s join courses c on c.id = s.course_id
      where c.name = 'Study Hall' limit 1`,
  );
  ids.inactiveSection = studyHall.id;
  await db().execute(
    sql`update course_sections set active = false, notes = 'Quiet, please.'
      where id = ${studyHall.id}`,
  );
  await db().execute(
    sql`insert into course_questions (course_section_id, question, response_type, answer_list,
        sort_order)
      values (${studyHall.id}, 'Favourite subject', 'Value List', array['Maths', 'History'], 1)`,
  );

  // Two notes that tell `%` and `_` taken literally from their use as LIKE's wildcards.
  const notes = await queryRows<{ id: string }>(
    db(),
    sql`select s.id from course_sections s join programs p on p.id = s.program_id
      where p.active and s.active order by s.id limit 2`,
  );
  ids.notesSection = notes[0]!.id;
  await db().execute(
    sql`update course_sections set notes = 'Tuition is 50%off for early_birds.'
      where id = ${notes[0]!.id}`,
  );
  await db().execute(
    sql`update course_sections set notes = 'Tuition is 50 percent off for early birds.'
      where id = ${notes[1]!.id}`,
  );

  ids.emptyDescriptionCourse = (
    await one<{ id: string }>(
      sql`update courses set description = '' where name = 'Swim Lessons' returning id`,
    )
  ).id;
  ids.blankDescriptionFee = String(
    (
      await one<{ id: number }>(
        sql`update fees set description = '   ' where id = (select min(id) from fees) returning id`,
      )
    ).id,
  );
});
afterAll(async () => {
  await api?.close();
});

/** What these calls may change, and the catalogue and settings they read. */
const WATCHED = [
  "district_texts",
  "audit_entries",
  "catalog_version",
  "settings",
  "programs",
  "courses",
  "course_sections",
  "course_questions",
  "fees",
];
const digest = () => databaseDigest(db(), WATCHED);

async function lastAudit() {
  const [row] = await queryRows<{
    actor_username: string;
    actor_employee_id: string;
    action: string;
    entity: string;
    entity_id: string;
    before: unknown;
    after: unknown;
  }>(
    db(),
    sql`select actor_username, actor_employee_id, action, entity, entity_id, before, after
      from audit_entries order by id desc limit 1`,
  );
  return row!;
}

async function auditCount(entityId?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    entityId === undefined
      ? sql`select count(*)::int as n from audit_entries`
      : sql`select count(*)::int as n from audit_entries
          where action = 'district-text.change' and entity_id = ${entityId}`,
  );
  return Number(row!.n);
}

async function storedRows(entity: string, entityId: string, field: string) {
  return queryRows<{ text: string; english: string; updated_by: string }>(
    db(),
    sql`select text, english, updated_by from district_texts
      where entity = ${entity} and entity_id = ${entityId} and field = ${field}`,
  );
}

type Query = { entity?: string; state?: string; q?: string; page?: number | string };

/** The list call; `token` undefined calls without one (the admin's unless given). */
function listCall(query: Query = {}, ...as: [token?: string | undefined]) {
  const token = as.length ? as[0] : admin;
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return call(api, "GET", `/v1/admin/district-texts${qs ? `?${qs}` : ""}`, { token });
}

async function list(query: Query = {}): Promise<DistrictTextsPage> {
  const r = await listCall(query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return DistrictTextsPage.parse(r.body);
}

/** Every row under the filters, page by page, checking each page against the counts. */
async function listAll(query: Omit<Query, "page"> = {}): Promise<DistrictText[]> {
  const first = await list(query);
  const pages = Math.max(1, Math.ceil(first.total / DISTRICT_TEXTS_PAGE_SIZE));
  const rows = [...first.rows];
  for (let page = 2; page <= pages; page++) {
    const next = await list({ ...query, page });
    expect(next.page).toBe(page);
    expect(next.total).toBe(first.total);
    expect(next.counts).toEqual(first.counts);
    rows.push(...next.rows);
  }
  expect(rows).toHaveLength(first.total);
  const beyond = await list({ ...query, page: pages + 1 });
  expect(beyond.rows).toEqual([]);
  expect(beyond.total).toBe(first.total);
  return rows;
}

const keyOf = (r: { entity: string; entityId: string; field: string }) =>
  `${r.entity}:${r.entityId}:${r.field}`;

/** The change call, as the admin unless another token (or none: undefined) is given. */
function put(body: unknown, ...as: [token?: string | undefined, target?: TestApi]) {
  const token = as.length ? as[0] : admin;
  return call(as[1] ?? api, "PUT", "/v1/admin/district-texts", { token, body });
}

/** What the list must hold, read from the tables as they are now (not from its query). */
async function expectedTexts(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const add = (entity: string, id: string | number, field: string, english: unknown) => {
    if (typeof english === "string" && english.trim() !== "") {
      texts.set(`${entity}:${id}:${field}`, english);
    }
  };
  const [settings] = await queryRows<{ data: Record<string, unknown> }>(
    db(),
    sql`select data from settings where id = 1`,
  );
  for (const key of FAMILY_SETTING_TEXTS) {
    const value = settings!.data[key];
    add("setting", 1, key, key === "homeMessage" ? (value as { message: string }).message : value);
  }
  for (const p of await queryRows<{ id: string; name: string; cancellation_message: string }>(
    db(),
    sql`select id, name, cancellation_message from programs where active`,
  )) {
    add("program", p.id, "name", p.name);
    add("program", p.id, "cancellationMessage", p.cancellation_message);
  }
  for (const c of await queryRows<{ id: string; name: string; description: string }>(
    db(),
    sql`select id, name, description from courses`,
  )) {
    add("course", c.id, "name", c.name);
    add("course", c.id, "description", c.description);
  }
  for (const s of await queryRows<{ id: string; notes: string | null }>(
    db(),
    sql`select s.id, s.notes from course_sections s join programs p on p.id = s.program_id
      where s.active and p.active`,
  )) {
    add("section", s.id, "notes", s.notes);
  }
  for (const q of await queryRows<{ id: number; question: string; answer_list: string[] }>(
    db(),
    sql`select q.id, q.question, q.answer_list from course_questions q
      left join course_sections s on s.id = q.course_section_id
      left join programs p on p.id = s.program_id
      where q.fee_id is not null or (s.active and p.active)`,
  )) {
    add("question", q.id, "question", q.question);
    add("question", q.id, "answers", q.answer_list.join("\n"));
  }
  for (const f of await queryRows<{ id: number; name: string; description: string }>(
    db(),
    sql`select id, name, description from fees`,
  )) {
    add("fee", f.id, "name", f.name);
    add("fee", f.id, "description", f.description);
  }
  return texts;
}

describe("who may call the district's texts calls", () => {
  it("both calls are listed and described, for district_admin only", () => {
    const routes = ENDPOINTS.filter((r) => r.path === "/v1/admin/district-texts");
    expect(routes.map((r) => r.method).sort()).toEqual(["GET", "PUT"]);
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);

    const paths = openApiDocument().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown>; summary?: string }>
    >;
    const path = paths["/v1/admin/district-texts"]!;
    expect(Object.keys(path).sort()).toEqual(["get", "put"]);
    expect(Object.keys(path.get!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403"]),
    );
    expect(Object.keys(path.put!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404"]),
    );
    expect(path.put!.summary).toMatch(/audit/);
  });

  it("refuses every other kind of caller on both calls, writing nothing; the admin gets 200", async () => {
    const body = {
      entity: "course",
      entityId: ids.chessCourse,
      field: "name",
      spanish: "Club de ajedrez",
    };
    const callers: [string, string | undefined, number][] = [
      ["no token", undefined, 401],
      ["a forged token", `${admin.slice(0, -4)}AAAA`, 401],
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "district-texts-guest@example.org"), 403],
      ["instructor and cashier", await staffToken(api, "instructor"), 403],
      ["fee administrator and cashier", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["business office", await staffToken(api, "office"), 403],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      const listed = await listCall({}, token);
      expect(`${who} GET → ${listed.status}`).toBe(`${who} GET → ${status}`);
      expect(listed.body.rows).toBeUndefined();
      const changed = await put(body, token);
      expect(`${who} PUT → ${changed.status}`).toBe(`${who} PUT → ${status}`);
    }
    expect(await digest()).toEqual(before);
    expect(await storedRows("course", ids.chessCourse, "name")).toEqual([]);

    expect((await listCall()).status).toBe(200);
    // Removing a Spanish version there is none of: the admin's 200, and still nothing written.
    const removed = await put({ ...body, spanish: "" });
    expect(removed.status).toBe(200);
    expect(DistrictText.parse(removed.body)).toMatchObject({ state: "missing", spanish: null });
    expect(await digest()).toEqual(before);
  });

  it("an administrator's old token after sign-out is refused on both calls, writing nothing", async () => {
    const old = await staffToken(api, "admin");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: old })).status).toBeLessThan(
      300,
    );
    const before = await digest();
    expect((await listCall({}, old)).status).toBe(401);
    const body = { entity: "course", entityId: ids.chessCourse, field: "name", spanish: "Ajedrez" };
    expect((await put(body, old)).status).toBe(401);
    expect(await digest()).toEqual(before);
  });
});

describe("the list", () => {
  it("holds every text families read with its English now, and no empty one", async () => {
    const rows = await listAll();
    const expected = await expectedTexts();
    const listed = new Map(rows.map((r) => [keyOf(r), r.english]));
    expect(listed.size).toBe(rows.length);
    expect([...listed.entries()].sort()).toEqual([...expected.entries()].sort());
    for (const r of rows) {
      expect(r.english.trim()).not.toBe("");
      expect(DistrictText.parse(r)).toEqual(r);
    }

    // Every kind is there, in the administration's order of kinds.
    const kinds = rows.map((r) => r.entity).filter((e, i, all) => all.indexOf(e) === i);
    expect(kinds).toEqual(["setting", "program", "course", "section", "question", "fee"]);
    const byKey = new Map(rows.map((r) => [keyOf(r), r]));
    expect(byKey.get("setting:1:homeMessage")).toMatchObject({
      shape: "message",
      english: "Summer registration is open. Courses fill quickly — register early!",
    });
    expect(byKey.get("setting:1:instructions")?.shape).toBe("markdown");
    expect(byKey.get("setting:1:districtName")?.shape).toBe("line");
    expect(byKey.get(`course:${ids.chessCourse}:name`)).toMatchObject({
      shape: "line",
      english: "Chess Club",
      spanish: null,
      state: "missing",
      writtenFrom: null,
    });
    expect(byKey.get(`section:${ids.notesSection}:notes`)?.english).toBe(
      "Tuition is 50%off for early_birds.",
    );
    // A question's answers are one text, an answer a line; course and fee questions both.
    expect(byKey.get(`question:${ids.robotQuestion}:answers`)).toMatchObject({
      shape: "answers",
      english: "Yes\nNo",
    });
    expect(byKey.get(`question:${ids.artQuestion}:answers`)?.english).toBe(
      "Youth S\nYouth M\nYouth L\nAdult S\nAdult M\nAdult L",
    );
    expect(byKey.get(`question:${ids.zooQuestion}:answers`)?.english).toBe("S\nM\nL\nXL");
    expect(byKey.get(`question:${ids.zooQuestion}:question`)?.context).toMatch(/Zoo/);
    // Staff-only settings texts stay English; empty English texts are left out.
    expect(byKey.has("setting:1:instructorInstructions")).toBe(false);
    expect(byKey.has("setting:1:feeRequestInstructions")).toBe(false);
    expect(byKey.has(`course:${ids.emptyDescriptionCourse}:description`)).toBe(false);
    expect(byKey.has(`course:${ids.emptyDescriptionCourse}:name`)).toBe(true);
    expect(byKey.has(`fee:${ids.blankDescriptionFee}:description`)).toBe(false);
    // Free-form questions have no answers to translate.
    const freeForm = rows.find((r) => r.english === "Allergies or medical needs")!;
    expect(byKey.has(`question:${freeForm.entityId}:answers`)).toBe(false);
  });

  it("lists nothing of an inactive program, nor of an inactive section", async () => {
    const keys = new Set((await listAll()).map(keyOf));
    for (const key of [
      `program:${ids.inactiveProgram}:name`,
      `section:${ids.inactiveProgramSection}:notes`,
      `question:${ids.inactiveProgramQuestion}:question`,
      `question:${ids.inactiveProgramQuestion}:answers`,
      `section:${ids.inactiveSection}:notes`,
    ]) {
      expect(keys.has(key), key).toBe(false);
    }
    expect(keys.has(`program:${ids.enrichmentProgram}:name`)).toBe(true);
    expect((await list({ q: "Clay colour" })).total).toBe(0);
    expect((await list({ q: "Favourite subject" })).total).toBe(0);
    // Nor can one be written: the program's name has no text to translate while it is inactive.
    const before = await digest();
    const r = await put({
      entity: "program",
      entityId: ids.inactiveProgram,
      field: "name",
      spanish: "Educación comunitaria",
    });
    expect(r.status).toBe(404);
    expect(await digest()).toEqual(before);
  });

  it("filters by kind and state, searches with % and _ taken literally, and pages 25 a row", async () => {
    const all = await listAll();
    const everything = await list();
    expect(everything.pageSize).toBe(25);
    expect(everything.page).toBe(1);
    expect(everything.rows).toHaveLength(25);
    expect(everything.total).toBe(all.length);
    const { counts } = everything;
    expect(counts.all).toBe(all.length);
    expect(counts.missing + counts.review + counts.done).toBe(counts.all);
    // Pages neither overlap nor miss a row.
    expect(new Set(all.map(keyOf)).size).toBe(all.length);

    let sum = 0;
    for (const entity of ["setting", "program", "course", "section", "question", "fee"]) {
      const rows = await listAll({ entity });
      expect(rows.length).toBe(all.filter((r) => r.entity === entity).length);
      expect(rows.every((r) => r.entity === entity)).toBe(true);
      sum += rows.length;
    }
    expect(sum).toBe(all.length);

    for (const state of ["missing", "review", "done"] as const) {
      const page = await list({ state });
      expect(page.total).toBe(counts[state]);
      expect(page.counts).toEqual(counts);
      expect(page.rows.every((r) => r.state === state)).toBe(true);
    }

    const literal = await list({ q: "50%off" });
    expect(literal.rows.map(keyOf)).toEqual([`section:${ids.notesSection}:notes`]);
    expect(literal.counts.all).toBe(1);
    const underscore = await list({ q: "early_birds" });
    expect(underscore.rows.map(keyOf)).toEqual([`section:${ids.notesSection}:notes`]);
    expect((await list({ q: "50 percent" })).total).toBe(1);
    expect((await list({ q: "%" })).rows.map(keyOf)).toEqual([`section:${ids.notesSection}:notes`]);
    expect((await list({ q: "\\" })).total).toBe(0);
    // Any case, in the English or in the context (the course's subject and number).
    const chess = await list({ q: "cHESS cLUB" });
    expect(chess.rows.map(keyOf)).toContain(`course:${ids.chessCourse}:name`);
    expect((await list({ q: "Chess Club", entity: "course" })).rows.map(keyOf)).toContain(
      `course:${ids.chessCourse}:name`,
    );
    expect((await list({ q: "  " })).total).toBe(all.length);
    expect((await list({ q: "no text says this" })).total).toBe(0);
  });

  it("refuses a bad query naming it, writing nothing", async () => {
    const before = await digest();
    for (const [qs, path] of [
      ["entity=teacher", "entity"],
      ["state=finished", "state"],
      ["page=0", "page"],
      ["page=-1", "page"],
      ["page=1.5", "page"],
      ["page=abc", "page"],
      ["page=100001", "page"],
      ["page=1&page=2", "page"],
      ["entity=course&entity=fee", "entity"],
      [`q=${"x".repeat(101)}`, "q"],
      ["q=a%00b", "q"],
      ["q[a]=b", "q"],
      ["sort=name", ""],
    ] as const) {
      const r = await call(api, "GET", `/v1/admin/district-texts?${qs}`, { token: admin });
      expect(`${qs} → ${r.status}`).toBe(`${qs} → 400`);
      expect(r.body.issues?.[0]?.path, qs).toBe(path);
    }
    expect(await digest()).toEqual(before);
  });
});

describe("writing a Spanish version", () => {
  const chessName = () => ({ entity: "course", entityId: ids.chessCourse, field: "name" });
  const listedChess = async () =>
    (await list({ entity: "course", q: "Chess" })).rows.find(
      (r) => keyOf(r) === `course:${ids.chessCourse}:name`,
    )!;

  it("stores it done, changes nothing when saved again, asks for review after the English changes, and removes it", async () => {
    const entityId = `course:${ids.chessCourse}:name`;
    const counts = (await list()).counts;
    const r = await put({ ...chessName(), spanish: "  Club de ajedrez " });
    expect(r.status).toBe(200);
    expect(DistrictText.parse(r.body)).toMatchObject({
      ...chessName(),
      english: "Chess Club",
      spanish: "Club de ajedrez",
      state: "done",
      writtenFrom: null,
    });
    expect(await listedChess()).toEqual(r.body);
    expect(await lastAudit()).toMatchObject({
      actor_username: "admin",
      actor_employee_id: "E1005",
      action: "district-text.change",
      entity: "district-text",
      entity_id: entityId,
      before: null,
      after: { spanish: "Club de ajedrez" },
    });
    expect(await storedRows("course", ids.chessCourse, "name")).toEqual([
      { text: "Club de ajedrez", english: "Chess Club", updated_by: "E1005" },
    ]);
    const after = (await list()).counts;
    expect(after).toEqual({ ...counts, missing: counts.missing - 1, done: counts.done + 1 });
    const done = await listAll({ state: "done" });
    expect(done.map(keyOf)).toContain(entityId);
    // The search finds the Spanish too.
    expect((await list({ q: "ajedrez" })).rows.map(keyOf)).toEqual([entityId]);

    // The same text again (spaces aside) changes nothing and is not audited again.
    const before = await digest();
    const again = await put({ ...chessName(), spanish: "Club de ajedrez  " });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect(await digest()).toEqual(before);
    expect(await auditCount(entityId)).toBe(1);

    // The English changes through the administration's catalogue: the Spanish is to review.
    const course = await call(api, "GET", `/v1/admin/courses/${ids.chessCourse}`, {
      token: admin,
    });
    expect(course.status).toBe(200);
    const { id: _id, ...fields } = course.body as Record<string, unknown>;
    const renamed = await call(api, "PUT", `/v1/admin/courses/${ids.chessCourse}`, {
      token: admin,
      body: { ...fields, name: "Chess Club for Beginners" },
    });
    expect(renamed.status).toBe(200);
    expect(await listedChess()).toMatchObject({
      english: "Chess Club for Beginners",
      spanish: "Club de ajedrez",
      state: "review",
      writtenFrom: "Chess Club",
    });
    expect((await listAll({ state: "review" })).map(keyOf)).toContain(entityId);
    expect((await list()).counts).toEqual({ ...after, done: after.done - 1, review: 1 });

    // The same Spanish saved again: reviewed, done, audited.
    const reviewed = await put({ ...chessName(), spanish: "Club de ajedrez" });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      english: "Chess Club for Beginners",
      spanish: "Club de ajedrez",
      state: "done",
      writtenFrom: null,
    });
    expect(await storedRows("course", ids.chessCourse, "name")).toEqual([
      { text: "Club de ajedrez", english: "Chess Club for Beginners", updated_by: "E1005" },
    ]);
    expect(await auditCount(entityId)).toBe(2);

    // A plain SQL change of the English shows too; a new Spanish text is done again.
    await db().execute(
      sql`update courses set name = 'Chess Club (all levels)' where id = ${ids.chessCourse}`,
    );
    expect(await listedChess()).toMatchObject({
      state: "review",
      writtenFrom: "Chess Club for Beginners",
    });
    const rewritten = await put({ ...chessName(), spanish: "Club de ajedrez (todos los niveles)" });
    expect(rewritten.body).toMatchObject({ state: "done", writtenFrom: null });
    expect(await lastAudit()).toMatchObject({
      entity_id: entityId,
      before: { spanish: "Club de ajedrez" },
      after: { spanish: "Club de ajedrez (todos los niveles)" },
    });

    // An empty text removes it: families read the English again.
    const removed = await put({ ...chessName(), spanish: "  " });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      english: "Chess Club (all levels)",
      spanish: null,
      state: "missing",
      writtenFrom: null,
    });
    expect(await storedRows("course", ids.chessCourse, "name")).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      actor_username: "admin",
      action: "district-text.change",
      entity_id: entityId,
      before: { spanish: "Club de ajedrez (todos los niveles)" },
      after: null,
    });
    expect(await auditCount(entityId)).toBe(4);
    const gone = await digest();
    expect((await put({ ...chessName(), spanish: "" })).status).toBe(200);
    expect(await digest()).toEqual(gone);
    expect(await listedChess()).toMatchObject({ spanish: null, state: "missing" });
  });

  it("writes every kind of text: settings (with the placeholder), markdown, notes, answers, fees", async () => {
    const fee = (await list({ entity: "fee" })).rows.find((r) => r.field === "name")!;
    const cases: [Record<string, string>, string][] = [
      [
        { entity: "setting", entityId: "1", field: "registrationPaymentConfirmed" },
        `Su inscripción está confirmada. Su número de confirmación es ${CONFIRMATION_PLACEHOLDER}.`,
      ],
      [
        { entity: "setting", entityId: "1", field: "instructions" },
        "## Cómo inscribirse\n\n1. Elija un programa.\n2. Pague.",
      ],
      [{ entity: "setting", entityId: "1", field: "homeMessage" }, "La inscripción está abierta."],
      [
        { entity: "program", entityId: ids.enrichmentProgram, field: "name" },
        "Enriquecimiento de verano 2027",
      ],
      [
        { entity: "section", entityId: ids.notesSection, field: "notes" },
        "La matrícula tiene un 50% de descuento.\nTraiga su cupón.",
      ],
      [
        { entity: "question", entityId: ids.robotQuestion, field: "question" },
        "¿Ha construido un robot?",
      ],
      [{ entity: "question", entityId: ids.robotQuestion, field: "answers" }, "Sí\nNo"],
      [{ entity: "question", entityId: ids.zooQuestion, field: "answers" }, "CH\r\nM\r\nG\r\nXG"],
      [{ entity: "fee", entityId: fee.entityId, field: "name" }, "Cuota en español"],
    ];
    for (const [key, spanish] of cases) {
      const r = await put({ ...key, spanish });
      expect(r.status, `${JSON.stringify(key)}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body).toMatchObject({ ...key, state: "done" });
      expect(await lastAudit()).toMatchObject({
        entity_id: `${key.entity}:${key.entityId}:${key.field}`,
        after: { spanish: r.body.spanish },
      });
    }
    const done = new Map((await listAll({ state: "done" })).map((r) => [keyOf(r), r.spanish]));
    for (const [key] of cases)
      expect(done.has(keyOf(key as never)), keyOf(key as never)).toBe(true);
    // Answers are kept one per line, as the English.
    expect(done.get(`question:${ids.zooQuestion}:answers`)).toBe("CH\nM\nG\nXG");
  });
});

describe("bad input", () => {
  const course = () => ({ entity: "course", entityId: ids.chessCourse, field: "name" });

  it("is a 4xx naming the field, and writes nothing", async () => {
    const before = await digest();
    const audits = await auditCount();
    const bad: [unknown, string][] = [
      [{ ...course(), entity: "teacher", spanish: "Hola" }, "entity"],
      [{ ...course(), entity: "Course", spanish: "Hola" }, "entity"],
      [{ ...course(), field: "subject", spanish: "Hola" }, "field"],
      [{ ...course(), field: "__proto__", spanish: "Hola" }, "field"],
      [{ ...course(), field: "constructor", spanish: "Hola" }, "field"],
      [{ ...course(), field: "", spanish: "Hola" }, "field"],
      [{ ...course(), spanish: "Club\u0000de ajedrez" }, "spanish"],
      [{ ...course(), spanish: "Club\u0007de ajedrez" }, "spanish"],
      [{ ...course(), spanish: "Club\u001bde ajedrez" }, "spanish"],
      [{ ...course(), spanish: "Club\u007fde ajedrez" }, "spanish"],
      [{ ...course(), spanish: "Club \ud800 de ajedrez" }, "spanish"],
      // A name is one line.
      [{ ...course(), spanish: "Club de\najedrez" }, "spanish"],
      [{ ...course(), spanish: "Club de\tajedrez" }, "spanish"],
      [{ ...course(), spanish: "x".repeat(201) }, "spanish"],
      [
        { entity: "setting", entityId: "1", field: "homeMessage", spanish: "x".repeat(2_001) },
        "spanish",
      ],
      [
        { entity: "setting", entityId: "1", field: "instructions", spanish: "x".repeat(20_001) },
        "spanish",
      ],
      [{ ...course(), field: "description", spanish: "x".repeat(10_001) }, "spanish"],
      [{ ...course(), spanish: "x".repeat(100_000) }, "spanish"],
      [
        {
          entity: "question",
          entityId: ids.robotQuestion,
          field: "answers",
          spanish: `Sí\n${"x".repeat(201)}`,
        },
        "spanish",
      ],
      [
        {
          entity: "question",
          entityId: ids.robotQuestion,
          field: "answers",
          spanish: "Sí\tclaro\nNo",
        },
        "spanish",
      ],
      [{ ...course(), spanish: 2 ** 40 }, "spanish"],
      [{ ...course(), spanish: null }, "spanish"],
      [{ ...course(), spanish: ["Hola"] }, "spanish"],
      [{ ...course(), spanish: { es: "Hola" } }, "spanish"],
      [{ ...course() }, "spanish"],
      [{ ...course(), entityId: 2 ** 40, spanish: "Hola" }, "entityId"],
      [{ ...course(), entityId: "", spanish: "Hola" }, "entityId"],
      [{ ...course(), entityId: "x".repeat(101), spanish: "Hola" }, "entityId"],
      [{ ...course(), field: 7, spanish: "Hola" }, "field"],
      [{ ...course(), entity: true, spanish: "Hola" }, "entity"],
    ];
    for (const [body, field] of bad) {
      const r = await put(body);
      const shown = JSON.stringify(body).slice(0, 120);
      expect(`${shown} → ${r.status}`).toBe(`${shown} → 400`);
      expect(
        r.body.issues?.map((i: { path: string }) => i.path),
        shown,
      ).toContain(field);
    }
    // An extra key: the body is strict, and the refusal names the key.
    const extra = await put({ ...course(), spanish: "Hola", language: "es" });
    expect(extra.status).toBe(400);
    expect(extra.body.issues[0].message).toContain("language");
    for (const body of ["[]", '"Hola"', "null", "{", ""]) {
      const r = await call(api, "PUT", "/v1/admin/district-texts", {
        token: admin,
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(`${body} → ${r.status}`).toBe(`${body} → 400`);
    }
    const huge = await put({ ...course(), spanish: "x".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(await digest()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("names the rule a Spanish version breaks: the placeholder, the number of answers", async () => {
    const before = await digest();
    const placeholder = await put({
      entity: "setting",
      entityId: "1",
      field: "registrationPaymentConfirmed",
      spanish: "Su inscripción está confirmada.",
    });
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.issues).toEqual([
      {
        path: "spanish",
        message: t("admin.spanish.placeholder", { placeholder: CONFIRMATION_PLACEHOLDER }),
      },
    ]);
    const waitlist = await put({
      entity: "setting",
      entityId: "1",
      field: "waitlistPaymentConfirmed",
      spanish: "Su lugar es {confirmationnumber}.",
    });
    expect(waitlist.status).toBe(400);
    expect(waitlist.body.issues[0].path).toBe("spanish");
    for (const spanish of ["Sí", "Sí\nNo\nQuizás", "Sí\n\n"]) {
      const r = await put({
        entity: "question",
        entityId: ids.robotQuestion,
        field: "answers",
        spanish,
      });
      expect(r.status, spanish).toBe(400);
      const given = spanish.split("\n").filter((a) => a.trim()).length;
      expect(r.body.issues).toEqual([
        { path: "spanish", message: t("admin.spanish.answerCount", { expected: 2, given }) },
      ]);
    }
    expect(await digest()).toEqual(before);
  });

  it("a text that does not exist is a 404, writing nothing", async () => {
    const before = await digest();
    for (const body of [
      { entity: "course", entityId: "00000000-0000-4000-8000-000000000000", field: "name" },
      { entity: "course", entityId: "not-a-uuid", field: "name" },
      { entity: "course", entityId: ids.emptyDescriptionCourse, field: "description" },
      { entity: "fee", entityId: ids.blankDescriptionFee, field: "description" },
      { entity: "fee", entityId: "2147483648", field: "name" },
      { entity: "setting", entityId: "2", field: "districtName" },
      { entity: "question", entityId: String(2 ** 40), field: "question" },
      { entity: "section", entityId: ids.inactiveSection, field: "notes" },
    ]) {
      const r = await put({ ...body, spanish: "Hola" });
      expect(`${JSON.stringify(body)} → ${r.status}`).toBe(`${JSON.stringify(body)} → 404`);
      expect(r.body.message).toBe(t("admin.spanish.notFound"));
    }
    expect(await digest()).toEqual(before);
  });

  it("takes the longest text each field's English may have", async () => {
    const description = await put({
      entity: "course",
      entityId: ids.chessCourse,
      field: "description",
      spanish: "x".repeat(10_000),
    });
    expect(description.status).toBe(200);
    expect(
      (
        await put({
          entity: "setting",
          entityId: "1",
          field: "instructions",
          spanish: "x".repeat(20_000),
        })
      ).status,
    ).toBe(200);
    expect((await put({ ...course(), spanish: "x".repeat(200) })).status).toBe(200);
    for (const [entity, entityId, field] of [
      ["course", ids.chessCourse, "description"],
      ["setting", "1", "instructions"],
      ["course", ids.chessCourse, "name"],
    ] as const) {
      expect((await put({ entity, entityId, field, spanish: "" })).status).toBe(200);
    }
  });
});

describe("saves of one text at once", () => {
  const key = () => ({ entity: "question", entityId: ids.artQuestion, field: "question" });
  const auditId = () => `question:${ids.artQuestion}:question`;

  it("five identical saves all succeed, leaving one row and one audit entry", async () => {
    const spanish = "Talla de camiseta";
    const replies = await Promise.all(Array.from({ length: 5 }, () => put({ ...key(), spanish })));
    for (const r of replies) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ spanish, state: "done", writtenFrom: null });
    }
    expect(await storedRows("question", ids.artQuestion, "question")).toEqual([
      { text: spanish, english: "T-shirt size", updated_by: "E1005" },
    ]);
    expect(await auditCount(auditId())).toBe(1);
    const removed = await Promise.all(
      Array.from({ length: 5 }, () => put({ ...key(), spanish: "" })),
    );
    for (const r of removed) expect(r.body).toMatchObject({ spanish: null, state: "missing" });
    expect(await storedRows("question", ids.artQuestion, "question")).toEqual([]);
    expect(await auditCount(auditId())).toBe(2);
  });

  it.runIf(usingPostgres)(
    "from two API processes on one PostgreSQL database: one row, the last save kept, audited in order",
    async () => {
      const second = await startTestApi({ shareWith: api });
      try {
        const secondAdmin = await staffToken(second, "admin");
        const audits = await auditCount(auditId());
        const same = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            i % 2
              ? put({ ...key(), spanish: "Talla" }, secondAdmin, second)
              : put({ ...key(), spanish: "Talla" }),
          ),
        );
        for (const r of same) expect(r.body).toMatchObject({ spanish: "Talla", state: "done" });
        expect(await storedRows("question", ids.artQuestion, "question")).toHaveLength(1);
        expect(await auditCount(auditId())).toBe(audits + 1);

        // Different texts at once: each is a change, and the one kept is the last one audited.
        const texts = ["Talla A", "Talla B", "Talla C", "Talla D"];
        const different = await Promise.all(
          texts.map((spanish, i) =>
            i % 2 ? put({ ...key(), spanish }, secondAdmin, second) : put({ ...key(), spanish }),
          ),
        );
        for (const r of different) expect(r.status).toBe(200);
        const stored = await storedRows("question", ids.artQuestion, "question");
        expect(stored).toHaveLength(1);
        expect(texts).toContain(stored[0]!.text);
        expect(await auditCount(auditId())).toBe(audits + 1 + texts.length);
        expect(await lastAudit()).toMatchObject({
          entity_id: auditId(),
          after: { spanish: stored[0]!.text },
        });
        const listed = (await list({ entity: "question", q: stored[0]!.text })).rows.find(
          (r) => keyOf(r) === auditId(),
        );
        expect(listed).toMatchObject({ spanish: stored[0]!.text, state: "done" });
      } finally {
        await second.close();
      }
    },
  );
});
