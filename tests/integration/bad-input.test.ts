// Bad input is a 4xx naming the field, and writes nothing (decision 104): impossible
// dates, NUL and control characters, and numbers beyond what the database holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  staffToken,
  startTestApi,
  studentToken,
  type Reply,
  type TestApi,
} from "../support/api";
import { databaseDigest } from "../support/db-digest";
import { todayIn } from "../../domain/rules/time";

let api: TestApi;
let student: string;
let proposer: string;
let lookups: { school: number; year: number; category: number; route: number };

const TZ = process.env.DISTRICT_TZ || "America/Chicago";
function day(offset: number): string {
  const d = new Date(`${todayIn(TZ, api.clock.now())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function feeRequest(over: Record<string, unknown> = {}) {
  return {
    name: "Band Trip",
    school: lookups.school,
    year: lookups.year,
    category: lookups.category,
    approvalRoute: lookups.route,
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
    sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    requiresAdditionalInformation: false,
    questions: [],
    ...over,
  };
}

/** The reply is a 400 whose issues name the field, and no table changed. */
async function refused(field: string, send: () => Promise<Reply>) {
  const before = await databaseDigest(api.runtime.deps.db);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const paths = ((r.body?.issues ?? []) as { path: string }[]).map((i) => i.path);
  expect(paths, JSON.stringify(r.body)).toContain(field);
  expect(r.body.hint).toContain(field);
  expect(await databaseDigest(api.runtime.deps.db)).toEqual(before);
}

beforeAll(async () => {
  api = await startTestApi();
  student = await studentToken(api);
  proposer = await staffToken(api, "proposer");
  const get = async (p: string) => (await call(api, "GET", p, { token: proposer })).body[0].id;
  lookups = {
    school: await get("/v1/instructor/schools"),
    year: await get("/v1/instructor/school-years"),
    category: await get("/v1/instructor/fee-categories"),
    route: await get("/v1/instructor/approval-routes"),
  };
});
afterAll(async () => {
  await api?.close();
});

describe("impossible dates", () => {
  it.each(["2012-02-31", "2012-13-45", "0000-00-00", "1812-01-01", "9999-12-31"])(
    "sign-in with birth date %s is a 400 naming dob",
    async (dob) => {
      await refused("dob", () =>
        call(api, "POST", "/v1/student", { body: { studentId: "100001", dob } }),
      );
    },
  );

  it.each(["9999-12-31", "2012-02-31", "+10000-01-01"])(
    "a fee request collected until %s is a 400 naming collectionEnd",
    async (collectionEnd) => {
      await refused("collectionEnd", () =>
        call(api, "POST", "/v1/fee-requests/save", {
          body: feeRequest({ collectionEnd }),
          token: proposer,
        }),
      );
    },
  );
});

describe("numbers beyond the database's range", () => {
  it("GET /v1/cart/99999999999 is a 400 naming cartId", async () => {
    await refused("cartId", () => call(api, "GET", "/v1/cart/99999999999", { token: student }));
    await refused("cartId", () =>
      call(api, "GET", "/v1/payment/in-person/99999999999", { token: student }),
    );
  });

  it("a fee id of 2^40 is a 400 naming feeId", async () => {
    await refused("feeId", () =>
      call(api, "PUT", "/v1/fees/add-to-cart", { body: { feeId: 2 ** 40 }, token: student }),
    );
    await refused("feeId", () => call(api, "GET", `/v1/myFees/${2 ** 40}`, { token: proposer }));
  });

  it("a cart id of 2^40 is a 400 naming cartId", async () => {
    await refused("cartId", () =>
      call(api, "POST", "/v1/payment/submit-order", { body: { cartId: 2 ** 40 }, token: student }),
    );
    await refused("cartItemIds.0", () =>
      call(api, "DELETE", "/v1/cart/cartItems", {
        body: { cartItemIds: [2 ** 40] },
        token: student,
      }),
    );
  });

  it("a payment of 10^12 dollars is a 400 naming payNowAmount", async () => {
    await refused("payNowAmount", () =>
      call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        body: { cartId: 1, payNowAmount: 1e12, paymentMethod: "cash" },
        token: proposer,
      }),
    );
  });

  it("a cancel path to another site is a 400 naming cancelPath", async () => {
    await refused("cancelPath", () =>
      call(api, "POST", "/v1/payment/checkout-session", {
        body: {
          cartId: 1,
          payNowAmount: 8,
          paymentType: "full",
          returnBase: "http://localhost:3000",
          cancelPath: "//evil.example/cart",
          completePath: "/payment-complete",
        },
        token: student,
      }),
    );
  });

  it("a fee request costing 21474836.48 is a 400 naming cost", async () => {
    await refused("cost", () =>
      call(api, "POST", "/v1/fee-requests/save", {
        body: feeRequest({ cost: 21474836.48 }),
        token: proposer,
      }),
    );
  });
});

describe("NUL and control characters", () => {
  it("a NUL in a guest's name is a 400 naming nameFirst", async () => {
    await refused("nameFirst", () =>
      call(api, "PUT", "/v1/community/register-guest", {
        body: { nameFirst: "Ga\u0000il", nameLast: "Guest", email: "nul@example.org" },
      }),
    );
  });

  it("a NUL in a staff user name is a 400 naming username", async () => {
    await refused("username", () =>
      call(api, "POST", "/v1/instructor", { body: { username: "proposer\u0000", password: "x" } }),
    );
  });

  it("a NUL or a bell in a fee request is a 400 naming the field", async () => {
    await refused("name", () =>
      call(api, "POST", "/v1/fee-requests/save", {
        body: feeRequest({ name: "Band\u0000Trip" }),
        token: proposer,
      }),
    );
    await refused("description", () =>
      call(api, "POST", "/v1/fee-requests/save", {
        body: feeRequest({ description: "ding\u0007" }),
        token: proposer,
      }),
    );
  });

  it("keeps line breaks and tabs in long texts", async () => {
    const r = await call(api, "POST", "/v1/fee-requests/save", {
      body: feeRequest({ description: "Line one\r\nLine\ttwo" }),
      token: proposer,
    });
    expect(r.status).toBe(200);
  });
});
