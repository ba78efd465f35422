// More time on a payment window, once (decision 146; WCAG 2.2.1): from the
// 5-minute warning on the countdown offers "More time". Without JavaScript it is a plain form post
// and the page shows the new deadline the district API answered; with JavaScript the countdown
// moves to it. After the one extension the button is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const card = (page: Page, name: string) => page.getByRole("article", { name });

/** Registers for Summer Band with the server clock `behindMs` behind: the window ends sooner. */
async function registerBehind(page: Page, behindMs: number) {
  await page.goto("/programs");
  app.clock.advance(-behindMs);
  try {
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
  } finally {
    app.clock.reset();
  }
}

/** Minutes left on a timer's "Time left to pay: m:ss". */
async function minutesLeft(timer: ReturnType<Page["getByRole"]>): Promise<number> {
  const text = (await timer.textContent()) ?? "";
  const m = /(\d+):(\d\d)/.exec(text);
  if (!m) throw new Error(`no m:ss in "${text}"`);
  return Number(m[1]) + Number(m[2]) / 60;
}

async function extendedInDatabase(participant: number): Promise<boolean> {
  const { sql } = await import("drizzle-orm");
  const res = (await app.server.api!.database.db.execute(
    sql`select hold_extended_at from registrations where participant_id = ${participant}
        order by seq desc limit 1`,
  )) as unknown as { rows: { hold_extended_at: unknown }[] };
  return res.rows[0]?.hold_extended_at != null;
}

describe("more time without JavaScript", () => {
  it("the payment dialog offers it under 5 minutes; the post shows the new deadline, once", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100012");
    // 4 min 30 s left when the dialog opens.
    await registerBehind(page, 10 * 60_000 + 30_000);
    const dialog = page.getByRole("dialog");
    const timer = dialog.getByRole("timer");
    expect(await minutesLeft(timer)).toBeLessThanOrEqual(5);
    const here = new URL(page.url()).pathname;
    await dialog.getByRole("button", { name: "More time" }).click();
    await page.waitForURL((u) => u.pathname === here);
    await page.getByText("You have more time to pay for this registration.").first().waitFor();
    // The district's 15 minutes more, from the old deadline.
    const after = await minutesLeft(page.getByRole("dialog").getByRole("timer"));
    expect(after).toBeGreaterThan(18);
    expect(after).toBeLessThanOrEqual(19.5);
    expect(await page.getByRole("button", { name: "More time" }).count()).toBe(0);
    expect(await extendedInDatabase(100012)).toBe(true);
    // The card says the same, with no second offer.
    await page.goto("/programs");
    const band = card(page, "Summer Band");
    expect(await minutesLeft(band.getByRole("timer"))).toBeGreaterThan(18);
    expect(await band.getByRole("button", { name: "More time" }).count()).toBe(0);
  });

  it("is not offered while more than 5 minutes are left", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100013");
    await registerBehind(page, 0);
    expect(await page.getByRole("dialog").getByRole("timer").count()).toBe(1);
    expect(await page.getByRole("button", { name: "More time" }).count()).toBe(0);
    await page.goto("/programs");
    expect(await card(page, "Summer Band").getByRole("button", { name: "More time" }).count()).toBe(
      0,
    );
  });
});

describe("more time with JavaScript", () => {
  it("appears at the 5-minute warning and moves the countdown to the new deadline, once", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100014");
    // 5 min 6 s left: the button is not there yet.
    await registerBehind(page, 9 * 60_000 + 54_000);
    await page.goto("/programs");
    const band = card(page, "Summer Band");
    await band.getByRole("timer").waitFor();
    const more = band.getByRole("button", { name: "More time" });
    expect(await more.count()).toBe(0);
    await more.waitFor({ timeout: 20_000 });
    await more.click();
    await expect
      .poll(async () => minutesLeft(band.getByRole("timer")), { timeout: 10_000 })
      .toBeGreaterThan(18);
    await expect
      .poll(async () => (await band.getByRole("status").textContent())?.trim())
      .toBe("You have more time to pay for this registration.");
    expect(await more.count()).toBe(0);
    // The focus is on the time left, where the button was.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("timer");
    // Still on the list, not reloaded: the countdown keeps running from the new deadline.
    expect(new URL(page.url()).pathname).toBe("/programs");
    expect(await extendedInDatabase(100014)).toBe(true);
    await page.reload();
    expect(await minutesLeft(card(page, "Summer Band").getByRole("timer"))).toBeGreaterThan(18);
    expect(await card(page, "Summer Band").getByRole("button", { name: "More time" }).count()).toBe(
      0,
    );
  });
});
