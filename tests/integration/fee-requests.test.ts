import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { todayIn } from "../../domain/rules/time";
import { courseQuestions, feeOwners, fees } from "../../district-api/db/schema";

let api: TestApi;
let proposer: string;
let admin: string;
let instructor: string;
let lookups: {
  schools: { id: number; shortName: string }[];
  years: { id: number; year: string }[];
  routes: { id: number; route: string }[];
  categories: { id: number; name: string }[];
};

const TZ = process.env.DISTRICT_TZ || "America/Chicago";
function day(offset: number): string {
  const d = new Date(`${todayIn(TZ, api?.clock.now() ?? new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function validBody(over: Record<string, unknown> = {}) {
  return {
    name: "Band Trip",
    school: lookups.schools[0]!.id,
    year: lookups.years[0]!.id,
    category: lookups.categories[0]!.id,
    approvalRoute: lookups.routes[0]!.id,
    type: "Optional",
    cost: 25.5,
    costVariable: false,
    accountNumber: "10-1000",
    accountAssignedByBusinessOffice: false,
    allowStudent: true,
    allowEmployee: false,
    allowCommunityMember: false,
    allowGuest: false,
    collectionStart: day(0),
    collectionEnd: day(30),
    description: "A trip",
    otherInformation: "",
    sponsors: [
      { id: "E1003", name: "Paula Proposer" },
      { id: "E1001", name: "Irene Instructor" },
    ],
    requiresAdditionalInformation: true,
    questions: [
      { question: "Size?", responseType: "Value List", answerList: "S, M, L", sortOrder: 1 },
      { question: "Allergies?", responseType: "Free Form", answerList: "", sortOrder: 2 },
      { question: "I agree", responseType: "Waiver", answerList: "", sortOrder: 3 },
    ],
    ...over,
  };
}

async function save(body: unknown, token = proposer) {
  return call(api, "POST", "/v1/fee-requests/save", { body, token });
}

async function proposals(token = proposer) {
  const r = await call(api, "GET", "/v1/instructor/fee-proposals", { token });
  expect(r.status).toBe(200);
  return r.body as any[];
}

beforeAll(async () => {
  api = await startTestApi();
  proposer = await staffToken(api, "proposer");
  admin = await staffToken(api, "feeadmin");
  instructor = await staffToken(api, "instructor");
  const get = async (p: string) =>
    (await call(api, "GET", `/v1/instructor/${p}`, { token: proposer })).body;
  lookups = {
    schools: await get("schools"),
    years: await get("school-years"),
    routes: await get("approval-routes"),
    categories: await get("fee-categories"),
  };
});
afterAll(async () => {
  await api?.close();
});

describe("lookups", () => {
  it("answer lists to proposers and fee administrators; categories sorted by name", async () => {
    for (const p of ["schools", "school-years", "approval-routes", "employees", "fee-categories"]) {
      const r = await call(api, "GET", `/v1/instructor/${p}`, { token: admin });
      expect(r.status, p).toBe(200);
      expect(r.body.length, p).toBeGreaterThan(0);
    }
    const names = lookups.categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const employees = (await call(api, "GET", "/v1/instructor/employees", { token: proposer }))
      .body;
    expect(employees).toContainEqual({ id: "E1001", name: "Irene Instructor" });
  });

  it("refuse staff without the proposer or admin role, families and anonymous callers", async () => {
    expect((await call(api, "GET", "/v1/instructor/schools", { token: instructor })).status).toBe(
      403,
    );
    const student = await studentToken(api);
    expect(
      (await call(api, "GET", "/v1/instructor/fee-proposals", { token: student })).status,
    ).toBe(403);
    expect((await call(api, "GET", "/v1/instructor/employees")).status).toBe(401);
  });
});

describe("POST /v1/fee-requests/save", () => {
  it("saves a Pending request with its sponsors and questions", async () => {
    const r = await save(validBody());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ errorCode: 0, requestStatus: "Pending" });
    const p = (await proposals()).find((x) => x.id === r.body.feeRequestId);
    expect(p).toMatchObject({
      feeName: "Band Trip",
      cost: 25.5,
      requestStatus: "Pending",
      collectionStart: day(0),
      collectionEnd: day(30),
    });
    expect(p.facultySponsors.map((s: { id: string }) => s.id).sort()).toEqual(["E1001", "E1003"]);
    expect(p.courseQuestions.map((q: { responseType: string }) => q.responseType)).toEqual([
      "Value List",
      "Free Form",
      "Waiver",
    ]);
    expect(p.courseQuestions[0].answerList).toEqual(["S", "M", "L"]);
    // The sale window: start of the first day, 23:59:59 of the last (district time).
    expect(new Date(p.saleEndDate).getTime() - new Date(p.saleStartDate).getTime()).toBeGreaterThan(
      30 * 86_400_000 - 3_700_000,
    );
    expect(p.approverNotes).toBe("");
  });

  it.each([
    [
      "a past start date",
      { collectionStart: day(-1) },
      "collectionStart",
      "Date must be in the future.",
    ],
    [
      "start after end",
      { collectionStart: day(5), collectionEnd: day(2) },
      "collectionStart",
      "Collection start date must be before collection end date",
    ],
    ["a cost below 1", { cost: 0.5 }, "cost", "Required"],
    ["no sponsors", { sponsors: [] }, "sponsors", "You must have at least one sponsor."],
    [
      "Optional without a category",
      { category: null },
      "category",
      "Category is required when Type is set Optional",
    ],
    [
      "no account number",
      { accountNumber: "" },
      "accountNumber",
      "Account Number required if not assigned by BO",
    ],
    [
      "no questions",
      { questions: [] },
      "questions",
      "There must be at least one question when Requires Additional Information is Yes.",
    ],
    [
      "two waivers",
      {
        questions: [
          { question: "a", responseType: "Waiver", sortOrder: 1 },
          { question: "b", responseType: "Waiver", sortOrder: 2 },
        ],
      },
      "questions.1.responseType",
      "You can only add one Waiver.",
    ],
    [
      "duplicate sort orders",
      {
        questions: [
          { question: "a", responseType: "Free Form", sortOrder: 2 },
          { question: "b", responseType: "Free Form", sortOrder: 2 },
        ],
      },
      "questions.1.sortOrder",
      "Duplicate sortOrder: 2",
    ],
    [
      "a cost with 3 decimals",
      { cost: 10.555 },
      "cost",
      "Cost can have at most 2 digits after the decimal point.",
    ],
    ["a missing name", { name: " " }, "name", "This field is required."],
    [
      "a question without text or response type",
      { questions: [{ question: "", responseType: "", sortOrder: 1 }] },
      "questions.0.responseType",
      "Response Type is required.",
    ],
    [
      "a Value List without options",
      {
        questions: [{ question: "Size", responseType: "Value List", answerList: [], sortOrder: 1 }],
      },
      "questions.0.answerList",
      "Enter the options of the Value List separated by commas.",
    ],
    [
      "a sort order that is not a number",
      { questions: [{ question: "Size", responseType: "Free Form", sortOrder: "first" }] },
      "questions.0.sortOrder",
      "Sort Order must be a whole number of 1 or more.",
    ],
  ])("refuses %s with errorCode and errorMessage", async (_what, over, path, message) => {
    const r = await save(validBody(over));
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe(1);
    expect(r.body.issues).toContainEqual({ path, message });
  });

  it("refuses unknown lookups and sponsors with errorMessage", async () => {
    const r = await save(validBody({ school: 9999 }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      errorCode: 4,
      errorMessage: "The School chosen does not exist.",
    });
    const s = await save(validBody({ sponsors: [{ id: "E9999", name: "Nobody" }] }));
    expect(s.status).toBe(422);
    expect(s.body.errorMessage).toBe("Sponsor E9999 is not an employee of the district.");
  });

  it("bad input is a 400, never a 5xx", async () => {
    for (const body of ["[", { sponsors: "x" }, { questions: [1, 2] }, 42]) {
      const r = await save(body);
      expect(r.status).toBe(400);
    }
  });

  it("always keeps the signed-in employee as a sponsor, and clears category for Course", async () => {
    const r = await save(validBody({ type: "Course", sponsors: [{ id: "E1001", name: "x" }] }));
    expect(r.status).toBe(200);
    const p = (await proposals()).find((x) => x.id === r.body.feeRequestId);
    expect(p.facultySponsors.map((s: { id: string }) => s.id)).toContain("E1003");
    expect(p.feeCategory).toBeNull();
  });

  it("only proposers save; a crafted body cannot approve its own request", async () => {
    expect((await save(validBody(), instructor)).status).toBe(403);
    expect((await save(validBody(), admin)).status).toBe(403);
    const crafted = await save(
      validBody({ name: "Crafted", requestStatus: "Approved", status: "Approved", feeId: 1 }),
    );
    expect(crafted.status).toBe(200);
    expect(crafted.body.requestStatus).toBe("Pending");
    const p = (await proposals()).find((x) => x.id === crafted.body.feeRequestId);
    expect(p).toMatchObject({ requestStatus: "Pending", feeId: null });
    const approve = await call(
      api,
      "POST",
      `/v1/fee-requests/${crafted.body.feeRequestId}/approve`,
      {
        token: proposer,
        body: {},
      },
    );
    expect(approve.status).toBe(403);
    expect((await proposals()).find((x) => x.id === crafted.body.feeRequestId).requestStatus).toBe(
      "Pending",
    );
  });
});

describe("review", () => {
  it("approve creates the fee with questions and owners, visible to allowed users from the sale start", async () => {
    // Sale starts tomorrow: the fee must not be sold today.
    const r = await save(
      validBody({
        name: "Approved Trip",
        collectionStart: day(1),
        collectionEnd: day(40),
        allowStudent: true,
        allowGuest: false,
      }),
    );
    const id = r.body.feeRequestId as number;
    const a = await call(api, "POST", `/v1/fee-requests/${id}/approve`, {
      token: admin,
      body: { notes: "Looks good" },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ requestStatus: "Approved" });
    const feeId = a.body.feeId as number;
    const db = api.runtime.deps.db;
    const [fee] = await db.select().from(fees).where(eq(fees.id, feeId));
    expect(fee).toMatchObject({
      name: "Approved Trip",
      amountCents: 2550,
      feeType: "Optional",
      feeCategoryId: lookups.categories[0]!.id,
      schoolId: lookups.schools[0]!.id,
      accountCode: "10-1000",
      allowStudent: true,
      allowGuest: false,
    });
    const qs = await db.select().from(courseQuestions).where(eq(courseQuestions.feeId, feeId));
    expect(qs.map((q) => q.sortOrder).sort()).toEqual([1, 2, 3]);
    const owners = await db.select().from(feeOwners).where(eq(feeOwners.feeId, feeId));
    expect(owners.map((o) => o.employeeId).sort()).toEqual(["E1001", "E1003"]);

    // Visible in GET /v1/fees to an allowed user once the sale has started, never to a guest.
    const student = await studentToken(api, "100002");
    const guest = await guestToken(api, "trip-guest@example.org");
    const ids = async (token: string) => {
      const res = await call(api, "GET", "/v1/fees", { token });
      expect(res.status).toBe(200);
      return (res.body as { id: number }[]).map((f) => f.id);
    };
    expect(await ids(student)).not.toContain(feeId);
    api.clock.advance(2 * 86_400_000);
    try {
      expect(await ids(await studentToken(api, "100002"))).toContain(feeId);
      expect(await ids(await guestToken(api, "trip-guest2@example.org"))).not.toContain(feeId);
    } finally {
      api.clock.reset();
    }
    void guest;

    const p = (await proposals()).find((x) => x.id === id);
    expect(p).toMatchObject({ requestStatus: "Approved", feeId });
    expect(p.approverNotes).toContain("Looks good");
    // An approved request cannot be edited or reviewed again.
    const edit = await save(validBody({ feeRequestId: id }));
    expect(edit.status).toBe(409);
    expect(edit.body.errorCode).toBe(3);
    const again = await call(api, "POST", `/v1/fee-requests/${id}/deny`, {
      token: admin,
      body: { notes: "no" },
    });
    expect(again.status).toBe(409);
  });

  it("deny with notes → history; the proposer edits and resubmits; duplicate makes a new one", async () => {
    const r = await save(validBody({ name: "To Deny" }));
    const id = r.body.feeRequestId as number;
    const noNotes = await call(api, "POST", `/v1/fee-requests/${id}/deny`, {
      token: admin,
      body: {},
    });
    expect(noNotes.status).toBe(400);
    const d = await call(api, "POST", `/v1/fee-requests/${id}/deny`, {
      token: admin,
      body: { notes: "Cost too high" },
    });
    expect(d.status).toBe(200);
    let p = (await proposals()).find((x) => x.id === id);
    expect(p.requestStatus).toBe("Denied");
    expect(p.approverNotes).toBe("Denied: Cost too high");
    expect(p.statusHistory.map((h: { status: string }) => h.status)).toEqual(["Pending", "Denied"]);

    // Another instructor may not edit it.
    const other = await save(validBody({ feeRequestId: id }), admin);
    expect(other.status).toBe(403);

    const resubmit = await save(validBody({ feeRequestId: id, name: "To Deny", cost: 10 }));
    expect(resubmit.status).toBe(200);
    expect(resubmit.body).toMatchObject({ feeRequestId: id, requestStatus: "Pending" });
    p = (await proposals()).find((x) => x.id === id);
    expect(p).toMatchObject({ requestStatus: "Pending", cost: 10 });
    expect(p.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      "Pending",
      "Denied",
      "Pending",
    ]);

    // Duplicate: the same fields without an id make a new Pending request.
    const dup = await save(validBody({ name: "To Deny" }));
    expect(dup.body.feeRequestId).not.toBe(id);
    expect((await proposals()).filter((x) => x.feeName === "To Deny")).toHaveLength(2);
  });

  it("two simultaneous approvals create one fee", async () => {
    const r = await save(validBody({ name: "Race Approval" }));
    const id = r.body.feeRequestId as number;
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        call(api, "POST", `/v1/fee-requests/${id}/approve`, { token: admin, body: {} }),
      ),
    );
    expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    const made = await api.runtime.deps.db
      .select()
      .from(fees)
      .where(eq(fees.name, "Race Approval"));
    expect(made).toHaveLength(1);
  });

  it("a proposer sees own and sponsored requests; the admin sees all; unknown ids are 404", async () => {
    const mine = await proposals();
    expect(
      mine.every(
        (x) =>
          x.createdBy.id === "E1003" ||
          x.facultySponsors.some((s: { id: string }) => s.id === "E1003"),
      ),
    ).toBe(true);
    const all = await proposals(admin);
    expect(all.length).toBeGreaterThanOrEqual(mine.length);
    // The demo requests: pending, approved, denied.
    const statuses = new Set(all.map((x) => x.requestStatus));
    expect(statuses).toEqual(new Set(["Pending", "Approved", "Denied"]));
    const r = await call(api, "POST", "/v1/fee-requests/999999/approve", {
      token: admin,
      body: {},
    });
    expect(r.status).toBe(404);
    expect(r.body.errorCode).toBe(2);
    const bad = await call(api, "POST", "/v1/fee-requests/abc/approve", { token: admin, body: {} });
    expect(bad.status).toBe(400);
  });

  it("someone holding both fee roles never approves their own request; another fee administrator does", async () => {
    // An account with both roles, signing in with the fee administrator's demo password.
    await api.runtime.deps.db.execute(
      sql`insert into staff (username, password_hash, employee_id, display_name, name_first,
            name_last, roles)
          select 'bothroles', password_hash, 'E1099', 'Bea Both', 'Bea', 'Both',
            '{fee_admin,fee_proposer}'::text[]
          from staff where username = 'feeadmin'`,
    );
    const both = await staffToken(api, "bothroles", "feeadmin-demo");
    const approve = (id: number, token: string) =>
      call(api, "POST", `/v1/fee-requests/${id}/approve`, { token, body: {} });
    const status = async (id: number) =>
      (await proposals(admin)).find((x) => x.id === id).requestStatus as string;
    // Made by them.
    const own = await save(
      validBody({ name: "Own Trip", sponsors: [{ id: "E1001", name: "Irene Instructor" }] }),
      both,
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const ownId = own.body.feeRequestId as number;
    const refused = await approve(ownId, both);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorCode: 7,
      message:
        "You cannot approve a fee request you made or sponsor: another fee administrator must approve it.",
    });
    expect(await status(ownId)).toBe("Pending");
    // Made by someone else, with them as a sponsor: they would own the fee.
    const sponsored = await save(
      validBody({ name: "Sponsored Trip", sponsors: [{ id: "E1099", name: "Bea Both" }] }),
    );
    const sponsoredId = sponsored.body.feeRequestId as number;
    expect((await approve(sponsoredId, both)).status).toBe(403);
    expect(await status(sponsoredId)).toBe("Pending");
    // The flip side: another fee administrator approves both; and the one with both roles still
    // approves a request that is not theirs.
    expect((await approve(ownId, admin)).status).toBe(200);
    expect((await approve(sponsoredId, admin)).status).toBe(200);
    const other = await save(validBody({ name: "Other Trip" }));
    expect((await approve(other.body.feeRequestId as number, both)).status).toBe(200);
  });
});
