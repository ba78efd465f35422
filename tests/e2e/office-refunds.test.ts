// Refunds by the business office in a browser, with and without JavaScript
// (decision 131): a family pays a cart by card (the simulator's hosted page); the office finds the
// payment, is refused more than was paid (the field says why), refunds part of it with a reason
// and a confirmation, sees it among the payment's refunds, and the family's receipt shows the
// refund with its amount and date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  MODES,
  seeNotice,
  signInFamily,
  signInStaff,
  startTestApp,
  type TestApp,
} from "../support/browser";
import { queryRows } from "../../district-api/db/client";
import { seriousViolations } from "../support/a11y";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;

async function makeSection(cost: number, name: string): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Refunds E2E', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('RFD', '300', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${cost}) returning id`,
  );
  return s!.id;
}

/** The student registers, puts the registration in the cart and pays it by card; the cart id. */
async function paidCart(studentId: string, sectionId: string, cost: number): Promise<number> {
  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const r = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, body: (await r.json().catch(() => null)) as any };
  };
  const login = await send("POST", "/v1/student", { studentId, dob: "2012-01-15" });
  const token = login.body.accessToken as string;
  expect((await send("POST", `/v1/register/${sectionId}`, {}, token)).status).toBe(200);
  expect(
    (await send("PUT", "/v1/cart/add", { courseSectionId: sectionId }, token)).status,
  ).toBeLessThan(300);
  const cart = await send("GET", "/v1/cart/", undefined, token);
  const h = await send(
    "POST",
    "/v1/payment/checkout-session",
    {
      cartId: cart.body.id,
      payNowAmount: cost / 100,
      paymentType: "full",
      returnBase: "http://x.test",
      cancelPath: "/cart",
      completePath: "/payment-complete",
    },
    token,
  );
  expect(h.status, JSON.stringify(h.body)).toBe(200);
  const sessionId = String(h.body.url).split("/").pop()!;
  const paid = await send(
    "POST",
    `/v1/payment/simulator/checkout/${sessionId}/pay`,
    { cardNumber: "4242424242424242", expiry: "12/34" },
    token,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return Number(cart.body.id);
}

describe.each(MODES)("refunds $name", (mode) => {
  it("the office refunds part of a card payment and the family's receipt shows it", async () => {
    const student = mode.js ? "100036" : "100037";
    const course = `Glassblowing ${mode.js ? "JS" : "HTML"}`;
    const section = await makeSection(4000, course);
    const cartId = await paidCart(student, section, 4000);
    const [payment] = await queryRows<{ id: number; confirmation_id: string | null }>(
      db(),
      sql`select id, confirmation_id from payments where cart_id = ${cartId} and status = 'succeeded'`,
    );
    const label = payment!.confirmation_id ?? String(payment!.id);

    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office" });
    await page
      .getByRole("navigation", { name: "Business office" })
      .getByRole("link", { name: "Payments and refunds" })
      .click();
    await page.waitForURL("**/office/payments");
    await page.getByLabel("Search").fill(student);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === student);
    const row = page.getByRole("row").filter({ hasText: label });
    expect(await row.textContent()).toContain("$40.00");
    await row.getByRole("link", { name: label }).click();
    await page.getByRole("heading", { name: `Payment ${label}` }).waitFor();

    // More than was paid: the amount says why, and what was typed stays.
    await page.getByLabel("Amount to refund").fill("45.00");
    await page.getByLabel("Reason").fill("Class moved to a weekday");
    await page.getByLabel("I confirm this refund").check();
    await page.getByRole("button", { name: "Refund" }).click();
    await page
      .getByText("The refund can't be more than what is left to refund ($40.00).")
      .waitFor();
    expect(await page.getByLabel("Reason").inputValue()).toBe("Class moved to a weekday");

    await page.getByLabel("Amount to refund").fill("15.00");
    if (!(await page.getByLabel("I confirm this refund").isChecked())) {
      await page.getByLabel("I confirm this refund").check();
    }
    await page.getByRole("button", { name: "Refund" }).click();
    await seeNotice(page, "Refunded $15.00.");
    const refunds = await page.getByRole("table", { name: "Refunds" }).textContent();
    expect(refunds).toContain("$15.00");
    expect(refunds).toContain("Class moved to a weekday");
    // axe runs inside the page: with JavaScript only (a11y-pages covers the pages without).
    if (mode.js) expect(await seriousViolations(page)).toEqual([]);
    // A cash refund the checkout had to give back waits on the office's list.
    await db().execute(
      sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
            created_at)
          values (${payment!.id}, 100, 'cart_changed', 'pending', ${`e2e-${mode.js}`}, now())`,
    );
    await page.goto("/office/refunds");
    await page.getByRole("heading", { name: "Refunds to pay out or retry" }).waitFor();
    await page.getByRole("button", { name: "Retry" }).first().waitFor();
    if (mode.js) expect(await seriousViolations(page)).toEqual([]);
    await db().execute(
      sql`delete from payment_refunds where idempotency_key = ${`e2e-${mode.js}`}`,
    );

    const family = await app.newPage(mode);
    await signInFamily(family, student, { then: `/cart-receipt/${cartId}` });
    const receipt = family.getByRole("region", { name: "Refunds" });
    const text = await receipt.textContent();
    expect(text).toMatch(/Refunded \$15\.00 on \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain(course);
    await family.getByText("Paid after refunds: $25.00").waitFor();
    if (mode.js) expect(await seriousViolations(family)).toEqual([]);
  });

  it("money taken in cash goes back by hand: how is required, then it is recorded", async () => {
    const student = mode.js ? "100038" : "100039";
    const section = await makeSection(3000, `Sculpture ${mode.js ? "JS" : "HTML"}`);
    const [reg] = await queryRows<{ id: string }>(
      db(),
      sql`insert into registrations (participant_id, course_section_id, status, cost_cents,
            paid_cents)
          values (${Number(student)}, ${section}, 'registered', 3000, 3000) returning id`,
    );
    const [pay] = await queryRows<{ id: number }>(
      db(),
      sql`insert into payments (owner_key, registration_id, method, amount_cents, status,
            idempotency_key, created_at, settled_at, taken_by_employee_id, applied_at)
          values (${`student:${student}`}, ${reg!.id}, 'cash', 3000, 'succeeded',
            ${`e2e-cash-${student}`}, now(), now(), 'E1002', now())
          returning id`,
    );
    await db().execute(
      sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
          values (${pay!.id}, ${reg!.id}, 3000, now())`,
    );
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: `/office/payments/${pay!.id}` });
    await page.getByLabel("Amount to refund").fill("10");
    await page.getByLabel("Reason").fill("Overcharged");
    await page.getByLabel("I confirm this refund").check();
    await page.getByRole("button", { name: "Refund" }).click();
    await page.getByText("Choose how the money is given back: cash or check.").waitFor();
    await page.getByLabel("Given back as").selectOption("cash");
    if (!(await page.getByLabel("I confirm this refund").isChecked())) {
      await page.getByLabel("I confirm this refund").check();
    }
    await page.getByRole("button", { name: "Refund" }).click();
    await seeNotice(page, "Refunded $10.00.");
    const refunds = await page.getByRole("table", { name: "Refunds" }).textContent();
    expect(refunds).toContain("Cash");
    // Who gave the money back, by the name stored for their account (decision 160).
    expect(refunds).toContain("Olive Office");
    expect(refunds).not.toContain("E1006");
  });

  it("the refund form names one limit per line, the one the district enforces", async () => {
    // Cash of $50 paid two registrations, $30 and $15 ($5 was never applied to either): a refund
    // is of one line, at most what that line took and never more than the payment has left.
    const student = mode.js ? "100034" : "100035";
    const [a, b] = [
      await makeSection(3000, `Weaving ${mode.js ? "JS" : "HTML"}`),
      await makeSection(1500, `Knitting ${mode.js ? "JS" : "HTML"}`),
    ];
    const regs: string[] = [];
    for (const [section, cents] of [
      [a, 3000],
      [b, 1500],
    ] as const) {
      const [reg] = await queryRows<{ id: string }>(
        db(),
        sql`insert into registrations (participant_id, course_section_id, status, cost_cents,
              paid_cents)
            values (${Number(student)}, ${section}, 'registered', ${cents}, ${cents}) returning id`,
      );
      regs.push(reg!.id);
    }
    const [pay] = await queryRows<{ id: number }>(
      db(),
      sql`insert into payments (owner_key, registration_id, method, amount_cents, status,
            idempotency_key, created_at, settled_at, taken_by_employee_id, applied_at)
          values (${`student:${student}`}, null, 'cash', 5000, 'succeeded',
            ${`e2e-two-${student}`}, now(), now(), 'E1002', now())
          returning id`,
    );
    for (const [reg, cents] of [
      [regs[0], 3000],
      [regs[1], 1500],
    ] as const) {
      await db().execute(
        sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
            values (${pay!.id}, ${reg}, ${cents}, now())`,
      );
    }
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: `/office/payments/${pay!.id}` });
    const form = page.locator("form").filter({ has: page.getByLabel("Amount to refund") });
    const limits = async () =>
      [...((await form.textContent()) ?? "").matchAll(/At most (\$[\d,.]+)/gi)].map((m) => m[1]);
    // Each line its own limit, and no other figure beside the amount.
    expect((await limits()).sort()).toEqual(["$15.00", "$30.00"]);
    await page.getByLabel("Refund for").selectOption(`r:${regs[1]}`);
    await page.getByLabel("Amount to refund").fill("20");
    await page.getByLabel("Reason").fill("Overcharged");
    await page.getByLabel("Given back as").selectOption("cash");
    await page.getByLabel("I confirm this refund").check();
    await page.getByRole("button", { name: "Refund" }).click();
    await page
      .getByText("The refund can't be more than what is left to refund ($15.00).")
      .waitFor();
    expect((await limits()).sort()).toEqual(["$15.00", "$30.00"]);
  });
});
