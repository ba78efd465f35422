// README's walk-through "From an empty database to the first family registered"
// (decision 149), step by step as an IT person follows it: no SQL, only the command that
// creates the first administrator and the pages. The production start on a new DATA_DIR; the
// first administrator from `npm run admin:create`; a school and a school year on /admin/schools;
// the students from a plain CSV at /admin/imports; a course, an open program and a section; then
// a family signs in with the imported ID and birth date and registers. The schools pages are also
// used without JavaScript, where a name another school has is refused beside its field.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "../support/a11y";
import { launchChromium, MODES, seeNotice } from "../support/browser";
import {
  freshProductionEnv,
  npmRun,
  startProduction,
  type ProductionServer,
} from "../support/production-server";

const ADMIN = { username: "itadmin", password: "first-admin-passphrase" };

let server: ProductionServer;
let browser: Browser;
let removeDataDir: () => Promise<void>;

beforeAll(async () => {
  const { env, remove } = await freshProductionEnv();
  removeDataDir = remove;
  // Step 1: the first administrator, before the server starts on the embedded database.
  const created = npmRun(
    env,
    "admin:create",
    ["--username", ADMIN.username, "--employee-id", "E0001", "--name", "Pat Admin"],
    `${ADMIN.password}\n`,
  );
  expect(created.output).toContain("created the district administrator itadmin (E0001)");
  expect(created.status).toBe(0);
  // Step 2: the production start.
  server = await startProduction(env);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeDataDir?.();
});

/**
 * A page with or without the app's JavaScript. "Without" is a browser whose requests for the
 * app's scripts fail (as in a11y-pages.test.ts), so that axe can still run inside the page.
 */
async function newPage(js: boolean): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: server.url });
  if (!js) await ctx.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
  ctx.setDefaultTimeout(20_000);
  return ctx.newPage();
}

async function signInAdmin(page: Page) {
  await page.goto("/instructor/sign-in");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/instructor/sign-in"));
}

describe("from an empty database to the first family registered", () => {
  it("follows README's walk-through with no SQL", async () => {
    const page = await newPage(true);
    // Step 3: sign in and open the administration.
    await signInAdmin(page);
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Schools and years" })
      .click();
    await page.waitForURL("**/admin/schools");
    await page.getByText("No school yet.").waitFor();

    // Step 4: a school and a school year.
    await page.getByRole("link", { name: "Add school", exact: true }).click();
    await page.getByLabel("Short name").fill("LHS");
    await page.getByLabel("Full name").fill("Lincoln High School");
    await page.getByRole("button", { name: "Add school", exact: true }).click();
    await seeNotice(page, "The school LHS is added.");
    await page.getByRole("link", { name: "Add school year" }).click();
    await page.getByRole("textbox", { name: /^School year/ }).fill("2026-2027");
    await page.getByRole("button", { name: "Add school year" }).click();
    await seeNotice(page, "The school year 2026-2027 is added.");
    await page.getByRole("link", { name: "Change school LHS" }).waitFor();
    await page.getByRole("link", { name: "Change school year 2026-2027" }).waitFor();

    // Step 5: the students, checked by a dry run, then applied.
    await page.goto("/admin/imports");
    await page.getByLabel("Files").setInputFiles({
      name: "first-students.csv",
      mimeType: "text/csv",
      buffer: await readFile("tests/fixtures/imports/first-students.csv"),
    });
    await page.getByRole("button", { name: "Check the file (dry run)" }).click();
    await page.waitForURL(/\/admin\/imports\/runs\//);
    const summary = page.getByRole("table", { name: "Summary" });
    expect(await summary.getByRole("row", { name: /To create/ }).textContent()).toContain("2");
    await page.getByRole("button", { name: "Apply this import" }).click();
    await seeNotice(page, "The import was applied.");

    // Step 6: a course, an open program and a section of it.
    await page.goto("/admin/programs/courses");
    await page.getByLabel("Subject").fill("ART");
    await page.getByLabel("Course number").fill("101");
    await page.getByLabel("Course name").fill("Drawing");
    await page.getByRole("button", { name: "Create course" }).click();
    await seeNotice(page, "Course “Drawing” created.");
    await page.goto("/admin/programs");
    await page.getByRole("link", { name: "New program" }).click();
    await page.getByLabel("Name").fill("Spring Arts");
    await page.getByLabel("Open", { exact: true }).check();
    await page.getByRole("button", { name: "Create program" }).click();
    await seeNotice(page, "Program “Spring Arts” created.");
    await page.getByRole("link", { name: "New section" }).click();
    await page.waitForURL("**/sections/new");
    await page
      .getByRole("combobox", { name: /^Course/ })
      .selectOption({ label: "ART 101 Drawing" });
    await page.getByLabel("Section number").fill("1");
    await page.getByLabel("Term ID").fill("2027SP");
    await page.getByLabel("Term name").fill("Spring 2027");
    await page.getByLabel("Capacity").fill("20");
    await page.getByLabel("Cost ($)").fill("0.00");
    await page.getByLabel("Sat", { exact: true }).check();
    await page.getByLabel("Start time").fill("09:00");
    await page.getByLabel("End time").fill("10:00");
    await page.getByLabel("Start date").fill("2027-03-06");
    await page.getByLabel("End date").fill("2027-05-29");
    await page.getByRole("button", { name: "Create section" }).click();
    await seeNotice(page, "Section created.");

    // Step 7: a family signs in with the imported ID and birth date and registers.
    const family = await newPage(true);
    await family.goto("/signin");
    await family.getByLabel("Student or Community Member ID Number").fill("400001");
    await family.getByLabel("Birth Date (MM/DD/YYYY)").fill("09/02/2014");
    await family.getByRole("button", { name: "Login" }).click();
    await family.waitForURL((u) => !u.pathname.startsWith("/signin"));
    await family.goto("/programs");
    const card = family.getByRole("article", { name: "Drawing" });
    // The post must have been answered before the page is left, or leaving may cancel it.
    const registered = family.waitForResponse((r) => r.request().method() === "POST");
    await card.getByRole("button", { name: "Register" }).click();
    await registered;
    await family.goto("/programs");
    await family
      .getByRole("article", { name: "Drawing" })
      .getByText("You are Registered")
      .waitFor();
  }, 240_000);
});

describe.each(MODES)("the schools pages $name", (mode) => {
  it("adds and renames a school; a name another school has is refused beside its field", async () => {
    const tag = mode.js ? "J" : "H";
    const page = await newPage(mode.js);
    await signInAdmin(page);
    await page.goto("/admin/schools/new");
    await page.getByLabel("Short name").fill(`WMS${tag}`);
    await page.getByLabel("Full name").fill(`Washington Middle ${tag}`);
    await page.getByRole("button", { name: "Add school" }).click();
    await seeNotice(page, `The school WMS${tag} is added.`);

    await page.goto("/admin/schools/new");
    await page.getByLabel("Short name").fill(`wms${tag}`);
    await page.getByLabel("Full name").fill(`Another ${tag}`);
    await page.getByRole("button", { name: "Add school" }).click();
    await page.getByText(`The name "wms${tag}" is already a school's.`).waitFor();
    expect(await page.getByLabel("Full name").inputValue()).toBe(`Another ${tag}`);

    await page.goto("/admin/schools");
    await page.getByRole("link", { name: `Change school WMS${tag}` }).click();
    await page.getByLabel("Full name").fill(`Washington Middle School ${tag}`);
    await page.getByRole("button", { name: "Save" }).click();
    await seeNotice(page, `The school WMS${tag} is saved.`);
    await page.getByRole("cell", { name: `Washington Middle School ${tag}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: `Change school WMS${tag}` }).click();
    await page.getByLabel("Full name").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/admin/audit?action=school.update`);
    await expect(page.getByRole("table").textContent()).resolves.toContain(
      `Washington Middle School ${tag}`,
    );
  }, 180_000);
});
