// The district's texts in Spanish in a browser, with and without JavaScript (decision 172, issue
// 34 §6): an administrator filters the list to the courses still missing a Spanish version,
// writes a course's name in Spanish and finds it done, on the same filtered page; a question's
// answers that do not keep the English count are refused on that very text and nothing is
// written; an empty text removes the version; a text whose English changed since is shown to
// review with the English it was written from. Other staff are sent away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { sql } from "drizzle-orm";
import { queryRows } from "../../district-api/db/client";
import { seriousViolations } from "../support/a11y";
import { MODES, seeNotice, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The Spanish versions kept of a course's or a question's text (by its name), as stored. */
async function spanishOf(entity: "course" | "question", field: string, name: string) {
  const ids =
    entity === "course"
      ? sql`select id::text from courses where name = ${name}`
      : sql`select id::text from course_questions where question = ${name}`;
  const rows = await queryRows<{ text: string }>(
    app.server.api!.database.db,
    sql`select text from district_texts where entity = ${entity} and field = ${field}
      and language = 'es' and entity_id in (${ids})`,
  );
  return rows.map((r) => r.text);
}

/** A row of the list by what it is and what it belongs to ("Course name", "…Chess Club"). */
function rowOf(page: Page, title: string, about: string): Locator {
  const escaped = about.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("article", { name: new RegExp(`^${title}, .*${escaped}$`) });
}

/** The description a field is described by (its hints and error), as a screen reader reads it. */
async function descriptionOf(page: Page, field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ").trim();
}

/** Opens the list filtered as a person would, with the filter form. */
async function filter(page: Page, kind: string, state: string, search: string) {
  const form = page.getByRole("search", { name: "Filter the texts" });
  await form.getByLabel("Kind").selectOption({ label: kind });
  await form.getByLabel("State").selectOption(state);
  await form.getByLabel("Search").fill(search);
  await form.getByRole("button", { name: "Show" }).click();
  await page.waitForURL(
    (u) => u.searchParams.get("state") === state && u.searchParams.get("q") === search,
  );
}

describe("the Spanish texts are for administrators only", () => {
  it("other staff are sent away from /admin/spanish", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "instructor", { then: "/admin/spanish" });
    expect(new URL(page.url()).pathname).toBe("/instructor/");
    const office = await app.newPage({ js: false });
    await signInStaff(office, "office", { then: "/admin/spanish" });
    expect(new URL(office.url()).pathname).not.toMatch(/^\/admin/);
  });
});

describe.each(MODES)("Spanish texts $name", (mode) => {
  const tag = mode.js ? "JS" : "HTML";
  // Each mode its own course and question: both run on one database.
  const course = mode.js ? "Chess Club" : "Coding for Beginners";
  const spanishName = mode.js ? "Club de ajedrez" : "Programación para principiantes";
  const [question, answers] = mode.js
    ? ["Has the participant built a robot before?", ["Sí", "No"]]
    : ["Preferred meeting day", ["Martes", "Jueves"]];

  it("writes a course's name in Spanish, which is then done; an empty one removes it", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin" });
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Spanish texts" })
      .click();
    await page.waitForURL("**/admin/spanish");
    await page.getByRole("heading", { level: 1, name: "Spanish texts" }).waitFor();

    await filter(page, "Courses", "missing", course);
    const url = new URL(page.url());
    expect(url.searchParams.get("entity")).toBe("course");
    expect(url.searchParams.get("state")).toBe("missing");
    const row = rowOf(page, "Course name", course);
    await row.getByText("Missing", { exact: true }).waitFor();
    // The English is read, not edited, and marked as English.
    await expect(row.locator('[lang="en"]').first().textContent()).resolves.toBe(course);
    const spanish = row.getByLabel("Spanish", { exact: true });
    await expect(spanish.getAttribute("lang")).resolves.toBe("es");
    expect(await descriptionOf(page, spanish)).toContain("Save it empty to remove");

    await spanish.fill(`${spanishName} (${tag})`);
    // Every row has its Save button; its name says which text it saves.
    await page.getByRole("button", { name: new RegExp(`^Save Course name, .*${course}$`) }).click();
    await seeNotice(page, "Saved.");
    // Back on the same filtered page: the text is no longer missing.
    const back = new URL(page.url());
    expect(back.pathname).toBe("/admin/spanish");
    expect(back.search).toBe(url.search);
    await row.waitFor({ state: "detached" });
    expect(await spanishOf("course", "name", course)).toEqual([`${spanishName} (${tag})`]);

    await filter(page, "Courses", "done", course);
    await row.getByText("Done", { exact: true }).waitFor();
    await expect(row.getByLabel("Spanish", { exact: true }).inputValue()).resolves.toBe(
      `${spanishName} (${tag})`,
    );

    // Saved again as it is: nothing changes.
    await row.getByRole("button", { name: /^Save / }).click();
    await seeNotice(page, "Nothing changed.");

    // Saved empty: the Spanish version is gone and the text is missing again.
    await row.getByLabel("Spanish", { exact: true }).fill("");
    await row.getByRole("button", { name: /^Save / }).click();
    await seeNotice(page, "Saved.");
    await row.waitFor({ state: "detached" });
    expect(await spanishOf("course", "name", course)).toEqual([]);
    await filter(page, "Courses", "missing", course);
    await row.getByText("Missing", { exact: true }).waitFor();
    await expect(row.getByLabel("Spanish", { exact: true }).inputValue()).resolves.toBe("");
  });

  it("refuses answers that do not keep the English count, on that text, writing nothing", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/spanish" });
    await filter(page, "Questions", "", question);
    const row = rowOf(page, "Question answers", question);
    const field = row.getByLabel("Spanish", { exact: true });
    expect(await descriptionOf(page, field)).toContain(
      "One answer per line, in the same order as the English.",
    );

    // One answer short.
    await field.fill(answers.slice(0, -1).join("\n"));
    await row.getByRole("button", { name: /^Save / }).click();
    const refusal = `Give one Spanish answer per line for each English answer: ${answers.length} lines, not ${answers.length - 1}.`;
    await row.getByText(refusal).waitFor();
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await descriptionOf(page, field)).toContain(refusal);
    // What was typed stays; only that text shows the refusal.
    await expect(field.inputValue()).resolves.toBe(answers.slice(0, -1).join("\n"));
    expect(await page.getByText(refusal).count()).toBe(1);
    const questionRow = rowOf(page, "Question", question);
    await expect(
      questionRow.getByLabel("Spanish", { exact: true }).getAttribute("aria-invalid"),
    ).resolves.not.toBe("true");
    expect(await spanishOf("question", "answers", question)).toEqual([]);

    // All of them, one per line: saved, in the English's order.
    await field.fill(answers.join("\n"));
    await row.getByRole("button", { name: /^Save / }).click();
    await seeNotice(page, "Saved.");
    expect(await spanishOf("question", "answers", question)).toEqual([answers.join("\n")]);
    await row.getByText("Done", { exact: true }).waitFor();
  });
});

describe("a text whose English changed since it was translated", () => {
  it("is to review, with the English it was written from; the page has no serious accessibility problems", async () => {
    const page = await app.newPage({ js: false });
    await signInStaff(page, "admin", { then: "/admin/spanish?entity=course&q=Reading+Lab" });
    const row = rowOf(page, "Course description", "Reading Lab");
    const before = "Small-group reading practice.";
    await expect(row.locator('[lang="en"]').first().textContent()).resolves.toContain(before);
    await row
      .getByLabel("Spanish", { exact: true })
      .fill("Práctica de lectura en grupos pequeños.");
    await row.getByRole("button", { name: /^Save / }).click();
    await seeNotice(page, "Saved.");

    // The catalogue's English changes afterwards.
    await queryRows(
      app.server.api!.database.db,
      sql`update courses set description = 'Reading practice in small groups, twice a week.'
        where name = 'Reading Lab'`,
    );
    await page.goto("/admin/spanish?entity=course&state=review");
    await row.getByText("To review", { exact: true }).waitFor();
    await row.getByText("The English changed since this was translated").waitFor();
    await expect(row.locator('[lang="en"]').first().textContent()).resolves.toBe(
      "Reading practice in small groups, twice a week.",
    );
    await expect(row.locator('[lang="en"]').nth(1).textContent()).resolves.toContain(before);
    const state = page.getByLabel("State");
    await expect(state.locator("option:checked").textContent()).resolves.toBe("To review (1)");

    for (const mode of MODES) {
      // axe runs inside the page: "without JavaScript" is a browser whose requests for the app's
      // scripts fail (as in a11y-pages.test.ts).
      const ctx = await app.newContext({ js: true });
      if (!mode.js) await ctx.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
      const a11y = await ctx.newPage();
      await signInStaff(a11y, "admin", { then: "/admin/spanish?entity=question" });
      expect(await seriousViolations(a11y)).toEqual([]);
      await a11y.goto("/admin/spanish?state=review");
      expect(await seriousViolations(a11y)).toEqual([]);
    }
  }, 180_000);
});
