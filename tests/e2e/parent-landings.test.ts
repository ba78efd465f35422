// Where a parent lands (decisions 106 and 108): a card checkout without JavaScript ends where the
// spec sends it (fees, my registrations, the guest's receipt); Back after paying shows a paid
// registration as paid; the cart says why it emptied when its timer ran out.
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

async function addGoggles(page: Page) {
  await page.goto("/fees?tab=optional");
  await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
  await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
}

/** Pays the cart on the simulator's hosted page (without JavaScript). */
async function payCartHosted(page: Page, amount: string, full = false) {
  await page.goto("/cart");
  if (full) await page.getByLabel("Pay in full").check();
  await page.getByLabel("Online card").check();
  await page.getByRole("button", { name: `Pay ${amount} Now` }).click();
  await page.waitForURL(/\/simulator\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/payment-complete/);
}

describe("parent landings without JavaScript", () => {
  const mode = { js: false };

  it("a cart with fees ends on the purchased fees", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, "100033");
    await addGoggles(page);
    await payCartHosted(page, "$8.00");
    await page.waitForURL((u) => u.pathname === "/fees" && u.searchParams.has("purchased"));
  });

  it("a registration-only cart ends on my registrations", async () => {
    const section = await sectionNamed("Summer Band");
    await apiRegister("100034", section);
    const page = await app.newPage(mode);
    await signInFamily(page, "100034", { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Add to my cart, to pay together with fees").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await payCartHosted(page, "$40.00", true);
    await page.waitForURL(
      (u) => u.pathname === "/my-registrations" && u.searchParams.has("purchased"),
    );
  });

  it("a guest ends on the cart receipt", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Gail");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill("gail-landing@example.org");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/register-guest"));
    await addGoggles(page);
    await payCartHosted(page, "$8.00");
    await page.waitForURL(/\/cart-receipt\/\d+$/);
    await page.getByText("Total Paid: $8.00").waitFor();
  });
});

describe.each(MODES)("parent landings $name", (mode) => {
  const student = mode.js ? "100035" : "100036";

  it("Back after paying shows the registration as paid", async () => {
    const section = await sectionNamed("Summer Band");
    await apiRegister(student, section);
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Pay online by card").check();
    if (mode.js) {
      await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
      await dialog.getByRole("button", { name: "Pay $40.00 Now" }).click();
      await page.waitForURL(/\/payment-complete/);
      await page.goBack();
    } else {
      await dialog.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/simulator\/checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $40.00" }).click();
      await page.waitForURL(/\/payment-complete/);
      await page.goBack();
      await page.goBack();
    }
    await page.waitForURL((u) => u.pathname === `/payment/${section}`);
    const back = page.getByRole("dialog", { name: "Payment Options" });
    await back.getByText("This registration is paid in full.").waitFor();
    await expect(back.getByLabel("Free after course credits").count()).resolves.toBe(0);
    await expect(back.getByText("Balance due: $0.00").count()).resolves.toBe(0);
  });
});

describe("parent landings with JavaScript", () => {
  it("the cart says why it emptied when its timer ran out", async () => {
    const page = await app.newPage({ js: true });
    await page.clock.install();
    await signInFamily(page, "100037");
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByRole("timer").waitFor();
    app.clock.advance(16 * 60_000);
    try {
      await page.clock.fastForward("16:00");
      await page
        .getByText("Your checkout time ran out, so the items in your cart were removed.")
        .waitFor();
      await page.getByText("Your cart is empty", { exact: false }).waitFor();
    } finally {
      app.clock.advance(-16 * 60_000);
    }
  });
});

describe("parent landings without JavaScript", () => {
  it("the reloaded cart says why it emptied when its time ran out", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100038");
    const said = page.getByText(
      "Your checkout time ran out, so the items in your cart were removed.",
    );
    await page.goto("/cart");
    await page.getByText("Your cart is empty", { exact: false }).waitFor();
    await expect(said.count()).resolves.toBe(0);
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByRole("timer").waitFor();
    app.clock.advance(16 * 60_000);
    try {
      await page.reload();
      await said.waitFor();
      await page.getByText("Your cart is empty", { exact: false }).waitFor();
    } finally {
      app.clock.advance(-16 * 60_000);
    }
    // Something new in the cart: the old cart's time is no longer the news.
    await addGoggles(page);
    await page.goto("/cart");
    await page.getByRole("timer").waitFor();
    await expect(said.count()).resolves.toBe(0);
  });
});
