// The e-mails a parent needs (decision 144): a receipt lists each line as quantity ×
// price with what it got, adding up to the amount; it greets the family (not the child) and links
// the receipt page; a registration confirmation says when and where, and links the family's
// registrations; links are built from the web app's address (PUBLIC_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi, studentToken, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { todayIn } from "@domain/rules/time";

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

async function mailTo(student: string, subject: RegExp, before: number) {
  const [p] = await queryRows<{ email: string | null; custodian_emails: string[] }>(
    db(),
    sql`select email, custodian_emails from participants where id = ${Number(student)}`,
  );
  const addresses = [p!.email, ...p!.custodian_emails].filter(Boolean);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await api.outbox())
      .slice(before)
      .filter((m) => addresses.includes(m.to) && subject.test(m.subject));
    if (found.length)
      return found[0] as { to: string; subject: string; text: string; html: string };
    if (Date.now() > deadline) throw new Error(`no mail ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function names(student: string) {
  const [p] = await queryRows<{ first: string; last: string }>(
    db(),
    sql`select name_first as first, name_last as last from participants where id = ${Number(student)}`,
  );
  return p!;
}

async function payCartByCard(token: string, amount: number) {
  const cart = await call(api, "GET", "/v1/cart/", { token });
  const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
    token,
    body: { cartId: cart.body.id },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupId = setup.body.data.setupId as string;
  await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
    token,
    body: { cardNumber: "4242424242424242" },
  });
  const paid = await call(api, "POST", "/v1/payment/complete-setup-intent", {
    token,
    body: { setupId, cartId: cart.body.id, payNowAmount: amount, paymentType: "full" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return Number(cart.body.id);
}

describe("the receipt e-mail", () => {
  it("lists 3 × $8.00 = $24.00 for three goggles, greets the family and links the receipt", async () => {
    const student = "100015";
    const token = await studentToken(api, student);
    const [goggles] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    const added = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: goggles!.id, quantity: 3 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const before = (await api.outbox()).length;
    const cartId = await payCartByCard(token, 24);
    const receipt = await mailTo(student, /receipt/i, before);
    const { first, last } = await names(student);
    expect(receipt.subject).toContain("$24.00");
    expect(receipt.text).toContain("Science Lab Goggles: 3 × $8.00 = $24.00, $24.00 paid");
    expect(receipt.text).toMatch(new RegExp(`^Hello ${last} family,`, "m"));
    expect(receipt.text).not.toMatch(new RegExp(`^Hello ${first}`, "m"));
    expect(receipt.text).toContain(`${ORIGIN}/cart-receipt/${cartId}`);
    expect(receipt.text).toContain(`Cart ID: ${cartId}`);
    expect(receipt.html).toContain(`<a href="${ORIGIN}/cart-receipt/${cartId}">`);
  });
});

describe("the registration confirmation", () => {
  it("says when and where the course meets and links the family's registrations", async () => {
    const student = "100016";
    const [p] = await queryRows<{ id: string }>(
      db(),
      sql`insert into programs (name) values ('Mail dates') returning id`,
    );
    const [c] = await queryRows<{ id: string }>(
      db(),
      sql`insert into courses (subject, course_number, name)
          values ('MD', '101', 'Pottery Wheel') returning id`,
    );
    const [s] = await queryRows<{ id: string }>(
      db(),
      sql`insert into course_sections (program_id, course_id, section_number, term_id, term,
            capacity, date_start, date_end, time_start, time_end, meeting_days, room_number,
            cost_cents, waitlist_enabled)
          values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 5, '2027-01-10', '2027-03-10',
            '15:30', '16:45', array['Mon', 'Wed'], 'Art 12', 0, true)
          returning id`,
    );
    const token = await studentToken(api, student);
    const before = (await api.outbox()).length;
    const reg = await call(api, "POST", `/v1/register/${s!.id}`, { token, body: {} });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const mail = await mailTo(student, /registration confirmed/i, before);
    const { first, last } = await names(student);
    expect(mail.text).toMatch(new RegExp(`^Hello ${last} family,`, "m"));
    expect(mail.text).toContain(`${first} ${last} is registered for Pottery Wheel`);
    expect(mail.text).toContain("Dates: Jan 10, 2027 – Mar 10, 2027");
    expect(mail.text).toContain("Days and time: Mon, Wed, 3:30 PM – 4:45 PM");
    expect(mail.text).toContain("Where: In Person, room Art 12");
    expect(mail.text).toContain(`${ORIGIN}/my-registrations`);
  });
});

describe("what a card charge is called (decision 144)", () => {
  it("the hosted checkout and the card processor read the things paid for, not 'Cart 3'", async () => {
    const token = await studentToken(api, "100017");
    const [goggles] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: goggles!.id, quantity: 3 },
    });
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const session = await call(api, "POST", "/v1/payment/checkout-session", {
      token,
      body: {
        cartId: cart.body.id,
        payNowAmount: cart.body.total,
        paymentType: "full",
        returnBase: ORIGIN,
        cancelPath: "/cart",
        completePath: "/payment-complete",
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const id = (session.body.url as string).split("/").pop()!;
    const hosted = await call(api, "GET", `/v1/payment/simulator/checkout/${id}`, { token });
    expect(hosted.body.description).toBe("Science Lab Goggles × 3");
  });
});

/** The kinds of mail queued about a registration, oldest first. */
async function mailKindsAbout(registrationId: string) {
  const rows = await queryRows<{ kind: string }>(
    db(),
    sql`select kind from mail_queue where registration_id = ${registrationId} order by id`,
  );
  return rows.map((r) => r.kind);
}

describe("a registration paid by mailed check (decision 153)", () => {
  it("is confirmed by e-mail when the office receives the check, not when it is promised", async () => {
    const student = "100018";
    const [p] = await queryRows<{ id: string }>(
      db(),
      sql`insert into programs (name) values ('Mail by check') returning id`,
    );
    const [c] = await queryRows<{ id: string }>(
      db(),
      sql`insert into courses (subject, course_number, name)
          values ('MC', '101', 'Clay Studio') returning id`,
    );
    const [s] = await queryRows<{ id: string }>(
      db(),
      sql`insert into course_sections (program_id, course_id, section_number, term_id, term,
            capacity, date_start, date_end, cost_cents)
          values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 5, '2027-01-10', '2027-03-10', 3000)
          returning id`,
    );
    const token = await studentToken(api, student);
    const reg = await call(api, "POST", `/v1/register/${s!.id}`, { token, body: {} });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const promised = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [s!.id] },
    });
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    const [pay] = await queryRows<{ id: number; registration_id: string }>(
      db(),
      sql`select id, registration_id from payments
          where confirmation_id = ${promised.body.confirmationIds[0]}`,
    );
    // Held until the check arrives: the instructions, and no "registration confirmed" yet.
    expect(await mailKindsAbout(pay!.registration_id)).not.toContain("registration");
    const [instructions] = await queryRows<{ text_body: string }>(
      db(),
      sql`select text_body from mail_queue where kind = 'mailed-check' and payment_id = ${pay!.id}`,
    );
    expect(instructions!.text_body).toContain("$30.00");

    const office = await staffToken(api, "office");
    const receivedOn = todayIn(api.runtime.deps.timeZone, api.clock.now());
    const first = await call(api, "POST", `/v1/office/checks/${pay!.id}/receive`, {
      token: office,
      body: { checkNumber: "5120", amountCents: 1000, receivedOn },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const confirmations = (await mailKindsAbout(pay!.registration_id)).filter(
      (k) => k === "registration",
    );
    expect(confirmations).toHaveLength(await addressesCount(student));
    // The rest of the check later: a receipt, and no second confirmation.
    await call(api, "POST", `/v1/office/checks/${pay!.id}/receive`, {
      token: office,
      body: { checkNumber: "5121", amountCents: 2000, receivedOn },
    });
    const kinds = await mailKindsAbout(pay!.registration_id);
    expect(kinds.filter((k) => k === "registration")).toHaveLength(await addressesCount(student));
    const mail = await mailTo(student, /registration confirmed/i, 0);
    expect(mail.text).toContain("is registered for Clay Studio");
  });
});

async function addressesCount(student: string) {
  const [p] = await queryRows<{ email: string | null; custodian_emails: string[] }>(
    db(),
    sql`select email, custodian_emails from participants where id = ${Number(student)}`,
  );
  return new Set([p!.email, ...p!.custodian_emails].filter(Boolean)).size;
}

describe("the refund e-mail (decision 153)", () => {
  it("names the Cart ID the receipt shows and links the receipt", async () => {
    const student = "100019";
    const token = await studentToken(api, student);
    const [goggles] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: goggles!.id, quantity: 1 },
    });
    const cartId = await payCartByCard(token, 8);
    const [pay] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where cart_id = ${cartId} and status = 'succeeded'`,
    );
    const office = await staffToken(api, "office");
    const before = (await api.outbox()).length;
    const r = await call(api, "POST", `/v1/office/payments/${pay!.id}/refunds`, {
      token: office,
      body: { key: "0123456789abcdef0123456789abcdef", amountCents: 800, reason: "Not needed" },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    const mail = await mailTo(student, /refund/i, before);
    expect(mail.text).toContain(`Cart ID ${cartId}`);
    expect(mail.text).not.toMatch(/payment \d+ /);
    expect(mail.text).toContain(`${ORIGIN}/cart-receipt/${cartId}`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/cart-receipt/${cartId}">`);
  });
});
