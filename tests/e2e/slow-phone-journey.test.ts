// Decision 161: what a family's phone asks of the server on the way from the
// questionnaire to the payment, with JavaScript. Every round trip costs 400 ms or more on a slow
// phone, and a script found only once another has run costs another.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
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

let nextAddress = 40;
async function newPage(): Promise<Page> {
  const ctx = await app.newContext({ js: true });
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${nextAddress++}` });
  return ctx.newPage();
}

/** The paths (with their query) of the requests the page makes from now on. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    seen.push(url.pathname + url.search);
  });
  return seen;
}

/** The routes whose modules a page has asked for so far, by route id (the build's manifest). */
async function routeScripts(page: Page): Promise<string[]> {
  const asked = new Set(
    await page.evaluate(() =>
      [
        ...performance.getEntriesByType("resource").map((e) => e.name),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (l) => l.href,
        ),
      ].map((href) => new URL(href).pathname),
    ),
  );
  // The whole manifest is the server's: a browser knows only the routes it has come across.
  const { assets } = (await import(
    pathToFileURL(path.resolve(process.env.REMIX_BUILD_DIR ?? "build", "server", "index.js")).href
  )) as ServerBuild;
  return Object.values(assets.routes)
    .filter((route) => asked.has(route.module))
    .map((route) => route.id);
}

describe("the slow phone's journey with JavaScript", () => {
  it("moves between the questionnaire's steps asking the server for the step's data only, not the root's", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Skip to login" }).waitFor();
    const requests = recordRequests(page);
    await page.getByRole("link", { name: "Current student or parent" }).click();
    await page.getByRole("heading", { name: "What would you like to do?" }).waitFor();
    await page.getByRole("link", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Welcome! Who are you?" }).waitFor();
    // Remix's data requests (single fetch: `<page>.data`, `/_root.data` for `/`) name the routes
    // whose data they ask for when some route keeps its own (`_routes`): the step's route only.
    const data = requests.filter((r) => new URL(r, "http://site").pathname.endsWith(".data"));
    expect(data.length).toBeGreaterThan(0);
    expect(
      data.filter((r) => new URL(r, "http://site").searchParams.get("_routes") !== "routes/_index"),
    ).toEqual([]);
  });

  it("goes from 'Register for programs' straight to the sign-in, its scripts already fetched", async () => {
    const page = await newPage();
    await page.goto("/?persona=student");
    const link = page.getByRole("link", { name: "Register for programs" });
    expect(await link.getAttribute("href")).toBe("/signin?redirectTo=%2Fprograms");
    // The sign-in's route module is asked for while the step is read, before any click.
    await expect.poll(async () => (await routeScripts(page)).includes("routes/signin")).toBe(true);
    const requests = recordRequests(page);
    await link.click();
    await page.getByLabel("Student or Community Member ID Number").waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    // Nothing of /programs on the way: no redirect through it.
    expect(requests.filter((r) => r.startsWith("/programs"))).toEqual([]);
  });

  it("fetches the scripts of the pages a step leads to when the step changes in the browser", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Current staff member" }).click();
    await page.getByRole("link", { name: "View my activities" }).waitFor();
    // The staff's step leads to the staff sign-in; the first step only to the family's.
    await expect
      .poll(async () => (await routeScripts(page)).includes("routes/instructor.sign-in"))
      .toBe(true);
  });

  it("has the programs' and then the payment page's scripts fetched before they are needed", async () => {
    const page = await newPage();
    await page.goto("/signin?redirectTo=%2Fprograms");
    await expect
      .poll(async () => (await routeScripts(page)).includes("routes/programs"))
      .toBe(true);
    await signInFamily(page, "100012");
    await page.getByRole("article", { name: "Summer Band" }).waitFor();
    await expect
      .poll(async () => (await routeScripts(page)).includes("routes/payment.$courseSelectionUUID"))
      .toBe(true);
  });

  it("keeps a signed-in family's questionnaire links to the pages themselves", async () => {
    const page = await newPage();
    await signInFamily(page, "100013", { then: "/?persona=student" });
    expect(
      await page.getByRole("link", { name: "Register for programs" }).getAttribute("href"),
    ).toBe("/programs");
  });
});
