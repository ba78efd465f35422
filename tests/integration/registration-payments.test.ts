// The registration payment calls a parent's dialog makes, over HTTP (decision 106): the
// amount rules (minimum from the cost, above the balance), a mailed check for part of the
// balance, the simulator's expiry check, and where a paid cart's return page goes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, guestToken, startTestApi, studentToken, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import type { SimulatorProvider } from "../../district-api/payments/simulator";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const sim = () => api.runtime.deps.payments as SimulatorProvider;
const MIN = (a: string) => `Payment amount must be at least 1% of the original cost (${a}).`;

async function makeSection(costCents: number, allowPartial = true): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Dialog payments', ${allowPartial}) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('ENR', '301', ${`Camp ${Math.random()}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${costCents})
        returning id`,
  );
  return s!.id;
}

async function registered(student: string, costCents: number, allowPartial = true) {
  const token = await studentToken(api, student);
  const section = await makeSection(costCents, allowPartial);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { token, section };
}

async function registration(student: string, section: string) {
  const [row] = await queryRows<{ status: string; paid_cents: number; pending_cents: number }>(
    db(),
    sql`select status, paid_cents, pending_cents from registrations
        where course_section_id = ${section} and participant_id = ${Number(student)}`,
  );
  return row!;
}

async function paymentCount(student: string) {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from payments where owner_key = ${`student:${student}`}`,
  );
  return row!.n;
}

describe("registration amounts", () => {
  it("the minimum follows the cost; above the balance is refused as such; nothing is written", async () => {
    const { token, section } = await registered("100011", 7500);
    await db().execute(
      sql`update registrations set paid_cents = 1012 where course_section_id = ${section}`,
    );
    const info = await call(api, "GET", `/v1/payment/registration/${section}`, { token });
    expect(info.body).toMatchObject({ balance: 64.88, minimumPayment: 0.75 });
    const s = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { courseSectionId: section },
    });
    const setupId = s.body.data.setupId as string;
    await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token,
      body: { cardNumber: "4242424242424242" },
    });
    const cases: [number, "full" | "partial", string][] = [
      [64.89, "partial", "Payment amount can't be more than the amount due ($64.88)."],
      [0.7, "partial", MIN("$0.75")],
      [40, "full", "The amount due changed. Please review it and pay again."],
    ];
    for (const [payNowAmount, paymentType, message] of cases) {
      const r = await call(api, "POST", "/v1/payment/complete-setup-intent", {
        token,
        body: { setupId, courseSectionId: section, payNowAmount, paymentType },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
      const h = await call(api, "POST", "/v1/payment/checkout-session", {
        token,
        body: {
          courseSectionId: section,
          payNowAmount,
          paymentType,
          returnBase: "http://x.test",
          cancelPath: "/programs",
          completePath: "/payment-complete",
        },
      });
      expect(h.status).toBe(400);
      expect(h.body.message).toBe(message);
    }
    expect(await paymentCount("100011")).toBe(0);
    expect(await registration("100011", section)).toMatchObject({ paid_cents: 1012 });
  });
});

describe("a mailed check for part of the balance", () => {
  it("records the check's amount and leaves the rest payable", async () => {
    const { token, section } = await registered("100012", 4000);
    const r = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section], payNowAmount: 25 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await registration("100012", section)).toEqual({
      status: "registered",
      paid_cents: 0,
      pending_cents: 2500,
    });
    const info = await call(api, "GET", `/v1/payment/registration/${section}`, { token });
    expect(info.body).toMatchObject({ balance: 15, pending: 25, minimumPayment: 0.5 });
  });

  it("five identical checks sent at once are recorded once", async () => {
    const { token, section } = await registered("100018", 4000);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/payment/confirm-mailin", {
          token,
          body: { paymentType: "mail", courseSectionIds: [section], payNowAmount: 25 },
        }),
      ),
    );
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(await paymentCount("100018")).toBe(1);
    expect(await registration("100018", section)).toMatchObject({ pending_cents: 2500 });
  });

  it("refuses impossible amounts, naming the rule, and writes nothing", async () => {
    const { token, section } = await registered("100013", 4000);
    const cases: [unknown, number, string | null][] = [
      [40.01, 400, "Payment amount can't be more than the amount due ($40.00)."],
      [0.2, 400, MIN("$0.50")],
      [-5, 400, null],
      ["25", 400, null],
      [1e12, 400, null],
    ];
    for (const [payNowAmount, status, message] of cases) {
      const r = await call(api, "POST", "/v1/payment/confirm-mailin", {
        token,
        body: { paymentType: "mail", courseSectionIds: [section], payNowAmount },
      });
      expect(r.status, String(payNowAmount)).toBe(status);
      if (message) expect(r.body.message).toBe(message);
      else expect(JSON.stringify(r.body)).toContain("payNowAmount");
    }
    expect(await paymentCount("100013")).toBe(0);
    expect(await registration("100013", section)).toMatchObject({ pending_cents: 0 });
  });

  it("a registration without partial payments takes only the whole balance by check", async () => {
    const { token, section } = await registered("100014", 4000, false);
    const r = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section], payNowAmount: 25 },
    });
    expect(r.status).toBe(400);
    const full = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section], payNowAmount: 40 },
    });
    expect(full.status).toBe(200);
    expect(await registration("100014", section)).toMatchObject({ pending_cents: 4000 });
  });
});

describe("simulator expiry dates", () => {
  it("refuses past and impossible dates on the card form and the hosted page", async () => {
    const { token, section } = await registered("100015", 4000);
    const s = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { courseSectionId: section },
    });
    const setupId = s.body.data.setupId as string;
    const confirm = (expiry: string) =>
      call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
        token,
        body: { cardNumber: "4242424242424242", expiry },
      });
    expect((await confirm("01/20")).body.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect((await confirm("13/30")).body.message).toBe("Your card's expiration month is invalid.");
    expect((await confirm("13/30")).status).toBe(402);
    expect((await confirm("12/34")).status).toBe(200);

    const h = await call(api, "POST", "/v1/payment/checkout-session", {
      token,
      body: {
        courseSectionId: section,
        payNowAmount: 40,
        paymentType: "full",
        returnBase: "http://x.test",
        cancelPath: "/programs",
        completePath: "/payment-complete",
      },
    });
    const sessionId = String(h.body.url).split("/").pop()!;
    const before = await sim().succeededCharges();
    for (const expiry of ["01/20", "13/30", "1/2"]) {
      const r = await call(api, "POST", `/v1/payment/simulator/checkout/${sessionId}/pay`, {
        token,
        body: { cardNumber: "4242424242424242", expiry },
      });
      expect(r.status).toBe(402);
    }
    expect(await sim().succeededCharges()).toBe(before);
    const ok = await call(api, "POST", `/v1/payment/simulator/checkout/${sessionId}/pay`, {
      token,
      body: { cardNumber: "4242424242424242", expiry: "12/34" },
    });
    expect(ok.status).toBe(200);
    expect(await sim().succeededCharges()).toBe(before + 1);
  });
});

describe("where the return page sends a paid checkout", () => {
  async function hostedCartPayment(token: string, amount: number) {
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const h = await call(api, "POST", "/v1/payment/checkout-session", {
      token,
      body: {
        cartId: cart.body.id,
        payNowAmount: amount,
        paymentType: "full",
        returnBase: "http://x.test",
        cancelPath: "/cart",
        completePath: "/payment-complete",
      },
    });
    expect(h.status, JSON.stringify(h.body)).toBe(200);
    const sessionId = String(h.body.url).split("/").pop()!;
    const paid = await call(api, "POST", `/v1/payment/simulator/checkout/${sessionId}/pay`, {
      token,
      body: { cardNumber: "4242424242424242" },
    });
    expect(paid.status).toBe(200);
    const ref = new URL(paid.body.redirectUrl, "http://x.test").searchParams.get("payment_intent")!;
    return { cartId: cart.body.id as number, ref };
  }

  async function goggles(): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    return Number(row!.id);
  }

  it("fees to /fees?purchased, registrations to /my-registrations?purchased, guests to the receipt", async () => {
    const student = await studentToken(api, "100016");
    await call(api, "PUT", "/v1/fees/add-to-cart", {
      token: student,
      body: { feeId: await goggles() },
    });
    const fees = await hostedCartPayment(student, 8);
    const s1 = await call(api, "GET", `/v1/payment/status?ref=${fees.ref}`, { token: student });
    expect(s1.body).toMatchObject({ status: "succeeded", destination: "/fees?purchased=1" });

    const { token, section } = await registered("100017", 4000);
    await call(api, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
    const regs = await hostedCartPayment(token, 40);
    const s2 = await call(api, "GET", `/v1/payment/status?ref=${regs.ref}`, { token });
    expect(s2.body).toMatchObject({ destination: "/my-registrations?purchased=1" });

    const guest = await guestToken(api, "landing@example.org");
    await call(api, "PUT", "/v1/fees/add-to-cart", {
      token: guest,
      body: { feeId: await goggles() },
    });
    const g = await hostedCartPayment(guest, 8);
    const s3 = await call(api, "GET", `/v1/payment/status?ref=${g.ref}`, { token: guest });
    expect(s3.body).toMatchObject({ destination: `/cart-receipt/${g.cartId}` });

    // Someone else's payment says nothing.
    const other = await call(api, "GET", `/v1/payment/status?ref=${g.ref}`, { token: student });
    expect(other.body).toMatchObject({ status: "unknown" });
    expect(other.body.destination ?? null).toBeNull();
  });
});
