// Issue 21, point 15 (staff part): "Empty Cart" on the staff cart asks first, as the family cart
// does, with JavaScript and without.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Page } from "playwright-core";
import { MODES, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

describe.each(MODES)("staff cart $name", (mode) => {
  it("asks before emptying the staff cart (point 15)", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, mode.js ? "instructor" : "instructor2");
    await page.goto("/instructor/buy-fees");
    await card(page, "Staff Appreciation Lunch")
      .getByRole("button", { name: "Add to Cart" })
      .click();
    await card(page, "Staff Appreciation Lunch").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/instructor/cart");
    await page.getByRole("link", { name: "Empty Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Empty Cart" });
    await dialog.getByText("Remove every item from your cart?").waitFor();
    // Keeping the cart changes nothing.
    await dialog.getByRole("link", { name: "Keep My Cart" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Remove Staff Appreciation Lunch" }).waitFor();
    await page.getByRole("link", { name: "Empty Cart" }).click();
    await page
      .getByRole("dialog", { name: "Empty Cart" })
      .getByRole("button", { name: "Empty Cart" })
      .click();
    await page.getByText("Your cart is empty.").first().waitFor();
  });
});
