// 200 % zoom (decision 095, WCAG 1.4.4 and 1.4.10): a 1280 × 900 window zoomed to 200 % lays pages
// out in a 640 × 450 CSS-pixel viewport at two device pixels per CSS pixel. That is what this
// test gives Chromium (not `document.body.style.zoom`, which scales the page without changing the
// viewport the layout sees). Every family page and the staff pages, with JavaScript and without:
// no sideways scrolling, and the main heading and the primary button are on screen, uncovered,
// once scrolled to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MODES, signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ZOOMED = { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 } as const;

async function zoomedPage(js: boolean): Promise<Page> {
  const ctx = await app.newContext({ js }, ZOOMED);
  return ctx.newPage();
}

/** A link or a button by its accessible name (Mantine buttons are often links). */
const action = (scope: Page | Locator, name: string | RegExp) =>
  scope
    .getByRole("button", { name, exact: typeof name === "string" })
    .or(scope.getByRole("link", { name, exact: typeof name === "string" }))
    .first();

/** On screen once scrolled to: inside the viewport's width and not covered by anything else. */
async function onScreen(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.left < 0 || box.right > document.documentElement.clientWidth + 0.5) return false;
    const x = box.left + Math.min(box.width / 2, 8);
    const y = box.top + Math.min(box.height / 2, 8);
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

interface Check {
  path: string;
  /** The page's main heading; a dialog page's is the dialog's heading. */
  heading: string | RegExp;
  /** The primary button (or button-like link); none on a page that only informs. */
  primary?: string | RegExp;
  dialog?: boolean;
}

async function expectFits(page: Page, check: Check) {
  await page.goto(check.path);
  const scope = check.dialog ? page.getByRole("dialog") : page.getByRole("main");
  const level = check.dialog ? 2 : 1;
  const heading = scope.getByRole("heading", { level, name: check.heading }).first();
  const result = {
    path: check.path,
    sideways: await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
    heading: await onScreen(heading),
    primary: check.primary ? await onScreen(action(scope, check.primary)) : true,
  };
  expect(result).toEqual({ path: check.path, sideways: 0, heading: true, primary: true });
}

const SIGNED_OUT: Check[] = [
  { path: "/", heading: "Welcome! Who are you?", primary: "Current student or parent" },
  { path: "/signin", heading: "Student / Community Member Login", primary: "Login" },
  {
    path: "/register-community-member",
    heading: "Create Community Member Account",
    primary: "Create Account",
  },
  { path: "/register-guest", heading: "Guest Login", primary: "Continue" },
  { path: "/instructor/sign-in", heading: "Instructor / Faculty Login", primary: "Login" },
];

const STUDENT: Check[] = [
  { path: "/programs", heading: "List of Activities You Are Eligible For", primary: "Register" },
  { path: "/my-registrations", heading: "My Registrations", primary: "Show Activities" },
  { path: "/fees", heading: "Fees", primary: "Add All Fees to Cart" },
  { path: "/fees?tab=optional", heading: "Fees", primary: "Add to Cart" },
  { path: "/fees?tab=optional&more=1", heading: "Athletic Pass", primary: "Close", dialog: true },
  { path: "/cart", heading: "Cart", primary: /^(Pay .* Now|Proceed to Checkout|Submit Order)$/i },
  { path: "/instructions", heading: "Instructions" },
];

const PROPOSER: Check[] = [
  { path: "/instructor/", heading: "My Activities", primary: "View Activities" },
  { path: "/instructor/buy-fees", heading: "Buy Fees", primary: "Add to Cart" },
  { path: "/instructor/cart", heading: "Cart" },
  { path: "/instructor/fees", heading: "My Fee Requests", primary: "Add Request" },
  { path: "/instructor/fee-proposals", heading: "Fee Requests", primary: "Add Request" },
  { path: "/instructor/fees/new", heading: "Fee Request", primary: "Submit Request", dialog: true },
];

describe.each(MODES)("200 % zoom (640 px CSS viewport) $name", (mode) => {
  it("the signed-out pages", async () => {
    const page = await zoomedPage(mode.js);
    for (const check of SIGNED_OUT) await expectFits(page, check);
  });

  it("a student's pages, a fee dialog and a cart holding a fee", async () => {
    const page = await zoomedPage(mode.js);
    await signInFamily(page, mode.js ? "100023" : "100024", { then: "/fees?tab=optional" });
    const yearbook = page.getByRole("article", { name: "Yearbook" });
    await yearbook.getByRole("button", { name: "Add to Cart" }).click();
    await yearbook.getByRole("button", { name: "Added" }).waitFor();
    for (const check of STUDENT) await expectFits(page, check);
  });

  it("a community member's profile", async () => {
    const page = await zoomedPage(mode.js);
    await signInFamily(page, "200001", { dob: "03/02/1980" });
    await expectFits(page, {
      path: "/edit-profile",
      heading: "My Profile",
      primary: "Save Profile",
    });
  });

  it("the staff pages", async () => {
    const page = await zoomedPage(mode.js);
    await signInStaff(page, "proposer");
    for (const check of PROPOSER) await expectFits(page, check);
    const admin = await zoomedPage(mode.js);
    await signInStaff(admin, "feeadmin");
    await expectFits(admin, { path: "/instructor/fee-proposals", heading: "Fee Requests" });
    await admin.goto("/instructor/fee-proposals");
    const review = await admin
      .getByRole("link", { name: /^Review / })
      .first()
      .getAttribute("href");
    await expectFits(admin, {
      path: review ?? "",
      heading: /^Review: /,
      primary: "Approve",
      dialog: true,
    });
  });
});
