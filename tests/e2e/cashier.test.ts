// The cashier in the desktop client, in the browser: a fake desktop host injected into the page
// answers the scripts (or stays silent to force the timeout). Cash with change, a check, a
// simulated reader payment, the timeout message, and no in-person methods in a normal browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { MODES, signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";
import { call } from "../support/api";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let nextAddress = 1;
const api = () => ({ baseUrl: app.url });

async function apiToken(path: "/v1/instructor" | "/v1/student", body: object): Promise<string> {
  const r = await call(api(), "POST", path, {
    body,
    headers: { "X-Forwarded-For": `192.0.2.${100 + nextAddress++}` },
  });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}
const studentApiToken = (id: string) =>
  apiToken("/v1/student", { studentId: id, dob: "2012-01-15" });
const staffApiToken = (username: string) =>
  apiToken("/v1/instructor", { username, password: `${username}-demo` });

async function feeId(token: string, name: string): Promise<number> {
  const r = await call(api(), "GET", "/v1/fees", { token });
  const list = (Array.isArray(r.body) ? r.body : (r.body.fees ?? [])) as {
    id: number;
    name: string;
  }[];
  const fee = list.find((f) => f.name === name);
  if (!fee) throw new Error(`no fee ${name}`);
  return fee.id;
}

/** Puts a fee into the person's cart through the fees API; returns the cart id. */
async function addFee(token: string, name: string): Promise<number> {
  const r = await call(api(), "PUT", "/v1/fees/add-to-cart", {
    token,
    body: { feeId: await feeId(token, name) },
  });
  expect(r.status).toBe(200);
  const cart = await call(api(), "GET", "/v1/cart", { token });
  return cart.body.id as number;
}

declare global {
  interface Window {
    __hostCalls?: [string, string | undefined][];
  }
}

type HostMode = "answer" | "silent";

/** A context whose pages have a fake desktop host: it records scripts and answers (or not). */
async function desktopContext(js: boolean, host: HostMode = "answer"): Promise<BrowserContext> {
  const ctx = await app.newContext({ js });
  if (js) {
    await ctx.addInitScript((mode: HostMode) => {
      window.__hostCalls = [];
      (window as unknown as { FileMaker: unknown }).FileMaker = {
        PerformScript(name: string, param?: string) {
          window.__hostCalls!.push([name, param]);
          if (name === "WebViewer | React Login Ready" || mode === "silent") return;
          const { requestId } = JSON.parse(param ?? "{}") as { requestId: string };
          setTimeout(
            () => window.fileMakerCallback?.(requestId, { errorCode: 0, message: "", data: null }),
            50,
          );
        },
      };
    }, host);
  }
  return ctx;
}

let registerEmployee: string | undefined;

/**
 * The host pushes the session with the desktop client key and the token of the employee signed in
 * at the register (setUserSession, or its post without JS).
 */
async function pushSession(ctx: BrowserContext, js: boolean, token: string): Promise<Page> {
  const page = await ctx.newPage();
  registerEmployee ??= await staffApiToken("feeadmin");
  const session = {
    accessToken: token,
    desktopKey: DEV_DESKTOP_CLIENT_KEY,
    cashierToken: registerEmployee,
  };
  if (js) {
    await page.goto("/");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    await page.evaluate((s) => window.setUserSession!(s), session).catch(() => true);
    await page.waitForURL((u) => u.pathname !== "/");
  } else {
    // Without JavaScript the bridge cannot run; the same post the bridge makes sets the cookie.
    const r = await ctx.request.post("/desktop/session", {
      data: session,
      headers: { Origin: app.url },
    });
    expect(r.status()).toBe(200);
  }
  return page;
}

async function hostScripts(page: Page) {
  const calls = await page.evaluate(() => window.__hostCalls ?? []);
  return calls
    .filter(([name]) => name !== "WebViewer | React Login Ready")
    .map(([name, param]) => {
      const { requestId: _r, ...rest } = JSON.parse(param ?? "{}") as Record<string, unknown>;
      return [name, rest] as const;
    });
}

async function notice(page: Page, text: string) {
  await page.getByText(text).first().waitFor();
}

describe.each(MODES)("cash with change $name", (mode) => {
  it("shows the change, records the payment and goes on with a notice of tendered and change", async () => {
    const id = mode.js ? "100031" : "100032";
    const token = await studentApiToken(id);
    const cartId = await addFee(token, "Athletic Pass");
    const ctx = await desktopContext(mode.js);
    const page = await pushSession(ctx, mode.js, token);
    await page.goto("/cart/in-person");
    await page.getByRole("heading", { name: "Take Payment" }).waitFor();
    await page.getByLabel("Cash").check();
    if (!mode.js) {
      // Server-side checks of a plain post.
      await page.getByLabel("Tendered", { exact: true }).fill("30");
      await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
      await notice(page, "Tendered amount must be greater then or equal to the payment amount.");
      await page.getByLabel("Cash").check();
    } else {
      // Judged as the cashier leaves the field, not only at Pay; typing a right amount clears it.
      const tendered = page.getByLabel("Tendered", { exact: true });
      await tendered.fill("30");
      await tendered.press("Tab");
      const short = page.getByText(
        "Tendered amount must be greater then or equal to the payment amount.",
      );
      await short.waitFor();
      await tendered.fill("50");
      await short.waitFor({ state: "detached" });
    }
    await page.getByLabel("Tendered", { exact: true }).fill("50");
    if (mode.js) await notice(page, "Change to give: $10.00");
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    expect(new URL(page.url()).searchParams.get("purchased")).toBe("1");
    await notice(page, "Cash payment recorded. Tendered $50.00, change $10.00.");
    if (mode.js) {
      // The host was told the tendered cents before the server recorded the payment.
      expect(await hostScripts(page)).toEqual([
        ["patchCartTenderedCents", { cartId, tenderedCents: 5000 }],
      ]);
    }
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toEqual({
      paymentMethod: "cash",
      amount: 40,
      tendered: 50,
      change: 10,
      checkNumber: null,
    });
  });
});

describe.each(MODES)("in-person check $name", (mode) => {
  it("needs 3 characters; an employee then goes to /instructor/fees", async () => {
    const user = mode.js ? "instructor" : "instructor2";
    const token = await staffApiToken(user);
    const cartId = await addFee(token, "Staff Appreciation Lunch");
    const ctx = await desktopContext(mode.js);
    const page = await pushSession(ctx, mode.js, token);
    await page.goto("/instructor/cart/in-person");
    await page.getByRole("heading", { name: "Take Payment" }).waitFor();
    await page.getByLabel("In-person check").check();
    await page.getByLabel("Check Number").fill("12");
    const pay = page.getByRole("button", { name: "Pay $12.00 Now" });
    if (mode.js) {
      expect(await pay.isDisabled()).toBe(true);
      // The cashier is told why as they leave the field, not left with a disabled button.
      await page.getByLabel("Check Number").press("Tab");
      await page.getByText("Check Number is required and must be at least 3 characters.").waitFor();
    } else {
      await pay.click();
      await notice(page, "Check Number is required and must be at least 3 characters.");
      await page.getByLabel("In-person check").check();
    }
    await page.getByLabel("Check Number").fill("5521");
    await pay.click();
    await page.waitForURL((u) => u.pathname === "/instructor/fees");
    if (mode.js) {
      expect(await hostScripts(page)).toEqual([
        ["patchCartInPersonCheck", { cartId, checkNumber: "5521", payNowAmount: 12 }],
      ]);
    }
    await notice(page, "Check number 5521 recorded for $12.00.");
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toMatchObject({
      paymentMethod: "inPersonCheck",
      checkNumber: "5521",
    });
  });
});

describe("a guest paying cash (without JavaScript)", () => {
  it("goes to the receipt, with tendered and change in the notice", async () => {
    const g = await call(api(), "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Gina", nameLast: "Guest", email: "gina.cashier@example.org" },
      headers: { "X-Forwarded-For": `192.0.2.${100 + nextAddress++}` },
    });
    expect(g.status).toBe(200);
    const token = g.body.accessToken as string;
    const cartId = await addFee(token, "Science Lab Goggles");
    const ctx = await desktopContext(false);
    const page = await pushSession(ctx, false, token);
    await page.goto("/cart/in-person");
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Pay $8.00 Now" }).click();
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}`);
    await notice(page, "Cash payment recorded. Tendered $10.00, change $2.00.");
  });
});

describe("host scripts (JavaScript)", () => {
  it("sends the tendered amount truncated to cents", async () => {
    const token = await studentApiToken("100033");
    const cartId = await addFee(token, "Athletic Pass");
    const ctx = await desktopContext(true);
    const page = await pushSession(ctx, true, token);
    await page.goto("/cart/in-person");
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("60.509");
    await notice(page, "Change to give: $20.50");
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    // Money is truncated to 2 decimals and sent in cents.
    expect(await hostScripts(page)).toEqual([
      ["patchCartTenderedCents", { cartId, tenderedCents: 6050 }],
    ]);
    await notice(page, "Cash payment recorded. Tendered $60.50, change $20.50.");
  });

  it("a silent host times out after 10 s with 'FileMaker Call timed out' and nothing is recorded", async () => {
    const token = await studentApiToken("100034");
    const cartId = await addFee(token, "Athletic Pass");
    const ctx = await desktopContext(true, "silent");
    const page = await pushSession(ctx, true, token);
    await page.goto("/cart/in-person");
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("40");
    const started = Date.now();
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.getByText("FileMaker Call timed out").waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(new URL(page.url()).pathname).toBe("/cart/in-person");
    expect((await hostScripts(page))[0]?.[0]).toBe("patchCartTenderedCents");
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toBeNull();
  });

  it("without window.FileMaker cash is 'An error occurred (-1)' and nothing is recorded", async () => {
    const token = await studentApiToken("100021");
    const cartId = await addFee(token, "Athletic Pass");
    // A desktop cashier session in a page that has no host object.
    const ctx = await app.newContext({ js: true });
    const page = await pushSession(ctx, false, token);
    await page.goto("/cart/in-person");
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("40");
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.getByRole("alert").getByText("An error occurred (-1)").waitFor();
    expect(new URL(page.url()).pathname).toBe("/cart/in-person");
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toBeNull();
    expect((await call(api(), "GET", "/v1/cart", { token })).body.status).toBe("OPEN");
    // The card reader does not collect either: the same error, and no card is asked for.
    await page.getByLabel("Card reader").check();
    await page.getByText("Ready For Card").waitFor();
    await page.getByRole("button", { name: "Collect card on reader" }).click();
    await page.getByText("An error occurred (-1)").first().waitFor();
    expect(await page.getByText("Tap or Insert card").count()).toBe(0);
    expect(await page.getByText("Card payment of $40.00 approved.").count()).toBe(0);
  });
});

describe("simulated card reader (JavaScript)", () => {
  it("connects, collects a simulated card, then the pay button completes the payment", async () => {
    const token = await studentApiToken("100035");
    const cartId = await addFee(token, "Athletic Pass");
    const ctx = await desktopContext(true);
    const page = await pushSession(ctx, true, token);
    await page.goto("/cart/in-person");
    // Ready for the card, not yet to pay: "Ready to pay now" once the card is collected.
    await page.getByText("Ready For Card").waitFor();
    expect(await page.getByText("Ready to pay now").count()).toBe(0);
    await page.getByLabel("Card reader").check();
    const pay = page.getByRole("button", { name: "Pay $40.00 Now" });
    expect(await pay.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Collect card on reader" }).click();
    await page.getByText("Tap or Insert card").waitFor();
    await page.getByText("Card payment of $40.00 approved.").waitFor();
    await page.getByText("Ready to pay now").waitFor();
    expect((await hostScripts(page)).map(([n]) => n)).toEqual(["patchCartInPersonTerminal"]);
    expect(await page.evaluate(() => window.localStorage.getItem("PreferredReaderId"))).toBe(
      "tmr_simulated",
    );
    await pay.click();
    await page.waitForURL((u) => u.pathname === "/fees");
    await notice(page, "Card payment of $40.00 recorded.");
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toMatchObject({ paymentMethod: "terminal", amount: 40 });
  });
});

describe("partial payment on the reader (JavaScript)", () => {
  it("charges the partial amount in cents", async () => {
    const token = await studentApiToken("100040");
    const cartId = await addFee(token, "Yearbook");
    const ctx = await desktopContext(true);
    const page = await pushSession(ctx, true, token);
    await page.goto("/cart/in-person");
    await page.getByText("Ready For Card").waitFor();
    await page.getByRole("radio", { name: "Partial payment" }).check();
    await page.getByLabel("Partial Payment Amount").fill("20.509");
    await page.getByLabel("Card reader").check();
    // A partial amount with 3 decimals is a form error: the reader does not collect.
    await page.getByRole("button", { name: "Collect card on reader" }).click();
    await page.getByText("Fix form Error and try terminal again.").waitFor();
    await page.getByLabel("Partial Payment Amount").fill("20.50");
    await page.getByRole("button", { name: "Collect card on reader" }).click();
    await page.getByText("Card payment of $20.50 approved.").waitFor();
    await page.getByRole("button", { name: "Pay $20.50 Now" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token });
    expect(paid.body.payment).toMatchObject({ paymentMethod: "terminal", amount: 20.5 });
  });
});

describe.each(MODES)("a normal browser $name", (mode) => {
  it("never reaches the in-person methods", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100036" : "100037", { then: "/cart/in-person" });
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await page.getByLabel("Cash").count()).toBe(0);
    expect(await page.getByLabel("In-person check").count()).toBe(0);
  });

  it("a session pushed without the desktop client key is not a cashier", async () => {
    const token = await studentApiToken(mode.js ? "100038" : "100039");
    await addFee(token, "Athletic Pass");
    const ctx = await app.newContext(mode);
    const r = await ctx.request.post("/desktop/session", {
      data: { accessToken: token },
      headers: { Origin: app.url },
    });
    expect(r.status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/cart/in-person");
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await page.getByLabel("Cash").count()).toBe(0);
    // The cart does not offer the register and says why.
    await page.getByText("This register cannot take payments here").first().waitFor();
    expect(await page.getByRole("link", { name: "Take payment at the register" }).count()).toBe(0);
  });

  it("a session pushed with the key but no employee at the register is not a cashier", async () => {
    const token = await studentApiToken(mode.js ? "100022" : "100023");
    await addFee(token, "Athletic Pass");
    const ctx = await app.newContext(mode);
    const r = await ctx.request.post("/desktop/session", {
      data: { accessToken: token, desktopKey: DEV_DESKTOP_CLIENT_KEY, cashierToken: token },
      headers: { Origin: app.url },
    });
    expect(r.status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/cart");
    await page.getByText("This register cannot take payments here").first().waitFor();
    expect(await page.getByRole("link", { name: "Take payment at the register" }).count()).toBe(0);
    await page.goto("/cart/in-person");
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await page.getByLabel("Cash").count()).toBe(0);
  });
});

describe.each(MODES)("the register's session ends with the employee's $name", (mode) => {
  it("a sign-out at the register signs the register out; no cash is recorded", async () => {
    const token = await studentApiToken(mode.js ? "100024" : "100025");
    const cartId = await addFee(token, "Athletic Pass");
    const employee = await staffApiToken("instructor");
    const ctx = await desktopContext(mode.js);
    const pushed = await ctx.request.post("/desktop/session", {
      data: { accessToken: token, desktopKey: DEV_DESKTOP_CLIENT_KEY, cashierToken: employee },
      headers: { Origin: app.url },
    });
    expect(pushed.status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/cart/in-person");
    await page.getByRole("heading", { name: "Take Payment" }).waitFor();
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("50");
    // The employee signs out at the register while the page is open.
    const out = await call(api(), "POST", "/v1/identity/sign-out", { token: employee });
    expect(out.status).toBe(204);
    await page.getByRole("button", { name: "Pay $40.00 Now" }).click();
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/signin");
    const cart = await call(api(), "GET", "/v1/cart", { token });
    expect(cart.body).toMatchObject({ id: cartId, status: "OPEN" });
    // And it stays signed out.
    await page.goto("/cart/in-person");
    expect(["/", "/signin"]).toContain(new URL(page.url()).pathname);
    expect(await page.getByLabel("Cash").count()).toBe(0);
  });
});

/**
 * A staff token whose session is live: a role change ends the person's sessions up to the second
 * it was made, so a sign-in within that same second is asked for again.
 */
async function liveStaffToken(username: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const token = await staffApiToken(username);
    const me = await call(api(), "GET", "/v1/identity/me", { token });
    if (me.status === 200 || attempt >= 10) return token;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("the cashier role, set by an administrator", () => {
  it("a staff member without it takes no money at the register until an administrator gives it", async () => {
    const mode = MODES[1];
    const token = await studentApiToken("100026");
    await addFee(token, "Athletic Pass");
    const atRegister = async () => {
      const ctx = await desktopContext(mode.js);
      const r = await ctx.request.post("/desktop/session", {
        data: {
          accessToken: token,
          desktopKey: DEV_DESKTOP_CLIENT_KEY,
          cashierToken: await liveStaffToken("proposer"),
        },
        headers: { Origin: app.url },
      });
      expect(r.status()).toBe(200);
      return ctx.newPage();
    };
    const before = await atRegister();
    await before.goto("/cart");
    await before.getByText("This register cannot take payments here").first().waitFor();
    expect(await before.getByRole("link", { name: "Take payment at the register" }).count()).toBe(
      0,
    );
    const admin = await app.newPage(mode);
    await signInStaff(admin, "admin", { then: "/admin/staff" });
    await admin.getByRole("link", { name: "Manage proposer", exact: true }).click();
    await admin.waitForURL(/\/admin\/staff\/\d+$/);
    const roles = admin
      .locator("form")
      .filter({ has: admin.getByRole("button", { name: "Save roles" }) });
    await roles.getByLabel("Cashier (takes payments at the register)").check();
    await admin.getByRole("button", { name: "Save roles" }).click();
    await admin.getByText("their open sessions have ended").first().waitFor();
    await admin
      .getByText("Roles: Instructor, Fee proposer, Cashier (takes payments at the register)")
      .waitFor();
    const after = await atRegister();
    await after.goto("/cart/in-person");
    await after.getByRole("heading", { name: "Take Payment" }).waitFor();
    expect(await after.getByLabel("Cash").count()).toBe(1);
  });
});
