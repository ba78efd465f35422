// Decision 143: a phone's digits-only keypad has no "/". A parent who types 01152012 signs in,
// with and without JavaScript; with JavaScript the field shows 01/15/2012 as it is typed, on the
// sign-in and on community registration. A date that cannot be read keeps the spec's message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MODES, startTestApp, type Mode, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let nextAddress = 1;
async function newPage(mode: Pick<Mode, "js">): Promise<Page> {
  const ctx = await app.newContext(mode, { viewport: { width: 360, height: 640 } });
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${nextAddress++}` });
  return ctx.newPage();
}

describe.each(MODES)("a birth date typed on a phone keypad $name", (mode) => {
  it.each(["01152012", "1/15/2012", "01-15-2012"])("%s signs in", async (typed) => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByLabel("Student or Community Member ID Number").pressSequentially("100001");
    const dob = page.getByLabel("Birth Date (MM/DD/YYYY)");
    await dob.pressSequentially(typed);
    if (mode.js && typed === "01152012") await expect(dob.inputValue()).resolves.toBe("01/15/2012");
    if (!mode.js) await expect(dob.inputValue()).resolves.toBe(typed);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  });

  it("a date that cannot be read keeps the spec's message", async () => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByLabel("Student or Community Member ID Number").fill("100001");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").pressSequentially("15012012");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("must be formatted MM/DD/YYYY").waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
  });
});

describe("community registration with JavaScript", () => {
  it("shows the slashes as the digits are typed", async () => {
    const page = await newPage({ js: true });
    await page.goto("/register-community-member");
    const dob = page.getByLabel("Birth Date (MM/DD/YYYY)");
    await dob.pressSequentially("0305201");
    await expect(dob.inputValue()).resolves.toBe("03/05/201");
    await dob.pressSequentially("1");
    await expect(dob.inputValue()).resolves.toBe("03/05/2011");
  });
});
