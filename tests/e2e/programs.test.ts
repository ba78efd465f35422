// Programs and registration in the browser, with JavaScript and without: questions and a waiver,
// cancel, a waitlist, the survey gate, a time conflict, a payment window, my registrations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

async function expectNotice(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor();
}

describe.each(MODES)("programs $name", (mode) => {
  // Each mode uses its own clean students (100010 and up are untouched by the demo data).
  const base = mode.js ? 100010 : 100020;
  const student = (n: number) => String(base + n);

  it("registers with questions and a waiver, then cancels", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(1), { then: "/programs" });
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    await page.waitForURL(/\/programs\/questions\//);
    const dialog = page.getByRole("dialog", { name: "Course Questions" });
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("alert").first().textContent()).resolves.toContain(
      "All fields are required.",
    );
    await dialog.getByLabel("Youth M").check();
    await dialog.getByLabel(/Allergies or medical notes/).fill("None");
    await dialog.getByLabel("Signature", { exact: true }).fill("Pat Parent");
    await dialog.getByLabel("Legal Name").fill("Pat Parent");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("alert").first().textContent()).resolves.toContain(
      "You must agree to the above waiver Terms & Conditions",
    );
    await dialog.getByLabel("I Accept").check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await expectNotice(page, "Registration successful");
    const cancel = card(page, "Art Studio").getByRole("link", {
      name: "You are Registered - Click to Cancel Registration",
    });
    await cancel.click();
    await page
      .getByRole("dialog", { name: "Cancel Registration" })
      .getByRole("button", { name: "Cancel Registration" })
      .click();
    await expectNotice(page, "Registration removed");
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).waitFor();
  });

  it("closes the home message, searches, filters and opens a detail view", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(6), { then: "/programs" });
    const banner = page.getByRole("region", { name: "Announcement" });
    await banner.waitFor();
    await banner.getByRole("button", { name: "Close message" }).click();
    await page.getByRole("region", { name: "Announcement" }).waitFor({ state: "detached" });
    await page.getByLabel("Search").fill("chess");
    await page.getByRole("button", { name: "Show Activities" }).click();
    await page.waitForURL(/q=chess/);
    await card(page, "Chess Club").waitFor();
    expect(await page.getByRole("article").count()).toBe(1);
    await card(page, "Chess Club")
      .getByRole("link", { name: /Details/ })
      .click();
    const details = page.getByRole("dialog", { name: "Details of Chess Club" });
    await details.getByText("Summer Enrichment 2027").waitFor();
    await details.getByRole("link", { name: "Close" }).click();
    // The filters are changed once the list is back: not while the close's navigation is in flight.
    await details.waitFor({ state: "detached" });
    await page.waitForURL((u) => !u.searchParams.has("detail"));
    const programFilter = page.getByLabel("Program", { exact: true });
    const recovery = await programFilter
      .getByRole("option", { name: "Summer Credit Recovery 2027" })
      .getAttribute("value");
    await programFilter.selectOption({ label: "Summer Credit Recovery 2027" });
    await page.getByLabel("Search").fill("");
    await page.getByRole("button", { name: "Show Activities" }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("program") === recovery && !u.searchParams.get("q"),
    );
    await card(page, "English 9 Recovery").waitFor();
    expect(await card(page, "Chess Club").count()).toBe(0);
  });

  it("joins and leaves a waitlist with a confirmation", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(2), { then: "/programs" });
    await card(page, "Chess Club")
      .getByRole("button", { name: "Course Is Full - Click to Add to Waitlist" })
      .click();
    await expectNotice(page, "You have been added to the waitlist");
    await card(page, "Chess Club").getByRole("link", { name: "Remove From Waitlist" }).click();
    await page.waitForURL(/\/programs\/confirm-remove\//);
    await page
      .getByRole("dialog", { name: "Remove From Waitlist" })
      .getByRole("button", { name: "Remove From Waitlist" })
      .click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await expectNotice(page, "Waitlist removed");
    await card(page, "Chess Club")
      .getByRole("button", { name: "Course Is Full - Click to Add to Waitlist" })
      .waitFor();
  });

  it("gates a program behind the health survey", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(3), { then: "/programs" });
    await page.getByRole("link", { name: "Summer Athletics 2027" }).click();
    await page
      .getByText("Complete the health survey to see the activities of Summer Athletics 2027.")
      .waitFor();
    expect(await card(page, "Swim Lessons").count()).toBe(0);
    await page.getByRole("link", { name: "Take the Health Survey" }).click();
    const dialog = page.getByRole("dialog", { name: "Health Survey" });
    await dialog.getByLabel("No").check();
    await dialog.getByRole("button", { name: "Submit Survey" }).click();
    await expectNotice(page, "Successfully submitted Survey");
    await card(page, "Swim Lessons").getByRole("button", { name: "Register" }).waitFor();
  });

  it("refuses a time conflict with the spec's message, and lists my registrations", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(4), { then: "/programs" });
    await card(page, "Reading Lab").getByRole("button", { name: "Register" }).click();
    await expectNotice(page, "Registration successful");
    // The conflict is found before the course questions are asked (decision 108).
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await expectNotice(
      page,
      "Unable to register for event. This course time(s) overlaps with a previously registered course. Please check your schedule and try again. It overlaps with Reading Lab.",
    );
    await page.goto("/my-registrations");
    await page.getByRole("heading", { level: 1, name: "My Registrations" }).waitFor();
    await card(page, "Reading Lab")
      .getByRole("link", { name: "You are Registered - Click to Cancel Registration" })
      .waitFor();
    expect(await card(page, "Art Studio").count()).toBe(0);
  });

  it("a paid course opens the payment dialog and shows the payment window on its card", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, student(5), { then: "/programs" });
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page.goto("/programs");
    const band = card(page, "Summer Band");
    await band.getByText("You are Registered pending payment").waitFor();
    await band.getByRole("link", { name: "You are registered - Click to add payment" }).waitFor();
    await expect(band.getByRole("timer").textContent()).resolves.toMatch(
      /Time left to pay: 1[45]:\d\d/,
    );
    await band.getByRole("link", { name: "Cancel Registration", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Cancel Registration" })
      .getByRole("button", { name: "Cancel Registration" })
      .click();
    await expectNotice(page, "Registration removed");
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).waitFor();
  });
});

describe("payment window with JavaScript", () => {
  it("cancels with Payment Timeout when the countdown ends and shows the expiry dialog", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100030", { then: "/programs" });
    // Register with the server clock 14 min 52 s behind: the window ends 8 s from now.
    app.clock.advance(-(14 * 60_000 + 52_000));
    try {
      await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    } finally {
      app.clock.reset();
    }
    await page.goto("/programs");
    await card(page, "Summer Band").getByRole("timer").waitFor();
    const dialog = page.getByRole("alertdialog", { name: "Payment Window Expired" });
    await dialog.waitFor({ timeout: 20_000 });
    await expect(dialog.textContent()).resolves.toContain(
      "Your registration payment window has expired and your registration has been cancelled.",
    );
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).waitFor();
    const db = app.server.api!.database.db;
    const { sql } = await import("drizzle-orm");
    const res = (await db.execute(
      sql`select cancel_reason from registrations where participant_id = 100030 order by seq desc limit 1`,
    )) as unknown as { rows: { cancel_reason: string }[] };
    expect(res.rows[0]?.cancel_reason).toBe("Payment Timeout");
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(await dialog.count()).toBe(0);
  });
});

describe("payment window announcements with JavaScript", () => {
  it("announces politely when 5 minutes are left, not every second", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100031", { then: "/programs" });
    // Register with the server clock 9 min 55 s behind: 5 min 5 s are left.
    app.clock.advance(-(9 * 60_000 + 55_000));
    try {
      await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    } finally {
      app.clock.reset();
    }
    await page.goto("/programs");
    const band = card(page, "Summer Band");
    await band.getByRole("timer").waitFor();
    const announcer = band.getByRole("status");
    expect(await announcer.getAttribute("aria-live")).toBe("polite");
    expect((await announcer.textContent())?.trim()).toBe("");
    await expect
      .poll(async () => (await announcer.textContent())?.trim(), { timeout: 20_000 })
      .toBe("5 minutes left to pay for this registration.");
  });
});
