// The business office's mail log in a browser, with and without JavaScript
// (decision 130): the office finds a family's mail by student ID, sees the mailed-check
// instructions sent, and resends them; one copy is queued and sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MODES, signInStaff, startTestApp, type TestApp } from "../support/browser";
import { queryRows } from "../../district-api/db/client";

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
    sql`insert into programs (name) values ('Mail log E2E') returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('MLG', '100', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${cost}) returning id`,
  );
  return s!.id;
}

async function promiseCheck(studentId: string, sectionId: string): Promise<void> {
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${app.url}${p}`, {
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
}

async function mailedTo(address: string, subject: RegExp): Promise<number> {
  const dir = path.join(app.dataDir, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))),
  );
  return mails.filter(
    (m: { to: string; subject: string }) => m.to === address && subject.test(m.subject),
  ).length;
}

async function until(fn: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await fn()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe.each(MODES)("the mail log $name", (mode) => {
  it("finds a family's mail by student ID and resends the mailed-check instructions once", async () => {
    const student = mode.js ? "100038" : "100039";
    const section = await makeSection(3000, `Mosaics ${mode.js ? "JS" : "HTML"}`);
    await promiseCheck(student, section);
    const [mail] = await queryRows<{ id: string; to_address: string }>(
      db(),
      sql`select id, to_address from mail_queue
          where participant_id = ${Number(student)} and kind = 'mailed-check'
          order by id limit 1`,
    );
    const subject = /mail your check/i;
    await until(async () => (await mailedTo(mail!.to_address, subject)) === 1);
    expect(await mailedTo(mail!.to_address, subject)).toBe(1);

    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office" });
    await page
      .getByRole("navigation", { name: "Business office" })
      .getByRole("link", { name: "Mail log" })
      .click();
    await page.waitForURL("**/office/mail");
    await page.getByLabel("Student ID, member number or e-mail").fill(student);
    await page.getByRole("button", { name: "Show mail" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === student);
    const row = page
      .getByRole("row")
      .filter({ hasText: "Mailed check instructions" })
      .filter({ hasText: mail!.to_address });
    expect(await row.textContent()).toContain("Sent");

    await row.getByRole("button", { name: /^Resend / }).click();
    await page
      .locator(".notice-bar")
      .filter({ hasText: `A copy was queued to ${mail!.to_address}.` })
      .waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe(student);
    await until(async () => (await mailedTo(mail!.to_address, subject)) === 2);
    expect(await mailedTo(mail!.to_address, subject)).toBe(2);
    await page.reload();
    expect(
      await page
        .getByRole("row")
        .filter({ hasText: "Mailed check instructions" })
        .filter({ hasText: mail!.to_address })
        .count(),
    ).toBe(2);

    // Not an ID nor an address: the field says why.
    await page.getByLabel("Student ID, member number or e-mail").fill("abc");
    await page.getByRole("button", { name: "Show mail" }).click();
    await page.getByText("Enter a student ID, a member number or an e-mail address.").waitFor();
  });
});
