// An employee's own purchase (decision 155): paying their cart queues one receipt e-mail to
// the employee's address on file, linking the receipt page; the receipt is theirs alone, another
// employee gets the same 404 as a cart that does not exist.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";

const ORIGIN = "https://fees.example.org";
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  api.runtime.deps.publicOrigin = ORIGIN;
});
afterAll(async () => {
  await api?.close();
});
const db = () => api.runtime.deps.db;

/** The outbox's mails that link this cart's receipt (the queue is worked in the background). */
async function receiptMails(cartId: number) {
  return (await api.outbox()).filter((m) => m.text.includes(`/cart-receipt/${cartId}`));
}

describe("an employee's purchase", () => {
  it("mails one receipt to the employee's address, which only that employee can open", async () => {
    const token = await staffToken(api, "instructor2");
    const [fee] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Staff Appreciation Lunch'`,
    );
    const added = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: Number(fee!.id) },
    });
    expect(added.status).toBe(200);
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const cartId = Number(cart.body.id);
    const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { cartId },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const setupId = setup.body.data.setupId as string;
    await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token,
      body: { cardNumber: "4242424242424242" },
    });
    const paid = await call(api, "POST", "/v1/payment/complete-setup-intent", {
      token,
      body: { setupId, cartId, payNowAmount: 12, paymentType: "full" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The employee lands on their fees page, which names this cart for its notice.
    expect(paid.body.data.redirectUrl).toBe(`/instructor/fees?purchased=${cartId}`);

    const mails = await receiptMails(cartId);
    expect(mails.map((m) => m.to)).toEqual(["instructor2@district.example.org"]);
    expect(mails[0]!.subject).toContain("$12.00");
    expect(mails[0]!.text).toContain(`${ORIGIN}/cart-receipt/${cartId}`);
    expect(mails[0]!.text).toContain("Staff Appreciation Lunch");

    const own = await call(api, "GET", `/v1/cart/${cartId}`, { token });
    expect(own.status).toBe(200);
    const other = await call(api, "GET", `/v1/cart/${cartId}`, {
      token: await staffToken(api, "instructor"),
    });
    expect(other.status).toBe(404);

    // The business office finds and opens the employee's payment like a family's: the payer is a
    // `staff:` owner key, which the family joins must not try to read as a number.
    const office = await staffToken(api, "office");
    const list = await call(api, "GET", "/v1/office/payments", { token: office });
    expect(list.status, JSON.stringify(list.body).slice(0, 300)).toBe(200);
    const [payment] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where cart_id = ${cartId}`,
    );
    const opened = await call(api, "GET", `/v1/office/payments/${Number(payment!.id)}`, {
      token: office,
    });
    expect(opened.status, JSON.stringify(opened.body).slice(0, 300)).toBe(200);
    const refunds = await call(api, "GET", "/v1/office/refunds/open", { token: office });
    expect(refunds.status, JSON.stringify(refunds.body).slice(0, 300)).toBe(200);
    // And refunds part of it (the refund's mail reads the payer the same way).
    const refunded = await call(api, "POST", `/v1/office/payments/${Number(payment!.id)}/refunds`, {
      token: office,
      body: { key: randomUUID(), amountCents: 200, reason: "Lunch cancelled" },
    });
    expect(refunded.status, JSON.stringify(refunded.body).slice(0, 300)).toBe(201);
  });
});
