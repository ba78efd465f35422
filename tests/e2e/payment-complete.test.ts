// The payment-complete pages (issue 15, finding 9): "Payment Complete" only for a payment that
// exists for the signed-in person; invented query values or someone else's payment get the error;
// an employee goes on to /instructor/fees, a family to /programs (decision 102).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MODES, signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";
import { call } from "../support/api";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let nextAddress = 1;
const api = () => ({ baseUrl: app.url });
const from = () => ({ "X-Forwarded-For": `198.51.100.${nextAddress++}` });

async function token(path: "/v1/student" | "/v1/instructor", body: object): Promise<string> {
  const r = await call(api(), "POST", path, { body, headers: from() });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}
const studentToken = (id: string) => token("/v1/student", { studentId: id, dob: "2012-01-15" });
const staffToken = (username: string) =>
  token("/v1/instructor", { username, password: `${username}-demo` });

/**
 * Pays a fee through the hosted checkout (the simulator's page, over the API) and returns the
 * return address the provider sends the person to, relative to the app.
 */
async function paidReturnUrl(
  bearer: string,
  fee: string,
  completePath: "/payment-complete" | "/instructor/payment-complete",
): Promise<string> {
  const fees = await call(api(), "GET", "/v1/fees", { token: bearer });
  const feeId = (fees.body as { id: number; name: string }[]).find((f) => f.name === fee)!.id;
  expect(
    (await call(api(), "PUT", "/v1/fees/add-to-cart", { token: bearer, body: { feeId } })).status,
  ).toBe(200);
  const cart = await call(api(), "GET", "/v1/cart", { token: bearer });
  const session = await call(api(), "POST", "/v1/payment/checkout-session", {
    token: bearer,
    body: {
      cartId: cart.body.id,
      payNowAmount: cart.body.total,
      paymentType: "full",
      returnBase: app.url,
      cancelPath: "/cart",
      completePath,
    },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const id = (session.body.url as string).split("/").pop()!;
  const paid = await call(api(), "POST", `/v1/payment/simulator/checkout/${id}/pay`, {
    token: bearer,
    body: { cardNumber: "4242424242424242" },
  });
  expect(paid.status).toBe(200);
  const url = new URL(paid.body.redirectUrl as string, app.url);
  expect(url.searchParams.get("payment_intent")).toMatch(/^pay_\d+$/);
  return url.pathname + url.search;
}

async function refused(page: Page, path: string) {
  await page.goto(path);
  await page.getByText("There has been an error processing your request.").waitFor();
  expect(await page.getByRole("heading", { name: "Payment Complete" }).count()).toBe(0);
}

describe.each(MODES)("payment complete $name", (mode) => {
  it("confirms the person's own payment and goes on to the fees bought; invented or foreign values are refused", async () => {
    const [owner, other] = mode.js ? ["100001", "100002"] : ["100003", "100004"];
    const returnUrl = await paidReturnUrl(
      await studentToken(owner),
      "Science Lab Goggles",
      "/payment-complete",
    );
    const cartId = new URL(returnUrl, app.url).searchParams.get("cartId");

    const stranger = await app.newPage(mode);
    await signInFamily(stranger, other);
    // Someone else's real payment, and values nobody paid.
    await refused(stranger, returnUrl);
    for (const q of [
      "cartId=1&payNowAmount=40&payment_intent=pay_999999",
      `cartId=${cartId}`,
      "cartId=999999",
      "courseSectionId=00000000-0000-4000-8000-000000000000&setup_intent=seti_invented",
      "payment_intent=pi_3Nfake&payment_intent_client_secret=pi_3Nfake_secret_x",
      "",
    ]) {
      await refused(stranger, `/payment-complete?${q}`);
    }
    // The owner, but with the query naming another cart than the payment's.
    const page = await app.newPage(mode);
    await signInFamily(page, owner);
    await refused(page, returnUrl.replace(`cartId=${cartId}`, `cartId=${Number(cartId) + 1000}`));

    await page.goto(returnUrl);
    await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
    // A cart with fees goes where the in-page checkout sends it (spec 02 §4).
    await page.waitForURL((u) => u.pathname === "/fees", { timeout: 15_000 });
  });

  it("an employee who paid online goes on to /instructor/fees, not to the student login", async () => {
    const user = mode.js ? "instructor" : "instructor2";
    const returnUrl = await paidReturnUrl(
      await staffToken(user),
      "Staff Appreciation Lunch",
      "/instructor/payment-complete",
    );
    const page = await app.newPage(mode);
    await signInStaff(page, user);
    await refused(page, "/instructor/payment-complete?cartId=1&payment_intent=pay_999999");
    await page.getByRole("link", { name: "Click here to return to Registration" }).click();
    await page.waitForURL((u) => u.pathname === "/instructor/fees");

    await page.goto(returnUrl);
    await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
    await page.waitForURL((u) => u.pathname === "/instructor/fees", { timeout: 15_000 });
    await page.getByRole("heading", { name: "My Fee Requests" }).waitFor();
  });
});

describe.each(MODES)("an unpaid hosted checkout $name", (mode) => {
  it("is not 'Payment Complete' when its return address is opened without paying", async () => {
    const owner = mode.js ? "100009" : "100010";
    const bearer = await studentToken(owner);
    const fees = await call(api(), "GET", "/v1/fees", { token: bearer });
    const feeId = (fees.body as { id: number; name: string }[]).find(
      (f) => f.name === "Science Lab Goggles",
    )!.id;
    await call(api(), "PUT", "/v1/fees/add-to-cart", { token: bearer, body: { feeId } });
    const cart = await call(api(), "GET", "/v1/cart", { token: bearer });
    const session = await call(api(), "POST", "/v1/payment/checkout-session", {
      token: bearer,
      body: {
        cartId: cart.body.id,
        payNowAmount: cart.body.total,
        paymentType: "full",
        returnBase: app.url,
        cancelPath: "/cart",
        completePath: "/payment-complete",
      },
    });
    const id = (session.body.url as string).split("/").pop()!;
    const hosted = await call(api(), "GET", `/v1/payment/simulator/checkout/${id}`, {
      token: bearer,
    });
    const success = new URL(hosted.body.successUrl as string, app.url);
    const page = await app.newPage(mode);
    await signInFamily(page, owner);
    await page.goto(success.pathname + success.search);
    await page.getByRole("heading", { name: "Payment Processing" }).waitFor();
    expect(await page.getByRole("heading", { name: "Payment Complete" }).count()).toBe(0);
  });
});

describe.each(MODES)("receipt page $name", (mode) => {
  it("only the owner reads /cart-receipt/{id}; another family and staff get the error", async () => {
    const [owner, other] = mode.js ? ["100005", "100006"] : ["100007", "100008"];
    const returnUrl = await paidReturnUrl(
      await studentToken(owner),
      "Science Lab Goggles",
      "/payment-complete",
    );
    const cartId = new URL(returnUrl, app.url).searchParams.get("cartId");
    const path = `/cart-receipt/${cartId}`;

    const mine = await app.newPage(mode);
    await signInFamily(mine, owner);
    await mine.goto(path);
    await mine.getByRole("heading", { name: /^Cart For .+ - / }).waitFor();

    const family = await app.newPage(mode);
    await signInFamily(family, other);
    const employee = await app.newPage(mode);
    await signInStaff(employee, mode.js ? "feeadmin" : "proposer");
    for (const page of [family, employee]) {
      await page.goto(path);
      await page.getByText("There was an error loading the cart").waitFor();
      expect(await page.getByRole("heading", { name: /^Cart For/ }).count()).toBe(0);
    }
  });
});
