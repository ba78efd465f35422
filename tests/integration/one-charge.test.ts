// A cart is paid once (decision 101): a hosted session or setup intent is bound to the cart's
// contents and amount; a payment that settles for a cart already paid, changed or expired is
// refunded and recorded; a hosted and a direct payment racing end with one charge kept (also across
// two API processes on one PostgreSQL); mailed-check confirmations raise the pending amount once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi, usingPostgres, type TestApi } from "../support/api";
import { queryRows, type Db } from "../../district-api/db/client";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import type { SimulatorProvider } from "../../district-api/payments/simulator";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

type Base = { baseUrl: string };
const CARD = "4242424242424242";

async function login(base: Base, studentId: string): Promise<string> {
  const r = await call(base, "POST", "/v1/student", { body: { studentId, dob: "2012-01-15" } });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

/** A section costing `costCents`, with seats. */
async function makeSection(db: Db, costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db,
    sql`insert into programs (name, allow_partial) values ('One charge program', false) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db,
    sql`insert into courses (subject, course_number, name)
        values ('ART', '102', ${`Weaving ${costCents}-${randomBytes(4).toString("hex")}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db,
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 20, '2027-01-10', '2027-03-10', ${costCents})
        returning id`,
  );
  return s!.id;
}

/** Registers for a new section and puts it in the cart: returns the cart id and section. */
async function cartWithCourse(base: Base, db: Db, token: string, costCents: number) {
  const section = await makeSection(db, costCents);
  const reg = await call(base, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const add = await call(base, "PUT", "/v1/cart/add", {
    token,
    body: { courseSectionId: section },
  });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const cart = await call(base, "GET", "/v1/cart/", { token });
  return { cartId: cart.body.id as number, section };
}

async function addGoggles(base: Base, db: Db, token: string) {
  const [f] = await queryRows<{ id: number }>(
    db,
    sql`select id from fees where name = 'Science Lab Goggles'`,
  );
  const r = await call(base, "PUT", "/v1/fees/add-to-cart", { token, body: { feeId: f!.id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function openSession(base: Base, token: string, cartId: number, dollars: number) {
  const s = await call(base, "POST", "/v1/payment/checkout-session", {
    token,
    body: {
      cartId,
      payNowAmount: dollars,
      paymentType: "full",
      returnBase: "http://localhost:3000",
      cancelPath: "/cart",
      completePath: "/payment-complete",
    },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return String(s.body.url).split("/").pop()!;
}

async function cardSetup(base: Base, token: string, cartId: number) {
  const s = await call(base, "POST", "/v1/payment/create-setup-intent", {
    token,
    body: { cartId },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const setupId = s.body.data.setupId as string;
  const c = await call(base, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
    token,
    body: { cardNumber: CARD },
  });
  expect(c.status).toBe(200);
  return setupId;
}

function payByCard(base: Base, token: string, setupId: string, cartId: number, dollars: number) {
  return call(base, "POST", "/v1/payment/complete-setup-intent", {
    token,
    body: { setupId, cartId, payNowAmount: dollars, paymentType: "full" },
  });
}

/** Pays the hosted page the way a browser does (the simulator then delivers its event). */
function payHostedPage(base: Base, token: string, sessionId: string) {
  return call(base, "POST", `/v1/payment/simulator/checkout/${sessionId}/pay`, {
    token,
    body: { cardNumber: CARD },
  });
}

async function deliver(
  base: Base,
  sim: SimulatorProvider,
  event: Parameters<SimulatorProvider["signEvent"]>[0],
) {
  const signed = sim.signEvent(event);
  const w = await call(base, "POST", "/v1/payment/webhook", {
    body: signed.body,
    headers: { "stripe-signature": signed.signature },
  });
  expect(w.status).toBe(200);
  return w.body.outcome as string;
}

interface Money {
  cartStatus: string;
  cartPaid: number;
  /** Charges the simulator took for this cart's payments, less what it refunded. */
  chargedCents: number;
  refundedCents: number;
  payments: { method: string; status: string }[];
  refunds: { amount_cents: number; reason: string; status: string }[];
}

/** What the simulator charged for these payments, and what it gave back of those charges. */
async function simulatorMoney(
  db: Db,
  paymentIds: readonly string[],
): Promise<{ chargedCents: number; refundedCents: number }> {
  const charges = await queryRows<{
    id: string;
    amount_cents: number;
    metadata: { paymentId?: string };
  }>(
    db,
    sql`select id, amount_cents, metadata from sim_objects where kind = 'payment_intent' and status = 'succeeded'`,
  );
  const mine = charges.filter((c) => paymentIds.includes(String(c.metadata.paymentId)));
  const refunds = await queryRows<{
    amount_cents: number | null;
    metadata: { payment_intent?: string };
  }>(db, sql`select amount_cents, metadata from sim_objects where kind = 'refund'`);
  return {
    chargedCents: mine.reduce((sum, c) => sum + Number(c.amount_cents), 0),
    refundedCents: refunds
      .filter((r) => mine.some((c) => c.id === r.metadata.payment_intent))
      .reduce((sum, r) => sum + Number(r.amount_cents ?? 0), 0),
  };
}

async function money(db: Db, cartId: number): Promise<Money> {
  const [cart] = await queryRows<{ status: string; paid_cents: number }>(
    db,
    sql`select status, paid_cents from carts where id = ${cartId}`,
  );
  const payments = await queryRows<{ id: number; method: string; status: string }>(
    db,
    sql`select id, method, status from payments where cart_id = ${cartId} order by id`,
  );
  const { chargedCents, refundedCents } = await simulatorMoney(
    db,
    payments.map((p) => String(p.id)),
  );
  const refunds = await queryRows<{ amount_cents: number; reason: string; status: string }>(
    db,
    sql`select r.amount_cents, r.reason, r.status from payment_refunds r
        join payments p on p.id = r.payment_id where p.cart_id = ${cartId} order by r.id`,
  );
  return {
    cartStatus: cart!.status,
    cartPaid: Number(cart!.paid_cents),
    chargedCents,
    refundedCents,
    payments: payments.map((p) => ({ method: p.method, status: p.status })),
    refunds: refunds.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })),
  };
}

async function registrationMoney(db: Db, section: string) {
  const [r] = await queryRows<{ status: string; paid_cents: number; pending_cents: number }>(
    db,
    sql`select status, paid_cents, pending_cents from registrations
        where course_section_id = ${section} and status <> 'cancelled'`,
  );
  return r
    ? { ...r, paid_cents: Number(r.paid_cents), pending_cents: Number(r.pending_cents) }
    : null;
}

const db = () => api.runtime.deps.db;
const sim = () => api.runtime.deps.payments as SimulatorProvider;

describe("a cart is paid once", () => {
  it("a hosted session stops being payable once the cart is paid by card", async () => {
    const token = await login(api, "100001");
    const { cartId, section } = await cartWithCourse(api, db(), token, 4000);
    const sessionId = await openSession(api, token, cartId, 40);
    const setupId = await cardSetup(api, token, cartId);
    const card = await payByCard(api, token, setupId, cartId, 40);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const page = await payHostedPage(api, token, sessionId);
    expect(page.status).toBe(402);
    expect((await sim().session(sessionId))?.status).toBe("expired");
    const m = await money(db(), cartId);
    expect(m).toMatchObject({ cartStatus: "PAID", cartPaid: 4000, chargedCents: 4000 });
    expect(m.payments).toEqual([
      { method: "stripe", status: "expired" },
      { method: "stripe", status: "succeeded" },
    ]);
    expect(await registrationMoney(db(), section)).toMatchObject({ paid_cents: 4000 });
  });

  it("a session paid before the card charge but settled after it is refunded and recorded", async () => {
    const token = await login(api, "100002");
    const { cartId, section } = await cartWithCourse(api, db(), token, 4000);
    const sessionId = await openSession(api, token, cartId, 40);
    // The family pays the hosted page; its event reaches us only after the card payment.
    const paid = await sim().paySession(sessionId, CARD);
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    const setupId = await cardSetup(api, token, cartId);
    const card = await payByCard(api, token, setupId, cartId, 40);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(await deliver(api, sim(), paid.event)).toBe("processed");
    const m = await money(db(), cartId);
    expect(m).toMatchObject({
      cartStatus: "PAID",
      cartPaid: 4000,
      chargedCents: 8000,
      refundedCents: 4000,
      refunds: [{ amount_cents: 4000, reason: "cart_paid", status: "succeeded" }],
    });
    expect(m.payments.map((p) => p.status)).toEqual(["refunded", "succeeded"]);
    expect(await registrationMoney(db(), section)).toMatchObject({
      status: "registered",
      paid_cents: 4000,
    });
    // The hosted return page says the payment did not go through, with the reason.
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where cart_id = ${cartId} order by id limit 1`,
    );
    const st = await call(api, "GET", `/v1/payment/status?ref=pay_${p!.id}`, { token });
    expect(st.body).toMatchObject({ status: "failed" });
    expect(st.body.message).toMatch(/refunded/i);
  });

  it("an $8 session is dead after the cart is emptied, refilled and paid", async () => {
    const token = await login(api, "100006");
    await addGoggles(api, db(), token);
    const first = await call(api, "GET", "/v1/cart/", { token });
    const cartId = first.body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    expect((await call(api, "DELETE", "/v1/cart/empty", { token })).status).toBe(200);
    await addGoggles(api, db(), token);
    const setupId = await cardSetup(api, token, cartId);
    expect((await payByCard(api, token, setupId, cartId, 8)).status).toBe(200);
    const page = await payHostedPage(api, token, sessionId);
    expect(page.status).toBe(402);
    const m = await money(db(), cartId);
    expect(m).toMatchObject({ cartStatus: "PAID", cartPaid: 800, chargedCents: 800 });
  });

  it("a session settling for a cart whose contents changed is refunded; the cart stays open", async () => {
    const token = await login(api, "100007");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    const paid = await sim().paySession(sessionId, CARD);
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    // Emptied and refilled with the same fee: same amount, but not the items the session was for.
    expect((await call(api, "DELETE", "/v1/cart/empty", { token })).status).toBe(200);
    await addGoggles(api, db(), token);
    await deliver(api, sim(), paid.event);
    const m = await money(db(), cartId);
    expect(m).toMatchObject({
      cartStatus: "OPEN",
      cartPaid: 0,
      chargedCents: 800,
      refundedCents: 800,
      refunds: [{ amount_cents: 800, reason: "cart_changed", status: "succeeded" }],
    });
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from assessed_fees where cart_id = ${cartId}`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it("a session settling for a cart whose time ran out is refunded", async () => {
    const token = await login(api, "100008");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    api.clock.advance(20 * 60_000);
    try {
      const page = await payHostedPage(api, token, sessionId);
      expect(page.status).toBe(200);
      const m = await money(db(), cartId);
      expect(m).toMatchObject({
        cartPaid: 0,
        chargedCents: 800,
        refundedCents: 800,
        refunds: [{ amount_cents: 800, reason: "cart_expired", status: "succeeded" }],
      });
      expect(m.cartStatus).not.toBe("PAID");
    } finally {
      api.clock.reset();
    }
  });

  it("a card payment for a cart changed since its setup intent is refused, nothing charged", async () => {
    const token = await login(api, "100009");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const setupId = await cardSetup(api, token, cartId);
    await addGoggles(api, db(), token);
    const r = await payByCard(api, token, setupId, cartId, 16);
    expect(r.status).toBe(409);
    expect(r.body.message).toBeTruthy();
    const m = await money(db(), cartId);
    expect(m).toMatchObject({ cartStatus: "OPEN", cartPaid: 0, chargedCents: 0 });
  });

  it("a setup intent of another family cannot pay this cart", async () => {
    const a = await login(api, "100010");
    const b = await login(api, "100011");
    await addGoggles(api, db(), a);
    const cartA = (await call(api, "GET", "/v1/cart/", { token: a })).body.id as number;
    await addGoggles(api, db(), b);
    const cartB = (await call(api, "GET", "/v1/cart/", { token: b })).body.id as number;
    const setupA = await cardSetup(api, a, cartA);
    const r = await payByCard(api, b, setupA, cartB, 8);
    expect(r.status).toBe(409);
    expect((await money(db(), cartB)).chargedCents).toBe(0);
  });

  it("a hosted and a direct payment at the same moment end with one charge kept", async () => {
    for (const id of ["100012", "100013", "100014"]) {
      const token = await login(api, id);
      const { cartId, section } = await cartWithCourse(api, db(), token, 4000);
      const sessionId = await openSession(api, token, cartId, 40);
      const setupId = await cardSetup(api, token, cartId);
      await Promise.all([
        payHostedPage(api, token, sessionId),
        payByCard(api, token, setupId, cartId, 40),
      ]);
      const m = await money(db(), cartId);
      expect(m.cartStatus).toBe("PAID");
      expect(m.cartPaid).toBe(4000);
      expect(m.chargedCents - m.refundedCents).toBe(4000);
      expect(m.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
      expect(await registrationMoney(db(), section)).toMatchObject({ paid_cents: 4000 });
    }
  });
});

describe("the simulator's hosted page (decision 140)", () => {
  it("is shown and paid only by the person who opened it", async () => {
    const token = await login(api, "100027");
    const { cartId } = await cartWithCourse(api, db(), token, 2500);
    const sessionId = await openSession(api, token, cartId, 25);
    const others = [await login(api, "100028"), await staffToken(api, "feeadmin")];
    for (const other of others) {
      const seen = await call(api, "GET", `/v1/payment/simulator/checkout/${sessionId}`, {
        token: other,
      });
      expect(seen.status).toBe(404);
      expect(JSON.stringify(seen.body)).not.toContain("Weaving");
      const paid = await payHostedPage(api, other, sessionId);
      expect(paid.status).toBe(404);
    }
    expect((await money(db(), cartId)).chargedCents).toBe(0);
    // The flip side: the family sees and pays its own page, and goes back to a page of this site.
    const own = await call(api, "GET", `/v1/payment/simulator/checkout/${sessionId}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.successUrl).toMatch(/^\/payment-complete\?/);
    expect(own.body.cancelUrl).toBe("/cart");
    const paid = await payHostedPage(api, token, sessionId);
    expect(paid.status).toBe(200);
    expect(paid.body.redirectUrl).toMatch(/^\/payment-complete\?/);
    expect(await money(db(), cartId)).toMatchObject({ cartStatus: "PAID", chargedCents: 2500 });
  });

  it("returns only to the web app's own address", async () => {
    const token = await login(api, "100029");
    const { cartId } = await cartWithCourse(api, db(), token, 2500);
    const open = (returnBase: string) =>
      call(api, "POST", "/v1/payment/checkout-session", {
        token,
        body: {
          cartId,
          payNowAmount: 25,
          paymentType: "full",
          returnBase,
          cancelPath: "/cart",
          completePath: "/payment-complete",
        },
      });
    for (const bad of [
      "https://evil.example/phish",
      "https://evil.example?next=1",
      "https://user:pw@evil.example",
      "javascript:alert(1)",
      "ftp://evil.example",
    ]) {
      const r = await open(bad);
      expect(r.status, bad).toBe(400);
      expect(JSON.stringify(r.body), bad).toContain("returnBase");
    }
    const before = api.runtime.deps.publicOrigin;
    api.runtime.deps.publicOrigin = "https://register.district.example";
    try {
      const elsewhere = await open("https://evil.example");
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.message).toBe("returnBase must be this site's own address.");
      expect((await open("https://register.district.example")).status).toBe(200);
    } finally {
      api.runtime.deps.publicOrigin = before;
    }
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payments where cart_id = ${cartId}`,
    );
    expect(Number(n!.n)).toBe(1);
  });
});

describe("a late hosted event racing a card payment", () => {
  it("ends with one charge kept, whichever settles first", async () => {
    for (const id of ["100024", "100025", "100026"]) {
      const token = await login(api, id);
      const { cartId, section } = await cartWithCourse(api, db(), token, 4000);
      const sessionId = await openSession(api, token, cartId, 40);
      const paid = await sim().paySession(sessionId, CARD);
      expect(paid.ok).toBe(true);
      if (!paid.ok) return;
      const setupId = await cardSetup(api, token, cartId);
      const [, card] = await Promise.all([
        deliver(api, sim(), paid.event),
        payByCard(api, token, setupId, cartId, 40),
      ]);
      expect([200, 404, 409]).toContain(card.status);
      const m = await money(db(), cartId);
      expect(m.cartStatus).toBe("PAID");
      expect(m.cartPaid).toBe(4000);
      expect(m.chargedCents - m.refundedCents).toBe(4000);
      expect(m.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
      expect(await registrationMoney(db(), section)).toMatchObject({ paid_cents: 4000 });
    }
  });
});

describe("hosted sessions expire", () => {
  it("a session stops taking money as soon as the cart's contents change", async () => {
    const token = await login(api, "100020");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    await addGoggles(api, db(), token);
    const page = await call(api, "GET", `/v1/payment/simulator/checkout/${sessionId}`, { token });
    expect(page.body.status).toBe("expired");
    expect((await payHostedPage(api, token, sessionId)).status).toBe(402);
    expect(await money(db(), cartId)).toMatchObject({ cartStatus: "OPEN", chargedCents: 0 });
  });

  it("a session stops taking money when the cart's time runs out", async () => {
    const token = await login(api, "100021");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    api.clock.advance(20 * 60_000);
    try {
      // Any look at the cart releases it; the page of its session goes with it.
      await call(api, "GET", "/v1/cart/", { token });
      const page = await call(api, "GET", `/v1/payment/simulator/checkout/${sessionId}`, {
        token,
      });
      expect(page.body.status).toBe("expired");
      expect((await payHostedPage(api, token, sessionId)).status).toBe(402);
    } finally {
      api.clock.reset();
    }
  });

  it("a session is expired past its own deadline, whoever looks", async () => {
    const token = await login(api, "100022");
    await addGoggles(api, db(), token);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const sessionId = await openSession(api, token, cartId, 8);
    api.clock.advance(31 * 60_000);
    try {
      const page = await call(api, "GET", `/v1/payment/simulator/checkout/${sessionId}`, {
        token: await login(api, "100022"),
      });
      expect(page.body.status).toBe("expired");
    } finally {
      api.clock.reset();
    }
  });
});

describe("a registration is paid once", () => {
  it("a hosted payment settling after the registration was paid by card is refunded", async () => {
    const token = await login(api, "100023");
    const section = await makeSection(db(), 4000);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const s = await call(api, "POST", "/v1/payment/checkout-session", {
      token,
      body: {
        courseSectionId: section,
        payNowAmount: 40,
        paymentType: "full",
        returnBase: "http://localhost:3000",
        cancelPath: "/my-registrations",
        completePath: "/payment-complete",
      },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const paid = await sim().paySession(String(s.body.url).split("/").pop()!, CARD);
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { courseSectionId: section },
    });
    const setupId = setup.body.data.setupId as string;
    await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token,
      body: { cardNumber: CARD },
    });
    const card = await call(api, "POST", "/v1/payment/complete-setup-intent", {
      token,
      body: { setupId, courseSectionId: section, payNowAmount: 40, paymentType: "full" },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    await deliver(api, sim(), paid.event);
    expect(await registrationMoney(db(), section)).toMatchObject({
      status: "registered",
      paid_cents: 4000,
    });
    const refunds = await queryRows<{ amount_cents: number; reason: string; status: string }>(
      db(),
      sql`select f.amount_cents, f.reason, f.status from payment_refunds f
          join payments p on p.id = f.payment_id
          join registrations r on r.id = p.registration_id
          where r.course_section_id = ${section}`,
    );
    expect(refunds).toEqual([
      { amount_cents: 4000, reason: "registration_paid", status: "succeeded" },
    ]);
  });
});

/** Opens the hosted page for a registration itself (the payment dialog's "pay online"). */
async function openRegistrationSession(
  base: Base,
  token: string,
  section: string,
  dollars: number,
) {
  const s = await call(base, "POST", "/v1/payment/checkout-session", {
    token,
    body: {
      courseSectionId: section,
      payNowAmount: dollars,
      paymentType: "full",
      returnBase: "http://localhost:3000",
      cancelPath: "/my-registrations",
      completePath: "/payment-complete",
    },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return String(s.body.url).split("/").pop()!;
}

/** Pays a registration itself by card, as the payment dialog does. */
async function payRegistrationByCard(base: Base, token: string, section: string, dollars: number) {
  const setup = await call(base, "POST", "/v1/payment/create-setup-intent", {
    token,
    body: { courseSectionId: section },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupId = setup.body.data.setupId as string;
  await call(base, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
    token,
    body: { cardNumber: CARD },
  });
  return call(base, "POST", "/v1/payment/complete-setup-intent", {
    token,
    body: { setupId, courseSectionId: section, payNowAmount: dollars, paymentType: "full" },
  });
}

/**
 * What the card was charged, less what went back to it, over every payment of a registration
 * (its own and its cart's) and of `cartId`.
 */
async function netCharged(db: Db, section: string, cartId = -1): Promise<number> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select p.id from payments p join registrations r on r.course_section_id = ${section}
        where p.registration_id = r.id
           or p.cart_id in (select cart_id from cart_items where registration_id = r.id)
           or p.cart_id in (select cart_id from purchases where registration_id = r.id)
           or p.cart_id = ${cartId}`,
  );
  const { chargedCents, refundedCents } = await simulatorMoney(
    db,
    ids.map((p) => String(p.id)),
  );
  return chargedCents - refundedCents;
}

describe("a registration in a cart is paid once", () => {
  it("paying it from its own dialog takes it out of the cart; the cart then charges the rest", async () => {
    const token = await login(api, "100024");
    const { cartId, section } = await cartWithCourse(api, db(), token, 4000);
    await addGoggles(api, db(), token);
    const paid = await payRegistrationByCard(api, token, section, 40);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const cart = await call(api, "GET", "/v1/cart/", { token });
    expect(cart.body.id).toBe(cartId);
    expect(cart.body.cartItems.map((i: { itemType: string }) => i.itemType)).toEqual(["fee"]);
    const setupId = await cardSetup(api, token, cartId);
    const rest = await payByCard(api, token, setupId, cartId, 8);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await registrationMoney(db(), section)).toMatchObject({
      status: "registered",
      paid_cents: 4000,
    });
    expect(await netCharged(db(), section, cartId)).toBe(4800);
  });

  it("a cart paid for a registration its own payment paid meanwhile gives that part back", async () => {
    const token = await login(api, "100004");
    const section = await makeSection(db(), 4000);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    // The hosted page for the registration is opened first, then the registration goes into
    // the cart, then the page is paid: the cart still shows the line.
    const sessionId = await openRegistrationSession(api, token, section, 40);
    const add = await call(api, "PUT", "/v1/cart/add", {
      token,
      body: { courseSectionId: section },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const cartId = (await call(api, "GET", "/v1/cart/", { token })).body.id as number;
    const page = await sim().paySession(sessionId, CARD);
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(await deliver(api, sim(), page.event)).toBe("processed");
    const setupId = await cardSetup(api, token, cartId);
    const card = await payByCard(api, token, setupId, cartId, 40);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(await registrationMoney(db(), section)).toMatchObject({
      status: "registered",
      paid_cents: 4000,
    });
    expect(await netCharged(db(), section)).toBe(4000);
    const m = await money(db(), cartId);
    expect(m.refunds).toEqual([
      { amount_cents: 4000, reason: "registration_paid", status: "succeeded" },
    ]);
  });

  it("a registration whose cart is being paid at this moment is not paid from its own dialog", async () => {
    const token = await login(api, "100025");
    const { cartId, section } = await cartWithCourse(api, db(), token, 3000);
    // A cashier's register is taking this cart's money (the cart is PROCESSING).
    await db().execute(sql`update carts set status = 'PROCESSING' where id = ${cartId}`);
    const direct = await payRegistrationByCard(api, token, section, 30);
    expect(direct.status).toBe(409);
    const check = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(check.status).toBe(409);
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from cart_items where cart_id = ${cartId}`,
    );
    expect(Number(n!.n)).toBe(1);
    expect(await registrationMoney(db(), section)).toMatchObject({
      paid_cents: 0,
      pending_cents: 0,
    });
    expect(await netCharged(db(), section)).toBe(0);
  });

  it("a mailed check for a registration in the cart takes it out of the cart", async () => {
    const token = await login(api, "100005");
    const { section } = await cartWithCourse(api, db(), token, 2500);
    const check = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const cart = await call(api, "GET", "/v1/cart/", { token });
    expect(cart.body.cartItems ?? []).toEqual([]);
    expect(await registrationMoney(db(), section)).toMatchObject({
      pending_cents: 2500,
      paid_cents: 0,
    });
  });
});

describe("mailed checks are confirmed once", () => {
  it("five concurrent mailed-check confirmations raise the pending amount once", async () => {
    const token = await login(api, "100015");
    const section = await makeSection(db(), 2500);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/payment/confirm-mailin", {
          token,
          body: { paymentType: "mail", courseSectionIds: [section] },
        }),
      ),
    );
    expect(replies.some((r) => r.status === 200)).toBe(true);
    for (const r of replies) expect([200, 404, 409]).toContain(r.status);
    expect(await registrationMoney(db(), section)).toMatchObject({
      status: "registered",
      pending_cents: 2500,
      paid_cents: 0,
    });
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payments p join registrations r on r.id = p.registration_id
          where r.course_section_id = ${section}`,
    );
    expect(Number(n!.n)).toBe(1);
  });
});

describe.skipIf(!usingPostgres)("two API processes on one PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let runtimes: DistrictApiRuntime[] = [];
  let servers: Server[] = [];
  let bases: Base[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "it");
    const secret = randomBytes(16).toString("hex");
    for (let i = 0; i < 2; i++) {
      runtimes.push(
        await startDistrictApi({
          databaseUrl: scratch.url,
          outboxDir: tmpdir(),
          secret,
          logger: createLogger("silent"),
          backgroundJobs: false,
          poolSize: 10,
        }),
      );
    }
    servers = runtimes.map((rt) => rt.app.listen(0, "127.0.0.1"));
    await Promise.all(servers.map((s) => new Promise((r) => s.once("listening", r))));
    bases = servers.map((s) => ({
      baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    for (const rt of runtimes) await rt.close();
    await scratch?.drop();
    runtimes = [];
  });

  it("hosted page on one process, card on the other: one charge kept", async () => {
    const [a, b] = bases as [Base, Base];
    const adb = runtimes[0]!.deps.db;
    for (const id of ["100016", "100017", "100018"]) {
      const token = await login(a, id);
      const { cartId, section } = await cartWithCourse(a, adb, token, 4000);
      const sessionId = await openSession(a, token, cartId, 40);
      const setupId = await cardSetup(a, token, cartId);
      await Promise.all([
        payHostedPage(b, token, sessionId),
        payByCard(a, token, setupId, cartId, 40),
      ]);
      const m = await money(adb, cartId);
      expect(m.cartStatus).toBe("PAID");
      expect(m.cartPaid).toBe(4000);
      expect(m.chargedCents - m.refundedCents).toBe(4000);
      expect(m.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
      expect(await registrationMoney(adb, section)).toMatchObject({ paid_cents: 4000 });
    }
  });

  it("a registration's own page and its cart paid at once on two processes: charged once", async () => {
    const [a, b] = bases as [Base, Base];
    const adb = runtimes[0]!.deps.db;
    for (const id of ["100012", "100013", "100014"]) {
      const token = await login(a, id);
      const section = await makeSection(adb, 4000);
      expect((await call(a, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
        200,
      );
      const sessionId = await openRegistrationSession(b, token, section, 40);
      await call(a, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
      const cartId = (await call(a, "GET", "/v1/cart/", { token })).body.id as number;
      const setupId = await cardSetup(a, token, cartId);
      await Promise.all([
        payHostedPage(b, token, sessionId),
        payByCard(a, token, setupId, cartId, 40),
      ]);
      expect(await registrationMoney(adb, section)).toMatchObject({
        status: "registered",
        paid_cents: 4000,
      });
      expect(await netCharged(adb, section)).toBe(4000);
    }
  });

  it("mailed-check confirmations split over two processes raise the pending amount once", async () => {
    const adb = runtimes[0]!.deps.db;
    const token = await login(bases[0]!, "100019");
    const section = await makeSection(adb, 2500);
    await call(bases[0]!, "POST", `/v1/register/${section}`, { token, body: {} });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(bases[i % 2]!, "POST", "/v1/payment/confirm-mailin", {
          token,
          body: { paymentType: "mail", courseSectionIds: [section] },
        }),
      ),
    );
    expect(await registrationMoney(adb, section)).toMatchObject({
      status: "registered",
      pending_cents: 2500,
    });
  });
});
