// Accessibility of every page not already checked by an area's own axe test (decision 095): axe
// finds no serious or critical violation with JavaScript on and off, signed in as each kind of
// user, with dialogs open and forms showing errors; a failed post announces its errors and puts
// focus on the first; the family pages and the staff fee request pages do not scroll sideways at
// 320 px (a wide table scrolls in its own focusable, named region, WCAG 1.4.10).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations } from "../support/a11y";
import {
  MODES,
  signInFamily,
  signInStaff,
  startTestApp,
  type Mode,
  type TestApp,
} from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function expectClean(page: Page, what: string) {
  expect({ what, problems: await seriousViolations(page) }).toEqual({ what, problems: [] });
}

async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expectClean(page, path);
  }
}

/**
 * A page in the given mode. axe runs inside the page, so "without JavaScript" is a browser whose
 * requests for the app's scripts fail: the server-rendered HTML and plain form posts, no
 * hydration — what a browser with JavaScript off gets.
 */
async function pageFor(mode: Mode, viewport?: { width: number; height: number }) {
  const ctx = await app.newContext({ js: true }, { viewport });
  if (!mode.js) await ctx.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
  return ctx.newPage();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

describe.each(MODES)("accessibility $name", (mode) => {
  it("a student's pages, dialogs and the payment dialog", async () => {
    const page = await pageFor(mode);
    await signInFamily(page, mode.js ? "100021" : "100022");
    await visitAll(page, [
      "/programs",
      "/my-registrations",
      "/fees",
      "/fees?tab=optional",
      "/cart",
      "/instructions",
    ]);
    await page.goto("/programs");
    await card(page, "Art Studio").getByRole("link", { name: "Register" }).click();
    await page.getByRole("dialog").waitFor();
    await expectClean(page, "course questions dialog");
    // Submitting the questions unanswered shows the errors, still without violations.
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(page, "course questions with errors");
    await page.goto("/programs");
    await page.getByRole("link", { name: "Summer Athletics 2027" }).click();
    await page.getByRole("link", { name: "Take the Health Survey" }).click();
    await page.getByRole("dialog").waitFor();
    await expectClean(page, "survey dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Submit Survey" }).click();
    await page.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(page, "survey with errors");
    await page.goto("/fees?tab=optional");
    await card(page, "Athletic Pass").getByRole("link", { name: "View More..." }).click();
    await page.getByRole("dialog", { name: "Athletic Pass" }).waitFor();
    await expectClean(page, "fee details dialog");
    await page.goto("/programs");
    await card(page, "Summer Band").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    await page.getByRole("dialog", { name: "Payment Options" }).waitFor();
    await expectClean(page, "payment dialog");
    // Continuing without a payment method shows the dialog's message.
    const payment = page.getByRole("dialog", { name: "Payment Options" });
    await payment.getByRole("button", { name: "Continue" }).click();
    await payment.getByRole("alert").waitFor();
    // Without JavaScript the answer is a new page: the field at fault, the method, takes the
    // focus (autofocus on its first choice; decision 159), its message in the summary above.
    if (!mode.js) {
      await expect
        .poll(() =>
          payment
            .getByRole("radio")
            .first()
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
    }
    await expectClean(page, "payment dialog with an error");
    await page.goto("/fees?tab=optional");
    await card(page, "Yearbook").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Yearbook").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/cart");
    await expectClean(page, "cart with a fee");
  });

  it("a household's pages: adding a child (with its errors) and every child's registrations", async () => {
    const page = await pageFor(mode);
    await signInFamily(page, mode.js ? "100025" : "100026");
    // Something in this child's cart: the next child's cart page offers to bring it in.
    await page.goto("/fees?tab=optional");
    await card(page, "Yearbook").getByRole("button", { name: "Add to Cart" }).click();
    await card(page, "Yearbook").getByRole("button", { name: "Added" }).waitFor();
    await page.goto("/household/add");
    await expectClean(page, "add another child");
    await page.getByRole("button", { name: "Add Child" }).click();
    await page.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(page, "add another child with errors");
    await page
      .getByLabel("Student or Community Member ID Number")
      .fill(mode.js ? "100027" : "100028");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Add Child" }).click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await expectClean(page, "programs with the household's strip");
    await page.goto("/cart");
    await page.getByRole("button", { name: "Pay for all children here" }).waitFor();
    await expectClean(page, "an empty cart with another child's cart waiting");
    await page.getByRole("button", { name: "Pay for all children here" }).click();
    await page.getByRole("button", { name: /^Remove Yearbook \(for / }).waitFor();
    await expectClean(page, "a household's cart");
    await visitAll(page, ["/my-registrations?show=all"]);
  });

  it("a community member's profile and programs", async () => {
    const page = await pageFor(mode);
    await signInFamily(page, "200001", { dob: "03/02/1980" });
    // The add page with the account's remembered children (decision 168).
    await visitAll(page, [
      "/edit-profile",
      "/programs",
      "/fees",
      "/my-registrations",
      "/household/add",
    ]);
  });

  it("a guest's form with errors, fees and cart", async () => {
    const page = await pageFor(mode);
    await page.goto("/register-guest");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(page, "guest form with errors");
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill(`ada-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/register-guest"));
    await visitAll(page, ["/fees", "/fees?tab=optional", "/cart"]);
  });

  it("the sign-in and registration forms showing errors, focus on the first error", async () => {
    const page = await pageFor(mode);
    await page.goto("/signin");
    await page.getByRole("button", { name: "Login" }).click();
    const id = page.getByLabel("Student or Community Member ID Number");
    await expect.poll(() => id.getAttribute("aria-invalid")).toBe("true");
    // The error is tied to the field, so a screen reader reads it with the label.
    const describedBy = (await id.getAttribute("aria-describedby")) ?? "";
    expect(describedBy).not.toBe("");
    await expect(
      page
        .locator(
          `[id="${describedBy.split(" ").find((x) => x.includes("error")) ?? describedBy.split(" ")[0]}"]`,
        )
        .textContent(),
    ).resolves.not.toBe("");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("studentId");
    await expectClean(page, "/signin with errors");

    await page.goto("/register-community-member");
    await expectClean(page, "/register-community-member");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(page, "/register-community-member with errors");
  });

  it("the staff pages of each role", async () => {
    const fa = await pageFor(mode);
    await signInStaff(fa, "feeadmin");
    await visitAll(fa, [
      "/instructor/",
      "/instructor/buy-fees",
      "/instructor/cart",
      "/instructor/fees",
    ]);
    const pr = await pageFor(mode);
    await signInStaff(pr, "proposer");
    await visitAll(pr, [
      "/instructor/fees",
      "/instructor/fee-proposals",
      "/instructor/fee-proposals?status=all&history=1",
      "/instructor/fees/new",
    ]);
    // The fee request form showing its errors.
    await pr.getByRole("dialog").getByRole("button", { name: "Submit Request" }).click();
    await pr.locator("[aria-invalid='true']").first().waitFor();
    await expectClean(pr, "/instructor/fees/new with errors");
    // The review dialog, and its Notes field showing "required".
    await fa.goto("/instructor/fee-proposals");
    await fa
      .getByRole("link", { name: /^Review / })
      .first()
      .click();
    const review = fa.getByRole("dialog", { name: /^Review: / });
    await review.waitFor();
    await expectClean(fa, "review dialog");
    await review.getByRole("button", { name: "Deny" }).click();
    await review.locator("[aria-invalid='true']").waitFor();
    await expectClean(fa, "review dialog with errors");
    const ins = await pageFor(mode);
    await signInStaff(ins, "instructor2");
    await visitAll(ins, ["/instructor/", "/instructions"]);
    // Eleven axe runs on full staff pages: on two busy cores this takes over 90 s.
  }, 180_000);

  it("the family pages fit 320 px without sideways scrolling", async () => {
    const page = await pageFor(mode, { width: 320, height: 640 });
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    for (const path of ["/", "/signin", "/register-community-member"]) {
      await page.goto(path);
      expect({ path, overflow: await sideways() }).toEqual({ path, overflow: 0 });
    }
    await signInFamily(page, "100023");
    for (const path of ["/programs", "/fees", "/fees?tab=optional", "/cart", "/my-registrations"]) {
      await page.goto(path);
      expect({ path, overflow: await sideways() }).toEqual({ path, overflow: 0 });
    }
  });

  it("the staff fee request pages fit 320 px; their tables scroll in a named region", async () => {
    const page = await pageFor(mode, { width: 320, height: 640 });
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await signInStaff(page, "proposer");
    for (const path of [
      "/instructor/fees",
      "/instructor/fees?tab=approved",
      "/instructor/fee-proposals",
      "/instructor/fee-proposals?status=all&history=1",
      "/instructor/fees/new",
    ]) {
      await page.goto(path);
      expect({ path, overflow: await sideways() }).toEqual({ path, overflow: 0 });
    }
    // The table scrolls inside its region, which the keyboard can reach and scroll.
    await page.goto("/instructor/fee-proposals");
    const region = page.getByRole("region", { name: "Fee Requests" });
    await expect(region.getAttribute("tabindex")).resolves.toBe("0");
    await expect(
      region.evaluate(
        (el) => el.scrollWidth > el.clientWidth && el.contains(el.querySelector("table")),
      ),
    ).resolves.toBe(true);
    const admin = await pageFor(mode, { width: 320, height: 640 });
    await signInStaff(admin, "feeadmin", { then: "/instructor/fee-proposals" });
    await admin
      .getByRole("link", { name: /^Review / })
      .first()
      .click();
    await admin.getByRole("dialog", { name: /^Review: / }).waitFor();
    const overflow = await admin.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect({ path: "review dialog", overflow }).toEqual({ path: "review dialog", overflow: 0 });
  });
});

describe("the accessibility check itself", () => {
  it("finds a serious problem when a page has one", async () => {
    const page = await pageFor({ name: "with JavaScript", js: true });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.evaluate(() => {
      const main = document.querySelector("main") ?? document.body;
      main.insertAdjacentHTML("beforeend", '<button type="button"></button><img src="/x.png">');
    });
    const found = (await seriousViolations(page)).map((p) => p.id);
    expect(found).toEqual(expect.arrayContaining(["button-name", "image-alt"]));
  });
});
