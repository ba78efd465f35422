// The site shell in the browser: the desktop-client bridge, the hash prefill, the security
// baseline (CSP with nonces, same-origin posts), the loading view and the maintenance page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { maintenance } from "../../district-api/db/schema";
import { PAST_MAINTENANCE_WINDOW } from "../../district-api/db/seed/core";
import { call } from "../support/api";
import { MODES, signInFamily, startTestApp, type Mode, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  // The maintenance status is read on every request, so a test can open a window at once.
  app = await startTestApp({ statusPollMs: 0 });
});
afterAll(async () => {
  await app?.close();
});

let nextAddress = 1;
async function newPage(mode: Pick<Mode, "js">): Promise<Page> {
  const ctx = await app.newContext(mode);
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${nextAddress++}` });
  return ctx.newPage();
}

async function apiToken(path: "/v1/instructor" | "/v1/student", body: object): Promise<string> {
  const r = await call({ baseUrl: app.url }, "POST", path, {
    body,
    headers: { "X-Forwarded-For": `192.0.2.${200 + nextAddress++}` },
  });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

async function navItems(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "Main navigation" })
    .locator("a, button")
    .evaluateAll((els) =>
      els.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()),
    );
}

declare global {
  interface Window {
    __hostCalls?: [string, string | undefined][];
  }
}

/** A page whose window has a fake desktop host that records the scripts it is asked to run. */
async function desktopPage(appearAfterMs = 0): Promise<Page> {
  const ctx = await app.newContext({ js: true });
  await ctx.addInitScript((delay: number) => {
    window.__hostCalls = [];
    const install = () => {
      (window as unknown as { FileMaker: unknown }).FileMaker = {
        PerformScript(name: string, param?: string) {
          window.__hostCalls!.push([name, param]);
        },
      };
    };
    if (delay) setTimeout(install, delay);
    else install();
  }, appearAfterMs);
  return ctx.newPage();
}

async function hostCalls(page: Page) {
  return page.evaluate(() => window.__hostCalls ?? []);
}

describe("desktop-client bridge (JavaScript)", () => {
  it('tells the host "WebViewer | React Login Ready"', async () => {
    const page = await desktopPage();
    await page.goto("/signin");
    await page.waitForFunction(() => (window.__hostCalls ?? []).length > 0);
    expect(await hostCalls(page)).toEqual([
      ["WebViewer | React Login Ready", JSON.stringify({ signedIn: false })],
    ]);
  });

  it("finds a host that appears late (it keeps checking every 50 ms)", async () => {
    const page = await desktopPage(1500);
    await page.goto("/");
    await page.waitForFunction(() => (window.__hostCalls ?? []).length > 0, undefined, {
      timeout: 5000,
    });
    expect((await hostCalls(page))[0]?.[0]).toBe("WebViewer | React Login Ready");
  });

  it("setUserSession with a staff token signs the page in", async () => {
    const page = await desktopPage();
    await page.goto("/");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    const token = await apiToken("/v1/instructor", {
      username: "instructor",
      password: "instructor-demo",
    });
    const ok = await page
      .evaluate((accessToken) => window.setUserSession!({ accessToken }), token)
      .catch(() => true); // the page may already be navigating away
    expect(ok).toBe(true);
    await page.waitForURL((u) => u.pathname === "/instructor/");
    await expect.poll(() => navItems(page)).toContain("My Activities");
    // The host is told again, now signed in.
    await page.waitForFunction(() => (window.__hostCalls ?? []).length > 0);
    expect(await hostCalls(page)).toEqual([
      ["WebViewer | React Login Ready", JSON.stringify({ signedIn: true })],
    ]);
  });

  it("setUserSession takes a JSON string with a student token", async () => {
    const page = await desktopPage();
    await page.goto("/");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    const token = await apiToken("/v1/student", { studentId: "100016", dob: "2012-01-15" });
    await page
      .evaluate(
        (session) => window.setUserSession!(session),
        JSON.stringify({ accessToken: token }),
      )
      .catch(() => true);
    await page.waitForURL((u) => u.pathname === "/programs");
    await expect.poll(() => navItems(page)).toContain("MY REGISTRATIONS");
  });

  it("setUserSession refuses a forged token and the page stays signed out", async () => {
    const page = await desktopPage();
    await page.goto("/");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    const token = await apiToken("/v1/instructor", {
      username: "feeadmin",
      password: "feeadmin-demo",
    });
    const forged = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(
      await page.evaluate((accessToken) => window.setUserSession!({ accessToken }), forged),
    ).toBe(false);
    expect(await page.evaluate(() => window.setUserSession!({ nothing: true }))).toBe(false);
    await page.goto("/instructor/sign-in");
    expect(new URL(page.url()).pathname).toBe("/instructor/sign-in");
  });

  it("resetLocalStorage clears the page's local storage", async () => {
    const page = await desktopPage();
    await page.goto("/");
    await page.waitForFunction(() => typeof window.resetLocalStorage === "function");
    await page.evaluate(() => {
      localStorage.setItem("PreferredReaderId", "tmr_1");
      localStorage.setItem("other", "x");
    });
    await page.evaluate(() => window.resetLocalStorage!());
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  it("closeWindow closes the window after the delay, 5000 ms by default", async () => {
    const page = await desktopPage();
    await page.goto("/");
    await page.waitForFunction(() => typeof window.closeWindow === "function");
    // Browsers only let a script close a window it opened, so record the call instead.
    const elapsed = (delay?: number) =>
      page.evaluate(
        (d) =>
          new Promise<number>((resolve) => {
            const started = performance.now();
            window.close = () => resolve(performance.now() - started);
            window.closeWindow!(d ?? undefined);
          }),
        delay ?? null,
      );
    const short = await elapsed(300);
    expect(short).toBeGreaterThanOrEqual(290);
    expect(short).toBeLessThan(2000);
    const byDefault = await elapsed();
    expect(byDefault).toBeGreaterThanOrEqual(4990);
    expect(byDefault).toBeLessThan(7000);
  });

  it("without a host, nothing is called and the page works as usual", async () => {
    const page = await newPage({ js: true });
    await page.goto("/signin");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    expect(await page.evaluate(() => "FileMaker" in window)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.desktopClient)).toBe(
      undefined,
    );
  });
});

describe("hash prefill", () => {
  it("with JavaScript, #studentId and #dob sign in; the birth date never reaches a URL", async () => {
    const page = await newPage({ js: true });
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto("/signin#studentId=100017&dob=01/15/2012&readerId=tmr_FAKE");
    await page.waitForURL((u) => u.pathname === "/programs");
    expect(await page.evaluate(() => localStorage.getItem("PreferredReaderId"))).toBe("tmr_FAKE");
    for (const u of urls) {
      expect(u).not.toContain("01/15/2012");
      expect(u).not.toContain("01%2F15%2F2012");
      expect(u).not.toContain("2012-01-15");
      expect(u).not.toContain("#");
    }
  });

  it("a hash with a badly formatted date fills the form and shows the message", async () => {
    const page = await newPage({ js: true });
    await page.goto("/signin#studentId=100017&dob=15/01/2012");
    await page.getByText("must be formatted MM/DD/YYYY").waitFor();
    await expect(
      page.getByLabel("Student or Community Member ID Number").inputValue(),
    ).resolves.toBe("100017");
    // The hash is taken out of the address bar.
    expect(new URL(page.url()).hash).toBe("");
  });

  it("without JavaScript the hash does nothing and the form is shown", async () => {
    const page = await newPage({ js: false });
    await page.goto("/signin#studentId=100017&dob=01/15/2012");
    await expect(
      page.getByLabel("Student or Community Member ID Number").inputValue(),
    ).resolves.toBe("");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });
});

describe("security baseline", () => {
  it("sends a CSP whose nonce is on every script, and the usual headers", async () => {
    const res = await fetch(`${app.url}/signin`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // no inline script beyond the nonce
    expect(csp).toMatch(/script-src [^;]*/);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for every response.
    const again = await fetch(`${app.url}/signin`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("Remix's scripts run under the CSP with no violation", async () => {
    const page = await newPage({ js: true });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/signin");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    await signInFamily(page, "100018");
    expect(new URL(page.url()).pathname).toBe("/programs");
    expect(violations).toEqual([]);
  });

  it("refuses a cross-site POST, and one with no origin at all", async () => {
    const form = new URLSearchParams({ studentId: "100001", dob: "01/15/2012", intent: "login" });
    for (const headers of [
      { Origin: "https://evil.example" },
      { Referer: "https://evil.example/page" },
      { "Sec-Fetch-Site": "cross-site", Origin: app.url },
      {},
    ] as Record<string, string>[]) {
      for (const path of ["/signin", "/signout", "/register-guest", "/desktop/session"]) {
        const res = await fetch(app.url + path, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          body: form,
          redirect: "manual",
        });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.text()).toBe("This request did not come from this site.");
        expect(res.headers.get("set-cookie")).toBeNull();
      }
    }
  });

  it("accepts the same POST from the site itself", async () => {
    const res = await fetch(`${app.url}/signin`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        "X-Forwarded-For": "192.0.2.250",
      },
      body: new URLSearchParams({ studentId: "100019", dob: "01/15/2012", intent: "login" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/programs");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The cookie is signed and does not show the token or the birth date in the clear.
    expect(cookie).not.toContain("2012-01-15");
  });

  it.each([
    ["/signin", "application/x-www-form-urlencoded", "intent=login&studentId=" + "9".repeat(5000)],
    ["/signin", "application/x-www-form-urlencoded", "intent=login"],
    ["/signin", "application/x-www-form-urlencoded", "intent=recover&kind=bogus&email=x"],
    ["/signin", "application/x-www-form-urlencoded", "%%%"],
    ["/instructor/sign-in", "application/x-www-form-urlencoded", "username=" + "u".repeat(5000)],
    ["/register-guest", "application/x-www-form-urlencoded", "nameFirst=A"],
    ["/register-guest", "application/json", '{"nameFirst": 1}'],
    ["/signin", "application/json", '{"studentId": "100001"}'],
    ["/instructor/sign-in", "multipart/form-data; boundary=x", "garbage"],
    ["/desktop/session", "application/json", "{not json"],
    ["/desktop/session", "application/json", '{"accessToken": 5}'],
    ["/desktop/session", "text/plain", "hello"],
  ])("a bad post to %s (%s) is a 4xx, never a 5xx", async (path, type, body) => {
    const res = await fetch(app.url + path, {
      method: "POST",
      headers: { "Content-Type": type, Origin: app.url, "X-Forwarded-For": "192.0.2.251" },
      body,
      redirect: "manual",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("__session=ey");
  });

  it("the session cookie is out of reach of page scripts", async () => {
    const page = await newPage({ js: true });
    await signInFamily(page, "100020");
    expect(await page.evaluate(() => document.cookie)).not.toContain("__session");
  });
});

describe("sessions (server side)", () => {
  /** A session cookie as the web app would write it, with a chosen expiry. */
  async function sessionCookie(accessToken: string, expiresInMs: number) {
    // startServer put the generated secret in the environment; this process signs alike.
    const { commitSession, getSession } = await import("../../app/.server/session");
    const session = await getSession(null);
    session.set("student", {
      accessToken,
      expires: Date.now() + expiresInMs,
      userType: "student",
      studentId: "100022",
      nameFirst: "A",
      nameLast: "B",
    });
    const value = (await commitSession(session)).split(";")[0]!.split("=").slice(1).join("=");
    return { name: "__session", value, url: app.url };
  }

  async function pageWith(cookie: { name: string; value: string; url: string }) {
    const ctx = await app.newContext({ js: false });
    await ctx.addCookies([cookie]);
    return ctx.newPage();
  }

  const token = () => apiToken("/v1/student", { studentId: "100022", dob: "2012-01-15" });

  it("a fresh session is good; one 59 s from its end already shows the login", async () => {
    const good = await pageWith(await sessionCookie(await token(), 30 * 60_000));
    await good.goto("/instructions");
    expect(new URL(good.url()).pathname).toBe("/instructions");

    const late = await pageWith(await sessionCookie(await token(), 59_000));
    await late.goto("/instructions");
    expect(new URL(late.url()).pathname).toBe("/signin");
  });

  it("a token within 59 s of counting as expired is refreshed on the next request", async () => {
    const cookie = await sessionCookie(await token(), 100_000);
    const page = await pageWith(cookie);
    await page.goto("/instructions");
    expect(new URL(page.url()).pathname).toBe("/instructions");
    const [after] = await page.context().cookies(app.url);
    expect(after?.value).not.toBe(cookie.value);
    // The refreshed session lasts: it is good even 10 minutes on by the cookie's own clock.
    const { getSession } = await import("../../app/.server/session");
    const s = await getSession(`__session=${after!.value}`);
    expect(s.get("student")!.expires).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it("a failed refresh clears the session", async () => {
    const forged = (await token()).slice(0, -4) + "AAAA";
    const page = await pageWith(await sessionCookie(forged, 100_000));
    await page.goto("/instructions");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });
});

describe("loading view (JavaScript)", () => {
  it('shows "Loading ..." while the next page loads', async () => {
    const page = await newPage({ js: true });
    await signInFamily(page, "100021");
    // The next page's data request (single fetch's `<page>.data`).
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("link", { name: "MY REGISTRATIONS" }).click();
    await page.getByRole("status").filter({ hasText: "Loading ..." }).waitFor();
    await page.waitForURL((u) => u.pathname === "/my-registrations");
    await page
      .getByRole("status")
      .filter({ hasText: "Loading ..." })
      .waitFor({ state: "detached" });
  });
});

describe("a maintenance window reached from a page already open (JavaScript)", () => {
  it("the page the family follows or posts to next is the maintenance page", async () => {
    const db = app.server.api!.database.db;
    const questionnaire = await newPage({ js: true });
    await questionnaire.goto("/");
    const signIn = await newPage({ js: true });
    await signIn.goto("/signin");
    // Both pages have their scripts: what follows is theirs, not a plain link or form.
    await questionnaire.waitForLoadState("networkidle");
    await signIn.waitForLoadState("networkidle");
    const now = Date.now();
    await db
      .update(maintenance)
      .set({ startsAt: new Date(now - 60_000), endsAt: new Date(now + 60 * 60_000) })
      .where(eq(maintenance.id, 1));
    try {
      // The server reads the window again within a second (decision 147).
      await expect.poll(async () => (await fetch(`${app.url}/programs`)).status).toBe(503);
      const maintenanceText =
        "The site is currently offline for maintenance and is scheduled to be back online at";

      // A link: the page's data request (`/_root.data` for the questionnaire's next step) is told
      // to load the page itself, which is the maintenance page.
      const asked = questionnaire.waitForResponse(
        (r) => new URL(r.url()).pathname === "/_root.data",
      );
      await questionnaire.getByRole("link", { name: "Current student or parent" }).click();
      expect((await asked).status()).toBe(202);
      await questionnaire.getByText(maintenanceText).waitFor();
      expect(new URL(questionnaire.url()).search).toBe("?persona=student");

      // A form: its post to the page's data URL is answered the same way.
      const posted = signIn.waitForResponse((r) => new URL(r.url()).pathname === "/signin.data");
      await signIn.getByLabel("Student or Community Member ID Number").fill("100001");
      await signIn.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
      await signIn.getByRole("button", { name: "Login" }).click();
      expect((await posted).status()).toBe(202);
      await signIn.getByText(maintenanceText).waitFor();
      expect(new URL(signIn.url()).pathname).toBe("/signin");
    } finally {
      await db.update(maintenance).set(PAST_MAINTENANCE_WINDOW).where(eq(maintenance.id, 1));
    }
  });
});

describe.each(MODES)("maintenance page $name", (mode) => {
  it("replaces the whole site inside the window, and the site returns after it", async () => {
    const db = app.server.api!.database.db;
    const now = Date.now();
    const end = new Date(now + 60 * 60_000);
    await db
      .update(maintenance)
      .set({ startsAt: new Date(now - 60_000), endsAt: end })
      .where(eq(maintenance.id, 1));
    try {
      const page = await newPage(mode);
      for (const path of ["/", "/signin", "/programs", "/no/such/page"]) {
        const res = await page.goto(path);
        expect(res?.status()).toBe(503);
        const text = (await page.textContent("body")) ?? "";
        expect(text).toContain(
          "The site is currently offline for maintenance and is scheduled to be back online at",
        );
        const shown = new Intl.DateTimeFormat("en-US", {
          timeZone: "America/Chicago",
          dateStyle: "medium",
          timeStyle: "short",
        }).format(end);
        expect(text).toContain(shown);
      }
      // A Spanish-speaking family's browser gets it in Spanish (decision 170).
      const spanish = await app.newPage(mode, { locale: "es-MX" });
      expect((await spanish.goto("/programs"))?.status()).toBe(503);
      await expect(spanish.locator("html").getAttribute("lang")).resolves.toBe("es");
      await expect(spanish.textContent("body")).resolves.toContain(
        "El sitio no está disponible en este momento por mantenimiento.",
      );
    } finally {
      await db.update(maintenance).set(PAST_MAINTENANCE_WINDOW).where(eq(maintenance.id, 1));
    }
    const page = await newPage(mode);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Welcome! Who are you?" }).waitFor();
  });

  it("a window in the future leaves the site online", async () => {
    const db = app.server.api!.database.db;
    const now = Date.now();
    await db
      .update(maintenance)
      .set({ startsAt: new Date(now + 60 * 60_000), endsAt: new Date(now + 2 * 60 * 60_000) })
      .where(eq(maintenance.id, 1));
    try {
      const page = await newPage(mode);
      const res = await page.goto("/signin");
      expect(res?.status()).toBe(200);
    } finally {
      await db.update(maintenance).set(PAST_MAINTENANCE_WINDOW).where(eq(maintenance.id, 1));
    }
  });
});
