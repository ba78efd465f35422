// The administration's fees in a browser, with and without JavaScript (decision 121): an
// administrator makes a fee (a refused value names its field), assesses it to a grade after a
// preview, waives one student's fee with a reason; a student of that grade sees the fee in
// Assessed Fees; the audit trail lists the assessment. A fee group made on the fee list (a name
// taken already is refused on its field) is offered by the fee form (decision 127).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MODES,
  seeNotice,
  signInFamily,
  signInStaff,
  startTestApp,
  type TestApp,
} from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("fees administration is for administrators only", () => {
  it("other staff are sent away from /admin/fees", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "feeadmin", { then: "/admin/fees" });
    expect(new URL(page.url()).pathname).not.toMatch(/^\/admin/);
  });
});

describe.each(MODES)("fees administration $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  // Demo student 100010 is in grade 9, 100011 in grade 10.
  const [grade, student] = mode.js ? ["9", "100010"] : ["10", "100011"];
  const feeName = `Museum trip ${tag}`;

  it("creates a fee, assesses it to a grade, and a student of that grade sees it", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin" });
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Fees" })
      .click();
    await page.waitForURL("**/admin/fees");
    await page.getByRole("link", { name: "New fee" }).click();
    await page.waitForURL("**/admin/fees/new");

    // A refused value names its field, keeps what was typed and saves nothing. (The label from its
    // start: the fee list's "Fee group name" may still be on screen just after the URL changed.)
    await page.getByLabel(/^Name/).fill(feeName);
    await page.getByLabel(/^Amount \(dollars\)/).fill("12.345");
    await page.getByLabel("Account code").fill("10-200-3000");
    await page.getByRole("button", { name: "Save fee" }).click();
    await page.getByText("Enter an amount in dollars and cents.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/fees/new");
    await expect(page.getByLabel(/^Name/).inputValue()).resolves.toBe(feeName);

    await page.getByLabel(/^Amount \(dollars\)/).fill("12.50");
    await page.getByLabel("Reduced-lunch amount (dollars)").fill("6.25");
    await page.getByLabel("Question 1 text").fill("T-shirt size?");
    await page.getByLabel("Question 1 response type").selectOption("Value List");
    await page.getByLabel("Question 1 answers (comma-separated)").fill("S, M, L");
    await page.getByRole("button", { name: "Save fee" }).click();
    await seeNotice(page, `Fee ${feeName} created.`);
    await page.waitForURL(/\/admin\/fees\/\d+$/);
    const feeId = new URL(page.url()).pathname.split("/").pop();
    await expect(
      page.getByLabel("Question 1 answers (comma-separated)").inputValue(),
    ).resolves.toBe("S, M, L");

    // The list finds it.
    await page.goto(`/admin/fees?q=${encodeURIComponent(feeName)}`);
    await page.getByRole("link", { name: `Edit ${feeName}` }).click();
    await page.waitForURL(`**/admin/fees/${feeId}`);

    // Preview first: nothing is charged until confirmed.
    await page.getByRole("link", { name: "Assess this fee" }).click();
    await page.waitForURL(`**/admin/fees/${feeId}/assess`);
    await page.getByRole("radio", { name: "A grade and/or a school" }).check();
    await page.getByLabel("Grade", { exact: true }).selectOption(grade);
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Who will be charged" });
    await preview.getByText(/\d+ students will be charged \$[\d,.]+ in all\./).waitFor();
    await preview.getByRole("cell", { name: student, exact: true }).waitFor();
    await page.goto("/admin/fees");
    const row = page.getByRole("row").filter({ hasText: feeName });
    await expect(row.getByRole("cell").nth(5).textContent()).resolves.toBe("0");

    await page.goto(`/admin/fees/${feeId}/assess`);
    await page.getByRole("radio", { name: "A grade and/or a school" }).check();
    await page.getByLabel("Grade", { exact: true }).selectOption(grade);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: /^Assess \d+ students for \$/ }).click();
    await seeNotice(page, /^Assessed \d+ students for \$/);
    await page.waitForURL(`**/admin/fees/${feeId}/assessed`);
    await page.getByRole("cell", { name: student, exact: true }).waitFor();

    const family = await app.newPage(mode);
    await signInFamily(family, student, { then: "/fees?tab=assessed" });
    await family.getByRole("article", { name: feeName }).waitFor();

    await page.goto(`/admin/audit?action=fee.assess`);
    await page.getByRole("cell", { name: `fee ${feeId}` }).waitFor();
  });

  it("waives a student's fee with a reason; a missing reason is refused", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: `/admin/fees?q=${encodeURIComponent(feeName)}` });
    await page.getByRole("link", { name: `Edit ${feeName}` }).click();
    await page.getByRole("link", { name: "Assessed students" }).click();
    await page.waitForURL(/\/assessed$/);
    const row = page.getByRole("row").filter({ hasText: student });
    const waive = row.getByRole("button", { name: /^Waive for / });
    await waive.click();
    await row.getByText("This field is required.").waitFor();
    await row.getByRole("textbox", { name: /^Reason for / }).fill(`Hardship ${tag}`);
    await row.getByRole("button", { name: /^Waive for / }).click();
    await seeNotice(page, /^Fee waived for /);
    await page
      .getByRole("row")
      .filter({ hasText: student })
      .getByText("Waived", { exact: true })
      .waitFor();
    await page.goto(`/admin/audit?action=assessed-fee.waive`);
    await page.getByText(`Hardship ${tag}`).first().waitFor();
  });

  it("creates a fee group and puts the fee in it; a taken name is refused on its field", async () => {
    const group = `Trips ${tag}`;
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/fees" });
    const groups = page.getByRole("region", { name: "Fee groups" });
    await groups.getByLabel("Fee group name").fill(group);
    await groups.getByRole("button", { name: "Create fee group" }).click();
    await seeNotice(page, `Fee group ${group} created.`);
    const row = () => page.getByRole("region", { name: "Fee groups" }).getByRole("row");
    await expect(
      row().filter({ hasText: group }).getByRole("cell").nth(1).textContent(),
    ).resolves.toBe("0");

    // The same name in another case: refused on the field, what was typed kept, nothing made.
    // (Sent with Enter: the notice floats over the button for its 10 seconds.)
    await groups.getByLabel("Fee group name").fill(group.toUpperCase());
    await groups.getByLabel("Fee group name").press("Enter");
    await groups.getByText(`A fee group named ${group.toUpperCase()} already exists.`).waitFor();
    await expect(groups.getByLabel("Fee group name").inputValue()).resolves.toBe(
      group.toUpperCase(),
    );

    await page.goto(`/admin/fees?q=${encodeURIComponent(feeName)}`);
    await page.getByRole("link", { name: `Edit ${feeName}` }).click();
    await page.waitForURL(/\/admin\/fees\/\d+$/);
    await page.getByLabel("Fee group", { exact: true }).selectOption({ label: group });
    await page.getByRole("button", { name: "Save fee" }).click();
    await seeNotice(page, "Fee saved.");
    await expect(page.getByLabel("Fee group", { exact: true }).inputValue()).resolves.not.toBe("");
    await page.goto("/admin/fees");
    await expect(
      row().filter({ hasText: group }).getByRole("cell").nth(1).textContent(),
    ).resolves.toBe("1");
  });
});
