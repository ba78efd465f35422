// The business office in a browser, with and without JavaScript (decision 123): only the
// office (and administrators) see BUSINESS OFFICE; the office finds a family's mailed-check promise,
// is refused an amount above what is due (the field says why, the values typed stay), records
// part of the check and then the rest, and the family's card shows the registration paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  MODES,
  seeNotice,
  signInFamily,
  signInStaff,
  startTestApp,
  type TestApp,
} from "../support/browser";
import { queryRows } from "../../district-api/db/client";
import { seriousViolations } from "../support/a11y";
import { DEFAULT_DISTRICT_TZ, todayIn } from "@domain/rules/time";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;

async function makeSection(cost: number, name: string): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Office E2E', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('OFC', '300', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${cost}) returning id`,
  );
  return s!.id;
}

/** The student registers and promises a mailed check for the whole cost; its confirmation. */
async function promiseCheck(studentId: string, sectionId: string): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const login = await post("/v1/student", { studentId, dob: "2012-01-15" });
  const { accessToken } = (await login.json()) as { accessToken: string };
  expect((await post(`/v1/register/${sectionId}`, {}, accessToken)).status).toBe(200);
  const m = await post(
    "/v1/payment/confirm-mailin",
    { paymentType: "mail", courseSectionIds: [sectionId] },
    accessToken,
  );
  expect(m.status).toBe(200);
  return ((await m.json()) as { confirmationIds: string[] }).confirmationIds[0]!;
}

/** Today in the district's zone (the district API refuses a check received in the future). */
function today(): string {
  return todayIn(process.env.DISTRICT_TZ ?? DEFAULT_DISTRICT_TZ, new Date());
}

describe("the business office is for the office and administrators", () => {
  it("other staff see no BUSINESS OFFICE and are sent away from /office", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "instructor");
    expect(await page.getByRole("link", { name: "BUSINESS OFFICE" }).count()).toBe(0);
    await page.goto("/office/checks");
    expect(new URL(page.url()).pathname).toBe("/instructor/fees");
  });

  it("an administrator sees it too", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "admin");
    await page.getByRole("link", { name: "BUSINESS OFFICE" }).first().click();
    await page.waitForURL("**/office");
    await page.getByRole("heading", { name: "Business office" }).waitFor();
  });
});

describe.each(MODES)("mailed checks $name", (mode) => {
  it("the office records a mailed check in two parts and the family's card shows it paid", async () => {
    const student = mode.js ? "100032" : "100033";
    const course = `Pottery ${mode.js ? "JS" : "HTML"}`;
    const section = await makeSection(4000, course);
    const confirmation = await promiseCheck(student, section);

    const family = await app.newPage(mode);
    await signInFamily(family, student, { then: "/my-registrations" });
    const cardBefore = await family.getByRole("article", { name: course }).textContent();
    expect(cardBefore).toContain("You are Registered awaiting payment");

    const page = await app.newPage(mode);
    await signInStaff(page, "office");
    await page.getByRole("link", { name: "BUSINESS OFFICE" }).first().click();
    await page.waitForURL("**/office");
    await page
      .getByRole("navigation", { name: "Business office" })
      .getByRole("link", { name: "Mailed checks" })
      .click();
    await page.waitForURL("**/office/checks");
    await page.getByLabel("Search").fill(confirmation);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === confirmation);
    const row = page.getByRole("row").filter({ hasText: confirmation });
    expect(await row.textContent()).toContain("$40.00");
    await row.getByRole("link", { name: confirmation }).click();
    await page.getByRole("heading", { name: `Mailed check ${confirmation}` }).waitFor();

    // More than is due: the amount field says why, and what was typed stays.
    await page.getByLabel("Check number").fill("1001");
    await page.getByLabel("Amount in dollars").fill("45.00");
    await page.getByLabel("Date received").fill(today());
    await page.getByRole("button", { name: "Record check" }).click();
    await page.getByText("The amount can't be more than what is still due ($40.00).").waitFor();
    expect(await page.getByLabel("Check number").inputValue()).toBe("1001");

    await page.getByLabel("Amount in dollars").fill("15.00");
    await page.getByRole("button", { name: "Record check" }).click();
    await seeNotice(page, "Check 1001 for $15.00 recorded.");
    await page.getByText("$25.00").first().waitFor();

    await page.getByLabel("Check number").fill("1002");
    await page.getByLabel("Amount in dollars").fill("25");
    await page.getByLabel("Date received").fill(today());
    await page.getByRole("button", { name: "Record check" }).click();
    await seeNotice(page, "Check 1002 for $25.00 recorded.");
    expect(await page.getByRole("button", { name: "Record check" }).count()).toBe(0);
    const checks = page.getByRole("table");
    await checks.getByRole("cell", { name: "1001", exact: true }).waitFor();
    await checks.getByRole("cell", { name: "1002", exact: true }).waitFor();

    await family.goto("/my-registrations");
    const cardAfter = await family.getByRole("article", { name: course }).textContent();
    expect(cardAfter).toContain("You are Registered");
    expect(cardAfter).not.toContain("awaiting payment");
  });

  it("a bounced check needs a reason and a confirmation, then the money is due again", async () => {
    const student = mode.js ? "100034" : "100035";
    const course = `Weaving ${mode.js ? "JS" : "HTML"}`;
    const section = await makeSection(2000, course);
    const confirmation = await promiseCheck(student, section);
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: `/office/checks?q=${confirmation}&status=all` });
    await page.getByRole("link", { name: confirmation }).click();
    await page.getByLabel("Check number").fill("2001");
    await page.getByLabel("Amount in dollars").fill("20.00");
    await page.getByLabel("Date received").fill(today());
    await page.getByRole("button", { name: "Record check" }).click();
    await seeNotice(page, "Check 2001 for $20.00 recorded.");

    await page.getByRole("button", { name: "Record as bounced" }).click();
    await page.getByText("Enter the reason the check bounced.").waitFor();
    await page.getByText("Confirm to continue.").waitFor();
    await page.getByLabel("Reason the check bounced").fill("Insufficient funds");
    await page.getByLabel("I confirm this check's money is no longer received").check();
    await page.getByRole("button", { name: "Record as bounced" }).click();
    await seeNotice(page, "Check 2001 recorded as bounced; the family was e-mailed.");
    expect(await page.getByRole("table").textContent()).toContain("Bounced (Insufficient funds)");
    await page.getByRole("button", { name: "Record check" }).waitFor();
  });
});

describe("the business office's pages", () => {
  // With JavaScript: the same server-rendered markup, hydrated (axe on a full staff page takes
  // several seconds on two busy cores, so one mode here; the forms' plain posts are tested above).
  it("have no serious accessibility problems", async () => {
    {
      const page = await app.newPage({ js: true });
      await signInStaff(page, "office");
      for (const path of [
        "/office",
        "/office/checks",
        "/office/payments",
        "/office/refunds",
        "/office/report",
        "/office/day-sheet",
        "/office/mail?q=100020",
      ]) {
        await page.goto(path);
        expect({ path, problems: await seriousViolations(page) }).toEqual({ path, problems: [] });
      }
    }
  }, 180_000);
});
