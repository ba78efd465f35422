// The administration's fees over HTTP (decision 121): only a district_admin may
// call them (every other caller refused, nothing written); bad input is a 400 naming the field
// with nothing written; a preview changes nothing; an assessment charges each student once at
// their price (free, reduced, activity pass), also when sent five times at once; waivers and
// adjustments never go below what was paid; every change leaves its audit entry. Fee groups
// (decision 127) are created and renamed under a name unique whatever its case, also when five
// creates of one name run at once.
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
import {
  AdminFee,
  AssessedPage,
  AssessPreview,
  AssessResult,
  FeeGroupCreated,
  FeeGroupList,
  FeeListPage,
  type FeeRequest,
} from "@domain/contract/admin-fees";

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

/** What a fee call may change: fees, their groups and questions, assessed fees, the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(f::text, ',' order by id) from fees f), '') ||
      coalesce((select string_agg(g::text, ',' order by id) from fee_groups g), '') ||
      coalesce((select string_agg(q::text, ',' order by id) from course_questions q), '') ||
      coalesce((select string_agg(a::text, ',' order by id) from assessed_fees a), '') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function audits(action: string) {
  return queryRows<{ entity_id: string; before: any; after: any; actor_username: string }>(
    db(),
    sql`select entity_id, before, after, actor_username from audit_entries
        where action = ${action} order by id`,
  );
}

const auditCount = async () =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_entries`))[0]!.n;

function feeBody(over: Partial<FeeRequest> = {}): FeeRequest {
  return {
    name: "Field trip",
    description: "A day at the science museum.",
    feeType: "Optional",
    schoolId: 1,
    schoolYearId: null,
    feeGroupId: null,
    accountCode: "10-200-3000",
    amountCents: 1000,
    isDonation: false,
    maxQuantity: 1,
    allowPartial: true,
    free: { amountCents: 0, quantity: null },
    reduced: { amountCents: 500, quantity: null },
    activity: { amountCents: 700, quantity: 1 },
    allowStudent: true,
    allowEmployee: false,
    allowCommunityMember: false,
    allowGuest: false,
    saleStart: null,
    saleEnd: null,
    active: true,
    questions: [
      {
        question: "T-shirt size?",
        responseType: "Value List",
        answerList: ["S", "M"],
        sortOrder: 1,
      },
    ],
    ...over,
  };
}

async function newFee(over: Partial<FeeRequest> = {}): Promise<AdminFee> {
  const r = await call(api, "POST", "/v1/admin/fees", { token: admin, body: feeBody(over) });
  expect(r.status).toBe(201);
  return AdminFee.parse(r.body);
}

const assess = (feeId: number, target: unknown, token = admin) =>
  call(api, "POST", `/v1/admin/fees/${feeId}/assess`, { token, body: { target } });
const preview = (feeId: number, target: unknown) =>
  call(api, "POST", `/v1/admin/fees/${feeId}/assess/preview`, { token: admin, body: { target } });

function feeCalls(): { method: string; path: string; body?: unknown }[] {
  return [
    { method: "GET", path: "/v1/admin/fees" },
    { method: "GET", path: "/v1/admin/fees/options" },
    { method: "POST", path: "/v1/admin/fees", body: feeBody({ name: "Matrix" }) },
    { method: "GET", path: "/v1/admin/fees/1" },
    { method: "PUT", path: "/v1/admin/fees/1", body: feeBody({ name: "Matrix" }) },
    {
      method: "POST",
      path: "/v1/admin/fees/1/assess/preview",
      body: { target: { by: "group", grade: "3", schoolId: null } },
    },
    {
      method: "POST",
      path: "/v1/admin/fees/1/assess",
      body: { target: { by: "group", grade: "3", schoolId: null } },
    },
    { method: "GET", path: "/v1/admin/fees/1/assessed" },
    { method: "POST", path: "/v1/admin/assessed-fees/1/waive", body: { reason: "Matrix" } },
    {
      method: "POST",
      path: "/v1/admin/assessed-fees/1/adjust",
      body: { amountCents: 1, reason: "Matrix" },
    },
    { method: "GET", path: "/v1/admin/fee-groups" },
    { method: "POST", path: "/v1/admin/fee-groups", body: { name: "Matrix" } },
    { method: "PUT", path: "/v1/admin/fee-groups/1", body: { name: "Matrix" } },
  ];
}

describe("who may call the fee administration", () => {
  it("the matrix covers every route, each for district_admin only", () => {
    const routes = ENDPOINTS.filter((r) =>
      /^\/v1\/admin\/(fees|assessed-fees|fee-groups)(\/|$)/.test(r.path),
    );
    expect(
      feeCalls()
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
    ).toEqual(routes.map((r) => `${r.method} ${r.path.replace(":id", "1")}`).sort());
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "fees-matrix@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of feeCalls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });
});

describe("making and editing fees", () => {
  it("creates a fee with its price rules and questions; the audit entry has it", async () => {
    const fee = await newFee({ name: "Yearbook 2026" });
    expect(fee).toMatchObject({
      name: "Yearbook 2026",
      amountCents: 1000,
      reduced: { amountCents: 500, quantity: null },
      activity: { amountCents: 700, quantity: 1 },
      questions: [{ question: "T-shirt size?", answerList: ["S", "M"] }],
    });
    const got = await call(api, "GET", `/v1/admin/fees/${fee.id}`, { token: admin });
    expect(AdminFee.parse(got.body)).toEqual(fee);
    const [entry] = (await audits("fee.create")).slice(-1);
    expect(entry).toMatchObject({ entity_id: String(fee.id), actor_username: "admin" });
    expect(entry!.after).toMatchObject({ name: "Yearbook 2026", amountCents: 1000 });
  });

  it("lists fees 50 a page and searches them by name", async () => {
    const all = FeeListPage.parse(
      (await call(api, "GET", "/v1/admin/fees", { token: admin })).body,
    );
    expect(all.pageSize).toBe(50);
    expect(all.fees.length).toBe(Math.min(50, all.total));
    const found = FeeListPage.parse(
      (await call(api, "GET", "/v1/admin/fees?q=yearbook%202026", { token: admin })).body,
    );
    expect(found.fees.map((f) => f.name)).toEqual(["Yearbook 2026"]);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const before = await digest();
    const cases: [string, unknown][] = [
      ["name", feeBody({ name: "  " })],
      ["amountCents", feeBody({ amountCents: -1 })],
      ["amountCents", feeBody({ amountCents: 10.5 })],
      ["maxQuantity", feeBody({ maxQuantity: 0 })],
      ["reduced.amountCents", feeBody({ reduced: { amountCents: -5, quantity: null } })],
      ["saleEnd", feeBody({ saleStart: "2026-12-02T00:00:00Z", saleEnd: "2026-12-01T00:00:00Z" })],
      ["saleStart", feeBody({ saleStart: "2026-02-30T00:00:00Z" })],
      ["feeType", { ...feeBody(), feeType: "Other" }],
      [
        "questions.0.answerList",
        feeBody({
          questions: [{ question: "Q", responseType: "Value List", answerList: [], sortOrder: 1 }],
        }),
      ],
      ["schoolId", feeBody({ schoolId: 9999 })],
      ["feeGroupId", feeBody({ feeGroupId: 9999 })],
      ["name", { ...feeBody(), name: "Bad\u0007name" }],
    ];
    for (const [field, body] of cases) {
      const r = await call(api, "POST", "/v1/admin/fees", { token: admin, body });
      expect(`${field} → ${r.status}`).toBe(`${field} → 400`);
      expect(r.body.hint).toContain(field);
    }
    const extra = await call(api, "POST", "/v1/admin/fees", {
      token: admin,
      body: { ...feeBody(), status: "paid" },
    });
    expect(extra.status).toBe(400);
    expect(await digest()).toBe(before);
  });

  it("an edit records only what changed, and nothing when nothing did", async () => {
    const fee = await newFee({ name: "Band uniform" });
    const r = await call(api, "PUT", `/v1/admin/fees/${fee.id}`, {
      token: admin,
      body: feeBody({ name: "Band uniform", amountCents: 2500, maxQuantity: 2 }),
    });
    expect(r.status).toBe(200);
    expect(r.body.changed.sort()).toEqual(["amountCents", "maxQuantity"]);
    const [entry] = (await audits("fee.update")).slice(-1);
    expect(entry).toMatchObject({
      entity_id: String(fee.id),
      before: { amountCents: 1000, maxQuantity: 1 },
      after: { amountCents: 2500, maxQuantity: 2 },
    });
    const n = await auditCount();
    const same = await call(api, "PUT", `/v1/admin/fees/${fee.id}`, {
      token: admin,
      body: feeBody({ name: "Band uniform", amountCents: 2500, maxQuantity: 2 }),
    });
    expect(same.body.changed).toEqual([]);
    expect(await auditCount()).toBe(n);
    const missing = await call(api, "PUT", "/v1/admin/fees/999999", {
      token: admin,
      body: feeBody(),
    });
    expect(missing.status).toBe(404);
  });
});

describe("assessing a fee", () => {
  it("a preview counts and prices who would be charged, and changes nothing", async () => {
    const fee = await newFee({ name: "Preview fee" });
    const [expected] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from participants where kind = 'student' and grade = '3'`,
    );
    const before = await digest();
    const r = await preview(fee.id, { by: "group", grade: "3", schoolId: null });
    expect(r.status).toBe(200);
    const p = AssessPreview.parse(r.body);
    expect(p.count).toBe(expected!.n);
    expect(p.count).toBeGreaterThan(0);
    expect(p.students.length).toBe(Math.min(50, p.count));
    expect(p.totalCents).toBe(p.students.reduce((s, x) => s + x.priceCents, 0));
    expect(await digest()).toBe(before);
  });

  it("charges a list of students each their price, and families see it", async () => {
    const fee = await newFee({ name: "Science kit" });
    // 100003 has free lunch, 100004 reduced, 100005 an activity pass, 100001 none.
    const target = { by: "students", studentIds: [100001, 100003, 100004, 100005] };
    const p = AssessPreview.parse((await preview(fee.id, target)).body);
    expect(p.count).toBe(4);
    expect(p.totalCents).toBe(1000 + 0 + 500 + 700);
    const r = await assess(fee.id, target);
    expect(r.status).toBe(200);
    expect(AssessResult.parse(r.body)).toEqual({
      assessed: 4,
      totalCents: 2200,
      alreadyAssessed: 0,
    });
    const [entry] = (await audits("fee.assess")).slice(-1);
    expect(entry).toMatchObject({
      entity_id: String(fee.id),
      after: { assessed: 4, totalCents: 2200, target: { by: "students", students: 4 } },
    });
    const family = await call(api, "GET", "/v1/student-fees", {
      token: await studentToken(api, "100004"),
    });
    const mine = (family.body as any[]).find((a) => a.fee.id === fee.id);
    expect(mine).toMatchObject({ assessedCost: 5, owed: 5, status: "due", selfAssessed: false });
    const free = await call(api, "GET", "/v1/student-fees", {
      token: await studentToken(api, "100003"),
    });
    expect((free.body as any[]).find((a) => a.fee.id === fee.id)).toMatchObject({
      assessedCost: 0,
      owed: 0,
      status: "paid",
    });

    // Again: nobody is charged twice, and nothing is recorded.
    const n = await auditCount();
    const again = AssessResult.parse((await assess(fee.id, target)).body);
    expect(again).toEqual({ assessed: 0, totalCents: 0, alreadyAssessed: 4 });
    expect(await auditCount()).toBe(n);
    const list = AssessedPage.parse(
      (await call(api, "GET", `/v1/admin/fees/${fee.id}/assessed`, { token: admin })).body,
    );
    expect(list.total).toBe(4);
  });

  it("refuses unknown student IDs by name, and writes nothing", async () => {
    const fee = await newFee({ name: "Unknown IDs" });
    const before = await digest();
    const r = await assess(fee.id, { by: "students", studentIds: [100001, 999998, 999999] });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("999998, 999999");
    expect(r.body.hint).toContain("studentIds");
    const p = await preview(fee.id, { by: "students", studentIds: [999999] });
    expect(p.status).toBe(400);
    expect(await digest()).toBe(before);
  });

  it("refuses a bad target with a 400 naming the field", async () => {
    const fee = await newFee({ name: "Bad targets" });
    const before = await digest();
    const cases: [string, unknown][] = [
      ["grade", { by: "group", grade: null, schoolId: null }],
      ["studentIds", { by: "students", studentIds: [] }],
      ["studentIds", { by: "students", studentIds: ["abc"] }],
      ["sectionId", { by: "section", sectionId: "not-a-uuid" }],
      ["sectionId", { by: "section", sectionId: "00000000-0000-4000-8000-000000000000" }],
      ["by", { by: "everyone" }],
    ];
    for (const [field, target] of cases) {
      const r = await assess(fee.id, target);
      expect(`${field} → ${r.status}`).toBe(`${field} → 400`);
      expect(r.body.hint).toContain(field);
    }
    expect((await assess(999999, { by: "group", grade: "3", schoolId: null })).status).toBe(404);
    expect(await digest()).toBe(before);
  });

  it("assesses to a grade and a school, and to everyone registered in a section", async () => {
    const fee = await newFee({ name: "Grade and school" });
    const [expected] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from participants
          where kind = 'student' and grade = '5' and school_id = 1`,
    );
    const r = AssessResult.parse(
      (await assess(fee.id, { by: "group", grade: "5", schoolId: 1 })).body,
    );
    expect(r.assessed).toBe(expected!.n);
    const [section] = await queryRows<{ id: string; n: number }>(
      db(),
      sql`select course_section_id as id, count(*)::int as n from registrations
          where status = 'registered' group by course_section_id order by n desc limit 1`,
    );
    const sectionFee = await newFee({ name: "Section fee" });
    const s = AssessResult.parse(
      (await assess(sectionFee.id, { by: "section", sectionId: section!.id })).body,
    );
    expect(s.assessed).toBe(section!.n);
    const [rows] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from assessed_fees a join registrations r
            on r.participant_id = a.participant_id and r.course_section_id = ${section!.id}::uuid
          where a.fee_id = ${sectionFee.id} and r.status = 'registered'`,
    );
    expect(rows!.n).toBe(section!.n);
  });

  it("five identical assessments at once charge each student once", async () => {
    const fee = await newFee({ name: "Concurrent" });
    const target = { by: "group", grade: "7", schoolId: null };
    const [expected] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from participants where kind = 'student' and grade = '7'`,
    );
    const replies = await Promise.all(Array.from({ length: 5 }, () => assess(fee.id, target)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const total = replies.reduce((s, r) => s + (r.body as AssessResult).assessed, 0);
    expect(total).toBe(expected!.n);
    const [rows] = await queryRows<{ n: number; people: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct participant_id)::int as people
          from assessed_fees where fee_id = ${fee.id}`,
    );
    expect(rows).toEqual({ n: expected!.n, people: expected!.n });
    expect((await audits("fee.assess")).filter((a) => a.entity_id === String(fee.id)).length).toBe(
      1,
    );
  });
});

describe("waiving and adjusting", () => {
  async function assessedOne(name: string, studentId: number) {
    const fee = await newFee({
      name,
      amountCents: 2000,
      reduced: null,
      activity: null,
      free: null,
    });
    await assess(fee.id, { by: "students", studentIds: [studentId] });
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`select id from assessed_fees where fee_id = ${fee.id}`,
    );
    return Number(row!.id);
  }

  it("adjusts with a reason, never below what was paid; the same amount changes nothing", async () => {
    const id = await assessedOne("Adjust me", 100010);
    await db().execute(
      sql`update assessed_fees set paid_cents = 500, status = 'partial' where id = ${id}`,
    );
    const before = await digest();
    const below = await call(api, "POST", `/v1/admin/assessed-fees/${id}/adjust`, {
      token: admin,
      body: { amountCents: 400, reason: "Sibling discount" },
    });
    expect(below.status).toBe(400);
    expect(below.body.hint).toContain("amountCents");
    const noReason = await call(api, "POST", `/v1/admin/assessed-fees/${id}/adjust`, {
      token: admin,
      body: { amountCents: 1500, reason: " " },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.hint).toContain("reason");
    expect(await digest()).toBe(before);

    const ok = await call(api, "POST", `/v1/admin/assessed-fees/${id}/adjust`, {
      token: admin,
      body: { amountCents: 1500, reason: "Sibling discount" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.assessed).toMatchObject({
      assessedCents: 1500,
      paidCents: 500,
      status: "partial",
    });
    const [entry] = (await audits("assessed-fee.adjust")).slice(-1);
    expect(entry).toMatchObject({
      entity_id: String(id),
      before: { assessedCents: 2000 },
      after: { assessedCents: 1500, reason: "Sibling discount" },
    });
    const n = await auditCount();
    const same = await call(api, "POST", `/v1/admin/assessed-fees/${id}/adjust`, {
      token: admin,
      body: { amountCents: 1500, reason: "Again" },
    });
    expect(same.body.changed).toBe(false);
    expect(await auditCount()).toBe(n);
    const toPaid = await call(api, "POST", `/v1/admin/assessed-fees/${id}/adjust`, {
      token: admin,
      body: { amountCents: 500, reason: "Paid enough" },
    });
    expect(toPaid.body.assessed).toMatchObject({ assessedCents: 500, status: "paid" });
  });

  it("waives what is owed, once, with a reason; the family owes nothing more", async () => {
    const id = await assessedOne("Waive me", 100011);
    await db().execute(
      sql`update assessed_fees set paid_cents = 300, status = 'partial' where id = ${id}`,
    );
    const r = await call(api, "POST", `/v1/admin/assessed-fees/${id}/waive`, {
      token: admin,
      body: { reason: "Hardship" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      assessedCents: 300,
      paidCents: 300,
      status: "paid",
      waived: true,
    });
    const [entry] = (await audits("assessed-fee.waive")).slice(-1);
    expect(entry).toMatchObject({
      entity_id: String(id),
      before: { assessedCents: 2000, waived: false },
      after: { assessedCents: 300, waived: true, reason: "Hardship" },
    });
    const before = await digest();
    const again = await call(api, "POST", `/v1/admin/assessed-fees/${id}/waive`, {
      token: admin,
      body: { reason: "Hardship" },
    });
    expect(again.status).toBe(409);
    const missing = await call(api, "POST", "/v1/admin/assessed-fees/999999/waive", {
      token: admin,
      body: { reason: "Hardship" },
    });
    expect(missing.status).toBe(404);
    const noReason = await call(api, "POST", `/v1/admin/assessed-fees/${id}/waive`, {
      token: admin,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.hint).toContain("reason");
    expect(await digest()).toBe(before);
    const family = await call(api, "GET", "/v1/student-fees", {
      token: await studentToken(api, "100011"),
    });
    expect((family.body as any[]).find((a) => a.id === id)).toMatchObject({ owed: 0 });
  });
});

describe("fee groups", () => {
  const groups = async () =>
    FeeGroupList.parse((await call(api, "GET", "/v1/admin/fee-groups", { token: admin })).body)
      .groups;
  const create = (name: unknown) =>
    call(api, "POST", "/v1/admin/fee-groups", { token: admin, body: { name } });
  const rename = (id: number, name: unknown) =>
    call(api, "PUT", `/v1/admin/fee-groups/${id}`, { token: admin, body: { name } });

  it("creates a group, lists it with its number of fees, renames it; each leaves its audit entry", async () => {
    const r = await create("  Lab coats  ");
    expect(r.status).toBe(201);
    const { id } = FeeGroupCreated.parse(r.body);
    expect(await groups()).toContainEqual({ id, name: "Lab coats", feeCount: 0 });
    const [made] = (await audits("fee-group.create")).slice(-1);
    expect(made).toMatchObject({
      entity_id: String(id),
      actor_username: "admin",
      after: { name: "Lab coats" },
    });

    await newFee({ name: "Lab coat, small", feeGroupId: id });
    await newFee({ name: "Lab coat, large", feeGroupId: id });
    expect((await groups()).find((g) => g.id === id)).toEqual({
      id,
      name: "Lab coats",
      feeCount: 2,
    });

    const renamed = await rename(id, "Lab coats and goggles");
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, name: "Lab coats and goggles", changed: true });
    const [entry] = (await audits("fee-group.update")).slice(-1);
    expect(entry).toMatchObject({
      entity_id: String(id),
      before: { name: "Lab coats" },
      after: { name: "Lab coats and goggles" },
    });
    // Its own name in another case is no clash; the same name again changes nothing.
    expect((await rename(id, "LAB COATS AND GOGGLES")).body.changed).toBe(true);
    const n = await auditCount();
    expect((await rename(id, "LAB COATS AND GOGGLES")).body.changed).toBe(false);
    expect(await auditCount()).toBe(n);
    const options = await call(api, "GET", "/v1/admin/fees/options", { token: admin });
    expect(options.body.feeGroups).toContainEqual({ id, name: "LAB COATS AND GOGGLES" });
  });

  it("refuses a bad or taken name with a 400 naming it, an unknown group with a 404, and writes nothing", async () => {
    expect((await create("Uniforms")).status).toBe(201);
    const other = FeeGroupCreated.parse((await create("Instruments")).body).id;
    const before = await digest();
    const bad: [string, unknown][] = [
      ["empty", ""],
      ["blank", "   "],
      ["101 characters", "x".repeat(101)],
      ["NUL byte", "Uni\u0000forms"],
      ["line break", "Uni\nforms"],
      ["not a text", 12],
      ["taken, in another case", "uNIFORMS"],
      ["taken, with spaces", " Uniforms "],
    ];
    for (const [what, name] of bad) {
      for (const [how, r] of [
        ["create", await create(name)],
        ["rename", await rename(other, name)],
      ] as const) {
        expect(`${what} ${how} → ${r.status}`).toBe(`${what} ${how} → 400`);
        expect(r.body.hint).toMatch(/^name: /);
        expect(r.body.issues?.[0]?.path).toBe("name");
      }
    }
    const taken = await create("UNIFORMS");
    expect(taken.body.issues[0].message).toBe("A fee group named UNIFORMS already exists.");
    const extra = await call(api, "POST", "/v1/admin/fee-groups", {
      token: admin,
      body: { name: "Extra", id: 1 },
    });
    expect(extra.status).toBe(400);
    expect((await rename(999999, "Nowhere")).status).toBe(404);
    expect((await rename(999999, "Uniforms")).status).toBe(404);
    expect(await digest()).toBe(before);
    // 100 characters is the most.
    expect((await create("y".repeat(100))).status).toBe(201);
  });

  it("five creates of one name at once: exactly one is made", async () => {
    const before = (await groups()).length;
    const replies = await Promise.all(
      ["Robotics", "robotics", "ROBOTICS", "Robotics", " Robotics"].map((name) => create(name)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of replies.filter((x) => x.status === 400)) {
      expect(r.body.hint).toMatch(/^name: /);
    }
    const after = await groups();
    expect(after.length).toBe(before + 1);
    expect(after.filter((g) => g.name.toLowerCase() === "robotics").length).toBe(1);
    const made = (await audits("fee-group.create")).filter(
      (a) => a.after.name.toLowerCase() === "robotics",
    );
    expect(made.length).toBe(1);
  });

  it("two renames to one name at once: exactly one is made", async () => {
    const a = FeeGroupCreated.parse((await create("Chess club")).body).id;
    const b = FeeGroupCreated.parse((await create("Debate club")).body).id;
    const replies = await Promise.all([rename(a, "Clubs"), rename(b, "clubs")]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await groups()).filter((g) => g.name.toLowerCase() === "clubs").length).toBe(1);
  });
});
