// The instructor's area in a browser, with and without JavaScript: program picker, paged sections,
// the roster with search and the Active/Canceled switch, every download, My Fees, and the narrow
// layout at 990 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { readFile } from "node:fs/promises";
import { MODES, signInStaff, startTestApp, type TestApp } from "../support/browser";
import { seriousViolations } from "../support/a11y";
import { queryRows, type Db } from "../../district-api/db/client";
import { addDemoSection } from "../../district-api/db/seed/staff";
import { pdfText } from "../support/pdf";

let app: TestApp;
let programId: string;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.server.api!.database.db as Db;
  const [p] = await queryRows<{ id: string }>(
    db,
    sql`select id from programs where name = 'After-School Enrichment'`,
  );
  programId = p!.id;
  // A family who chose Spanish (decision 171): the roster says so.
  await db.execute(sql`update participants set language = 'es' where id = 100020`);
  // Enough sections for a second page of the sections table (40 a page).
  for (let i = 0; i < 45; i++) {
    await addDemoSection(db, {
      programId,
      subject: "ZED",
      courseNumber: String(101 + i),
      name: `Extra Course ${101 + i}`,
      description: "",
      sectionNumber: "01",
      instructor: "E1001",
      costCents: 0,
      days: ["S"],
      start: "10:00",
      end: "11:00",
    });
  }
  // A section with 41 people on its roster: a second roster page.
  const big = await addDemoSection(db, {
    programId,
    subject: "PE",
    courseNumber: "300",
    name: "Open Gym",
    description: "Everyone welcome.",
    sectionNumber: "01",
    instructor: "E1001",
    costCents: 0,
    days: ["T"],
    start: "19:00",
    end: "20:00",
    capacity: 100,
  });
  await db.execute(sql`insert into registrations (course_section_id, participant_id, status)
    select ${big}, id, 'registered' from participants where id between 100001 and 200001`);
});
afterAll(async () => {
  await app?.close();
});

async function fetchDownload(page: Page, href: string) {
  const res = await page.request.get(href);
  return {
    status: res.status(),
    type: res.headers()["content-type"] ?? "",
    disposition: res.headers()["content-disposition"] ?? "",
    body: await res.body(),
  };
}

describe.each(MODES)("instructor area $name", (mode) => {
  it("picks a program, pages and filters the sections, and reads a description", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "instructor");
    expect(new URL(page.url()).pathname).toBe("/instructor/");
    const picker = page.getByLabel("Choose a Program to View Activities / Courses");
    await picker.selectOption({ label: "After-School Enrichment" });
    if (!mode.js) await page.getByRole("button", { name: "View Activities" }).click();
    await page.waitForURL(`**/instructor/program/${programId}`);
    await page.getByRole("heading", { level: 1, name: "After-School Enrichment" }).waitFor();
    const rows = page.locator("table tbody tr");
    expect(await rows.count()).toBe(40);
    expect(await page.getByRole("columnheader").allTextContents()).toEqual([
      "Registrations",
      "Subject",
      "Course Number",
      "Section Number",
      "Description",
      "Term",
      "Dates",
      "Days",
      "Time",
    ]);
    const watercolor = rows.filter({ hasText: "Watercolor Painting" });
    await expect(watercolor.textContent()).resolves.toContain("Sep 8, 2026 – Dec 11, 2026");
    await expect(watercolor.textContent()).resolves.toContain("M, W");
    await expect(watercolor.textContent()).resolves.toContain("3:30 PM – 5:00 PM");

    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/page=2/);
    // 45 extra + Watercolor + Open Gym = 47 active sections: 7 on page 2.
    await page.getByText("Page 2 of 2").waitFor();
    expect(await rows.count()).toBe(7);

    await page.getByLabel("Show").selectOption("inactive");
    if (!mode.js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/show=inactive/);
    await page.getByRole("link", { name: /Description of ART 090 Summer Sketching/ }).waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByLabel("Show").selectOption("active");
    if (!mode.js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => u.searchParams.get("show") === "active");

    await page.getByRole("link", { name: /Description of ART 101 Watercolor Painting/ }).click();
    const dialog = page.getByRole("dialog", { name: "ART 101 Watercolor Painting" });
    // Without JavaScript the page arrives in pieces: wait for the description, not just the dialog.
    await dialog.getByText(/Learn washes, layering/).waitFor();
    await dialog.getByRole("link", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // An unknown program goes back to the picker.
    await page.goto("/instructor/program/00000000-0000-4000-8000-000000000000");
    expect(new URL(page.url()).pathname).toBe("/instructor/");
  });

  it("opens a roster, searches it, switches to canceled and downloads every file", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "instructor", { then: `/instructor/program/${programId}` });
    await page
      .getByRole("link", { name: /Registrations for ART 101 Watercolor Painting section 01/ })
      .click();
    await page.waitForURL(/\/instructor\/course\//);
    const main = page.locator("main");
    for (const [label, value] of [
      ["Program", "After-School Enrichment"],
      ["Instructor", "Irene Instructor"],
      ["Restricted to School", "No"],
      ["School", "Lincoln High School"],
      ["Section", "01"],
      ["Capacity", "30"],
      ["Credit Hours", "0.5"],
      ["Delivery Method", "In Person"],
      ["Meeting Days", "M, W"],
      ["Room", "A12"],
      ["Start Date", "Sep 8, 2026"],
      ["End Date", "Dec 11, 2026"],
      ["Class Time", "3:30 PM – 5:00 PM"],
      ["Allow Community Members", "Yes"],
    ]) {
      await expect(
        main
          .locator("dl div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd")
          .textContent(),
      ).resolves.toBe(value);
    }
    await page.getByRole("link", { name: "Course questions (3)" }).click();
    const questions = page.getByRole("dialog", { name: "Course questions" });
    await questions
      .getByText(/T-shirt size/)
      .first()
      .waitFor();
    await questions.getByRole("link", { name: "Close" }).click();
    await questions.waitFor({ state: "detached" });
    const rows = page.locator("table tbody tr");
    // Without JavaScript closing the dialog loads the page again: wait for its table.
    await page.waitForURL((u) => !u.searchParams.has("questions"));
    await rows.first().waitFor();
    // Students 100020..100034 minus two canceled, plus member 200001.
    expect(await rows.count()).toBe(14);
    await expect(page.locator("table").textContent()).resolves.toContain("200001");
    await expect(page.locator("table").textContent()).resolves.not.toContain("100024");

    // Each family's language (decision 171): the roster says which families read Spanish.
    expect(await page.getByRole("columnheader").allTextContents()).toEqual([
      "Student or Community ID",
      "Name",
      "Grade",
      "Gender",
      "Language",
      "Date Registered",
    ]);
    await page.getByRole("searchbox", { name: "Search" }).fill("100020");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=100020/);
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    await expect(rows.first().textContent()).resolves.toContain("100020");
    await expect(rows.first().getByRole("cell").nth(4).textContent()).resolves.toBe("Spanish");

    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("radio", { name: "Canceled" }).check();
    if (!mode.js) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/status=canceled/);
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 2);
    const canceledText = await page.locator("table").textContent();
    expect(canceledText).toContain("100024");
    expect(canceledText).toContain("100031");

    // A real download through the menu.
    await page.locator("summary", { hasText: "Download" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Active Roster CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("ART-101-01-active-roster.csv");
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = saved.toString("utf8");
    expect(csv).toContain("Course Name,Course Number,Section,ID,First Name,Last Name,Gender,Grade");
    expect(csv).toContain('T-shirt size,"Please describe any allergies');
    expect(csv).toContain('should know about s...",I agree');
    expect(csv).toContain("100020");
    expect(csv.split("\r\n")[0]).toMatch(/,Language$/);
    expect(csv.split("\r\n").find((l) => l.includes(",100020,"))).toMatch(/,Spanish$/);
    expect(csv).not.toContain("100024");
    expect(csv).toContain("'=Asthma; carries an inhaler");

    // Every item of the menu answers with its file.
    const hrefs = await page
      .locator(".staff-download a")
      .evaluateAll((as) => as.map((a) => [a.textContent, (a as HTMLAnchorElement).href]));
    expect(hrefs.map(([label]) => label)).toEqual([
      "Active Roster CSV",
      "Active Roster PDF",
      "Canceled Roster CSV",
      "Unpaid Registrations CSV",
      "Unpaid Registrations PDF",
    ]);
    const files = Object.fromEntries(
      await Promise.all(
        hrefs.map(async ([label, href]) => [label, await fetchDownload(page, href!)]),
      ),
    ) as Record<string, Awaited<ReturnType<typeof fetchDownload>>>;
    for (const f of Object.values(files)) {
      expect(f.status).toBe(200);
      expect(f.disposition).toMatch(/^attachment; filename=/);
    }
    const canceledCsv = files["Canceled Roster CSV"]!.body.toString("utf8");
    expect(canceledCsv).toContain("100024");
    expect(canceledCsv).not.toContain("100020");
    const unpaidCsv = files["Unpaid Registrations CSV"]!.body.toString("utf8");
    expect(unpaidCsv).toContain("Balance Due");
    expect(unpaidCsv).toContain("$45.00");
    expect(unpaidCsv).toContain("$22.50");
    const activePdf = files["Active Roster PDF"]!;
    expect(activePdf.type).toContain("application/pdf");
    expect(activePdf.body.subarray(0, 4).toString()).toBe("%PDF");
    const activeText = await pdfText(activePdf.body);
    expect(activeText).toContain("Registration Roster");
    expect(activeText).toContain("Watercolor Painting");
    expect(activeText).toContain("Rivera");
    const unpaidText = await pdfText(files["Unpaid Registrations PDF"]!.body);
    expect(unpaidText).toContain("Unpaid Registrations");
    expect(unpaidText).toContain("$45.00");
  });

  it("pages a long roster", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "instructor", { then: `/instructor/program/${programId}` });
    await page
      .getByRole("link", { name: /Registrations for PE 300 Open Gym section 01: 41/ })
      .click();
    await page.waitForURL(/\/instructor\/course\//);
    const rows = page.locator("table tbody tr");
    expect(await rows.count()).toBe(40);
    await page.getByRole("link", { name: "Course questions (0)" }).click();
    await page
      .getByRole("dialog", { name: "Course questions" })
      .getByText("Error: This modal loaded but the course has no questions")
      .waitFor();
    await page.getByRole("link", { name: "Close" }).click();
    await page.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    await page.getByText("Page 2 of 2").waitFor();
  });

  it("shows the students of an owned fee with CSV and PDF downloads", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "instructor");
    await page.getByRole("link", { name: "View Students: Art Club Dues" }).click();
    await page.waitForURL(/\/instructor\/my-fee\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "View Students" }).waitFor();
    await page.getByText("Art Club Dues", { exact: true }).waitFor();
    expect(await page.locator("table tbody tr").count()).toBe(14);
    await expect(page.locator("table").textContent()).resolves.toContain("$25.00");
    const hrefs = await page
      .locator(".staff-download a")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const csv = await fetchDownload(page, hrefs[0]!);
    expect(csv.type).toContain("text/csv");
    const text = csv.body.toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("Preferred meeting day,Anything else we should know?");
    expect(text).toContain("200001");
    expect(text).toContain("'+1 friend may join");
    const pdf = await fetchDownload(page, hrefs[1]!);
    expect(pdf.body.subarray(0, 4).toString()).toBe("%PDF");
    expect(await pdfText(pdf.body)).toContain("Fee Report: Art Club Dues");
    expect(await pdfText(pdf.body)).toContain("Rivera");
  });
});

describe("refusals and the narrow layout", () => {
  it("keeps another instructor out of the demo instructor's roster and downloads", async () => {
    const db = app.server.api!.database.db as Db;
    const [s] = await queryRows<{ id: string }>(
      db,
      sql`select cs.id from course_sections cs join courses c on c.id = cs.course_id where c.name = 'Watercolor Painting'`,
    );
    const page = await app.newPage({ js: false });
    await signInStaff(page, "instructor2", { then: `/instructor/course/${programId}/${s!.id}` });
    expect(new URL(page.url()).pathname).toBe(`/instructor/program/${programId}`);
    await page.getByText("That activity was not found among your activities.").waitFor();
    const res = await page.request.get(
      `/instructor/course/${programId}/${s!.id}/download?kind=active-csv`,
      {
        maxRedirects: 0,
      },
    );
    expect(res.status()).toBe(302);
    const pdf = await page.request.get(
      `/instructor/course/${programId}/${s!.id}/download?kind=active-pdf`,
    );
    expect(pdf.headers()["content-type"]).toContain("text/html");
    expect(await pdf.text()).toContain("That activity was not found among your activities.");
  });

  it("says a download failed with the spec's message", async () => {
    const db = app.server.api!.database.db as Db;
    const [s] = await queryRows<{ id: string }>(
      db,
      sql`select cs.id from course_sections cs join courses c on c.id = cs.course_id where c.name = 'Watercolor Painting'`,
    );
    const page = await app.newPage({ js: false });
    await signInStaff(page, "instructor", {
      then: `/instructor/course/${programId}/${s!.id}/download?kind=nope`,
    });
    expect(new URL(page.url()).pathname).toBe(`/instructor/course/${programId}/${s!.id}`);
    await page.getByText("There was a error downloading the report.").waitFor();
    await page.goto("/instructor/my-fee/999999/download?kind=pdf");
    expect(new URL(page.url()).pathname).toBe("/instructor/");
    await page.getByText("That fee was not found among your fees.").waitFor();
  });

  it("sends staff without the instructor role from the activity pages to /instructor/", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "feeadmin", { then: `/instructor/program/${programId}` });
    expect(new URL(page.url()).pathname).toBe("/instructor/");
    await page.getByText("My Activities is for staff with the instructor role.").waitFor();
    await page.getByRole("heading", { name: "My Fees" }).waitFor();
  });

  it("refreshes the sections list every 5 minutes with JavaScript", async () => {
    const ctx = await app.newContext({ js: true });
    const page = await ctx.newPage();
    await page.clock.install();
    await signInStaff(page, "instructor", { then: `/instructor/program/${programId}` });
    // The refresh timer starts once the page has hydrated.
    await page.waitForLoadState("networkidle");
    const link = page.getByRole("link", { name: /Registrations for ART 101 Watercolor Painting/ });
    const before = Number((await link.textContent())!.match(/\d+/)![0]);
    const db = app.server.api!.database.db as Db;
    const [s] = await queryRows<{ id: string }>(
      db,
      sql`select cs.id from course_sections cs join courses c on c.id = cs.course_id where c.name = 'Watercolor Painting'`,
    );
    await db.execute(sql`insert into registrations (course_section_id, participant_id, status)
      values (${s!.id}, 100040, 'registered')`);
    await page.clock.runFor(4 * 60 * 1000);
    expect(await link.textContent()).toBe(`${before} registered`);
    await page.clock.runFor(60 * 1000 + 100);
    await page
      .getByRole("link", {
        name: new RegExp(`Watercolor Painting section 01: ${before + 1} registered`),
      })
      .waitFor();
  });

  it("has no serious accessibility problems on the staff pages", async () => {
    const page = await app.newPage({ js: true });
    await signInStaff(page, "instructor");
    const db = app.server.api!.database.db as Db;
    const [s] = await queryRows<{ id: string }>(
      db,
      sql`select cs.id from course_sections cs join courses c on c.id = cs.course_id where c.name = 'Watercolor Painting'`,
    );
    const [f] = await queryRows<{ id: number }>(
      db,
      sql`select id from fees where name = 'Art Club Dues'`,
    );
    for (const path of [
      "/instructor/",
      `/instructor/program/${programId}`,
      `/instructor/program/${programId}?describe=${s!.id}`,
      `/instructor/course/${programId}/${s!.id}`,
      `/instructor/course/${programId}/${s!.id}?questions=1`,
      `/instructor/my-fee/${f!.id}`,
    ]) {
      await page.goto(path);
      expect({ path, problems: await seriousViolations(page) }).toEqual({ path, problems: [] });
    }
  });

  it("shows only registrations, description and dates at 990 px", async () => {
    for (const [width, visible] of [
      [990, false],
      [1280, true],
    ] as const) {
      const ctx = await app.newContext({ js: true }, { viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await signInStaff(page, "instructor", { then: `/instructor/program/${programId}` });
      for (const name of ["Registrations", "Description", "Dates"]) {
        expect(await page.getByRole("columnheader", { name }).isVisible()).toBe(true);
      }
      for (const name of ["Subject", "Course Number", "Section Number", "Term", "Days", "Time"]) {
        expect(await page.getByRole("columnheader", { name, exact: true }).isVisible()).toBe(
          visible,
        );
      }
      expect(await page.locator("tbody tr").first().locator("td:visible").count()).toBe(
        visible ? 9 : 3,
      );
    }
  });
});
