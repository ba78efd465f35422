// The payment-complete pages: "Payment Complete" only for a payment that
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

/**
 * Lets React finish what the page's timers set off: its scheduler runs its work (a render, then
 * the effects, such as a navigation) in message tasks, which the browser's fake clock does not
 * hold; a few message round trips after them, that work is done.
 */
async function settleReact(page: Page) {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** What the test sets on a page to see whether it stays: a mark, and the Navigation API's event. */
interface PageMarks {
  stayed: boolean;
  leaving: boolean;
  navigation: EventTarget;
}

/**
 * Marks the page and starts listening: any navigation away (the router's or the document's)
 * fires the Navigation API's event as it is asked for, and a new document would lose the mark.
 */
function watchForLeaving(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as PageMarks;
    w.stayed = true;
    w.leaving = false;
    w.navigation.addEventListener("navigate", () => (w.leaving = true));
  });
}

/** The marks of `watchForLeaving`: `{ stayed: true, leaving: false }` when the page stayed. */
function leftOrStayed(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as Partial<PageMarks>;
    return { stayed: w.stayed, leaving: w.leaving };
  });
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
  fee: string | { name: string; quantity: number }[],
  completePath: "/payment-complete" | "/instructor/payment-complete",
  partialAmount?: number,
): Promise<string> {
  const fees = await call(api(), "GET", "/v1/fees", { token: bearer });
  for (const item of typeof fee === "string" ? [{ name: fee, quantity: 1 }] : fee) {
    const found = (
      fees.body as {
        id: number;
        name: string;
        courseQuestions: { id: number; answerList: string[] }[];
      }[]
    ).find((f) => f.name === item.name)!;
    const added = await call(api(), "PUT", "/v1/fees/add-to-cart", {
      token: bearer,
      body: {
        feeId: found.id,
        ...(item.quantity > 1 ? { quantity: item.quantity } : {}),
        ...(found.courseQuestions.length
          ? {
              courseQuestions: found.courseQuestions.map((q) => ({
                questionID: q.id,
                answer: q.answerList[0] ?? "None",
              })),
            }
          : {}),
      },
    });
    expect(added.status, `${item.name}: ${JSON.stringify(added.body)}`).toBe(200);
  }
  const cart = await call(api(), "GET", "/v1/cart", { token: bearer });
  const session = await call(api(), "POST", "/v1/payment/checkout-session", {
    token: bearer,
    body: {
      cartId: cart.body.id,
      payNowAmount: partialAmount ?? cart.body.total,
      paymentType: partialAmount === undefined ? "full" : "partial",
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
    await signInFamily(page, owner, { then: success.pathname + success.search });
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
    await signInFamily(mine, owner, { then: path });
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

describe.each(MODES)("printing the receipt $name", (mode) => {
  it("Print is a link to the printable receipt, and prints straight away with JavaScript", async () => {
    const owner = mode.js ? "100015" : "100016";
    const returnUrl = await paidReturnUrl(
      await studentToken(owner),
      "Science Lab Goggles",
      "/payment-complete",
    );
    const cartId = new URL(returnUrl, app.url).searchParams.get("cartId");
    const page = await app.newPage(mode);
    await signInFamily(page, owner, { then: `/cart-receipt/${cartId}` });
    await page.getByRole("heading", { name: /^Cart For .+ - / }).waitFor();
    const print = page.getByRole("link", { name: "Print" });
    if (mode.js) {
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await print.click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      expect(new URL(page.url()).search).toBe("");
    } else {
      await print.click();
      await page.waitForURL((u) => u.searchParams.get("print") === "1");
    }
    // The printable page itself: the receipt without the site's navigation.
    await page.goto(`/cart-receipt/${cartId}?print=1`);
    await page.getByRole("heading", { name: /^Cart For .+ - / }).waitFor();
    await page.getByRole("article", { name: "Science Lab Goggles" }).waitFor();
    expect(await page.getByRole("navigation").count()).toBe(0);
    await page.getByRole("link", { name: "Back to the receipt" }).click();
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}` && u.search === "");
    await page.getByRole("navigation").first().waitFor();
  });
});

describe.each(MODES)("what was paid $name (decision 144)", (mode) => {
  it("'Payment Complete' names the amount and what it paid for, links the receipt, and can stay", async () => {
    const owner = mode.js ? "100011" : "100012";
    const returnUrl = await paidReturnUrl(
      await studentToken(owner),
      [{ name: "Science Lab Goggles", quantity: 3 }],
      "/payment-complete",
    );
    const cartId = new URL(returnUrl, app.url).searchParams.get("cartId");
    const page = await app.newPage(mode);
    await signInFamily(page, owner);
    // The countdown is a browser timer: the browser's clock is run past it, not waited for.
    if (mode.js) await page.clock.install();
    await page.goto(returnUrl);
    await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
    await page.getByText("You paid $24.00 for Science Lab Goggles × 3.").waitFor();
    // Stay: the countdown stops (the page's own refresh too, without JavaScript).
    await page.getByRole("link", { name: "Stay on this page" }).click();
    await page.getByRole("link", { name: "Continue now" }).waitFor();
    // The refresh is the browser's own, which no clock runs: the page has none.
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    if (mode.js) {
      // The page's scripts have loaded and run (a click before that is a plain link's load of
      // the page), so a countdown, if one were left, is running when the clock is.
      await page.waitForLoadState("networkidle");
      await watchForLeaving(page);
      await page.clock.runFor(7_000);
      // A countdown that ran out renders and navigates in React's next tasks, which are not timers.
      await settleReact(page);
      expect(await leftOrStayed(page)).toEqual({ stayed: true, leaving: false });
    }
    expect(new URL(page.url()).pathname).toBe("/payment-complete");
    await page.getByRole("link", { name: "View your receipt" }).click();
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}`);
    await page.getByRole("heading", { name: /^Cart For .+ - / }).waitFor();
  });

  it("the receipt's lines are quantity × price and what each got, adding up to the total paid", async () => {
    const owner = mode.js ? "100013" : "100014";
    // Goggles (paid in full first), then the partial lines in name order: the Yearbook takes
    // the rest of $89.00, the Zoo Field Trip gets nothing from this payment.
    const returnUrl = await paidReturnUrl(
      await studentToken(owner),
      [
        { name: "Science Lab Goggles", quantity: 3 },
        { name: "Yearbook", quantity: 1 },
        { name: "Zoo Field Trip", quantity: 1 },
      ],
      "/payment-complete",
      89,
    );
    const cartId = new URL(returnUrl, app.url).searchParams.get("cartId");
    const page = await app.newPage(mode);
    await signInFamily(page, owner, { then: `/cart-receipt/${cartId}` });
    const goggles = page.getByRole("article", { name: "Science Lab Goggles" });
    await goggles.getByText("3 × $8.00 = $24.00").waitFor();
    await goggles.getByText(/^Amount paid: \$24\.00 · Date paid: /).waitFor();
    const yearbook = page.getByRole("article", { name: "Yearbook" });
    await yearbook.getByText(/^Amount paid: \$65\.00 · Date paid: /).waitFor();
    const zoo = page.getByRole("article", { name: "Zoo Field Trip" });
    await zoo.getByText("1 × $18.00 = $18.00").waitFor();
    await zoo
      .getByText("Nothing was paid toward this item in this payment; $18.00 is left to pay.")
      .waitFor();
    expect(await zoo.getByText(/Date paid/).count()).toBe(0);
    await page.getByText("Total Paid: $89.00").waitFor();
  });
});
