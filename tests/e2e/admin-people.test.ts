// The administration's people pages in a browser, with and without JavaScript (decision 122):
// an administrator finds a student by ID and by name, sets reduced financial aid (the student
// then pays the reduced price), unlocks the student's locked sign-in (the student signs in
// again), edits a staff member's roles (a refused post keeps what was ticked; their own
// administrator role cannot go), and reads all of it in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  MODES,
  seeNotice,
  signInFamily,
  signInStaff,
  startTestApp,
  type TestApp,
} from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * A family sign-in with a wrong birth date, answered with this text. The date is a typo of the
 * right one, so it counts on the student only, not on the test's one address (decision 136).
 */
async function failFamilySignIn(page: Page, studentId: string, answer: string) {
  await page.goto("/signin");
  await page.getByLabel("Student or Community Member ID Number").fill(studentId);
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/16/2012");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText(answer).first().waitFor();
}

describe.each(MODES)("people $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  // Each mode its own student and staff member.
  const studentId = mode.js ? "100011" : "100012";
  const staffName = mode.js ? "instructor" : "feeadmin";

  it("finds a student, sets reduced aid, and the student pays the reduced price", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin" });
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "People" })
      .click();
    await page.waitForURL("**/admin/people");

    // A search too long is refused beside its field; what was typed stays.
    const search = page.getByRole("search");
    await search.getByLabel("ID or name").fill("x".repeat(101));
    await search.getByRole("button", { name: "Search" }).click();
    await page.getByText("Use at most 100 characters.").waitFor();
    expect(await search.getByLabel("ID or name").inputValue()).toBe("x".repeat(101));

    await search.getByLabel("ID or name").fill(studentId);
    await search.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(new RegExp(`q=${studentId}`));
    await page.getByText("1 found", { exact: true }).waitFor();
    const link = page.getByRole("link", { name: /^Open / });
    expect(await link.count()).toBe(1);
    const name = (await link.getAttribute("aria-label"))!.replace(/^Open /, "");

    // By name too: the first name's start, in lower case.
    await search.getByLabel("ID or name").fill(name.split(" ")[0]!.slice(0, 3).toLowerCase());
    await search.getByRole("button", { name: "Search" }).click();
    await page
      .getByRole("link", { name: `Open ${name}` })
      .first()
      .waitFor();

    await page.goto(`/admin/people?q=${studentId}`);
    await page.getByRole("link", { name: `Open ${name}` }).click();
    await page.waitForURL(`**/admin/people/${studentId}`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Assessed fees" }).waitFor();
    expect(await page.getByLabel("None").isChecked()).toBe(true);

    await page.getByLabel("Reduced").check();
    await page.getByRole("button", { name: "Save financial aid" }).click();
    await seeNotice(page, "Financial aid is saved.");
    expect(await page.getByLabel("Reduced").isChecked()).toBe(true);

    // The student now sees the reduced price of the Athletic Pass ($40.00, reduced $15.00).
    const family = await app.newPage(mode);
    await signInFamily(family, studentId, { then: "/fees?tab=optional" });
    const pass = family.getByRole("article", { name: "Athletic Pass" });
    await pass.waitFor();
    expect(await pass.textContent()).toContain("$15.00");
  });

  it("unlocks a locked sign-in; the student signs in again", async () => {
    const family = await app.newPage(mode);
    for (let i = 0; i < 5; i++) {
      await failFamilySignIn(family, studentId, "Invalid Student ID or Birth Date.");
    }
    await failFamilySignIn(family, studentId, "Too many sign-in attempts.");

    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: `/admin/people/${studentId}` });
    await page.getByText(/Locked until .* after 5 failed attempts\./).waitFor();
    await page.getByRole("button", { name: "Unlock sign-in" }).click();
    await seeNotice(page, "The sign-in is unlocked.");
    await page.getByText("Not locked.").waitFor();
    expect(await page.getByRole("button", { name: "Unlock sign-in" }).count()).toBe(0);

    await signInFamily(family, studentId);
    expect(new URL(family.url()).pathname).not.toBe("/signin");
  });

  it("edits a staff member's roles; a refused post keeps the ticks; not one's own", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/staff" });
    await page.getByRole("link", { name: `Manage ${staffName}`, exact: true }).click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    const roles = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save roles" }) });

    // No role at all is refused, beside the field.
    const ROLE_LABELS = [
      "Instructor",
      "Fee administrator",
      "Fee proposer",
      "Cashier (takes payments at the register)",
      "District administrator",
    ];
    for (const label of ROLE_LABELS) await roles.getByLabel(label, { exact: true }).uncheck();
    await page.getByRole("button", { name: "Save roles" }).click();
    await page.getByText("Choose at least one role.").waitFor();

    await roles.getByLabel("Instructor").check();
    await roles.getByLabel("Fee proposer").check();
    await page.getByRole("button", { name: "Save roles" }).click();
    await seeNotice(page, "their open sessions have ended");
    expect(await roles.getByLabel("Instructor").isChecked()).toBe(true);
    expect(await roles.getByLabel("Fee proposer").isChecked()).toBe(true);
    expect(await roles.getByLabel("Fee administrator").isChecked()).toBe(false);
    await page.getByText("Roles: Instructor, Fee proposer").waitFor();

    // One's own administrator role cannot go.
    await page.goto("/admin/staff");
    await page.getByRole("link", { name: "Manage admin", exact: true }).click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await roles.getByLabel("District administrator").uncheck();
    await roles.getByLabel("Instructor").check();
    await page.getByRole("button", { name: "Save roles" }).click();
    await page.getByText("You cannot remove your own administrator role.").waitFor();
    // What was ticked stays.
    expect(await roles.getByLabel("Instructor").isChecked()).toBe(true);
    await page.goto("/admin/people");
    expect(new URL(page.url()).pathname).toBe("/admin/people");
  });

  it(`reads these changes in the audit trail (${tag})`, async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/audit" });
    await page.getByLabel("What").selectOption("participant");
    await page.getByRole("button", { name: "Apply filter" }).click();
    await page.waitForURL(/entity=participant/);
    const rows = page.locator("table tbody tr");
    await rows.first().waitFor();
    const text = (await rows.allTextContents()).join("\n");
    expect(text).toContain(`participant.financial-aid`);
    expect(text).toContain(`participant ${studentId}`);
    expect(text).toContain(`participant.unlock`);
    expect(text).toContain(`"reduced"`);

    await page.goto("/admin/audit?action=staff.roles");
    const roles = (await rows.allTextContents()).join("\n");
    expect(roles).toContain("staff.roles");
    expect(roles).toContain("fee_proposer");
  });
});
