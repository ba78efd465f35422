// One payment for a household at a cashier's register, in the browser (decision 167):
// the desktop client pushes child A's session with the cashier's token (a fake host answers the
// page's scripts, as in cashier.test.ts), the cashier adds child B by B's ID and birth date, brings
// B's cart into A's with "Pay for all children here", takes one cash payment and reads the receipt
// with both children's lines. The register keeps A on screen: the strip offers no switch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { MODES, seeNotice, startTestApp, type TestApp } from "../support/browser";
import { call } from "../support/api";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// Each caller speaks from its own address, so no sign-in budget of one reaches another.
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;
const api = () => ({ baseUrl: app.url });

async function apiToken(path: "/v1/instructor" | "/v1/student", body: object): Promise<string> {
  const r = await call(api(), "POST", path, { body, headers: { "X-Forwarded-For": address() } });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}
const studentApiToken = (id: string) =>
  apiToken("/v1/student", { studentId: id, dob: "2012-01-15" });

/** Puts a fee into the person's cart through the fees API; returns the cart id. */
async function addFee(token: string, name: string): Promise<number> {
  const fees = await call(api(), "GET", "/v1/fees", { token });
  const list = (Array.isArray(fees.body) ? fees.body : fees.body.fees) as {
    id: number;
    name: string;
  }[];
  const r = await call(api(), "PUT", "/v1/fees/add-to-cart", {
    token,
    body: { feeId: list.find((f) => f.name === name)!.id },
  });
  expect(r.status).toBe(200);
  return (await call(api(), "GET", "/v1/cart", { token })).body.id as number;
}

/** A context whose pages have a fake desktop host that answers every script at once. */
async function registerContext(js: boolean): Promise<BrowserContext> {
  const ctx = await app.newContext({ js });
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": address() });
  if (js) {
    await ctx.addInitScript(() => {
      (window as unknown as { FileMaker: unknown }).FileMaker = {
        PerformScript(name: string, param?: string) {
          if (name === "WebViewer | React Login Ready") return;
          const { requestId } = JSON.parse(param ?? "{}") as { requestId: string };
          setTimeout(
            () => window.fileMakerCallback?.(requestId, { errorCode: 0, message: "", data: null }),
            50,
          );
        },
      };
    });
  }
  return ctx;
}

/**
 * The desktop client pushes the family's session with its key and the token of the employee at
 * the register (setUserSession, or without JavaScript the same post the bridge makes).
 */
async function pushSession(ctx: BrowserContext, js: boolean, token: string): Promise<Page> {
  const page = await ctx.newPage();
  const session = {
    accessToken: token,
    desktopKey: DEV_DESKTOP_CLIENT_KEY,
    cashierToken: await apiToken("/v1/instructor", {
      username: "feeadmin",
      password: "feeadmin-demo",
    }),
  };
  if (js) {
    await page.goto("/");
    await page.waitForFunction(() => typeof window.setUserSession === "function");
    await page.evaluate((s) => window.setUserSession!(s), session).catch(() => true);
    await page.waitForURL((u) => u.pathname !== "/");
  } else {
    const r = await ctx.request.post("/desktop/session", {
      data: session,
      headers: { Origin: app.url },
    });
    expect(r.status()).toBe(200);
  }
  return page;
}

describe.each(MODES)("a household paid at the register ($name)", (mode) => {
  it("adds a child, brings their cart in and takes one cash payment for both", async () => {
    const [a, b] = mode.js ? ["100011", "100012"] : ["100013", "100014"];
    const [nameA, nameB] = mode.js ? ["Isabella", "Mason"] : ["Amara", "Elijah"];
    // Each child's cart was filled at home, each with their own sign-in.
    const tokenA = await studentApiToken(a);
    const cartId = await addFee(tokenA, "Science Lab Goggles");
    await addFee(await studentApiToken(b), "Athletic Pass");

    const ctx = await registerContext(mode.js);
    const page = await pushSession(ctx, mode.js, tokenA);
    const bar = page.getByRole("navigation", { name: "Children in this sign-in" });
    await page.goto("/cart");
    await bar.getByText(`Showing ${nameA}`).waitFor();

    // "Add another child", as at home: B's ID and birth date.
    await bar.getByRole("link", { name: "Add another child" }).click();
    await page.getByRole("heading", { name: "Add Another Child" }).waitFor();
    // No switch at a register: the page says what adding a child is for there.
    await page
      .getByText("brings their cart into this one, to be paid at once.", { exact: false })
      .waitFor();
    await page.getByLabel("Student or Community Member ID Number").fill(b);
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Add Child" }).click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await seeNotice(page, `${nameB} is added to this sign-in.`);
    // The register keeps A on screen, names B, and offers no switch.
    await bar.getByText(`Showing ${nameA}, with ${nameB} in this sign-in`).waitFor();
    expect(await bar.getByRole("button").count()).toBe(0);
    // A switch posted anyway changes nothing: the register's session stays A's.
    const odd = await ctx.request.post("/household/switch", {
      form: { child: `student:${b}`, from: "/programs" },
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    expect(odd.status()).toBe(302);
    expect(odd.headers()["location"]).toBe("/cart");

    // On the cart page: what waits in B's cart, and the one button that brings it here.
    await page.goto("/cart");
    await bar.getByText(`${nameB} has 1 item waiting in their own cart.`).waitFor();
    expect(
      await bar.getByRole("button").evaluateAll((els) => els.map((e) => e.textContent)),
    ).toEqual(["Pay for all children here"]);
    await bar.getByRole("button", { name: "Pay for all children here" }).click();
    await seeNotice(
      page,
      "Everything in your children's carts is now in this one: one payment pays for all of it.",
    );
    expect(new URL(page.url()).pathname).toBe("/cart");
    await page.getByText(`Athletic Pass (for ${nameB})`).first().waitFor();
    await page.getByText("Science Lab Goggles").first().waitFor();

    // One cash payment for both children's lines.
    await page.getByRole("link", { name: "Take payment at the register" }).click();
    await page.getByRole("heading", { name: "Take Payment" }).waitFor();
    await page.getByLabel("Cash").check();
    await page.getByLabel("Tendered", { exact: true }).fill("50");
    await page.getByRole("button", { name: "Pay $48.00 Now" }).click();
    // A household's payment lands on its one receipt (decision 167).
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}`);
    await seeNotice(page, "Cash payment recorded. Tendered $50.00, change $2.00.");

    // The receipt: both children's lines, paid once, with what was tendered.
    const main = page.getByRole("main");
    await main.getByText("Science Lab Goggles").first().waitFor();
    await main.getByText(`Athletic Pass (for ${nameB})`).first().waitFor();
    await main.getByText("$50.00").first().waitFor();
    const paid = await call(api(), "GET", `/v1/payment/in-person/${cartId}`, { token: tokenA });
    expect(paid.body.payment).toMatchObject({ paymentMethod: "cash", amount: 48, change: 2 });
    await ctx.close();
  });
});
