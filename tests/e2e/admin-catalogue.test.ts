// Programs and sections administered in a browser, with and without JavaScript (decision 120): an
// administrator creates two courses, a program with two sections and a question (an impossible
// date is refused and what was typed is kept); a student registers in the one-seat section and
// another joins its waiting list; the administrator raises the capacity and the first waiting
// family is offered the seat; copies the program to a new term; cancels the first section after
// asking, and its families are told; and reads it all in the audit trail.
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

const card = (page: Page, name: string) => page.getByRole("article", { name });

async function createCourse(page: Page, number: string, name: string) {
  await page.goto("/admin/programs/courses");
  await page.getByLabel("Subject").fill("POT");
  await page.getByLabel("Course number").fill(number);
  await page.getByLabel("Course name").fill(name);
  await page.getByRole("button", { name: "Create course" }).click();
  await seeNotice(page, `Course “${name}” created.`);
}

async function fillSection(
  page: Page,
  v: { course: string; number: string; capacity: string; cost: string; day: string; start: string },
) {
  await page.getByRole("combobox", { name: /^Course/ }).selectOption({ label: v.course });
  await page.getByLabel("Section number").fill(v.number);
  const termId = page.getByLabel("Term ID");
  // Explained where it is asked for.
  await page.getByText("The district's short code for the term, e.g. 2027SU").waitFor();
  await termId.fill("2027SU");
  await page.getByLabel("Term name").fill("Summer 2027");
  await page.getByLabel("Capacity").fill(v.capacity);
  await page.getByLabel("Cost ($)").fill(v.cost);
  await page.getByLabel(v.day, { exact: true }).check();
  // Dates and times are typed as they are read: month first, and a 12-hour clock with AM/PM
  // (the browser's own fields, with and without JavaScript).
  await page.getByLabel("Start time").pressSequentially(`${v.start.replace(":", "")}AM`);
  await page.getByLabel("End time").pressSequentially(`${v.start.slice(0, 2)}50AM`);
  await page.getByLabel("Start date").pressSequentially("06072027");
  await page.getByLabel("End date").pressSequentially("06252027");
  expect(await page.getByLabel("Start time").inputValue()).toBe(v.start);
  expect(await page.getByLabel("Start date").inputValue()).toBe("2027-06-07");
}

describe.each(MODES)("programs and sections $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  const program = `Pottery Camp ${tag}`;
  const wheel = `Wheel Throwing ${tag}`;
  const glaze = `Glazing ${tag}`;
  const base = mode.js ? 100010 : 100020;

  it("an administrator builds a program; a raise offers the seat; the copy; the audit trail", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin" });
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Programs" })
      .click();
    await page.waitForURL("**/admin/programs");
    await createCourse(page, `1${tag}`, wheel);
    await createCourse(page, `2${tag}`, glaze);

    await page.goto("/admin/programs");
    await page.getByRole("link", { name: "New program" }).click();
    await page.getByLabel("Name").fill(program);
    // A new program starts closed to families: the administrator opens it when it is ready.
    const open = page.getByRole("checkbox", { name: "Open" });
    expect(await open.isChecked()).toBe(false);
    await open.check();
    await page.getByRole("button", { name: "Create program" }).click();
    await seeNotice(page, `Program “${program}” created.`);
    const programUrl = page.url();

    // Section 1: one seat, paid. An end before the start is refused, naming it; the rest is kept.
    await page.getByRole("link", { name: "New section" }).click();
    await page.waitForURL("**/sections/new");
    await fillSection(page, {
      course: `POT 1${tag} ${wheel}`,
      number: "1",
      capacity: "1",
      cost: "25.00",
      day: "Sat",
      start: mode.js ? "06:00" : "07:00",
    });
    await page.getByLabel("End date").fill("2027-06-01");
    await page.getByRole("button", { name: "Create section" }).click();
    await page.getByText("The end date cannot be before the start date.").waitFor();
    expect(await page.getByLabel("Section number").inputValue()).toBe("1");
    expect(await page.getByLabel("Capacity").inputValue()).toBe("1");
    expect(await page.getByLabel("Start date").inputValue()).toBe("2027-06-07");
    await page.getByLabel("End date").fill("2027-06-25");
    await page.getByRole("button", { name: "Create section" }).click();
    await seeNotice(page, "Section created.");

    // Section 2: free, with a course question.
    await page.getByRole("link", { name: "New section" }).click();
    await page.waitForURL("**/sections/new");
    await fillSection(page, {
      course: `POT 2${tag} ${glaze}`,
      number: "1",
      capacity: "10",
      cost: "0.00",
      day: "Sun",
      start: mode.js ? "06:00" : "07:00",
    });
    await page.getByRole("button", { name: "Add a question" }).click();
    const question = page.getByRole("group", { name: "Question 1" });
    await question.getByRole("textbox", { name: /^Question/ }).fill("Apron size?");
    await question.getByLabel("Response type").selectOption("Value List");
    await question.getByLabel("Answers (comma separated)").fill("Small, Large");
    await page.getByRole("button", { name: "Create section" }).click();
    await seeNotice(page, "Section created.");
    expect(page.url()).toBe(programUrl);

    // A student takes the one seat; another joins the waiting list.
    const first = await app.newPage(mode);
    await signInFamily(first, String(base + 1), { then: "/programs" });
    await card(first, wheel).getByRole("button", { name: "Register" }).click();
    await first.waitForURL((u) => u.pathname.startsWith("/payment/"));
    const second = await app.newPage(mode);
    await signInFamily(second, String(base + 2), { then: "/programs" });
    await card(second, wheel)
      .getByRole("button", { name: "Course Is Full - Click to Add to Waitlist" })
      .click();
    await second.getByText("You have been added to the waitlist").first().waitFor();
    // The question is asked of families.
    await card(second, glaze).getByRole("link", { name: "Register" }).click();
    await second.waitForURL(/\/programs\/questions\//);
    await second.getByText("Apron size?").first().waitFor();

    // Capacity cannot go below the seat taken; raising it offers the seat to the waiting family.
    await page.goto(programUrl);
    await page.getByRole("link", { name: `${wheel} 1` }).click();
    await page.getByLabel("Capacity").fill("0");
    await page.getByRole("button", { name: "Save section" }).click();
    await page.getByText("Capacity cannot be below the 1 seats already taken.").waitFor();
    await page.getByLabel("Capacity").fill("2");
    await page.getByRole("button", { name: "Save section" }).click();
    await seeNotice(page, "Section saved. 1 waiting families were offered a seat.");
    await second.goto("/programs");
    // The offer holds the seat for payment, as a payment window does.
    await card(second, wheel)
      .getByRole("link", { name: "You are registered - Click to add payment" })
      .waitFor();

    // Copy to a new term.
    await page.goto(programUrl);
    await page.getByLabel("New program name").fill(`${program} 2028`);
    await page.getByLabel("New term ID").fill("2028SU");
    await page.getByLabel("New term name").fill("Summer 2028");
    await page.getByLabel("First section starts on").fill("2028-06-05");
    await page.getByRole("button", { name: "Copy program" }).click();
    await seeNotice(page, "Copied 2 sections and 1 questions.");
    await page.getByRole("heading", { name: `Program: ${program} 2028` }).waitFor();
    const rows = page.getByRole("row").filter({ hasText: "Summer 2028" });
    // count() does not wait: on a busy machine the heading can be parsed before the table is.
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await expect(rows.filter({ hasText: wheel }).textContent()).resolves.toContain("0 / 2");

    // Cancelling the original section asks first; then its two families are told.
    await page.goto(programUrl);
    await page.getByRole("link", { name: `${wheel} 1` }).click();
    await page.getByRole("link", { name: "Cancel section" }).click();
    await page.getByRole("heading", { name: "Cancel this section" }).waitFor();
    await page.getByRole("button", { name: "Yes, cancel the section" }).click();
    await seeNotice(page, "Section cancelled; 2 families were told.");
    expect(page.url()).toBe(programUrl);
    await expect(
      page.getByRole("row").filter({ hasText: wheel }).first().textContent(),
    ).resolves.toContain("Cancelled");

    // The audit trail has it all.
    await page.goto("/admin/audit?action=program.copy");
    await page.getByRole("cell", { name: "program.copy" }).first().waitFor();
    await expect(page.getByRole("table").textContent()).resolves.toContain(`${program} 2028`);
    await page.goto("/admin/audit?action=section.cancel");
    await page.getByRole("cell", { name: "section.cancel" }).first().waitFor();
    await page.goto("/admin/audit?action=section.update");
    await expect(page.getByRole("table").textContent()).resolves.toContain('{"capacity":2}');
    await page.goto("/admin/audit?action=course-question.create");
    await expect(page.getByRole("table").textContent()).resolves.toContain("Apron size?");
  }, 300_000);

  it("an administrator edits a course: a refused name keeps what was typed", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin");
    const kiln = `Kiln Basics ${tag}`;
    await createCourse(page, `3${tag}`, kiln);
    await page.getByRole("link", { name: kiln }).click();
    await page.getByRole("heading", { name: "Edit course" }).waitFor();
    await page.getByLabel("Course name").fill("");
    await page.getByLabel("Category").fill("Arts");
    await page.getByRole("button", { name: "Save course" }).click();
    await page.getByText("This field is required.").first().waitFor();
    await expect(page.getByLabel("Category").inputValue()).resolves.toBe("Arts");
    await page.getByLabel("Course name").fill(`${kiln} and Firing`);
    await page.getByRole("button", { name: "Save course" }).click();
    await seeNotice(page, "Course saved.");
    await expect(page.getByLabel("Course name").inputValue()).resolves.toBe(`${kiln} and Firing`);
    await page.goto("/admin/audit?action=course.update");
    await expect(page.getByRole("table").textContent()).resolves.toContain(`${kiln} and Firing`);
  }, 120_000);
});
