// Small things a parent notices: cancelling a registration and emptying the cart ask first, a
// registration that still needs payment says so, and a donation card does not claim to require
// payment in full (decision 145).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { maintenance } from "../../district-api/db/schema";
import { PAST_MAINTENANCE_WINDOW } from "../../district-api/db/seed/core";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  // The maintenance status is read on every request, so a test can open a window at once.
  app = await startTestApp({ statusPollMs: 0 });
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

describe.each(MODES)("parent details $name", (mode) => {
  const base = mode.js ? 100030 : 100035;
  const student = (n: number) => String(base + n);

  it("asks before cancelling a registration", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: "/programs" });
    await card(page, "Reading Lab").getByRole("button", { name: "Register" }).click();
    await page.getByText("Registration successful").first().waitFor();
    await card(page, "Reading Lab")
      .getByText("You are Registered - Click to Cancel Registration")
      .click();
    const dialog = page.getByRole("dialog", { name: "Cancel Registration" });
    await dialog.getByText("Cancel your registration for Reading Lab?").waitFor();
    // Keeping it changes nothing.
    // The dialog's close button carries the same name; this is the one beside "Cancel".
    await dialog.getByRole("link", { name: "Keep Registration" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await card(page, "Reading Lab")
      .getByText("You are Registered - Click to Cancel Registration")
      .click();
    await page
      .getByRole("dialog", { name: "Cancel Registration" })
      .getByRole("button", { name: "Cancel Registration" })
      .click();
    await page.getByText("Registration removed").first().waitFor();
    await card(page, "Reading Lab").getByRole("button", { name: "Register" }).waitFor();
  });

  it("asks before emptying the cart", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(2), { then: "/fees?tab=optional" });
    await card(page, "Yearbook").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Yearbook").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await page.getByRole("link", { name: "Empty Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Empty Cart" });
    await dialog.getByText("Remove every item from your cart?").waitFor();
    await dialog.getByRole("link", { name: "Keep My Cart" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Remove Yearbook" }).waitFor();
    await page.getByRole("link", { name: "Empty Cart" }).click();
    await page
      .getByRole("dialog", { name: "Empty Cart" })
      .getByRole("button", { name: "Empty Cart" })
      .click();
    await page.getByText("Your cart is empty.").first().waitFor();
  });

  it("says the seat is held and payment is due, not 'Registration successful'", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(3), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page
      .getByText("Your seat is held. Payment is due to complete your registration.")
      .first()
      .waitFor();
    await expect(page.getByText("Registration successful").count()).resolves.toBe(0);
  });

  it("shows no 'Requires Payment in Full' on a donation card (decision 145)", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(4), { then: "/fees?tab=optional" });
    const donation = card(page, "Music Booster Donation");
    await donation.getByLabel("Custom Amount").waitFor();
    await expect(donation.getByText("Requires Payment in Full").count()).resolves.toBe(0);
  });
});

describe("colours", () => {
  it("'View More...' is in the theme's colour, not the browser's default blue", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100040", { then: "/fees?tab=optional" });
    const more = page.getByRole("link", { name: "View More..." }).first();
    const colour = await more.evaluate((el) => getComputedStyle(el).color);
    expect(colour).not.toBe("rgb(0, 0, 238)");
    expect(colour).not.toBe("rgb(85, 26, 139)");
  });
});

describe.each(MODES)("maintenance end time $name", (mode) => {
  it("names the district's time zone", async () => {
    const db = app.server.api!.database.db;
    const now = Date.now();
    const end = new Date(now + 60 * 60_000);
    await db
      .update(maintenance)
      .set({ startsAt: new Date(now - 60_000), endsAt: end })
      .where(eq(maintenance.id, 1));
    try {
      const page = await app.newPage(mode);
      const res = await page.goto("/signin");
      expect(res?.status()).toBe(503);
      const zone = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Chicago",
        timeZoneName: "short",
      })
        .formatToParts(end)
        .find((p) => p.type === "timeZoneName")!.value;
      const shown = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Chicago",
        dateStyle: "medium",
        timeStyle: "short",
      }).format(end);
      await expect(page.textContent("strong")).resolves.toBe(`${shown} ${zone}`);
    } finally {
      await db.update(maintenance).set(PAST_MAINTENANCE_WINDOW).where(eq(maintenance.id, 1));
    }
  });
});

describe("guest receipt", () => {
  it("its heading names the guest without an internal number", async () => {
    const page = await app.newPage({ js: true });
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Gina");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill("gina-receipt@example.org");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/register-guest"));
    await page.goto("/fees");
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Science Lab Goggles").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.waitForURL(/\/cart-receipt\/\d+/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Cart For Gina Guest",
    );
  });
});

describe("logo", () => {
  it("is not a purple tile on the purple header", async () => {
    const page = await app.newPage({ js: false });
    await page.goto("/");
    const header = page.getByRole("banner");
    const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    const logo = header.getByRole("link").first().locator("img");
    const svg = await (await page.request.get((await logo.getAttribute("src"))!)).text();
    const fill = /<rect[^>]*fill="#([0-9a-f]{3}|[0-9a-f]{6})"/i.exec(svg)![1]!;
    const tile = fill.length === 3 ? [...fill].map((c) => c + c).join("") : fill;
    const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(tile.slice(i, i + 2), 16)).join(", ")})`;
    expect(rgb).not.toBe(background);
  });
});

describe.each(MODES)("phone width $name", (mode) => {
  it("shows the cart count in the header, outside the menu drawer", async () => {
    const ctx = await app.newContext(mode, { viewport: { width: 390, height: 800 } });
    const page = await ctx.newPage();
    await signInFamily(page, mode.js ? "100025" : "100026", { then: "/fees?tab=optional" });
    await card(page, "Yearbook").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Yearbook").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/programs");
    const cart = page.getByRole("banner").getByRole("link", { name: "1 item in cart" });
    await expect(cart.isVisible()).resolves.toBe(true);
    await expect(cart.textContent()).resolves.toContain("1");
  });

  it("the notice never covers the cart's payment section", async () => {
    const ctx = await app.newContext(mode, { viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInFamily(page, mode.js ? "100027" : "100028", { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page.getByLabel("Add to my cart, to pay together with fees").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    const notice = page.getByText("The registration is in your cart.").first();
    await notice.waitFor();
    const section = page.getByRole("region", { name: "Payment Method" });
    // Wherever the person scrolls in the payment section, the notice is not over it.
    for (const target of [section.getByRole("heading"), section.getByRole("button").last()]) {
      await target.scrollIntoViewIfNeeded();
      const a = await notice.boundingBox();
      const b = await section.boundingBox();
      expect(a && b).toBeTruthy();
      const overlap =
        a!.x < b!.x + b!.width &&
        b!.x < a!.x + a!.width &&
        a!.y < b!.y + b!.height &&
        b!.y < a!.y + a!.height;
      expect(overlap).toBe(false);
    }
  });

  it("keeps the fees tabs on one line", async () => {
    const ctx = await app.newContext(mode, { viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInFamily(page, mode.js ? "100029" : "100030", { then: "/fees" });
    const tabs = page.getByRole("navigation", { name: "Fee lists" }).getByRole("link");
    await expect(tabs.count()).resolves.toBe(3);
    const tops = new Set<number>();
    for (const box of await Promise.all((await tabs.all()).map((l) => l.boundingBox()))) {
      tops.add(Math.round(box!.y));
      // Each tab fits on the screen: nothing to scroll sideways to find.
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(tops.size).toBe(1);
  });
});
