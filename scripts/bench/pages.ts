// Page weight and slow-network timings of the family pages (decisions 092 and 093).
// Prints, per page and mode, the gzip bytes of JS, CSS and HTML on first load, and the first
// contentful paint and sign-in-to-programs time under a slow network (400 kbit/s, 400 ms RTT, 4×
// CPU slowdown). Usage: npm run bench:pages [-- --no-throttle]
import type { Page, BrowserContext, Response } from "playwright-core";
import { launchChromium } from "../../tests/support/browser";
import { addManyActivities, startBenchServer } from "./support";

export const PAGES = [
  { path: "/", auth: false },
  { path: "/signin", auth: false },
  { path: "/register-community-member", auth: false },
  { path: "/programs", auth: true },
  { path: "/fees", auth: true },
  { path: "/cart", auth: true },
  { path: "/my-registrations", auth: true },
  { path: "/household/add", auth: true },
];

export const BUDGET = { js: 120 * 1024, css: 25 * 1024, html: 60 * 1024 };
/**
 * The budget is of gzip bytes: the weight is measured by a browser that asks for gzip only.
 * Chromium takes brotli too, whose bytes are fewer (decision 161) and would hide a page's growth.
 */
export const GZIP_ONLY = { "accept-encoding": "gzip, deflate" };

export interface Weight {
  /** The page's own scripts: what it needs to work. */
  js: number;
  css: number;
  html: number;
  other: number;
  /**
   * Scripts of the pages that may come next, fetched once this one works (`data-next-page`
   * preloads, decision 161): the next page's weight, within its own budget, not this one's.
   */
  nextPageJs: number;
}

/** Encoded (compressed) bytes of every response the first load of `path` makes. */
export async function measureWeight(page: Page, path: string): Promise<Weight> {
  const w: Weight = { js: 0, css: 0, html: 0, other: 0, nextPageJs: 0 };
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (res: Response) => {
    pending.push(
      (async () => {
        const sizes = await res
          .request()
          .sizes()
          .catch(() => null);
        const bytes = sizes?.responseBodySize ?? 0;
        const type = res.request().resourceType();
        if (type === "script") scripts.set(res.url(), (scripts.get(res.url()) ?? 0) + bytes);
        else if (type === "stylesheet") w.css += bytes;
        else if (type === "document") w.html += bytes;
        else w.other += bytes;
      })(),
    );
  };
  page.on("response", onResponse);
  await page.goto(path, { waitUntil: "networkidle" });
  await Promise.all(pending);
  page.off("response", onResponse);
  const nextPage = new Set(
    await page.$$eval("link[rel=modulepreload][data-next-page]", (links) =>
      links.map((l) => (l as HTMLLinkElement).href),
    ),
  );
  for (const [url, bytes] of scripts) {
    if (nextPage.has(url)) w.nextPageJs += bytes;
    else w.js += bytes;
  }
  return w;
}

async function signIn(page: Page) {
  await page.goto("/signin");
  await page.getByLabel("Student or Community Member ID Number").fill("100011");
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

async function fcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ??
      performance.getEntriesByType("navigation")[0]?.duration ??
      -1,
  );
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const noThrottle = process.argv.includes("--no-throttle");
  const server = await startBenchServer();
  await addManyActivities(server, 100);
  const browser = await launchChromium();
  try {
    console.log("page weight on first load (gzip bytes over the wire)");
    console.log(
      "mode     page                          JS         CSS        HTML       next page JS",
    );
    // English with JavaScript and without, and Spanish (its own build, decision 170).
    const modes = [
      { js: true, locale: "en-US", label: "js-on" },
      { js: false, locale: "en-US", label: "js-off" },
      { js: true, locale: "es-MX", label: "js-on-es" },
    ];
    for (const { js, locale, label } of modes) {
      for (const p of PAGES) {
        // Sign in elsewhere, then load the page in a context with the cookie and an empty cache.
        let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
        if (p.auth) {
          const login = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
          await signIn(await login.newPage());
          storageState = await login.storageState();
          await login.close();
        }
        const context = await browser.newContext({
          baseURL: server.url,
          javaScriptEnabled: js,
          locale,
          storageState,
          extraHTTPHeaders: GZIP_ONLY,
        });
        const page = await context.newPage();
        const w = await measureWeight(page, p.path);
        const over =
          (w.js > BUDGET.js ? " JS-over" : "") +
          (w.css > BUDGET.css ? " CSS-over" : "") +
          (w.html > BUDGET.html ? " HTML-over" : "");
        console.log(
          `${label.padEnd(9)}${p.path.padEnd(30)}${kb(w.js).padEnd(11)}${kb(w.css).padEnd(11)}${kb(w.html).padEnd(11)}${w.nextPageJs ? kb(w.nextPageJs) : ""}${over}`,
        );
        await context.close();
      }
    }
    if (!noThrottle) {
      console.log(
        "\nslow network (400 kbit/s, 400 ms RTT, 4x CPU): first contentful paint and sign-in",
      );
      for (const js of [true, false]) {
        const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: js });
        const page = await context.newPage();
        await throttle(context, page);
        await page.goto("/signin", { waitUntil: "load" });
        const signinFcp = await fcp(page);
        const start = Date.now();
        await signIn(page);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        const signinToPrograms = Date.now() - start;
        await page.goto("/programs", { waitUntil: "load" });
        const programsFcp = await fcp(page);
        console.log(
          `${js ? "js-on " : "js-off"}  /signin FCP ${Math.round(signinFcp)} ms   /programs FCP ${Math.round(programsFcp)} ms   sign-in to usable programs ${signinToPrograms} ms`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
