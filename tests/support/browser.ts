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
import type { z } from "zod";
import type { StaffSigninForm, StudentSigninForm } from "../../domain/forms/signin";

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
    opts?: {
      viewport?: { width: number; height: number };
      locale?: string;
      /** Device pixels per CSS pixel: 2 draws a page as a browser zoomed to 200 % does. */
      deviceScaleFactor?: number;
    },
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
/** Each context's site (scheme, host and port), which its form posts name as their Origin. */
const siteOf = new WeakMap<BrowserContext, string>();

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
        deviceScaleFactor: o.deviceScaleFactor,
      });
      ctx.setDefaultTimeout(15_000);
      if (mode.js) withJavaScript.add(ctx);
      siteOf.set(ctx, new URL(server.url).origin);
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

/**
 * Posts a sign-in form as the page's browser would (its cookies and headers, this site as the
 * Origin) without drawing the form, then opens `then`, or else the page the sign-in sends the user
 * to. The sign-in pages themselves, every field, error and both modes, are tested through the
 * form in identity-signin.test.ts; here they would cost each test two page loads in Chromium.
 */
async function postSignIn(
  page: Page,
  action: string,
  form: Record<string, string>,
  then: string | undefined,
) {
  const context = page.context();
  const site = siteOf.get(context);
  if (!site) throw new Error("sign in on a page of a context made by app.newContext");
  const res = await context.request.post(action, {
    form,
    headers: { Origin: site },
    maxRedirects: 0,
  });
  const to = res.headers()["location"];
  if (res.status() !== 302 || !to || to.startsWith(action)) {
    throw new Error(
      `sign-in at ${action} refused (${res.status()}): ${(await res.text()).slice(0, 300)}`,
    );
  }
  await page.goto(then ?? to);
}

/**
 * Signs in as a student or community member, as the sign-in form does, and opens `then` (by
 * default the page the sign-in leads to).
 */
export async function signInFamily(
  page: Page,
  studentId = "100001",
  { dob = "01/15/2012", then }: { dob?: string; then?: string } = {},
) {
  const form: Record<keyof z.input<typeof StudentSigninForm>, string> & { intent: string } = {
    intent: "login",
    studentId,
    dob,
  };
  await postSignIn(page, "/signin", form, then);
}

/**
 * Signs in as staff, as the staff sign-in form does, and opens `then` (by default the page the
 * sign-in leads to).
 */
export async function signInStaff(
  page: Page,
  username: string,
  { password = `${username}-demo`, then }: { password?: string; then?: string } = {},
) {
  const form: Record<keyof z.input<typeof StaffSigninForm>, string> = { username, password };
  await postSignIn(page, "/instructor/sign-in", form, then);
}
