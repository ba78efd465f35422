// A keyboard-only walk (decision 095), with JavaScript and without: sign in, register for a paid
// course, put it in the cart from the payment dialog and check the cart out by mailed check, then
// add a fee to the cart, using only page.keyboard (Tab, Enter, Space, arrows). Mailed check is not
// offered for carts holding fees (domain/rules/checkout.ts), so the fee comes after the checkout.
// Dialogs (URL states, PageDialog) take the focus when they open and give it back to the link that
// opened them when they close, in both modes (decision 095); a failed post in a dialog puts the
// focus on the first error instead.
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

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (from wherever focus is) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 250) {
  await target.first().waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target.first())) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Whether the focus is in a dialog (on the dialog itself or on a control in it). */
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[role=dialog]") != null);

/** Opens `dialog` by pressing Enter on `opener` (reached by Tab), and checks the focus went in. */
async function openByKeyboard(page: Page, opener: Locator, dialog: Locator) {
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  await expect.poll(() => focusInDialog(page)).toBe(true);
}

/** Closes `dialog` with its control `close` (reached by Tab): the focus is back on `opener`. */
async function closeByKeyboard(page: Page, dialog: Locator, close: Locator, opener: Locator) {
  await tabTo(page, close);
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => isFocused(opener)).toBe(true);
}

describe.each(MODES)("keyboard only $name", (mode) => {
  it("signs in, registers, checks out by mailed check and adds a fee", async () => {
    const page = await app.newPage(mode);
    await page.goto("/signin");
    await tabTo(page, page.getByLabel("Student or Community Member ID Number"));
    await page.keyboard.type(mode.js ? "100033" : "100034");
    await tabTo(page, page.getByLabel("Birth Date (MM/DD/YYYY)"));
    await page.keyboard.type("01/15/2012");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));

    if (new URL(page.url()).pathname !== "/programs") {
      await tabTo(page, page.getByRole("link", { name: "REGISTER", exact: true }));
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/programs");
    }
    const band = page.getByRole("article", { name: "Summer Band" });
    await tabTo(page, band.getByRole("button", { name: "Register" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname.startsWith("/payment/"));
    const options = page.getByRole("dialog", { name: "Payment Options" });
    await options.waitFor();
    // The dialog takes focus when it opens (without JavaScript: its autofocus).
    await expect.poll(() => focusInDialog(page)).toBe(true);

    // Into the payment method group, then arrows to "Add to my cart…", and on to the cart.
    const toCart = options.getByLabel("Add to my cart, to pay together with fees");
    await tabTo(page, options.getByRole("radio"));
    for (let i = 0; i < 6 && !(await isFocused(toCart)); i++) {
      await page.keyboard.press("ArrowDown");
    }
    expect(await isFocused(toCart)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => toCart.isChecked()).toBe(true);
    await tabTo(page, options.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/cart");

    // Check out by mailed check: pay in full (when a partial payment is offered too), arrows
    // through the methods, then the pay button.
    const online = page.getByRole("radio", { name: "Online card" });
    await online.waitFor(); // the cart has rendered: its payment type is there or not
    const full = page.getByRole("radio", { name: "Pay in full" });
    if (await full.count()) {
      await tabTo(page, full);
      await page.keyboard.press("Space");
      await expect.poll(() => full.isChecked()).toBe(true);
    }
    const mail = page.getByLabel("Mail a paper check");
    await tabTo(page, online);
    for (let i = 0; i < 4 && !(await isFocused(mail)); i++) await page.keyboard.press("ArrowDown");
    expect(await isFocused(mail)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => mail.isChecked()).toBe(true);
    await tabTo(page, page.getByRole("button", { name: /^Pay \$[\d,.]+ Now$/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/my-registrations");
    await page.getByText("Please mail your check", { exact: false }).first().waitFor();

    await tabTo(page, page.getByRole("link", { name: "FEES", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/fees");
    await tabTo(page, page.getByRole("link", { name: "Optional Fees" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("tab") === "optional");
    const yearbook = page.getByRole("article", { name: "Yearbook" });
    await tabTo(page, yearbook.getByRole("button", { name: "Add to Cart" }));
    await page.keyboard.press("Enter");
    await yearbook.getByRole("button", { name: "Added" }).waitFor();
    await expect(page.getByRole("link", { name: /1 items? in cart/ }).count()).resolves.toBe(1);
  });
});

describe.each(MODES)("dialog focus $name", (mode) => {
  it("goes into a dialog when it opens and back to the link that opened it when it closes", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fee-proposals?status=all" });
    const history = page.getByRole("link", { name: /^Status History / }).first();
    const historyDialog = page.getByRole("dialog", { name: /^Status History: / });
    await openByKeyboard(page, history, historyDialog);
    await closeByKeyboard(
      page,
      historyDialog,
      historyDialog.getByRole("link", { name: "Close" }),
      history,
    );

    // The fee request form, a child route drawn over /instructor/fees.
    await page.goto("/instructor/fees");
    const add = page.getByRole("link", { name: "Add Request" });
    const form = page.getByRole("dialog", { name: "Fee Request" });
    await openByKeyboard(page, add, form);
    await closeByKeyboard(page, form, form.getByRole("link", { name: "Close" }), add);
  });

  it("a dialog loaded by its address has the focus; a family's fee dialog too", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fees/new" });
    await page.getByRole("dialog", { name: "Fee Request" }).waitFor();
    await expect.poll(() => focusInDialog(page)).toBe(true);

    const family = await app.newPage(mode);
    await signInFamily(family, "100031", { then: "/fees?tab=optional" });
    const more = family
      .getByRole("article", { name: "Athletic Pass" })
      .getByRole("link", { name: "View More..." });
    await tabTo(family, more);
    await family.keyboard.press("Enter");
    await family.getByRole("dialog", { name: "Athletic Pass" }).waitFor();
    await expect.poll(() => focusInDialog(family)).toBe(true);
  });

  it("a family's dialogs give the focus back to what opened them; a failed answer focuses its first error", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100035" : "100036", { then: "/programs" });
    const art = page.getByRole("article", { name: "Art Studio" });

    // Details, closed with its close button.
    const details = art.getByRole("link", { name: /^Details/ });
    const detail = page.getByRole("dialog", { name: /Art Studio/ });
    await details.focus();
    await openByKeyboard(page, details, detail);
    await closeByKeyboard(page, detail, detail.getByRole("link", { name: "Close" }), details);

    // Course questions: an empty submit focuses the first unanswered question (a choice), and
    // Cancel gives the focus back to the card's Register.
    const register = art.getByRole("link", { name: "Register" });
    const questions = page.getByRole("dialog", { name: "Course Questions" });
    await register.focus();
    await openByKeyboard(page, register, questions);
    await tabTo(page, questions.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await questions.getByRole("alert").first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el ? `${el.type} ${el.getAttribute("aria-invalid")}` : "";
        }),
      )
      .toBe("radio true");
    await closeByKeyboard(
      page,
      questions,
      questions.getByRole("link", { name: "Cancel" }),
      register,
    );

    // The health survey: an empty submit focuses the choice; Cancel goes back to the gate's link.
    await page.goto("/programs");
    await page.getByRole("link", { name: "Summer Athletics 2027" }).click();
    const gate = page.getByRole("link", { name: "Take the Health Survey" });
    const survey = page.getByRole("dialog", { name: "Health Survey" });
    await gate.focus();
    await openByKeyboard(page, gate, survey);
    await tabTo(page, survey.getByRole("button", { name: "Submit Survey" }));
    await page.keyboard.press("Enter");
    const yes = survey.getByLabel("Yes");
    await expect.poll(() => yes.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => isFocused(yes)).toBe(true);
    await closeByKeyboard(page, survey, survey.getByRole("link", { name: "Cancel" }), gate);

    // A fee's "View More..." dialog.
    await page.goto("/fees?tab=optional");
    const more = page
      .getByRole("article", { name: "Athletic Pass" })
      .getByRole("link", { name: "View More..." });
    const fee = page.getByRole("dialog", { name: "Athletic Pass" });
    await more.focus();
    await openByKeyboard(page, more, fee);
    await closeByKeyboard(page, fee, fee.getByRole("link", { name: "Close" }).last(), more);

    // Signed out: the Recover ID dialog goes back to its "Forgot" link.
    const out = await app.newPage(mode);
    await out.goto("/signin");
    const forgot = out.getByRole("link", { name: "Forgot Student ID Number" });
    const recover = out.getByRole("dialog", { name: "Student ID" });
    await forgot.focus();
    await openByKeyboard(out, forgot, recover);
    await closeByKeyboard(out, recover, recover.getByRole("link", { name: "Cancel" }), forgot);
  });

  it("a failed submit in a dialog puts the focus on the first error, not on the dialog", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fees/new" });
    const form = page.getByRole("dialog", { name: "Fee Request" });
    // Straight to the button: with JavaScript, tabbing through the fields validates them on blur
    // and disables the button until they are fixed.
    await form.getByRole("button", { name: "Submit Request" }).focus();
    await page.keyboard.press("Enter");
    const name = form.getByLabel("Fee Name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => isFocused(name)).toBe(true);

    const admin = await app.newPage(mode);
    await signInStaff(admin, "feeadmin", { then: "/instructor/fee-proposals" });
    await admin
      .getByRole("link", { name: /^Review / })
      .first()
      .click();
    const review = admin.getByRole("dialog", { name: /^Review: / });
    await tabTo(admin, review.getByRole("button", { name: "Deny" }));
    await admin.keyboard.press("Enter");
    const notes = review.getByLabel("Notes");
    await expect.poll(() => notes.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => isFocused(notes)).toBe(true);
    const describedBy = (await notes.getAttribute("aria-describedby")) ?? "";
    await expect(
      admin.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent(),
    ).resolves.toContain("Notes are required when denying a request.");
  });
});
