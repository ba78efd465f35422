// Refunds by the business office over HTTP (decision 131): a refund of more than
// is left is refused naming the amount and writes nothing; a partial card refund goes through the
// simulator and lowers what was paid once; a refund the provider refuses changes nothing and says
// why; five identical refunds at once make one; a cash refund is recorded with who paid it out
// (succeeded, settled now: money out for the reconciliation); a refund that cancels the
// registration offers the seat to the first person waiting; automatic refunds of cash are recorded
// paid out; only business_office and district_admin may call (matrix).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { provider } from "../../district-api/services/payment-records";
import {
  OpenRefundList,
  PaymentDetailView,
  PaymentSearchPage,
} from "@domain/contract/office-refunds";

let api: TestApi;
let office: string;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  office = await staffToken(api, "office");
  admin = await staffToken(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const key = () => randomUUID().replace(/-/g, "");

async function makeSection(costCents: number, capacity = 10): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Refunds', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('RFD', '101', ${`Pottery ${Math.random().toString(36).slice(2, 8)}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents, waitlist_enabled)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', ${capacity}, '2027-01-10', '2027-03-10',
          ${costCents}, true)
        returning id`,
  );
  return s!.id;
}

/** A student registered and paid the whole cost (or `payCents`) by card on the hosted page. */
async function paidByCard(student: string, costCents = 4000, section?: string, payCents?: number) {
  const token = await studentToken(api, student);
  section ??= await makeSection(costCents);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const sessionId = await hostedSession(
    token,
    section,
    payCents ?? costCents,
    payCents ? "partial" : "full",
  );
  const paid = await payHosted(token, sessionId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [p] = await queryRows<{ id: number; provider_ref: string; registration_id: string }>(
    db(),
    sql`select p.id, p.provider_ref, p.registration_id from payments p
          join registrations r on r.id = p.registration_id
        where r.course_section_id = ${section} and r.participant_id = ${Number(student)}
          and p.status = 'succeeded'
        order by p.id limit 1`,
  );
  expect(p, "the card payment settled").toBeTruthy();
  return { token, section, id: Number(p!.id), ref: p!.provider_ref, reg: p!.registration_id };
}

const payHosted = (token: string, sessionId: string) =>
  call(api, "POST", `/v1/payment/simulator/checkout/${sessionId}/pay`, {
    token,
    body: { cardNumber: "4242424242424242", expiry: "12/34" },
  });

/** A hosted checkout session for (part of) a registration's balance. */
async function hostedSession(
  token: string,
  section: string,
  cents: number,
  type: "full" | "partial",
): Promise<string> {
  const h = await call(api, "POST", "/v1/payment/checkout-session", {
    token,
    body: {
      courseSectionId: section,
      payNowAmount: cents / 100,
      paymentType: type,
      returnBase: "http://x.test",
      cancelPath: "/programs",
      completePath: "/payment-complete",
    },
  });
  expect(h.status, JSON.stringify(h.body)).toBe(200);
  return String(h.body.url).split("/").pop()!;
}

/** A student registered and paid in cash at the register (the rows the cashier writes). */
async function paidInCash(student: string, costCents = 3000, section?: string) {
  const token = await studentToken(api, student);
  section ??= await makeSection(costCents);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status).toBe(200);
  const regId = r.body.registrationId as string;
  await db().execute(
    sql`update registrations set status = 'registered', paid_cents = ${costCents},
          hold_expires_at = null where id = ${regId}`,
  );
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`insert into payments (owner_key, registration_id, method, amount_cents, status,
          idempotency_key, created_at, settled_at, taken_by_employee_id, applied_at)
        values (${`student:${student}`}, ${regId}, 'cash', ${costCents}, 'succeeded',
          ${`cash-${key()}`}, now(), now(), 'E1002', now())
        returning id`,
  );
  await db().execute(
    sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
        values (${p!.id}, ${regId}, ${costCents}, now())`,
  );
  return { token, section, id: Number(p!.id), reg: regId };
}

async function reg(id: string) {
  const [row] = await queryRows<{ status: string; paid_cents: number; cost_cents: number }>(
    db(),
    sql`select status, paid_cents, cost_cents from registrations where id = ${id}`,
  );
  return row!;
}

async function refundsOf(paymentId: number) {
  return queryRows<{
    amount_cents: number;
    status: string;
    settled_at: Date | null;
    employee_id: string | null;
    paid_out_method: string | null;
    reason: string;
    provider_ref: string | null;
  }>(
    db(),
    sql`select amount_cents, status, settled_at, employee_id, paid_out_method, reason, provider_ref
        from payment_refunds where payment_id = ${paymentId} order by id`,
  );
}

async function simRefunds(ref: string): Promise<number[]> {
  const rows = await queryRows<{ amount_cents: number }>(
    db(),
    sql`select amount_cents from sim_objects
        where kind = 'refund' and metadata->>'payment_intent' = ${ref} order by id`,
  );
  return rows.map((r) => Number(r.amount_cents));
}

/** What a refund may change: refunds, payments, registrations, carts, fees and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(id || status || amount_cents, ',' order by id) from payment_refunds), '-') ||
      (select string_agg(id || status || coalesce(settled_at::text, ''), ',' order by id) from payments) ||
      (select string_agg(id || status || paid_cents || cost_cents, ',' order by id) from registrations) ||
      coalesce((select string_agg(id || status || paid_cents, ',' order by id) from carts), '-') ||
      coalesce((select string_agg(id || status || paid_cents || assessed_cost_cents, ',' order by id) from assessed_fees), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

const refund = (id: number, body: Record<string, unknown>, token = office) =>
  call(api, "POST", `/v1/office/payments/${id}/refunds`, { token, body: { key: key(), ...body } });

describe("refunding a card payment", () => {
  it("refuses more than was paid, naming the amount, and writes nothing", async () => {
    const p = await paidByCard("100020", 4000);
    const before = await digest();
    const r = await refund(p.id, { amountCents: 4001, reason: "Too much" });
    expect(r.status).toBe(400);
    expect(r.body.hint).toBe(
      "amountCents: The refund can't be more than what is left to refund ($40.00).",
    );
    expect(await digest()).toBe(before);
    expect(await simRefunds(p.ref)).toEqual([]);
  });

  it("refunds part through the simulator; the registration's paid amount and price come down", async () => {
    const p = await paidByCard("100021", 4000);
    const r = await refund(p.id, { amountCents: 1500, reason: "Missed the first class" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ amountCents: 1500, status: "succeeded", paidOutMethod: "card" });
    expect(await simRefunds(p.ref)).toEqual([1500]);
    expect(await reg(p.reg)).toEqual({ status: "registered", paid_cents: 2500, cost_cents: 2500 });
    const [row] = await refundsOf(p.id);
    expect(row).toMatchObject({ status: "succeeded", employee_id: "E1006", reason: "office" });
    expect(row!.settled_at).toBeTruthy();
    expect(row!.provider_ref).toMatch(/^re_/);
    // What is left: $25.00; more is refused, the rest is taken.
    const more = await refund(p.id, { amountCents: 2501, reason: "Again" });
    expect(more.status).toBe(400);
    expect(more.body.hint).toContain("($25.00)");
    const detail = PaymentDetailView.parse(
      (await call(api, "GET", `/v1/office/payments/${p.id}`, { token: office })).body,
    );
    expect(detail).toMatchObject({ paidCents: 4000, refundedCents: 1500, refundableCents: 2500 });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.lines).toEqual([
      expect.objectContaining({ kind: "registration", paidCents: 4000, refundedCents: 1500 }),
    ]);
    // The family is told.
    const mail = await api.outbox({ atLeast: 1 });
    expect(mail.some((m) => m.subject.startsWith("Your refund") && m.text.includes("$15.00"))).toBe(
      true,
    );
    // The audit trail.
    const [audit] = await queryRows<{ action: string; after: any }>(
      db(),
      sql`select action, after from audit_entries where entity = 'payment'
            and entity_id = ${String(p.id)} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      action: "payment.refund",
      after: { refund: { amountCents: 1500 } },
    });
  });

  it("a refund the provider refuses leaves everything as it was and says why", async () => {
    const p = await paidByCard("100022", 4000);
    // Someone refunded the whole charge at the provider's dashboard.
    await provider(api.runtime.deps).refund({
      paymentRef: p.ref,
      idempotencyKey: `dashboard-${p.id}`,
      amountCents: 4000,
    });
    const before = await digest();
    const r = await refund(p.id, { amountCents: 1000, reason: "Late" });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/refused the refund: .+ Nothing was changed\./);
    expect(await digest()).toBe(before);
    expect(await reg(p.reg)).toMatchObject({ paid_cents: 4000 });
  });

  it("five identical refunds at once refund once", async () => {
    const p = await paidByCard("100023", 4000);
    const body = { key: key(), amountCents: 1000, reason: "Double click" };
    // On PostgreSQL, two processes of one deployment share the five.
    const second = usingPostgres ? await startTestApi({ shareWith: api }) : null;
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(second && i % 2 ? second : api, "POST", `/v1/office/payments/${p.id}/refunds`, {
          token: office,
          body,
        }),
      ),
    );
    await second?.close();
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const r of replies)
      expect(r.body).toMatchObject({ amountCents: 1000, status: "succeeded" });
    expect(await simRefunds(p.ref)).toEqual([1000]);
    expect(await refundsOf(p.id)).toHaveLength(1);
    expect(await reg(p.reg)).toMatchObject({ paid_cents: 3000 });
  });

  it("a refund that cancels the registration offers the seat to the first person waiting", async () => {
    const section = await makeSection(2000, 1);
    const p = await paidByCard("100024", 2000, section);
    const waiting = await studentToken(api, "100025");
    const w = await call(api, "POST", `/v1/register/waitlist/${section}`, {
      token: waiting,
      body: {},
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const r = await refund(p.id, {
      amountCents: 2000,
      reason: "Moving away",
      cancelRegistration: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.registrationCancelled).toBe(true);
    expect(await reg(p.reg)).toMatchObject({ status: "cancelled", paid_cents: 0 });
    const [next] = await queryRows<{ status: string }>(
      db(),
      sql`select status from registrations where course_section_id = ${section}
            and participant_id = 100025`,
    );
    expect(next!.status).toBe("offered");
  });
});

describe("a refund and a payment settling at once", () => {
  it("end consistent: what was paid and what is owed add up whichever comes first", async () => {
    // $15 of $40 paid by card; the office refunds $10 of it while the family pays the $25 left.
    const p = await paidByCard("100019", 4000, undefined, 1500);
    const rest = await hostedSession(p.token, p.section, 2500, "full");
    const [r, paid] = await Promise.all([
      refund(p.id, { amountCents: 1000, reason: "Goodwill" }),
      payHosted(p.token, rest),
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The refund lowers the price with what was paid: $30 paid of $30, nothing owed.
    expect(await reg(p.reg)).toEqual({ status: "registered", paid_cents: 3000, cost_cents: 3000 });
    const [sum] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(amount_cents), 0)::int as n from payments
          where registration_id = ${p.reg} and status = 'succeeded'`,
    );
    const [back] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(x.amount_cents), 0)::int as n from payment_refunds x
          join payments y on y.id = x.payment_id
          where y.registration_id = ${p.reg} and x.status = 'succeeded'`,
    );
    expect(Number(sum!.n) - Number(back!.n)).toBe(3000);
  });
});

describe("refunding a cart paid by card", () => {
  it("names the line; un-assesses the fee; the cart and the receipt show what is net", async () => {
    const token = await studentToken(api, "100030");
    const [fee] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    const section = await makeSection(4000);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    await call(api, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
    await call(api, "PUT", "/v1/fees/add-to-cart", { token, body: { feeId: Number(fee!.id) } });
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const total = Math.round(
      cart.body.cartItems.reduce((n: number, i: any) => n + Number(i.cost) * 100, 0),
    );
    const h = await call(api, "POST", "/v1/payment/checkout-session", {
      token,
      body: {
        cartId: cart.body.id,
        payNowAmount: total / 100,
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
      body: { cardNumber: "4242424242424242", expiry: "12/34" },
    });
    expect(paid.status).toBe(200);
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where cart_id = ${cart.body.id} and status = 'succeeded'`,
    );
    const detail = PaymentDetailView.parse(
      (await call(api, "GET", `/v1/office/payments/${p!.id}`, { token: office })).body,
    );
    expect(detail.lines.map((l) => l.kind).sort()).toEqual(["fee", "registration"]);
    const feeLine = detail.lines.find((l) => l.kind === "fee")!;
    // Two lines: which one must be said.
    const unnamed = await refund(Number(p!.id), { amountCents: 100, reason: "Which?" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.hint).toMatch(/^line: /);
    const wrong = await refund(Number(p!.id), {
      amountCents: 100,
      reason: "Wrong option",
      line: feeLine.key,
      cancelRegistration: true,
    });
    expect(wrong.status).toBe(400);
    const more = await refund(Number(p!.id), {
      amountCents: feeLine.paidCents + 1,
      reason: "More than the fee",
      line: feeLine.key,
    });
    expect(more.status).toBe(400);
    const r = await refund(Number(p!.id), {
      amountCents: feeLine.paidCents,
      reason: "Goggles not needed",
      line: feeLine.key,
      unassessFee: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [af] = await queryRows<{
      paid_cents: number;
      assessed_cost_cents: number;
      waived: boolean;
      status: string;
    }>(
      db(),
      sql`select paid_cents, assessed_cost_cents, waived, status from assessed_fees
          where id = ${Number(feeLine.key.slice(2))}`,
    );
    expect(af).toEqual({ paid_cents: 0, assessed_cost_cents: 0, waived: true, status: "paid" });
    const [c] = await queryRows<{ paid_cents: number }>(
      db(),
      sql`select paid_cents from carts where id = ${cart.body.id}`,
    );
    expect(c!.paid_cents).toBe(total - feeLine.paidCents);
    const receipt = await call(api, "GET", `/v1/cart/${cart.body.id}`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body.totalPaid).toBe((total - feeLine.paidCents) / 100);
    expect(receipt.body.refunds).toEqual([
      { amount: feeLine.paidCents / 100, date: expect.any(String), name: "Science Lab Goggles" },
    ]);
    // The family's fees (previous purchases) carry the refund too.
    const mine = await call(api, "GET", "/v1/student-fees", { token });
    const goggles = mine.body.find((a: any) => a.id === Number(feeLine.key.slice(2)));
    expect(goggles.refunds).toEqual([
      { amount: feeLine.paidCents / 100, date: expect.any(String) },
    ]);
  });
});

describe("refunding money taken by hand", () => {
  it("a cash refund is recorded succeeded now, with who paid it out; the method is required", async () => {
    const p = await paidInCash("100026", 3000);
    const before = await digest();
    const noMethod = await refund(p.id, { amountCents: 500, reason: "Overcharged" });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.hint).toMatch(/^method: /);
    expect(await digest()).toBe(before);
    const r = await refund(
      p.id,
      { amountCents: 500, reason: "Overcharged", method: "cash" },
      admin,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [row] = await refundsOf(p.id);
    expect(row).toMatchObject({
      amount_cents: 500,
      status: "succeeded",
      employee_id: "E1005",
      paid_out_method: "cash",
    });
    expect(Math.abs(new Date(row!.settled_at!).getTime() - api.clock.now().getTime())).toBeLessThan(
      5_000,
    );
    expect(await reg(p.reg)).toMatchObject({ paid_cents: 2500, cost_cents: 2500 });
    const check = await refund(p.id, {
      amountCents: 2500,
      reason: "Cancelled",
      method: "check",
      checkNumber: "7001",
    });
    expect(check.status).toBe(201);
    expect(check.body).toMatchObject({ paidOutMethod: "check", checkNumber: "7001" });
    const none = await refund(p.id, { amountCents: 1, reason: "More", method: "cash" });
    expect(none.status).toBe(409);
  });

  it("an automatic refund of cash is listed and recorded paid out", async () => {
    const p = await paidInCash("100027", 2000);
    await db().execute(
      sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
            created_at)
          values (${p.id}, 2000, 'registration_paid', 'pending', ${`refund:${p.id}`}, now())`,
    );
    const open = await call(api, "GET", "/v1/office/refunds/open", { token: office });
    expect(open.status).toBe(200);
    const item = open.body.refunds.find((x: any) => x.paymentId === p.id);
    expect(item).toMatchObject({ status: "pending", byHand: true, amountCents: 2000 });
    const card = await call(api, "POST", `/v1/office/refunds/${item.id}/retry`, { token: office });
    expect(card.status).toBe(409);
    const done = await call(api, "POST", `/v1/office/refunds/${item.id}/paid-out`, {
      token: office,
      body: { method: "cash" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "succeeded", employeeId: "E1006" });
    const again = await call(api, "POST", `/v1/office/refunds/${item.id}/paid-out`, {
      token: office,
      body: { method: "cash" },
    });
    expect(again.status).toBe(409);
  });

  it("names who made or paid out a refund as their account stores it, else its username or ID", async () => {
    const p = await paidInCash("100034", 3000);
    const r = await refund(p.id, { amountCents: 500, reason: "Overcharged", method: "cash" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ employeeId: "E1006", employeeName: "Olive Office" });
    // An account with no name stored is named by its username; someone without an account here
    // (an employee since removed, an import's ID) by the ID.
    await db().execute(
      sql`insert into staff (username, employee_id, display_name, name_first, name_last)
          values ('nameless', 'E7701', ' ', '', '')`,
    );
    for (const [who, cents] of [
      ["E7701", 100],
      ["E7702", 200],
    ] as const) {
      await db().execute(
        sql`insert into payment_refunds (payment_id, amount_cents, reason, status,
              idempotency_key, created_at, settled_at, employee_id, paid_out_method, note)
            values (${p.id}, ${cents}, 'office', 'succeeded', ${`office:${p.id}:${who}`}, now(),
              now(), ${who}, 'cash', 'By hand')`,
      );
    }
    const detail = PaymentDetailView.parse(
      (await call(api, "GET", `/v1/office/payments/${p.id}`, { token: office })).body,
    );
    expect(detail.refunds.map((x) => [x.employeeId, x.employeeName])).toEqual([
      ["E1006", "Olive Office"],
      ["E7701", "nameless"],
      ["E7702", "E7702"],
    ]);
    // An automatic refund nobody has paid out yet names nobody; paid out, it names who did.
    await db().execute(
      sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
            created_at)
          values (${p.id}, 300, 'registration_paid', 'pending', ${`refund:n${p.id}`}, now())`,
    );
    const open = OpenRefundList.parse(
      (await call(api, "GET", "/v1/office/refunds/open", { token: office })).body,
    );
    const item = open.refunds.find((x) => x.paymentId === p.id)!;
    expect(item).toMatchObject({ employeeId: null, employeeName: null });
    const paidOut = await call(api, "POST", `/v1/office/refunds/${item.id}/paid-out`, {
      token: admin,
      body: { method: "cash" },
    });
    expect(paidOut.status, JSON.stringify(paidOut.body)).toBe(200);
    expect(paidOut.body).toMatchObject({ employeeId: "E1005", employeeName: "Ada Administrator" });
  });

  it("finds payments by family, student number and payment number", async () => {
    const p = await paidInCash("100028", 1000);
    for (const q of ["100028", String(p.id)]) {
      const page = PaymentSearchPage.parse(
        (await call(api, "GET", `/v1/office/payments?q=${q}`, { token: office })).body,
      );
      expect(
        page.payments.map((x) => x.id),
        q,
      ).toContain(p.id);
    }
  });
});

describe("cancelling a section gives the money paid for it back (decision 133)", () => {
  it("refunds a card payment through the provider and lists cash for the office to pay out, once", async () => {
    const section = await makeSection(3000);
    const card = await paidByCard("100032", 3000, section);
    const cash = await paidInCash("100033", 3000, section);
    const cancel = await call(api, "POST", `/v1/admin/sections/${section}/cancel`, {
      token: admin,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ cancelled: 2, refunds: 2 });

    expect(await refundsOf(card.id)).toMatchObject([
      { reason: "section_cancelled", status: "succeeded", amount_cents: 3000 },
    ]);
    expect(await simRefunds(card.ref)).toEqual([3000]);
    expect(await refundsOf(cash.id)).toMatchObject([
      { reason: "section_cancelled", status: "pending", amount_cents: 3000 },
    ]);
    const open = await call(api, "GET", "/v1/office/refunds/open", { token: office });
    expect(open.body.refunds.find((x: any) => x.paymentId === cash.id)).toMatchObject({
      status: "pending",
      byHand: true,
      amountCents: 3000,
    });

    // Nothing is left to refund by hand on top, and a second cancel refunds nothing more.
    const more = await refund(card.id, { amountCents: 1, reason: "Again" });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe("Everything paid with this payment has already been refunded.");
    const twice = await call(api, "POST", `/v1/admin/sections/${section}/cancel`, {
      token: admin,
    });
    expect(twice.status).toBe(409);
    expect(await refundsOf(card.id)).toHaveLength(1);
    expect(await refundsOf(cash.id)).toHaveLength(1);
  });
});

describe("who may refund", () => {
  it("the matrix covers every refund route; only the office and administrators pass", async () => {
    const p = await paidInCash("100029", 1000);
    const [x] = await queryRows<{ id: number }>(
      db(),
      sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
            created_at)
          values (${p.id}, 100, 'cart_paid', 'pending', ${`refund:m${p.id}`}, now())
          returning id`,
    );
    const calls = [
      { method: "GET", path: "/v1/office/payments" },
      { method: "GET", path: `/v1/office/payments/${p.id}` },
      {
        method: "POST",
        path: `/v1/office/payments/${p.id}/refunds`,
        body: { key: key(), amountCents: 100, reason: "Matrix", method: "cash" },
      },
      { method: "GET", path: "/v1/office/refunds/open" },
      {
        method: "POST",
        path: `/v1/office/refunds/${x!.id}/paid-out`,
        body: { method: "cash" },
      },
      { method: "POST", path: `/v1/office/refunds/${x!.id}/retry` },
    ];
    const routes = ENDPOINTS.filter((r) => /^\/v1\/office\/(payments|refunds)/.test(r.path))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(
      calls
        .map(
          (c) =>
            `${c.method} ${c.path.replace(`/${p.id}`, "/:id").replace(`/${x!.id}/`, "/:refundId/")}`,
        )
        .sort(),
    ).toEqual(routes);
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100031"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "refund-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["cashier (fee administrator)", await staffToken(api, "feeadmin"), 403],
      ["no token", undefined, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of calls) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
    for (const token of [office, admin]) {
      expect((await call(api, "GET", `/v1/office/payments/${p.id}`, { token })).status).toBe(200);
    }
    const byAdmin = await call(api, "POST", calls[2]!.path, { token: admin, body: calls[2]!.body });
    expect(byAdmin.status).toBe(201);
  });
});
