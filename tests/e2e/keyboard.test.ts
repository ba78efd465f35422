// A keyboard-only walk (issue 9 §4), with JavaScript and without: sign in, register for a paid
// course and pay it by mailed check from the payment dialog, then add a fee to the cart, using
// only page.keyboard (Tab, Enter, Space, arrows). Mailed check is offered for registrations and
// not for carts holding fees (domain/rules/checkout.ts), so the check pays the registration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MODES, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (from wherever focus is) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 250) {
  await target.first().waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target.first())) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe.each(MODES)("keyboard only $name", (mode) => {
  it("signs in, registers, pays by mailed check and adds a fee", async () => {
    const page = await app.newPage(mode);
    await page.goto("/signin");
    await tabTo(page, page.getByLabel("Student or Community Member ID Number"));
    await page.keyboard.type(mode.js ? "100033" : "100034");
    await tabTo(page, page.getByLabel("Birth Date (MM/DD/YYYY)"));
    await page.keyboard.type("01/15/2012");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));

    if (new URL(page.url()).pathname !== "/programs") {
      await tabTo(page, page.getByRole("link", { name: "REGISTER", exact: true }));
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/programs");
    }
    const band = page.getByRole("article", { name: "Summer Band" });
    await tabTo(page, band.getByRole("button", { name: "Register" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    const options = page.getByRole("dialog", { name: "Payment Options" });
    await options.waitFor();
    if (mode.js) {
      // The dialog takes focus when it opens.
      await expect
        .poll(() => options.evaluate((d) => d.contains(document.activeElement)))
        .toBe(true);
    }

    // Into the payment method group, then arrows to "Mail a paper check".
    const mail = options.getByLabel("Mail a paper check");
    await tabTo(page, options.getByRole("radio"));
    for (let i = 0; i < 5 && !(await isFocused(mail)); i++) await page.keyboard.press("ArrowDown");
    expect(await isFocused(mail)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => mail.isChecked()).toBe(true);
    await tabTo(page, options.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    const confirmed = page.getByRole("dialog", { name: "Registration Confirmed" });
    await confirmed.waitFor();
    await expect(confirmed.getByText(/Confirmation number: C\d{7}/).isVisible()).resolves.toBe(
      true,
    );

    await tabTo(page, page.getByRole("link", { name: "FEES", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/fees");
    await tabTo(page, page.getByRole("link", { name: "Optional Fees" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("tab") === "optional");
    const yearbook = page.getByRole("article", { name: "Yearbook" });
    await tabTo(page, yearbook.getByRole("button", { name: "Add to Cart" }));
    await page.keyboard.press("Enter");
    await yearbook.getByRole("button", { name: "Added" }).waitFor();
    await expect(page.getByRole("link", { name: /1 items? in cart/ }).count()).resolves.toBe(1);
  });
});
