// The community member form (create account, My Profile) filled in as a person would, for the
// browser tests of both pages.
import type { Page } from "playwright-core";

export interface MemberFields {
  first: string;
  last: string;
  dob: string;
  email: string;
  /** The printed parent/guardian name; the member's own name when not given. */
  printedName?: string;
}

/** The member's own fields, with one address and phone every test shares. */
export async function fillMemberForm(page: Page, m: MemberFields) {
  await page.getByLabel("First Name", { exact: true }).fill(m.first);
  await page.getByLabel("Last Name", { exact: true }).fill(m.last);
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(m.dob);
  await page.getByLabel("Grade").selectOption("Adult");
  await page.getByLabel("Gender").selectOption("F");
  await page.getByLabel("Address").fill("12 Oak Avenue");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("State").selectOption("Illinois");
  await page.getByLabel("Zip Code").fill("62701");
  await page.getByLabel("Home Phone").fill("(555) 555-0100");
  await page.getByLabel("Email", { exact: true }).fill(m.email);
  await page
    .getByLabel("Printed Parent/Guardian Name")
    .fill(m.printedName ?? `${m.first} ${m.last}`);
}

/** The two guardians / contacts the form requires. */
export async function fillTwoGuardians(page: Page) {
  for (const n of [1, 2]) {
    const g = page.getByRole("group", { name: `Guardian / Contact ${n}`, exact: true });
    await g.getByLabel("Guardian First Name").fill(`Guard${n}`);
    await g.getByLabel("Guardian Last Name").fill("Contact");
    await g.getByLabel("Relationship", { exact: true }).selectOption("Mother");
    await g.getByLabel("Phone 1", { exact: true }).fill(`(555) 555-011${n}`);
    await g.getByLabel("Phone 1 Type").selectOption("Mobile");
  }
}
