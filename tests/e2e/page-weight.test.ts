// Page weight budgets (decisions 092 and 093): the gzip bytes of JavaScript, CSS and HTML each
// family page loads on first visit, with JavaScript on and off, against the budget the bench
// prints. Bytes are stable from run to run, so this can be a test rather than a benchmark.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { BUDGET, GZIP_ONLY, PAGES, measureWeight } from "../../scripts/bench/pages";
import { addManyActivities } from "../../scripts/bench/support";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
beforeAll(async () => {
  app = await startTestApp();
  await addManyActivities(app.server, 100);
  const login = await app.newContext({ js: false });
  await signInFamily(await login.newPage(), "100011");
  signedIn = await login.storageState();
});
afterAll(async () => {
  await app?.close();
});

describe.each(MODES)("page weight $name", (mode) => {
  it.each(PAGES)("$path is within the budget", async (p) => {
    const context = await app.browser.newContext({
      baseURL: app.url,
      javaScriptEnabled: mode.js,
      storageState: p.auth ? signedIn : undefined,
      extraHTTPHeaders: GZIP_ONLY,
    });
    try {
      const page = await context.newPage();
      const w = await measureWeight(page, p.path);
      // The page really is the page (not a redirect to sign-in), and it sent some of each.
      expect(new URL(page.url()).pathname).toBe(p.path);
      expect(w.html).toBeGreaterThan(0);
      expect(w.css).toBeGreaterThan(0);
      expect(w.html).toBeLessThanOrEqual(BUDGET.html);
      expect(w.css).toBeLessThanOrEqual(BUDGET.css);
      // Every family page within the JavaScript budget (decisions 093, 096, 097).
      if (!mode.js) expect(w.js).toBe(0);
      else {
        expect(w.js).toBeGreaterThan(0);
        expect(w.js).toBeLessThanOrEqual(BUDGET.js);
      }
    } finally {
      await context.close();
    }
  });
});

// The Spanish build carries Spanish texts instead of English ones (decision 170): the same budget.
describe("page weight in Spanish, with JavaScript", () => {
  it.each(PAGES)("$path is within the budget", async (p) => {
    const context = await app.browser.newContext({
      baseURL: app.url,
      locale: "es-MX",
      storageState: p.auth ? signedIn : undefined,
      extraHTTPHeaders: GZIP_ONLY,
    });
    try {
      const page = await context.newPage();
      const w = await measureWeight(page, p.path);
      expect(new URL(page.url()).pathname).toBe(p.path);
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
      expect(w.js).toBeGreaterThan(0);
      expect(w.js).toBeLessThanOrEqual(BUDGET.js);
      expect(w.html).toBeLessThanOrEqual(BUDGET.html);
      expect(w.css).toBeLessThanOrEqual(BUDGET.css);
    } finally {
      await context.close();
    }
  });
});

describe("static assets", () => {
  it("are sent gzipped once at the highest level, cached for a year as immutable", async () => {
    const html = await fetch(`${app.url}/signin`).then((r) => r.text());
    const src = /href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const res = await fetch(`${app.url}${src}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    // fetch decodes the body: it is the file itself.
    const file = path.join(
      process.env.REMIX_BUILD_DIR ?? "build",
      "client",
      src!.slice("/build/".length),
    );
    expect(await res.text()).toBe(readFileSync(file, "utf8"));
    // undici's request does not decode: the bytes on the wire are gzip.
    const wire = await request(`${app.url}${src}`, { headers: { "accept-encoding": "gzip" } });
    const raw = Buffer.from(await wire.body.arrayBuffer());
    expect(gunzipSync(raw).toString("utf8")).toBe(readFileSync(file, "utf8"));
  });
});
