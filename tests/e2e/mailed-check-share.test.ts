// The share of a section's seats unpaid mailed-check promises may hold (decision 138),
// in a browser with and without JavaScript: an administrator sets it on /admin/settings (a
// value out of range names the field and saves nothing; the change is in the audit trail), and a
// family whose mailed check would go beyond it reads why and what to do instead, with its
// registration still payable online. A promise the product released at its due date shows as
// released on the office's list.
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
import { releaseUnhonouredPromises } from "../../district-api/services/promise-release";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;

async function makeSection(name: string, capacity: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values ('Share E2E', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('SHR', '100', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', ${capacity}, '2027-01-10', '2027-03-10', 3000) returning id`,
  );
  return s!.id;
}

async function api(path: string, body: unknown, token?: string) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function register(studentId: string, sectionId: string): Promise<string> {
  const login = await api("/v1/student", { studentId, dob: "2012-01-15" });
  const { accessToken } = (await login.json()) as { accessToken: string };
  expect((await api(`/v1/register/${sectionId}`, {}, accessToken)).status).toBe(200);
  return accessToken;
}

async function share(): Promise<unknown> {
  const [row] = await queryRows<{ v: unknown }>(
    db(),
    sql`select data->'mailedCheckSharePercent' as v from settings where id = 1`,
  );
  return row?.v;
}

describe.each(MODES)("the share of seats mailed checks may hold $name", (mode) => {
  it("an administrator sets it; a value out of range names the field and saves nothing", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "admin", { then: "/admin/settings" });
    const field = page.getByLabel("Seats mailed checks may hold (% of each section)");
    await expect(field.inputValue()).resolves.toBe("20");

    await field.fill("101");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Enter a percentage from 0 to 100.").waitFor();
    expect(await share()).toBe(20);

    await page.getByLabel("Seats mailed checks may hold (% of each section)").fill("10");
    await page.getByRole("button", { name: "Save settings" }).click();
    await seeNotice(page, "Saved.");
    expect(await share()).toBe(10);
    const [entry] = await queryRows<{ after: unknown }>(
      db(),
      sql`select after from audit_entries where action = 'settings.change' order by id desc limit 1`,
    );
    expect(entry!.after).toEqual({ mailedCheckSharePercent: 10 });

    // Back to the default for the other tests.
    await page.getByLabel("Seats mailed checks may hold (% of each section)").fill("20");
    await page.getByRole("button", { name: "Save settings" }).click();
    await seeNotice(page, "Saved.");
    expect(await share()).toBe(20);
  });

  it("a family beyond it reads why and pays online instead", async () => {
    const name = `Robotics ${mode.js ? "JS" : "HTML"}`;
    // 20% of 5 seats: one promise may wait for a check; another family has made it.
    const section = await makeSection(name, 5);
    const first = await register(mode.js ? "100011" : "100012", section);
    expect(
      (
        await api(
          "/v1/payment/confirm-mailin",
          { paymentType: "mail", courseSectionIds: [section] },
          first,
        )
      ).status,
    ).toBe(200);

    const student = mode.js ? "100013" : "100014";
    await register(student, section);
    const page = await app.newPage(mode);
    await signInFamily(page, student, { then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog
      .getByText(
        `Mailed checks may hold only 20% of the seats in ${name}, and those are taken. Pay online to keep your seat, or join the waitlist.`,
      )
      .waitFor();
    const [reg] = await queryRows<{ status: string; pending_cents: number }>(
      db(),
      sql`select status, pending_cents from registrations
          where course_section_id = ${section} and participant_id = ${Number(student)}`,
    );
    expect(reg).toEqual({ status: "pending_payment", pending_cents: 0 });
    // The card is still offered in the same dialog.
    await expect(dialog.getByLabel("Pay online by card").count()).resolves.toBe(1);
  });

  it("the office finds a promise released at its due date under Released", async () => {
    const name = `Pottery ${mode.js ? "JS" : "HTML"}`;
    const section = await makeSection(name, 10);
    const token = await register(mode.js ? "100015" : "100016", section);
    const m = await api(
      "/v1/payment/confirm-mailin",
      { paymentType: "mail", courseSectionIds: [section] },
      token,
    );
    const confirmation = ((await m.json()) as { confirmationIds: string[] }).confirmationIds[0]!;
    // Three weeks and a day later: the sweeper (or this pass) releases it.
    await db().execute(
      sql`update payments set created_at = created_at - interval '22 days'
          where confirmation_id = ${confirmation}`,
    );
    await releaseUnhonouredPromises(app.server.api!.deps);
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office/checks" });
    await page.getByLabel("Search", { exact: true }).fill(confirmation);
    await page.getByLabel("Show").selectOption({ label: "Released (not paid by the due date)" });
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: confirmation });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Released (not paid by the due date)");
  });
});
