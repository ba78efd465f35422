// The hosted checkout fulfils only paid sessions (decision 140): the district
// API runs with the Stripe provider (a stubbed client for the calls that would reach Stripe, the
// real SDK for the webhook's signature) and receives Stripe's signed events, each one twice and in
// both orders. A session completed "unpaid" (a delayed method) leaves the cart open until the
// async success; an async failure leaves the cart and its seats as a declined card does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { call, startTestApi, studentToken, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { createStripeProvider, type StripeClient } from "../../district-api/payments/stripe";
import type { PaymentProvider } from "../../district-api/payments/provider";
import {
  checkoutSessionEvent,
  signStripe,
  stripeSdk,
  WEBHOOK_SECRET,
  type CheckoutEventType,
} from "../support/stripe-events";

let api: TestApi;
let simulator: PaymentProvider | undefined;
/** The sessions the stubbed Stripe was asked to create, with what it was asked. */
const created: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = await startTestApi();
  simulator = api.runtime.deps.payments;
  let n = 0;
  const unexpected = () => Promise.reject(new Error("not called by the hosted checkout"));
  const client = {
    setupIntents: { create: unexpected, retrieve: unexpected },
    paymentIntents: { create: unexpected },
    refunds: { create: () => Promise.resolve({ id: `re_test_${++n}` }) },
    checkout: {
      sessions: {
        create: (p: Record<string, unknown>) => {
          created.push(p);
          const id = `cs_test_${++n}_${randomBytes(3).toString("hex")}`;
          return Promise.resolve({ id, url: `https://checkout.stripe.com/c/pay/${id}` });
        },
        expire: (id: string) => Promise.resolve({ id }),
      },
    },
    terminal: { connectionTokens: { create: unexpected } },
    webhooks: (stripeSdk as unknown as StripeClient).webhooks,
  } as unknown as StripeClient;
  api.runtime.deps.payments = createStripeProvider(client, {
    publishableKey: "pk_test_district",
    webhookSecret: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  if (api) api.runtime.deps.payments = simulator;
  await api?.close();
});

const db = () => api.runtime.deps.db;

/** A new section costing $40 in the student's cart; returns the cart and section. */
async function cartWithCourse(token: string) {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Hosted events', false) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('ART', '103', ${`Pottery ${randomBytes(4).toString("hex")}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 20, '2027-01-10', '2027-03-10', 4000)
        returning id`,
  );
  const section = s!.id;
  expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
    200,
  );
  const add = await call(api, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const cart = await call(api, "GET", "/v1/cart/", { token });
  return { cartId: cart.body.id as number, section };
}

/** Opens the hosted page for the whole cart; returns our payment row and Stripe's session id. */
async function openSession(token: string, cartId: number) {
  const r = await call(api, "POST", "/v1/payment/checkout-session", {
    token,
    body: {
      cartId,
      payNowAmount: 40,
      paymentType: "full",
      returnBase: "http://localhost:3000",
      cancelPath: "/cart",
      completePath: "/payment-complete",
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const sessionId = String(r.body.url).split("/").pop()!;
  const [payment] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where provider_ref = ${sessionId}`,
  );
  return { paymentId: Number(payment!.id), sessionId };
}

/** Delivers one signed event as Stripe would; answers the webhook's outcome. */
async function deliver(body: string) {
  const r = await call(api, "POST", "/v1/payment/webhook", {
    body,
    headers: { "stripe-signature": signStripe(body) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.outcome as string;
}

function sessionEvent(
  s: { paymentId: number; sessionId: string },
  type: CheckoutEventType,
  paymentStatus: "paid" | "unpaid",
) {
  return checkoutSessionEvent({
    eventId: `evt_${type.split(".").pop()}_${s.sessionId}`,
    type,
    sessionId: s.sessionId,
    paymentId: s.paymentId,
    paymentStatus,
    amountCents: 4000,
  });
}

async function state(cartId: number, section: string) {
  const [cart] = await queryRows<{ status: string; paid_cents: number; lines: number }>(
    db(),
    sql`select c.status, c.paid_cents,
          (select count(*)::int from cart_items i where i.cart_id = c.id) as lines
        from carts c where c.id = ${cartId}`,
  );
  const payments = await queryRows<{ status: string }>(
    db(),
    sql`select status from payments where cart_id = ${cartId} order by id`,
  );
  const [reg] = await queryRows<{ status: string; paid_cents: number }>(
    db(),
    sql`select status, paid_cents from registrations where course_section_id = ${section}`,
  );
  const [purchases] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from purchases p join payments y on y.id = p.payment_id
        where y.cart_id = ${cartId}`,
  );
  return {
    cart: cart!.status,
    cartPaid: Number(cart!.paid_cents),
    lines: Number(cart!.lines),
    payments: payments.map((p) => p.status),
    registration: reg!.status,
    registrationPaid: Number(reg!.paid_cents),
    purchases: Number(purchases!.n),
  };
}

describe("Stripe's hosted checkout fulfils only paid sessions", () => {
  it("asks Stripe for a card-only page", async () => {
    const token = await studentToken(api, "100001");
    const { cartId } = await cartWithCourse(token);
    await openSession(token, cartId);
    expect(created.at(-1)).toMatchObject({ payment_method_types: ["card"] });
  });

  it("a session completed unpaid waits; the async success pays the cart once", async () => {
    const token = await studentToken(api, "100002");
    const { cartId, section } = await cartWithCourse(token);
    const s = await openSession(token, cartId);
    const completed = sessionEvent(s, "checkout.session.completed", "unpaid");
    expect(await deliver(completed)).toBe("waiting");
    expect(await deliver(completed)).toBe("duplicate");
    expect(await state(cartId, section)).toMatchObject({
      cart: "OPEN",
      cartPaid: 0,
      lines: 1,
      payments: ["pending"],
      registration: "pending_payment",
      registrationPaid: 0,
      purchases: 0,
    });
    const succeeded = sessionEvent(s, "checkout.session.async_payment_succeeded", "paid");
    expect(await deliver(succeeded)).toBe("processed");
    expect(await deliver(succeeded)).toBe("duplicate");
    expect(await state(cartId, section)).toMatchObject({
      cart: "PAID",
      cartPaid: 4000,
      payments: ["succeeded"],
      registrationPaid: 4000,
      purchases: 1,
    });
  });

  it("the async success arriving before the completed event pays once; the late event changes nothing", async () => {
    const token = await studentToken(api, "100007");
    const { cartId, section } = await cartWithCourse(token);
    const s = await openSession(token, cartId);
    const succeeded = sessionEvent(s, "checkout.session.async_payment_succeeded", "paid");
    expect(await deliver(succeeded)).toBe("processed");
    const completed = sessionEvent(s, "checkout.session.completed", "unpaid");
    expect(await deliver(completed)).toBe("waiting");
    expect(await deliver(succeeded)).toBe("duplicate");
    expect(await deliver(completed)).toBe("duplicate");
    expect(await state(cartId, section)).toMatchObject({
      cart: "PAID",
      cartPaid: 4000,
      payments: ["succeeded"],
      registrationPaid: 4000,
      purchases: 1,
    });
  });

  it("a session completed paid pays the cart at once, once however often it is delivered", async () => {
    const token = await studentToken(api, "100004");
    const { cartId, section } = await cartWithCourse(token);
    const s = await openSession(token, cartId);
    const completed = sessionEvent(s, "checkout.session.completed", "paid");
    expect(await deliver(completed)).toBe("processed");
    expect(await deliver(completed)).toBe("duplicate");
    expect(await state(cartId, section)).toMatchObject({
      cart: "PAID",
      cartPaid: 4000,
      payments: ["succeeded"],
      registrationPaid: 4000,
      purchases: 1,
    });
  });

  it("an async failure leaves the cart and its seat as a declined card does, in either order", async () => {
    for (const [student, order] of [
      ["100005", "completed first"],
      ["100006", "failure first"],
    ] as const) {
      const token = await studentToken(api, student);
      const { cartId, section } = await cartWithCourse(token);
      const s = await openSession(token, cartId);
      const completed = sessionEvent(s, "checkout.session.completed", "unpaid");
      const failed = sessionEvent(s, "checkout.session.async_payment_failed", "unpaid");
      const events = order === "completed first" ? [completed, failed] : [failed, completed];
      for (const e of [...events, ...events]) await deliver(e);
      expect(await state(cartId, section), order).toEqual({
        cart: "OPEN",
        cartPaid: 0,
        lines: 1,
        payments: ["failed"],
        registration: "pending_payment",
        registrationPaid: 0,
        purchases: 0,
      });
      const [failure] = await queryRows<{ provider_message: string }>(
        db(),
        sql`select provider_message from payments where id = ${s.paymentId}`,
      );
      expect(failure!.provider_message).toBe(
        "The payment did not go through: the bank refused it. Nothing was taken; the cart is open again.",
      );
      // The family pays again with a card: a new session, completed paid.
      const again = await openSession(token, cartId);
      expect(await deliver(sessionEvent(again, "checkout.session.completed", "paid"))).toBe(
        "processed",
      );
      expect(await state(cartId, section)).toMatchObject({
        cart: "PAID",
        payments: ["failed", "succeeded"],
        registrationPaid: 4000,
      });
    }
  });
});
