// A time conflict is said before the course questions, stays written on the card, and a clash
// found only on submitting keeps the answers (decision 108). "Empty Cart" on the staff cart asks
// first, as the family cart does. With JavaScript and without.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MODES, signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

describe.each(MODES)("staff cart $name", (mode) => {
  it("asks before emptying the staff cart", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, mode.js ? "instructor" : "instructor2", {
      then: "/instructor/buy-fees",
    });
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

const CONFLICT =
  "This course time(s) overlaps with a previously registered course. Please check your schedule and try again.";

describe.each(MODES)("time conflict $name", (mode) => {
  const student = (n: number) => String((mode.js ? 100030 : 100034) + n);

  it("says the conflict before any question is asked and keeps it on the card", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: "/programs" });
    await card(page, "Reading Lab").getByRole("button", { name: "Register" }).click();
    await page.getByText("Registration successful").first().waitFor();
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === "/programs" && u.searchParams.has("failed"));
    // No question was asked: the reason is on Art Studio's own card, not only in the notice.
    expect(await page.getByRole("dialog", { name: "Course Questions" }).count()).toBe(0);
    await card(page, "Art Studio").getByText(CONFLICT).waitFor();
    // A reload (the notice is shown once) still tells which course failed and why.
    await page.reload();
    await card(page, "Art Studio").getByText(CONFLICT).waitFor();
  });

  it("keeps the answers when a clash appears while they are typed", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(2), { then: "/programs" });
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    const dialog = page.getByRole("dialog", { name: "Course Questions" });
    await dialog.getByLabel("Adult S").check();
    await dialog.getByLabel(/Allergies or medical notes/).fill("Peanuts");
    await dialog.getByLabel("I Accept").check();
    await dialog.getByLabel("Signature", { exact: true }).fill("Sam Student");
    await dialog.getByLabel("Legal Name").fill("Sam Student");
    // Meanwhile, in another tab, the family registers for a course at the same time.
    const other = await page.context().newPage();
    await other.goto("/programs");
    await card(other, "Reading Lab").getByRole("button", { name: "Register" }).click();
    await other.getByText("Registration successful").first().waitFor();
    await other.close();

    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByRole("alert").filter({ hasText: CONFLICT }).waitFor();
    await expect(dialog.getByLabel(/Allergies or medical notes/).inputValue()).resolves.toBe(
      "Peanuts",
    );
    await expect(dialog.getByLabel("Legal Name").inputValue()).resolves.toBe("Sam Student");
    expect(await dialog.getByLabel("Adult S").isChecked()).toBe(true);
  });
});
