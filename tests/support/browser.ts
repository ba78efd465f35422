// Browser tests: the whole product on a fresh in-memory database, driven by Debian's Chromium.
// Every family flow runs twice: with JavaScript and without.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../../server";
import { TestClock } from "../../district-api/clock";
import { demoSnapshot } from "./pglite-snapshot";

export const MODES = [
  { name: "with JavaScript", js: true },
  { name: "without JavaScript", js: false },
] as const;
export type Mode = (typeof MODES)[number];

export interface TestApp {
  server: RunningServer;
  url: string;
  clock: TestClock;
  browser: Browser;
  dataDir: string;
  newContext(
    mode: Pick<Mode, "js">,
    /** `locale` is the browser's language (its Accept-Language), "en-US" unless given. */
    opts?: { viewport?: { width: number; height: number }; locale?: string },
  ): Promise<BrowserContext>;
  newPage(mode: Pick<Mode, "js">, opts?: { locale?: string }): Promise<Page>;
  close(): Promise<void>;
}

/** React's hydration failures, as the production build words them (minified codes) and as a
 * development build does. */
const HYDRATION_ERROR = /Minified React error #(418|423|425)|Hydration failed|did not match/;

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// Debian's headless shell (package chromium-headless-shell) is the same Chromium without the
// browser's window machinery: the suite spends about a third less time in it than in
// `chromium --headless`. The full browser is the fallback where the shell is not installed.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** The contexts made with JavaScript on (a page's own setting is not readable from the page). */
const withJavaScript = new WeakSet<BrowserContext>();

/**
 * Waits for the one-time notice with `text`, then closes it as a person would, so that the next
 * notice a test waits for is a new one even when its words are the same ("Saved." twice). Without
 * JavaScript the close button does nothing; the next page replaces the notice there.
 */
export async function seeNotice(page: Page, text: string | RegExp) {
  const bar = page.locator(".notice-bar").filter({ hasText: text });
  await bar.waitFor();
  if (!withJavaScript.has(page.context())) return;
  await bar.getByRole("button", { name: "Close notice" }).click();
  await bar.waitFor({ state: "detached" });
}

export async function startTestApp(
  opts: { statusPollMs?: number; dev?: boolean; buildDir?: string } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "e2e-"));
  process.env.LOG_LEVEL ??= "silent";
  const clock = new TestClock();
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    inMemory: true,
    clock,
    statusPollMs: opts.statusPollMs,
    pgliteSnapshot: await demoSnapshot(),
    dev: opts.dev ?? false,
    buildDir: opts.buildDir,
  });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  // A page whose server HTML React cannot hydrate is thrown away and drawn again on the client:
  // what was typed or chosen before that is lost and clicks in between do nothing. Every page of
  // every browser file is watched, and the file fails at its close naming the page.
  const hydrationErrors: string[] = [];
  const app: TestApp = {
    server,
    url: server.url,
    clock,
    browser,
    dataDir,
    async newContext(mode, o = {}) {
      const ctx = await browser.newContext({
        baseURL: server.url,
        javaScriptEnabled: mode.js,
        viewport: o.viewport ?? { width: 1280, height: 900 },
        locale: o.locale ?? "en-US",
      });
      ctx.setDefaultTimeout(15_000);
      if (mode.js) withJavaScript.add(ctx);
      ctx.on("page", (page) =>
        page.on("pageerror", (error) => {
          if (HYDRATION_ERROR.test(error.message)) {
            hydrationErrors.push(`${page.url()}: ${error.message.slice(0, 120)}`);
          }
        }),
      );
      contexts.push(ctx);
      return ctx;
    },
    async newPage(mode, o = {}) {
      const ctx = await app.newContext(mode, o);
      return ctx.newPage();
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (hydrationErrors.length > 0) {
        throw new Error(`pages failed to hydrate:\n${[...new Set(hydrationErrors)].join("\n")}`);
      }
    },
  };
  return app;
}

/** Signs in as a student or community member through the login form. */
export async function signInFamily(page: Page, studentId = "100001", dob = "01/15/2012") {
  await page.goto("/signin");
  await page.getByLabel("Student or Community Member ID Number").fill(studentId);
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(dob);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

/** Signs in as staff through the staff login form. */
export async function signInStaff(page: Page, username: string, password = `${username}-demo`) {
  await page.goto("/instructor/sign-in");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/instructor/sign-in"));
}
