// Decision 108: the dialogs that are pages of their own (the payment dialog at /payment/…,
// its confirmation, the cancel confirmation) open over the programs list, not over an empty
// page, with JavaScript and without; the payment dialog shows the time left to pay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { formatDistrictDate } from "@domain/rules/time";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });
const LIST_HEADING = "List of Activities You Are Eligible For";

/** The programs list is on the page, behind whatever dialog is open. */
async function expectListBehind(page: Page) {
  await page.getByRole("heading", { level: 1, name: LIST_HEADING }).waitFor({ state: "attached" });
  expect(await card(page, "Robotics Camp").count()).toBe(1);
}

describe.each(MODES)("dialogs over the list $name", (mode) => {
  const student = (n: number) => String((mode.js ? 100021 : 100024) + n);

  it("the payment dialog opens over the list and shows the time left to pay", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(0), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.waitFor();
    await expectListBehind(page);
    // The payment window is 15 minutes in the demo: "Time left to pay: 14:5x" or so.
    const timer = dialog.getByRole("timer");
    await expect(timer.textContent()).resolves.toMatch(/^Time left to pay: 1[45]:\d\d$/);

    // The confirmation of a mailed check is a page of its own too: the list stays behind it.
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    const confirmed = page.getByRole("dialog", { name: "Registration Confirmed" });
    await confirmed.waitFor();
    await expectListBehind(page);
    // Decision 153: how much, to whom, where, and by when the check must arrive (the
    // demo's mailedCheckDays is 21, counted from the promise).
    const due = formatDistrictDate(new Date(Date.now() + 21 * 86_400_000).toISOString());
    await expect(confirmed.textContent()).resolves.toContain(
      `Mail a check for $40.00. It must reach us by ${due};`,
    );
    await expect(confirmed.textContent()).resolves.toContain(
      "Make your check payable to the School District and mail it to: Enrollment Specialist, School District, 100 Main Street, Springfield.",
    );
  });

  it("the cancel confirmation opens over the list", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: "/programs" });
    await card(page, "Reading Lab").getByRole("button", { name: "Register" }).click();
    await page.getByText("Registration successful").first().waitFor();
    await card(page, "Reading Lab")
      .getByRole("link", { name: /Cancel Registration/ })
      .click();
    await page.getByRole("dialog").waitFor();
    await expectListBehind(page);
  });
});
