// Messages and forms as a parent meets them: the cart's Pay button waits for a payment type, no
// internal validator text reaches a person (decision 107), a donation's amount is checked
// as it is typed, and a fee group's other fee in the cart is said as such.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { participants } from "../../district-api/db/schema";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";
import { fillMemberForm, fillTwoGuardians } from "../support/member-form";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

async function addFee(page: Page, tab: "assessed" | "optional", name: string) {
  await page.goto(`/fees?tab=${tab}`);
  await card(page, name).getByRole("button", { name: "Add to Cart" }).click();
  await card(page, name).getByRole("button", { name: "Added" }).waitFor();
}

const INTERNAL = /Invalid enum value|String must contain|Expected .* received|Required$/;

describe("cart payment type with JavaScript (decision 107)", () => {
  it("keeps Pay disabled until a payment type is chosen, and never shows validator text", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100001");
    await addFee(page, "assessed", "Chemistry Lab Fee");
    await addFee(page, "optional", "Yearbook");
    await page.goto("/cart");
    await page.getByLabel("Partial payment", { exact: true }).waitFor();
    await page.getByLabel("Online card").check();
    await page.waitForLoadState("networkidle");
    const pay = page.getByRole("button", { name: "Pay $100.00 Now" });
    await expect(pay.isDisabled()).resolves.toBe(true);
    await page.getByLabel("Pay in full").check();
    await page.getByLabel("Card number").waitFor();
    await expect(pay.isEnabled()).resolves.toBe(true);

    // The card route refuses an empty payment type in the catalogue's words.
    const answer = await page.evaluate(async () => {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "pay",
        who: "student",
        cartId: "1",
        setupId: "x",
        paymentType: "",
      }))
        body.set(k, v);
      const res = await fetch("/cart/card", { method: "POST", body });
      return { status: res.status, error: ((await res.json()) as { error: string }).error };
    });
    expect(answer).toEqual({ status: 400, error: "Payment Type is a required field." });
  });
});

describe.each(MODES)("guest form limits $name (decision 107)", (mode) => {
  it("says a too-long name in the catalogue's words", async () => {
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("A".repeat(61));
    await page.getByLabel("Last Name").fill("B".repeat(61));
    await page.getByLabel("Email").fill(`long-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("First Name must be at most 60 characters.").waitFor();
    await page.getByText("Last Name must be at most 60 characters.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/register-guest");
    await expect(page.getByText(INTERNAL).count()).resolves.toBe(0);
  });
});

describe("donation amount as it is typed, with JavaScript", () => {
  it("says 'Invalid amount' and the range before any post", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100004", { then: "/fees?tab=optional" });
    const donation = card(page, "Music Booster Donation");
    const amount = donation.getByLabel("Custom Amount");
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST") posts++;
    });
    await amount.fill("abc");
    await donation.getByText("Invalid amount", { exact: true }).waitFor();
    await amount.fill("3");
    await donation.getByText("Amount must be between $5.00 and $10,000.00").waitFor();
    await expect(donation.getByText("Invalid amount", { exact: true }).count()).resolves.toBe(0);
    await amount.fill("10000.01");
    await donation.getByText("Amount must be between $5.00 and $10,000.00").waitFor();
    await amount.fill("25");
    await donation
      .getByText("Amount must be between $5.00 and $10,000.00")
      .waitFor({ state: "detached" });
    expect(posts).toBe(0);
  });
});

describe.each(MODES)("fee group $name", (mode) => {
  it("says the group's other fee is in the cart, not purchased", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100005" : "100006");
    await addFee(page, "optional", "Student Parking - Main Lot");
    const north = card(page, "Student Parking - North Lot");
    await north.getByText("Another fee of this group is in your cart").waitFor();
    await expect(north.getByText("already been purchased").count()).resolves.toBe(0);
  });
});

const ADDRESS = "The participant's name and ID number are required on the check.";

describe.each(MODES)("mail-in address $name (spec 02 §2)", (mode) => {
  const base = mode.js ? 100011 : 100014;

  it("shows the address in the cart when a mailed check is chosen, and in the confirmation", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, String(base), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page.getByLabel("Add to my cart, to pay together with fees").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await page.getByText("The registration is in your cart.").first().waitFor();
    const full = page.getByLabel("Pay in full");
    if (await full.count()) await full.check();
    await page.getByLabel("Mail a paper check").check();
    const method = page.getByRole("region", { name: "Payment Method" });
    await method.getByText(ADDRESS).waitFor();
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.waitForURL((u) => u.pathname !== "/cart");
    await page.getByText(ADDRESS).first().waitFor();
  });

  it("shows the address in the payment dialog's confirmation of a mailed check", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, String(base + 1), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page.getByLabel("Mail a paper check").check();
    await page.getByRole("button", { name: "Continue" }).click();
    const confirmed = page.getByRole("dialog", { name: "Registration Confirmed" });
    await confirmed.getByText(ADDRESS).waitFor();
  });
});

describe("My Profile with another member's name and birth date, without JavaScript (decision 137)", () => {
  // Decision 137: no reply tells whether another member has a name and birth date (it was a
  // birth-date oracle), so the change is saved like any other.
  it("saves it like any other change, telling nothing of the other member", async () => {
    await app.server.api!.database.db.insert(participants).values({
      id: 200077,
      kind: "community_member",
      nameFirst: "Morgan",
      nameLast: "Lee",
      dob: "1985-07-04",
      grade: "Adult",
      gender: "F",
      email: "morgan.lee@example.org",
    });
    const page = await app.newPage({ js: false });
    await signInFamily(page, "200001", { dob: "03/02/1980", then: "/edit-profile" });
    await fillMemberForm(page, {
      first: "Morgan",
      last: "Lee",
      dob: "07/04/1985",
      email: "jordan.rivera@example.org",
      printedName: "Jordan Rivera",
    });
    await fillTwoGuardians(page);
    await page.getByLabel("Type your signature").fill("Jordan Rivera");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Your profile has been saved.").first().waitFor();
    await expect(
      page.getByText("already has this name and birth date", { exact: false }).count(),
    ).resolves.toBe(0);
    await expect(page.getByText("forgot password", { exact: false }).count()).resolves.toBe(0);
  });
});
