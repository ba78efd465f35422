// The error summary on the family's remaining forms (decision 159): the course
// questions, the health survey, the payment dialog, a fee's questions, the ID recovery dialog and
// the guest receipts' code. After a refused post the dialog or form opens with "There is a
// problem" at its top, its message said once and a link to each invalid field named by the
// field's label; the first invalid field has the focus, and without JavaScript the page's title
// starts "Error:".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MODES, signInFamily, startTestApp, type Mode, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });
const summaryIn = (scope: Page | Locator) =>
  scope.getByRole("region", { name: "There is a problem" });
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** The summary is the first thing of its dialog's form: nothing with a label comes before it. */
async function firstInForm(summary: Locator) {
  const before = await summary.evaluate((el) => {
    const form = el.closest("form");
    if (!form) return -1;
    const controls = [...form.querySelectorAll("input:not([type=hidden]), textarea, select")];
    return controls.filter((c) => c.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
      .length;
  });
  expect(before).toBe(0);
}

async function titledAsError(page: Page, mode: Pick<Mode, "js">) {
  // Without JavaScript the server refused the post: the new page is titled so.
  if (!mode.js) expect(await page.title()).toMatch(/^Error: /);
}

describe.each(MODES)("the error summary of the family's dialogs ($name)", (mode) => {
  // The students programs.test.ts registers in these cases (this file has a database of its own).
  const base = mode.js ? 100010 : 100020;
  const student = (n: number) => String(base + n);

  it("the course questions: each unanswered question is a link, the message said once", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: "/programs" });
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "Course Questions" });
    await dialog.getByRole("button", { name: "Submit" }).waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByLabel("Signature", { exact: true }).fill("Pat Parent");
    await dialog.getByRole("button", { name: "Submit" }).click();
    const summary = summaryIn(dialog);
    await summary.waitFor();
    await firstInForm(summary);
    await titledAsError(page, mode);
    await summary.getByRole("alert").filter({ hasText: "All fields are required." }).waitFor();
    await expect(
      page.getByText("All fields are required.", { exact: false }).count(),
    ).resolves.toBe(1);
    for (const label of ["T-shirt size", "Allergies or medical notes (write None if none)"]) {
      await summary.getByRole("link", { name: label, exact: true }).waitFor();
    }
    await summary.getByRole("link", { name: "Waiver", exact: true }).waitFor();
    await summary.getByRole("link", { name: "Legal Name", exact: true }).waitFor();
    await expect(summary.getByRole("link", { name: "Signature" }).count()).resolves.toBe(0);
    // The first unanswered question (a choice) has the focus; a link leads to its question.
    await expect.poll(() => isFocused(dialog.getByLabel("Youth S"))).toBe(true);
    await summary.getByRole("link", { name: "Legal Name", exact: true }).click();
    await expect.poll(() => isFocused(dialog.getByLabel("Legal Name"))).toBe(true);
    await summary.getByRole("link", { name: "T-shirt size" }).click();
    await expect.poll(() => isFocused(dialog.getByLabel("Youth S"))).toBe(true);
  });

  it("the health survey: the question is a link, and the choice has the focus", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(3), { then: "/programs" });
    await page.getByRole("link", { name: "Summer Athletics 2027" }).click();
    await page.getByRole("link", { name: "Take the Health Survey" }).click();
    const dialog = page.getByRole("dialog", { name: "Health Survey" });
    await dialog.getByRole("button", { name: "Submit Survey" }).waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByRole("button", { name: "Submit Survey" }).click();
    const summary = summaryIn(dialog);
    await summary.waitFor();
    await firstInForm(summary);
    await titledAsError(page, mode);
    const link = summary.getByRole("link", {
      name: "Is the participant at higher risk of serious illness (for example a chronic health condition)?",
    });
    await link.waitFor();
    await expect(page.getByText("Please choose Yes or No.").count()).resolves.toBe(1);
    const yes = dialog.getByLabel("Yes", { exact: true });
    await expect.poll(() => isFocused(yes)).toBe(true);
    await dialog.getByRole("button", { name: "Submit Survey" }).focus();
    await link.click();
    await expect.poll(() => isFocused(yes)).toBe(true);
  });

  it("the payment dialog: a missing method is a link, and the first method has the focus", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(5), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByRole("button", { name: "Continue" }).waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByRole("button", { name: "Continue" }).click();
    const summary = summaryIn(dialog);
    await summary.waitFor();
    await firstInForm(summary);
    await titledAsError(page, mode);
    await summary.getByRole("alert").waitFor();
    const link = summary.getByRole("link", { name: "How would you like to pay?" });
    await link.waitFor();
    const first = dialog.getByRole("radio").first();
    await expect.poll(() => isFocused(first)).toBe(true);
    expect(await first.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByRole("button", { name: "Continue" }).focus();
    await link.click();
    await expect.poll(() => isFocused(first)).toBe(true);

    if (!mode.js) {
      // A partial amount below the minimum: the amount is the link, and it has the focus.
      await dialog.getByLabel("Mail a paper check").check();
      await dialog.getByLabel("Payment amount").fill("0.10");
      await dialog.getByRole("button", { name: "Continue" }).click();
      const again = summaryIn(page.getByRole("dialog", { name: "Payment Options" }));
      await again.getByRole("link", { name: "Payment amount" }).waitFor();
      await expect(again.getByRole("link").count()).resolves.toBe(1);
      await titledAsError(page, mode);
      const minimum = "Payment amount must be at least";
      await expect(page.getByText(minimum, { exact: false }).count()).resolves.toBe(1);
      await expect.poll(() => isFocused(dialog.getByLabel("Payment amount"))).toBe(true);
    }
  });

  it("a fee's questions: a blank answer is a link to its question, which has the focus", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100007" : "100008", { then: "/fees?tab=optional" });
    await card(page, "Zoo Field Trip").getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
    await dialog.waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByLabel("M", { exact: true }).check();
    // Blank but for spaces: the browser lets it go, the server refuses it.
    await dialog.getByLabel("Allergies or medical needs").fill("   ");
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    const summary = summaryIn(page.getByRole("dialog", { name: "Questions: Zoo Field Trip" }));
    await summary.waitFor();
    await firstInForm(summary);
    await titledAsError(page, mode);
    await summary.getByRole("alert").filter({ hasText: "All fields are required." }).waitFor();
    await expect(page.getByText("All fields are required.").count()).resolves.toBe(1);
    await expect(summary.getByRole("link").count()).resolves.toBe(1);
    const link = summary.getByRole("link", { name: "Allergies or medical needs" });
    const allergies = dialog.getByLabel("Allergies or medical needs");
    await expect.poll(() => isFocused(allergies)).toBe(true);
    expect(await allergies.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByRole("button", { name: "Add to Cart" }).focus();
    await link.click();
    await expect.poll(() => isFocused(allergies)).toBe(true);
    // Answered, the fee is added.
    await allergies.fill("None");
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Zoo Field Trip").getByRole("button", { name: "Added" }).waitFor();
  });

  it("the ID recovery dialog: a refused e-mail address is a link to its field", async () => {
    const page = await app.newPage(mode);
    await page.goto("/signin?recover=member");
    const dialog = page.getByRole("dialog", { name: "Community Member ID" });
    await dialog.waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button").filter({ hasNotText: "Close" }).last().click();
    const summary = summaryIn(dialog);
    await summary.waitFor();
    await titledAsError(page, mode);
    await summary.getByRole("link", { name: "Email" }).click();
    await expect.poll(() => isFocused(dialog.getByLabel("Email"))).toBe(true);
  });

  it("the guest receipts' code: a refused code is a link to its field, which has the focus", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Erin");
    await page.getByLabel("Last Name").fill("Earlier");
    await page.getByLabel("Email").fill(`summary-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    await page.goto("/guest-receipts");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByText("A code is on its way to your e-mail.").waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    await page.getByLabel("Code").fill("12");
    await page.getByRole("button", { name: "Open Receipts" }).click();
    const summary = summaryIn(page);
    await summary.waitFor();
    await titledAsError(page, mode);
    await expect(
      page.getByText("Code must be the 6 digits from the e-mail.").count(),
    ).resolves.toBe(1);
    await expect.poll(() => isFocused(page.getByLabel("Code"))).toBe(true);
    await page.getByRole("button", { name: "Open Receipts" }).focus();
    await summary.getByRole("link", { name: "Code" }).click();
    await expect.poll(() => isFocused(page.getByLabel("Code"))).toBe(true);
  });

  it("following a link of a summary the server sent keeps the summary and focuses the field", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Lena");
    await page.getByLabel("Last Name").fill("Later");
    await page.getByLabel("Email").fill(`summary-link-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    await page.goto("/guest-receipts");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByText("A code is on its way to your e-mail.").waitFor();
    if (mode.js) await page.waitForLoadState("networkidle");
    // Six digits pass the browser's check: only the district API knows the code is wrong.
    await page.getByLabel("Code").fill("000000");
    await page.getByRole("button", { name: "Open Receipts" }).click();
    const summary = summaryIn(page);
    await summary.waitFor();
    const title = await page.title();
    await page.getByRole("button", { name: "Open Receipts" }).focus();
    await summary.getByRole("link", { name: "Code" }).click();
    await expect.poll(() => isFocused(page.getByLabel("Code"))).toBe(true);
    // The refusal is still on the page: the link moved the focus, it did not leave the post.
    await expect(summary.getByRole("link", { name: "Code" }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Code").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await page.title()).toBe(title);
  });
});
