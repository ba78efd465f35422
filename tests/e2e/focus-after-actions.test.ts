// With JavaScript (where the focus was seen lost): after "Add to Cart" and after closing the
// mailed-check confirmation the focus lands somewhere meaningful, not on the page's body: the
// confirmation message, or the control that opened the dialog (decision 095).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const JS = MODES[0];
const card = (page: Page, name: string) => page.getByRole("article", { name });

/** What has the focus, as a person using a screen reader would hear it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el === document.body || !el ? "body" : (el.textContent ?? "").trim();
  });

/** Waits (the focus moves after the page's effects) until `target` has the focus. */
async function expectFocusOn(page: Page, target: Locator) {
  await target.waitFor();
  await expect
    .poll(() => target.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
    .toBe(true);
  expect(await focused(page)).not.toBe("body");
}

describe("the focus after adding to the cart and after the mailed-check confirmation", () => {
  it("a fee added on the fees page, with and without questions: the focus is on the notice", async () => {
    const page = await app.newPage(JS);
    await signInFamily(page, "100007", { then: "/fees?tab=optional" });
    await card(page, "Music Booster Donation").getByLabel("Custom Amount").fill("12.50");
    await card(page, "Music Booster Donation").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Music Booster Donation").getByRole("button", { name: "Added" }).waitFor();
    await expectFocusOn(page, page.getByRole("status").getByText("Added to cart."));

    await card(page, "Zoo Field Trip").getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Questions: Zoo Field Trip" });
    await dialog.getByLabel("M", { exact: true }).check();
    await dialog.getByLabel("Allergies or medical needs").fill("None");
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Zoo Field Trip").getByRole("button", { name: "Added" }).waitFor();
    await expectFocusOn(page, page.getByRole("status").getByText("Added to cart."));
  });

  it("a registration added to the cart from the payment dialog: the focus is on the notice", async () => {
    const page = await app.newPage(JS);
    await signInFamily(page, "100021", { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Add to my cart, to pay together with fees").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await expectFocusOn(
      page,
      page.getByRole("status").getByText(/The registration is in your cart/),
    );
  });

  it("closing the mailed-check confirmation gives the focus back to the course's card", async () => {
    const page = await app.newPage(JS);
    await signInFamily(page, "100022", { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    const confirmed = page.getByRole("dialog", { name: "Registration Confirmed" });
    await confirmed.waitFor();
    await confirmed
      .getByRole("button", { name: "Close" })
      .or(confirmed.getByRole("link", { name: "Close" }))
      .last()
      .click();
    await confirmed.waitFor({ state: "detached" });
    // The card's first action, whichever it shows now, opened the dialog.
    const action = card(page, "Summer Band").locator("[id^=action-]");
    await expectFocusOn(page, action);
  });
});
