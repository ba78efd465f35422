// The fees page in the browser, with JavaScript and without: tabs and query handling, the
// partial-payments dialog, search and category filter, "View More...", donations, fee questions,
// the header's cart count, and the employees' fee shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { fees } from "../../district-api/db/schema";
import { MODES, signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

describe.each(MODES)("fees page $name", (mode) => {
  it("the partial-payments dialog shows once a sign-in, not on every visit (decision 156)", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, "100001", { then: "/fees" });
    const dialog = page.getByRole("dialog", { name: "Attention: Partial Payments Found" });
    await dialog.waitFor();
    await page.goto("/programs");
    await page.goto("/fees");
    await page.getByRole("link", { name: "Assessed Fees" }).waitFor();
    await expect(dialog.count()).resolves.toBe(0);
  });

  it("opens with the partial-payments dialog, then tabs by URL", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, "100001", { then: "/fees" });
    const dialog = page.getByRole("dialog", { name: "Attention: Partial Payments Found" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "View Purchased Fees" }).click();
    await page.waitForURL(/tab=purchased/);
    await card(page, "Technology Fee").waitFor();
    await page.goto("/fees?purchased=1");
    await expect(
      page.getByRole("link", { name: "Previous Purchases" }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await page.goto("/fees?category=Athletics");
    await expect(
      page.getByRole("link", { name: "Optional Fees" }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await card(page, "Athletic Pass").waitFor();
    await expect(card(page, "Yearbook").count()).resolves.toBe(0);
    if (mode.js) {
      await page.goto("/fees?tab=assessed");
      const addAll = page.getByRole("button", { name: "Add All Fees to Cart" });
      await expect(addAll.isEnabled()).resolves.toBe(true);
      await addAll.click();
      await card(page, "Chemistry Lab Fee").getByRole("button", { name: "Added" }).waitFor();
      await card(page, "Technology Fee").getByRole("button", { name: "Added" }).waitFor();
      await expect(
        page.getByRole("button", { name: "Add All Fees to Cart" }).isDisabled(),
      ).resolves.toBe(true);
    }
  });

  it("searches and filters optional fees sorted by name, and shows View More", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, "100006", { then: "/fees?tab=optional" });
    const names = await page
      .getByRole("article")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await page.getByLabel("Search Fees").fill("parking");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/q=parking/);
    await card(page, "Yearbook").waitFor({ state: "detached" });
    await expect(page.getByRole("article").count()).resolves.toBe(2);
    await page.goto("/fees?tab=optional");
    await card(page, "Athletic Pass").getByRole("link", { name: "View More..." }).click();
    await page.getByRole("dialog", { name: "Athletic Pass" }).waitFor();
    await expect(
      page
        .getByRole("dialog")
        .getByText(/wrestling/)
        .isVisible(),
    ).resolves.toBe(true);
  });

  it("checks a donation's custom amount and asks fee questions before adding", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100007" : "100008", { then: "/fees?tab=optional" });
    const donation = card(page, "Music Booster Donation");
    await donation.getByLabel("Custom Amount").fill("2");
    await donation.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText("Amount must be between $5.00 and $10,000.00").waitFor();
    await card(page, "Music Booster Donation").getByLabel("Custom Amount").fill("12.50");
    await card(page, "Music Booster Donation").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Music Booster Donation").getByRole("button", { name: "Added" }).waitFor();
    await expect(page.getByRole("link", { name: "1 item in cart" }).count()).resolves.toBe(1);
    await card(page, "Zoo Field Trip").getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
    await dialog.waitFor();
    await dialog.getByLabel("M", { exact: true }).check();
    await dialog.getByLabel("Allergies or medical needs").fill("None");
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Zoo Field Trip").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await expect(page.getByText("$30.50").first().isVisible()).resolves.toBe(true);
  });

  it("guests see only Optional Fees and the Fees section link", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Gus");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill(`gus-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/register-guest"));
    await page.goto("/fees?tab=assessed");
    await expect(page.getByRole("link", { name: "Assessed Fees" }).count()).resolves.toBe(0);
    await expect(
      page.getByRole("link", { name: "Optional Fees" }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await expect(page.getByRole("link", { name: "Fees section" }).isVisible()).resolves.toBe(true);
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.").isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole("link", { name: "Browse fees" }).getAttribute("href"),
    ).resolves.toBe("/fees");
  });

  it("an employee buys a fee with their own cart", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, mode.js ? "instructor" : "instructor2", { then: "/instructor/cart" });
    await expect(page.getByText("Your cart is empty.").isVisible()).resolves.toBe(true);
    await page.goto("/instructor/buy-fees");
    await card(page, "Staff Appreciation Lunch")
      .getByRole("button", { name: "Add to Cart" })
      .click();
    await card(page, "Staff Appreciation Lunch").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/instructor/cart");
    await expect(page.getByText(/^Employee E100\d - /).isVisible()).resolves.toBe(true);
    await page.getByLabel("Online card").check();
    if (mode.js) {
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByRole("button", { name: "Pay $12.00 Now" }).click();
      await page.waitForURL(/\/instructor\/fees/);
    } else {
      await page.getByRole("button", { name: "Pay $12.00 Now" }).click();
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByRole("button", { name: "Pay $12.00" }).click();
      await page.waitForURL(/\/instructor\/payment-complete/);
      await expect(
        page.getByRole("heading", { name: "Payment Complete" }).isVisible(),
      ).resolves.toBe(true);
      await page.getByRole("link", { name: "Continue now" }).click();
      await page.waitForURL(/\/instructor\/fees/);
    }
    // Decision 155: the page the employee lands on says the purchase is complete, with the
    // amount, and links the receipt, which opens.
    const notice = page.getByRole("status", { name: "Payment Complete" });
    await expect(
      notice.getByText("You paid $12.00 for Staff Appreciation Lunch.").isVisible(),
    ).resolves.toBe(true);
    await notice.getByRole("link", { name: "View your receipt" }).click();
    await page.waitForURL(/\/cart-receipt\/\d+$/);
    // With JavaScript the address changes before the receipt is drawn: wait for its heading.
    await page.getByRole("heading", { name: /^Cart For .+ - E100\d$/ }).waitFor();
    await expect(page.getByText("Total Paid: $12.00").isVisible()).resolves.toBe(true);
  });

  it("an employee's refused fee questions link the unanswered one, as the family's do (decision 159)", async () => {
    // No employee fee of the demo data asks questions: the zoo trip's are opened to employees.
    await app.server
      .api!.database.db.update(fees)
      .set({ allowEmployee: true })
      .where(eq(fees.name, "Zoo Field Trip"));
    const page = await app.newPage(mode);
    await signInStaff(page, mode.js ? "instructor" : "instructor2", {
      then: "/instructor/buy-fees",
    });
    await card(page, "Zoo Field Trip").getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
    await dialog.waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByLabel("M", { exact: true }).check();
    // Blank but for spaces: the browser lets it go, the server refuses it.
    await dialog.getByLabel("Allergies or medical needs").fill("   ");
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    const summary = page
      .getByRole("dialog", { name: "Questions: Zoo Field Trip" })
      .getByRole("region", { name: "There is a problem" });
    await summary.getByText("All fields are required.").waitFor();
    await expect(summary.getByRole("link").allTextContents()).resolves.toEqual([
      "Allergies or medical needs",
    ]);
    const allergies = dialog.getByLabel("Allergies or medical needs");
    await expect.poll(() => allergies.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await allergies.getAttribute("aria-invalid")).toBe("true");
  });
});
