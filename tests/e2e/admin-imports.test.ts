// The student import in a browser, with and without JavaScript (decision 124): an
// administrator uploads a plain CSV, reads the dry-run report, applies it and downloads the report;
// a file with refused rows cannot be applied and says why; the student then signs in with the
// imported birth date.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/a11y";
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

const csv = (id: number, tag: string) =>
  Buffer.from(
    "\ufeffstudent_id,first_name,last_name,birth_date,grade,school\r\n" +
      `${id},Upload${tag},"Browser, Test",2016-03-04,2,LHS\r\n` +
      `${id + 1},Second${tag},Browser,2015-07-08,4,WMS\r\n`,
  );

describe.each(MODES)("student import $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  const base = mode.js ? 330001 : 330101;

  it("uploads a file, reads the dry run, applies it and downloads the report", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin" });
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Imports" })
      .click();
    await page.waitForURL("**/admin/imports");
    await page.getByRole("heading", { name: "Import students, staff or programs" }).waitFor();
    await page.getByLabel("Files").setInputFiles({
      name: "students.csv",
      mimeType: "text/csv",
      buffer: csv(base, tag),
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText("nothing has been changed yet").waitFor();
    const summary = page.getByRole("table", { name: "Summary" });
    expect(await summary.getByRole("row", { name: /To create/ }).textContent()).toContain("2");
    const rows = page.getByRole("table", { name: /Rows 1–2 of 2/ });
    expect(await rows.textContent()).toContain(`Upload${tag} Browser, Test`);

    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, "The import was applied.");
    await page.getByText(/Applied on/).waitFor();
    expect(await page.getByRole("button", { name: "Apply this import" }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the report (CSV)" }).click(),
    ]);
    const saved = (await readFile((await download.path())!)).toString("utf8");
    expect(saved.split("\r\n")[0]).toBe("\ufeffline,student_id,name,outcome,reason");
    expect(saved).toContain(`2,${base},"Upload${tag} Browser, Test",created,`);

    // The student signs in with the imported birth date.
    const family = await app.newPage(mode);
    await signInFamily(family, String(base), { dob: "03/04/2016" });
    expect(new URL(family.url()).pathname).not.toBe("/signin");
  });

  it("a file with refused rows says why and offers no Apply", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByLabel("Files").setInputFiles({
      name: "refused.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "student_id,first_name,last_name,birth_date,grade\n" +
          `${base + 50},Impossible,Day,2015-02-31,3\n`,
      ),
    });
    await page.getByLabel("This is a full export").check();
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText('The birth date "2015-02-31" is not a real date').first().waitFor();
    await page.getByText("Fix the refused rows and upload again before applying.").waitFor();
    expect(await page.getByRole("button", { name: "Apply this import" }).count()).toBe(0);
    await page.getByLabel("Rows to show").selectOption("refused");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/show=refused/);
    await page.getByRole("table", { name: /Rows 1–1 of 1/ }).waitFor();
  });

  it("a full export marking most students inactive asks for that number before applying (decision 141)", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByLabel("Files").setInputFiles({
      name: "one-row.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "student_id,first_name,last_name,birth_date,grade\n" +
          `${base + 60},Only,Row,2015-02-03,3\n`,
      ),
    });
    await page.getByLabel("This is a full export").check();
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    const summary = page.getByRole("table", { name: "Summary" });
    const inactive = Number(
      /\d+/.exec((await summary.getByRole("row", { name: /inactive/i }).textContent()) ?? "")![0],
    );
    expect(inactive).toBeGreaterThan(1);
    const confirm = page.getByLabel("Number of students to mark inactive");
    await page.getByText(`This full export marks ${inactive} students inactive`).waitFor();
    await confirm.fill(String(inactive - 1));
    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, `would mark ${inactive} of the`);
    // Nothing was applied: the dry run still offers Apply, with the question.
    await page.getByRole("button", { name: "Apply this import" }).waitFor();
    await confirm.waitFor();
  });

  it("a district-sized file (1.5 MB) is uploaded, with its progress shown, and checked", async () => {
    const first = mode.js ? 340001 : 360001;
    const lines = ["student_id,first_name,last_name,birth_date,grade,school"];
    for (let i = 0; i < 20_000; i++) {
      lines.push(`${first + i},Many${tag}${i},"Large, File",2014-05-06,${(i % 12) + 1},LHS`);
    }
    const buffer = Buffer.from(lines.join("\r\n") + "\r\n");
    expect(buffer.length).toBeGreaterThan(1_000_000);
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page
      .getByLabel("Files")
      .setInputFiles({ name: "district.csv", mimeType: "text/csv", buffer });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    if (mode.js) {
      // The upload's progress is shown, and stays at its end while the file is checked.
      const progress = page.getByRole("progressbar", { name: "Uploading district.csv" });
      await progress.waitFor();
      await expect.poll(() => progress.getAttribute("aria-valuenow")).toBe("100");
    }
    await page.waitForURL(/\/admin\/imports\/runs\//, { timeout: 60_000 });
    const summary = page.getByRole("table", { name: "Summary" });
    expect(await summary.getByRole("row", { name: /To create/ }).textContent()).toContain("20000");
  }, 120_000);

  it("a file that is not CSV is refused on the upload page", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByLabel("Files").setInputFiles({
      name: "students.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("PK\u0003\u0004"),
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.getByText("Only CSV files can be imported.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/imports");
  });
});

// Staff (decision 128): the same page, "Staff" chosen as what to import.
describe.each(MODES)("staff import $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";

  it("uploads a staff file, reads the dry run and applies it", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByRole("radio", { name: "Staff" }).check();
    await page.getByLabel("Files").setInputFiles({
      name: "staff.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "employee_id,first_name,last_name,roles,email,school\r\n" +
          `X${tag}1,Upload${tag},"Staffer, Test",teacher,,LHS\r\n`,
      ),
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText("nothing has been changed yet").waitFor();
    const rows = page.getByRole("table", { name: /Rows 1–1 of 1/ });
    await rows.getByRole("columnheader", { name: "Employee ID" }).waitFor();
    expect(await rows.textContent()).toContain(`Upload${tag} Staffer, Test`);
    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, "The import was applied.");
    await page.getByText(/Applied on/).waitFor();
    await page.goto("/admin/staff");
    await page.getByText(`X${tag}1`).first().waitFor();
  });
});

// Schools and school years from the district's OneRoster orgs.csv and academicSessions.csv beside
// a plain staff CSV (decision 157): the dry run's report lists what applying
// would create, and the applied report what it created.
describe.each(MODES)("schools and years with an import $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  const year = mode.js ? "2030-2031" : "2031-2032";
  const file = (name: string, content: string) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(content),
  });

  it("the dry run lists the schools and years to create; the applied report what was created", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByRole("radio", { name: "Staff" }).check();
    await page
      .getByLabel("Files")
      .setInputFiles([
        file(
          "staff.csv",
          "employee_id,first_name,last_name,roles,school\r\n" +
            `Y${tag}1,School${tag},Setup,teacher,NEW-${tag}\r\n`,
        ),
        file(
          "orgs.csv",
          "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\n" +
            `org-${tag},,,New ${tag} High School,school,NEW-${tag},\r\n`,
        ),
        file(
          "academicSessions.csv",
          "sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\r\n" +
            `as-${tag},,,${year},schoolYear,,,,\r\n`,
        ),
      ]);
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText("nothing has been changed yet").waitFor();
    const schools = page.getByRole("table", { name: "Schools and school years" });
    await page.getByText("Applying this import also adds or renames these:").waitFor();
    const school = schools.getByRole("row", { name: new RegExp(`NEW-${tag}`) });
    expect(await school.textContent()).toContain(`New ${tag} High School`);
    expect(await school.textContent()).toContain("To create");
    expect(await schools.getByRole("row", { name: new RegExp(year) }).textContent()).toContain(
      "To create",
    );

    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, "The import was applied.");
    await page.getByText(/Applied on/).waitFor();
    await page.getByText("This import also added or renamed these:").waitFor();
    const created = page.getByRole("table", { name: "Schools and school years" });
    expect(
      await created.getByRole("row", { name: new RegExp(`NEW-${tag}`) }).textContent(),
    ).toContain("Created");
    expect(await created.getByRole("row", { name: new RegExp(year) }).textContent()).toContain(
      "Created",
    );
    await page.goto("/admin/schools");
    await page.getByText(`New ${tag} High School`).first().waitFor();
  });
});

// The catalogue (decision 129): the same page, "Programs and sections" chosen as what to import.
describe.each(MODES)("catalogue import $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  const catalogue = Buffer.from(
    "program_code,program_name,section_code,subject,course_number,course_name,section_number,term_id,term,date_start,date_end,capacity,price,meeting_days,time_start,time_end,grades\r\n" +
      `E2E-${tag},Browser Club ${tag},E2E-${tag}-1,E2E,${tag},Browser Testing,1,2027-SP,Spring 2027,2027-02-01,2027-05-14,10,$40.00,Mon Wed,3:30 PM,4:30 PM,3;4\r\n` +
      `E2E-${tag},Browser Club ${tag},E2E-${tag}-2,E2E,${tag},Browser Testing,2,2027-SP,Spring 2027,2027-02-02,2027-05-15,10,40,Tue Thu,15:30,16:30,3;4\r\n`,
  );

  it("uploads a catalogue, reads the dry run, applies it and downloads the report", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByRole("radio", { name: "Programs and sections" }).check();
    await page.getByLabel("Files").setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: catalogue,
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText("nothing has been changed yet").waitFor();
    const summary = page.getByRole("table", { name: "Summary" });
    // The program, the new course and two sections.
    expect(await summary.getByRole("row", { name: /To create/ }).textContent()).toContain("4");
    const rows = page.getByRole("table", { name: /Rows 1–4 of 4/ });
    await rows.getByRole("columnheader", { name: "Code" }).waitFor();
    expect(await rows.textContent()).toContain(`Program: Browser Club ${tag}`);

    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, "The import was applied.");
    await page.getByText(/Applied on/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the report (CSV)" }).click(),
    ]);
    const saved = (await readFile((await download.path())!)).toString("utf8");
    expect(saved.split("\r\n")[0]).toBe("\ufeffline,code,name,outcome,reason");
    expect(saved).toContain(`3,E2E-${tag}-2,"E2E ${tag} 2, Spring 2027",created,`);
  });

  it("a catalogue row the section form would refuse is refused with the form's words", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/imports" });
    await page.getByRole("radio", { name: "Programs and sections" }).check();
    await page.getByLabel("Files").setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "program_code,program_name,section_code,subject,course_number,course_name,section_number,term_id,term,date_start,date_end,capacity\n" +
          `BAD-${tag},Bad Club,BAD-${tag}-1,BAD,1,Bad,1,T,Term,2027-05-01,2027-02-01,10\n`,
      ),
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    await page.getByText("date_end: The end date cannot be before the start date.").waitFor();
    expect(await page.getByRole("button", { name: "Apply this import" }).count()).toBe(0);
  });
});

describe("the import pages", () => {
  it("have no serious accessibility problems, with and without JavaScript", async () => {
    for (const mode of MODES) {
      // axe runs inside the page: "without JavaScript" is a browser whose requests for the app's
      // scripts fail (as in a11y-pages.test.ts).
      const ctx = await app.newContext({ js: true });
      if (!mode.js) await ctx.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
      const page = await ctx.newPage();
      await signInStaff(page, "admin", { then: "/admin/imports" });
      expect(await seriousViolations(page)).toEqual([]);
      // A dry run's report, with a refused row.
      await page.getByRole("radio", { name: "Staff" }).check();
      await page.getByLabel("Files").setInputFiles({
        name: "staff.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("employee_id,first_name,last_name,roles\r\nA11Y,Ada,Axe,wizard\r\n"),
      });
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.waitForURL(/\/admin\/imports\/runs\//);
      expect(await seriousViolations(page)).toEqual([]);
    }
  }, 180_000);
});
