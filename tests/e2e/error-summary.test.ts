// Errors a person can find (issue 29 points 8 and 9): after a refused post the page's title starts
// "Error:". Every page has a title of its own, and the page that does not exist links home.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("a refused post", () => {
  it.each(MODES)("titles the page 'Error: …' ($name)", async (mode) => {
    const page = await app.newPage(mode);
    await page.goto("/signin");
    if (mode.js) await page.waitForLoadState("networkidle");
    await page.getByLabel("Student or Community Member ID Number").fill("999999");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Invalid Student ID or Birth Date." })
      .waitFor();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
  });
});

describe("titles", () => {
  for (const mode of MODES) {
    it(`every page reached has a title of its own (${mode.name})`, async () => {
      const page = await app.newPage(mode);
      const titles = new Map<string, string>();
      const visit = async (path: string) => {
        await page.goto(path);
        titles.set(path, await page.title());
      };
      for (const path of ["/", "/signin", "/register-community-member", "/register-guest"]) {
        await visit(path);
      }
      await signInFamily(page);
      for (const path of ["/programs", "/my-registrations", "/fees", "/cart", "/instructions"]) {
        await visit(path);
      }
      await visit("/no-such-page");
      const seen = new Map<string, string>();
      for (const [path, title] of titles) {
        expect(title, path).not.toBe("");
        expect({ path, same: seen.get(title) }).toEqual({ path, same: undefined });
        seen.set(title, path);
      }
    });
  }

  for (const mode of MODES) {
    it(`the missing page says so in its title and links home (${mode.name})`, async () => {
      const page = await app.newPage(mode);
      const res = await page.goto("/no-such-page");
      expect(res!.status()).toBe(404);
      expect(await page.title()).toMatch(/^File not found/);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await page.waitForURL((u) => u.pathname === "/");
    });
  }
});

describe("sign-in page", () => {
  it("offers community members a link to create an account", async () => {
    const page = await app.newPage({ js: false });
    await page.goto("/signin");
    await page.getByRole("link", { name: "Create a community member account" }).click();
    await page.waitForURL((u) => u.pathname === "/register-community-member");
  });
});
