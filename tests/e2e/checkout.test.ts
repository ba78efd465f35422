// Fees, cart and checkout in the browser, with JavaScript and without: a student pays part of an
// assessed and an optional fee by card and sees the receipt; a guest pays an optional fee; a
// mailed-check registration payment shows its confirmation; a zero-total order submits.
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

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

async function payByCard(page: Page, js: boolean, amount: string) {
  await page.getByLabel("Online card").check();
  if (js) {
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${amount} Now` }).click();
  } else {
    await page.getByRole("button", { name: /^Pay \$[\d,.]+ Now$/ }).click();
    await page.waitForURL(/\/simulator\/checkout\//);
    await expect(page.getByText("Test mode").first().isVisible()).resolves.toBe(true);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${amount}` }).click();
  }
}

async function makeSection(cost: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name) values ('E2E program') returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('MUS', '200', ${`Guitar ${Math.random().toString(36).slice(2, 7)}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${cost}) returning id`,
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

describe.each(MODES)("checkout $name", (mode) => {
  it("a student adds an assessed and an optional fee, pays part by card and sees the receipt", async () => {
    const page = await app.newPage(mode);
    const student = mode.js ? "100001" : "100002";
    await signInFamily(page, student, { then: "/fees?tab=assessed" });
    await card(page, "Chemistry Lab Fee").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Chemistry Lab Fee").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/fees?tab=optional");
    await card(page, "Yearbook").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Yearbook").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await expect(
      page.getByText("Please complete your checkout within the next").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Pay $100.00 Now" }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel("Partial payment", { exact: true }).check();
    await page.getByLabel("Partial Payment Amount").fill("50");
    await payByCard(page, mode.js, "$50.00");
    if (mode.js) {
      await page.waitForURL(/\/fees\?purchased=1/);
    } else {
      await page.waitForURL(/\/payment-complete/);
      await expect(
        page.getByRole("heading", { name: "Payment Complete" }).isVisible(),
      ).resolves.toBe(true);
    }
    await page.goto("/fees?tab=purchased");
    await card(page, "Chemistry Lab Fee").getByRole("link", { name: "View receipt" }).click();
    await page.waitForURL(/\/cart-receipt\/\d+/);
    await page.getByRole("heading", { name: /^Cart For/ }).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
      new RegExp(`^Cart For .+ - ${student}$`),
    );
    await expect(page.getByText("Total Paid: $50.00").isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^Cart ID: \d+$/).isVisible()).resolves.toBe(true);
  });

  it("a guest pays an optional fee", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Gina");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill(`gina-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/register-guest"));
    await page.goto("/fees");
    await expect(page.getByRole("link", { name: "Assessed Fees" }).count()).resolves.toBe(0);
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await expect(page.getByText("Gina Guest").isVisible()).resolves.toBe(true);
    await payByCard(page, mode.js, "$8.00");
    if (mode.js) {
      await page.waitForURL(/\/cart-receipt\/\d+/);
      await expect(page.getByText("Total Paid: $8.00").isVisible()).resolves.toBe(true);
    } else {
      await page.waitForURL(/\/payment-complete/);
      await expect(
        page.getByRole("heading", { name: "Payment Complete" }).isVisible(),
      ).resolves.toBe(true);
    }
  });

  it("a declined card shows Stripe's message and keeps the cart", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100026" : "100027", { then: "/fees?tab=optional" });
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    if (mode.js) {
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    } else {
      await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByRole("button", { name: "Pay $8.00" }).click();
    }
    await page.getByText("Your card was declined.").waitFor();
    await page.goto("/cart");
    await expect(page.getByText("Science Lab Goggles").isVisible()).resolves.toBe(true);
  });

  it("a mailed-check registration payment shows its confirmation", async () => {
    const student = mode.js ? "100030" : "100031";
    const section = await makeSection(4500);
    await apiRegister(student, section);
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: `/payment/${section}` });
    await expect(page.getByRole("dialog", { name: "Payment Options" }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel("Mail a paper check").check();
    await expect(
      page.getByText(/participant's name and ID number are required/).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("button", { name: "Continue" }).click();
    const dialog = page.getByRole("dialog", { name: "Registration Confirmed" });
    await dialog.waitFor();
    await expect(dialog.getByText(/Confirmation number: C\d{7}/).isVisible()).resolves.toBe(true);
  });

  it("a registration goes into the cart from the payment dialog and is checked out by mailed check", async () => {
    const student = mode.js ? "100036" : "100037";
    const section = await makeSection(4500);
    await apiRegister(student, section);
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: `/payment/${section}` });
    const options = page.getByRole("dialog", { name: "Payment Options" });
    await options.getByLabel("Add to my cart, to pay together with fees").check();
    await options.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await page.getByText("The registration is in your cart.", { exact: false }).first().waitFor();
    await expect(page.getByText("Registration", { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole("link", { name: /1 items? in cart/ }).count()).resolves.toBe(1);
    // Its card now leads to the cart.
    await page.goto("/my-registrations");
    await page.getByRole("link", { name: "View Cart to Complete Registration" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    // A cart without fees can be paid by mailed check.
    await page.getByLabel("Mail a paper check").check();
    await page.getByRole("button", { name: "Pay $45.00 Now" }).click();
    await page.waitForURL((u) => u.pathname === "/my-registrations");
    await page.getByText("Please mail your check", { exact: false }).first().waitFor();
    const [reg] = await queryRows<{ status: string; pending_cents: number; in_cart: boolean }>(
      db(),
      sql`select status, pending_cents, in_cart from registrations where course_section_id = ${section} and participant_id = ${Number(student)}`,
    );
    expect(reg).toMatchObject({ pending_cents: 4500, in_cart: false });
  });

  // Without JavaScript there is no script to take over the form.
  it.runIf(mode.js)(
    "a choice made before the page's script runs is kept when it does",
    async () => {
      const student = "100038";
      const section = await makeSection(4500);
      await apiRegister(student, section);
      const page = await app.newPage(mode);
      await signInFamily(page, student);

      // A slow phone: the page's modules arrive only after the person has chosen.
      async function chooseBeforeHydration(path: string, label: string) {
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        const pattern = "**/build/**/*.js";
        await page.route(pattern, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(path, { waitUntil: "domcontentloaded" });
        await page.getByLabel(label).check();
        release();
        await page.waitForFunction(
          () =>
            (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state
              .initialized,
        );
        await page.unroute(pattern);
        // Whatever hydration renders has been committed by the next frame.
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))),
        );
        await expect(page.getByLabel(label).isChecked()).resolves.toBe(true);
      }

      await chooseBeforeHydration(
        `/payment/${section}`,
        "Add to my cart, to pay together with fees",
      );
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((u) => u.pathname === "/cart");
      await chooseBeforeHydration("/cart", "Mail a paper check");
      await page.getByRole("button", { name: "Pay $45.00 Now" }).click();
      await page.waitForURL((u) => u.pathname === "/my-registrations");
    },
  );

  it("a registration is paid by card from the payment dialog, and closing another cancels it", async () => {
    const student = mode.js ? "100034" : "100035";
    const paid = await makeSection(6000);
    const dropped = await makeSection(3000);
    await apiRegister(student, paid);
    await apiRegister(student, dropped);
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: `/payment/${paid}` });
    await page.getByLabel("Pay online by card").check();
    if (mode.js) {
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $60.00 Now" }).click();
    } else {
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $60.00" }).click();
    }
    await page.waitForURL(/\/payment-complete\?/);
    await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
    const [reg] = await queryRows<{ status: string; paid_cents: number }>(
      db(),
      sql`select status, paid_cents from registrations where course_section_id = ${paid} and participant_id = ${Number(student)}`,
    );
    expect(reg).toEqual({ status: "registered", paid_cents: 6000 });

    await page.goto(`/payment/${dropped}`);
    await page
      .getByRole("dialog", { name: "Payment Options" })
      .getByRole("link", { name: "Close" })
      .first()
      .click();
    const confirm = page.getByRole("dialog", { name: "Cancel registration?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await page.waitForURL(/\/programs/);
    const [gone] = await queryRows<{ status: string; cancel_reason: string }>(
      db(),
      sql`select status, cancel_reason from registrations where course_section_id = ${dropped} and participant_id = ${Number(student)}`,
    );
    expect(gone).toEqual({ status: "cancelled", cancel_reason: "Clicked cancel on payment" });
  });

  it("a zero-total order submits", async () => {
    const student = mode.js ? "100003" : "100033";
    await db().execute(
      sql`update participants set financial_aid = 'free' where id = ${Number(student)}`,
    );
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: "/fees?tab=optional" });
    await card(page, "Athletic Pass").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Athletic Pass").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await expect(
      page.getByRole("heading", { name: "Ready for Submission" }).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("button", { name: "SUBMIT ORDER" }).click();
    await page.waitForURL(/\/fees\?purchased=1/);
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.").isVisible()).resolves.toBe(true);
  });
});
