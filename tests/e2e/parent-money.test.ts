// Money as a parent meets it (decision 106), with JavaScript and without: the activity
// payment dialog validates the amount as the cart does and never charges what was not shown; an
// amount above the balance says so, with the minimum from the original cost; a declined card does
// not block the next; a partly mailed check leaves the rest payable, and paying a credits
// registration says the credits were applied; the simulator refuses impossible expiry dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";
import { queryRows } from "../../district-api/db/client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;
const card = (page: Page, name: string) => page.getByRole("article", { name });

async function sectionNamed(name: string): Promise<string> {
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`select s.id from course_sections s join courses c on c.id = s.course_id where c.name = ${name}`,
  );
  return s!.id;
}

/** A section of a program that allows partial payments. */
async function partialSection(costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open, allow_partial) values ('Parent money', true, true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('ENR', '300', ${`Camp ${Math.random().toString(36).slice(2, 7)}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${costCents}) returning id`,
  );
  return s!.id;
}

async function apiRegister(studentId: string, sectionId: string) {
  const login = await fetch(`${app.url}/v1/student`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ studentId, dob: "2012-01-15" }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const r = await fetch(`${app.url}/v1/register/${sectionId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: "{}",
  });
  expect(r.status).toBe(200);
}

async function paymentsOf(studentId: string, sectionId: string) {
  return queryRows<{ amount_cents: number; method: string; status: string }>(
    db(),
    sql`select p.amount_cents, p.method, p.status from payments p
        join registrations r on r.id = p.registration_id
        where r.participant_id = ${Number(studentId)} and r.course_section_id = ${sectionId}`,
  );
}

async function addGoggles(page: Page) {
  await page.goto("/fees?tab=optional");
  await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
  await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
}

describe.each(MODES)("parent money $name", (mode) => {
  const base = mode.js ? 100010 : 100020;
  const student = (n: number) => String(base + n);

  it("the activity dialog refuses the amounts the cart refuses and charges what was shown", async () => {
    const section = await sectionNamed("Summer Band");
    await apiRegister(student(1), section);
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Pay online by card").check();
    const minimum = "Payment amount must be at least 1% of the original cost ($0.50).";
    for (const typed of ["$20", "-5", "0", "abc", "20,50"]) {
      await dialog.getByLabel("Payment amount").fill(typed);
      if (mode.js) {
        await dialog.getByText(minimum).waitFor();
        await expect(dialog.getByRole("button", { name: /^Pay \$40\.00/ }).count()).resolves.toBe(
          0,
        );
        await expect(dialog.getByRole("button", { name: /^Pay/ }).isDisabled()).resolves.toBe(true);
      } else {
        await dialog.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("alert").filter({ hasText: minimum }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/payment/${section}`);
      }
    }
    await dialog.getByLabel("Payment amount").fill("20.505");
    if (mode.js) {
      await dialog.getByText("Payment must have 2 digits after decimal or less").waitFor();
    } else {
      await dialog.getByRole("button", { name: "Continue" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "Payment must have 2 digits after decimal or less" })
        .waitFor();
    }
    await expect(paymentsOf(student(1), section)).resolves.toEqual([]);
    // A valid amount: the button (or the hosted page) shows it, and that is what is charged.
    await dialog.getByLabel("Payment amount").fill("20");
    if (mode.js) {
      await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
      await dialog.getByRole("button", { name: "Pay $20.00 Now" }).click();
    } else {
      await dialog.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/simulator\/checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $20.00" }).click();
    }
    await page.waitForURL(/\/payment-complete/);
    const rows = await paymentsOf(student(1), section);
    expect(rows.filter((r) => r.status === "succeeded").map((r) => r.amount_cents)).toEqual([2000]);
  });

  it("an amount above the balance says so; the minimum follows the original cost", async () => {
    const section = await partialSection(7500);
    await apiRegister(student(2), section);
    await db().execute(
      sql`update registrations set paid_cents = 1012
          where participant_id = ${Number(student(2))} and course_section_id = ${section}`,
    );
    const page = await app.newPage(mode);
    await signInFamily(page, student(2), { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByText("Balance due: $64.88").waitFor();
    await dialog.getByLabel("Pay online by card").check();
    await dialog.getByText("Minimum payment: $0.75").waitFor();
    const cases: [string, string][] = [
      ["64.89", "Payment amount can't be more than the amount due ($64.88)."],
      ["0.70", "Payment amount must be at least 1% of the original cost ($0.75)."],
    ];
    for (const [typed, message] of cases) {
      await dialog.getByLabel("Payment amount").fill(typed);
      if (mode.js) {
        await dialog.getByText(message).waitFor();
        await expect(dialog.getByRole("button", { name: /^Pay/ }).isDisabled()).resolves.toBe(true);
      } else {
        await dialog.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("alert").filter({ hasText: message }).waitFor();
      }
    }
    await expect(paymentsOf(student(2), section)).resolves.toEqual([]);
  });

  it("a partly mailed check leaves the rest payable", async () => {
    const section = await sectionNamed("Summer Band");
    await apiRegister(student(4), section);
    const page = await app.newPage(mode);
    await signInFamily(page, student(4), { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByLabel("Payment amount").fill("25");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("dialog", { name: "Registration Confirmed" }).waitFor();
    const rows = await paymentsOf(student(4), section);
    expect(rows.map((r) => [r.method, r.amount_cents])).toEqual([["mail", 2500]]);
    await page.goto("/programs");
    await card(page, "Summer Band").getByRole("link", { name: "Submit Payment" }).click();
    await page.waitForURL((u) => u.pathname === `/payment/${section}`);
    await page
      .getByRole("dialog", { name: "Payment Options" })
      .getByText("Balance due: $15.00")
      .waitFor();
  });

  it("paying a credits registration's balance says the credits were applied", async () => {
    const section = await partialSection(7500);
    await apiRegister(student(5), section);
    await db().execute(
      sql`update registrations set credits_applied_cents = 2500
          where participant_id = ${Number(student(5))} and course_section_id = ${section}`,
    );
    const page = await app.newPage(mode);
    await signInFamily(page, student(5), { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByText("Balance due: $50.00").waitFor();
    await dialog.getByLabel("Pay online by card").check();
    if (mode.js) {
      await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
      await dialog.getByRole("button", { name: "Pay $50.00 Now" }).click();
    } else {
      await dialog.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/simulator\/checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $50.00" }).click();
    }
    await page.waitForURL(/\/payment-complete/);
    await page
      .getByText("Your Payment has been received and your course credits have been applied.")
      .waitFor();
  });
});

describe("parent money with JavaScript only", () => {
  it("after a declined card another card can be tried at once, in the cart and the dialog", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100031");
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.getByText("Your card was declined.").waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.waitForURL(/\/fees\?purchased=1/);

    const section = await sectionNamed("Summer Band");
    await apiRegister("100031", section);
    await page.goto(`/payment/${section}`);
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Pay online by card").check();
    await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
    await dialog.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await dialog.getByText("Your card was declined.").waitFor();
    await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
    await dialog.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.waitForURL(/\/payment-complete/);
  });
});

describe("parent money with JavaScript only (expiry)", () => {
  it("the in-page test card form refuses expired and impossible expiry dates", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100033");
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    for (const [expiry, message] of [
      ["01/20", "Your card's expiration date is in the past."],
      ["13/30", "Your card's expiration month is invalid."],
    ] as const) {
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill(expiry);
      await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
      await page.getByRole("alert").filter({ hasText: message }).waitFor();
    }
    const [paid] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payments where status = 'succeeded' and owner_key like ${"%100033%"}`,
    );
    expect(paid!.n).toBe(0);
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.waitForURL(/\/fees\?purchased=1/);
  });
});

describe("parent money without JavaScript only", () => {
  it("the simulator refuses expired and impossible expiry dates", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100032");
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.waitForURL(/\/simulator\/checkout\//);
    const cases: [string, string][] = [
      ["01/20", "Your card's expiration date is in the past."],
      ["13/30", "Your card's expiration month is invalid."],
    ];
    for (const [expiry, message] of cases) {
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill(expiry);
      await page.getByRole("button", { name: "Pay $8.00" }).click();
      await page.getByRole("alert").filter({ hasText: message }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/simulator\/checkout\//);
    }
    const [paid] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from payments where status = 'succeeded' and owner_key like ${"%100032%"}`,
    );
    expect(paid!.n).toBe(0);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByRole("button", { name: "Pay $8.00" }).click();
    await page.waitForURL(/\/payment-complete|\/fees\?purchased/);
  });
});
