// Balances as a family meets them (decisions 108 and 145): an ended cart says what happened to
// a partly paid registration (it was not cancelled); a partly paid registration's card says it is
// registered, what was paid and what is left; the cart's partial amount is checked as it is typed,
// beside the field, and says what its minimum is made of; an assessed fee's card and the cart
// agree on whether it may be paid in part; a fee question's typed answer survives a refusal.
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

/** A section of a program that allows partial payments; returns its id and course name. */
async function partialSection(costCents: number): Promise<{ id: string; name: string }> {
  const name = `Camp ${Math.random().toString(36).slice(2, 7)}`;
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open, allow_partial) values ('Balances', true, true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('ENR', '310', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${costCents}) returning id`,
  );
  return { id: s!.id, name };
}

/** Registers the student and records `paidCents` as paid: a registration kept by a payment. */
async function partlyPaid(studentId: string, sectionId: string, paidCents: number) {
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
  await db().execute(
    sql`update registrations set paid_cents = ${paidCents}, status = 'registered', hold_expires_at = null
        where participant_id = ${Number(studentId)} and course_section_id = ${sectionId}`,
  );
}

/** Puts the registration's balance in the cart from its payment dialog. */
async function balanceToCart(page: Page, sectionId: string) {
  await page.goto(`/payment/${sectionId}`);
  const dialog = page.getByRole("dialog", { name: "Payment Options" });
  await dialog.getByLabel("Add to my cart, to pay together with fees").check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => u.pathname === "/cart");
}

const CANCELLED =
  "Your registration payment window has expired and your registration has been cancelled.";
const KEPT =
  "Your registration was not cancelled: what you paid keeps it. Its balance left the cart and can be paid from My Registrations.";

describe.each(MODES)("cart balances $name", (mode) => {
  const base = mode.js ? 100010 : 100013;
  const student = (n: number) => String(base + n);

  it("an ended cart does not call a partly paid registration cancelled", async () => {
    const section = await partialSection(7500);
    await partlyPaid(student(1), section.id, 3000);
    const page = await app.newPage(mode);
    if (mode.js) await page.clock.install();
    await signInFamily(page, student(1));
    await balanceToCart(page, section.id);
    await page.getByRole("timer").waitFor();
    app.clock.advance(16 * 60_000);
    try {
      if (mode.js) await page.clock.fastForward("16:00");
      else await page.reload();
      await page.getByText("Your cart is empty", { exact: false }).waitFor();
      await page.getByText(KEPT).waitFor();
      await expect(page.getByText(CANCELLED).count()).resolves.toBe(0);
    } finally {
      app.clock.advance(-16 * 60_000);
    }
    await page.goto("/my-registrations");
    await card(page, section.name).getByText("You are Registered").waitFor();
  });

  it("a partly paid registration's card says registered, paid so far and the balance", async () => {
    const section = await partialSection(7500);
    await partlyPaid(student(2), section.id, 2850);
    const page = await app.newPage(mode);
    await signInFamily(page, student(2));
    for (const path of ["/programs", "/my-registrations"]) {
      await page.goto(path);
      const c = card(page, section.name);
      await c.getByText("You are Registered").waitFor();
      await c.getByText("Paid so far: $28.50 · Balance due: $46.50").waitFor();
      await c.getByRole("link", { name: "Submit Payment" }).waitFor();
    }
  });

  it("an assessed fee that may be paid in part does not say it requires payment in full", async () => {
    // Art Club Dues: the fee asks for full payment, the assessments of students 100022 and
    // 100025 allow part (each has paid $10.00 of $25.00).
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100022" : "100025", { then: "/fees?tab=assessed" });
    const dues = card(page, "Art Club Dues");
    await dues.waitFor();
    await expect(dues.getByText("Requires Payment in Full").count()).resolves.toBe(0);
    await dues.getByRole("button", { name: "Pay Remaining Balance" }).click();
    // The cart is opened once the fee is in it: not while the post adding it is in flight. (The
    // notice is only read: with JavaScript a dialog opens over the page after the add.)
    await page.locator(".notice-bar").filter({ hasText: "Added to cart." }).waitFor();
    await page.goto("/cart");
    await page.getByLabel("Partial payment", { exact: true }).waitFor();
  });
});

describe.each(MODES)("a registration in the cart paid from its own dialog $name", (mode) => {
  it("the dialog says it is in the cart, offers no cart again, and a mailed check takes it out", async () => {
    const section = await partialSection(6000);
    const who = mode.js ? "100026" : "100027";
    await partlyPaid(who, section.id, 3000);
    const page = await app.newPage(mode);
    await signInFamily(page, who);
    await balanceToCart(page, section.id);
    await page.getByRole("button", { name: "Remove" }).first().waitFor();
    // The card's "Submit Payment" (spec 02 §4, partial) opens the dialog over the list.
    await page.goto("/my-registrations");
    await card(page, section.name).getByRole("link", { name: "Submit Payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog
      .getByText("This course is in your cart. Paying for it here takes it out of the cart.")
      .waitFor();
    await dialog.getByRole("link", { name: "Pay for it with the rest of the cart" }).waitFor();
    await expect(
      dialog.getByLabel("Add to my cart, to pay together with fees").count(),
    ).resolves.toBe(0);
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.searchParams.has("confirmed"));
    await page.goto("/cart");
    await page.getByText("Your cart is empty", { exact: false }).waitFor();
  });
});

describe("cart balances with JavaScript", () => {
  it("the partial amount is checked as typed, beside the field, and its minimum explained", async () => {
    const section = await partialSection(7500);
    await partlyPaid("100017", section.id, 0);
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100017", { then: "/fees?tab=optional" });
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
    await balanceToCart(page, section.id);
    await page.getByRole("radio", { name: "Partial payment" }).check();
    await page.getByLabel("Online card").check();
    const amount = page.getByLabel("Partial Payment Amount");
    const minimum =
      "Payment amount must be at least $8.75: the items paid in full ($8.00) plus 1% of the rest ($0.75).";
    for (const [typed, message] of [
      ["5", minimum],
      ["$30", minimum],
      ["170", "Payment amount can't be more than the amount due ($83.00)."],
    ] as const) {
      await amount.fill(typed);
      await page.getByText(message).waitFor();
      await expect(amount.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(page.getByRole("button", { name: /^Pay/ }).last().isDisabled()).resolves.toBe(
        true,
      );
    }
    await amount.fill("30");
    await page.getByRole("button", { name: "Pay $30.00 Now" }).waitFor();
    await expect(amount.getAttribute("aria-invalid")).resolves.not.toBe("true");
  });
});

describe("cart balances without JavaScript", () => {
  it("11. a fee question's typed answer is kept after the server refuses the add", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100018", { then: "/fees?tab=optional" });
    await card(page, "Zoo Field Trip").getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
    await dialog.getByLabel("M", { exact: true }).check();
    await dialog.getByLabel("Allergies or medical needs").fill("Peanuts");
    // Meanwhile the fee is limited to seniors: the server refuses the add.
    await db().execute(
      sql`update fees set criteria_grades = array['12'] where name = 'Zoo Field Trip'`,
    );
    try {
      await dialog.getByRole("button", { name: "Add to Cart" }).click();
      await page
        .getByRole("dialog", { name: "Questions: Zoo Field Trip" })
        .getByRole("alert")
        .waitFor();
      const again = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
      await expect(again.getByLabel("Allergies or medical needs").inputValue()).resolves.toBe(
        "Peanuts",
      );
      expect(await again.getByLabel("M", { exact: true }).isChecked()).toBe(true);
    } finally {
      await db().execute(sql`update fees set criteria_grades = null where name = 'Zoo Field Trip'`);
    }
  });
});

describe("the phone menu with JavaScript", () => {
  it("12. the menu closes once an item is chosen", async () => {
    const page = await app.newPage({ js: true });
    await page.setViewportSize({ width: 360, height: 640 });
    await signInFamily(page, "100019", { then: "/programs" });
    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("link", { name: "FEES", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The header closes the menu in an effect, which runs just after the new page is drawn.
    await expect.poll(() => page.getByRole("link", { name: "FEES", exact: true }).count()).toBe(0);
  });
});
