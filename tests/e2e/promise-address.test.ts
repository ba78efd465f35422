// From one client address, a community member's unpaid mailed-check promises hold at most one
// seat (decision 142), in a browser with and without JavaScript: the web app
// forwards the visitor's address to the district API, and a second community member promising
// from the same address reads why and what to do instead, with the registration still payable
// by card in the same dialog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PNG } from "pngjs";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";
import { queryRows } from "../../district-api/db/client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;
// The browser and this test both speak to the web server from the loopback address.
const BROWSER_ADDRESS = "127.0.0.1";

async function makeSection(name: string): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values ('Address E2E', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('ADE', '100', ${name}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', 3000) returning id`,
  );
  return s!.id;
}

async function api(
  method: string,
  path: string,
  body: unknown,
  opts: { token?: string; address?: string } = {},
) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": opts.address ?? BROWSER_ADDRESS,
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

function signaturePng(): string {
  const png = new PNG({ width: 60, height: 20 });
  png.data.fill(255);
  for (let x = 5; x < 55; x++) png.data[(10 * 60 + x) * 4] = 0;
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

let seq = 0;
/** A community member made (from an address of its own) and registered for the section. */
async function member(section: string): Promise<{ id: string; token: string }> {
  seq += 1;
  const email = `address-e2e${seq}@example.org`;
  const made = await api(
    "PUT",
    "/v1/community/register-member",
    {
      nameFirst: `Adde${"abcdefghij"[seq % 10]}`,
      nameLast: "Browser",
      dob: "1987-02-03",
      grade: "Adult",
      gender: "F",
      address: "1 Elm St",
      city: "Springfield",
      state: "Illinois",
      zip: "62701",
      homePhone: "555-555-0123",
      email,
      printedSignature: "Adde Browser",
      digitalSignature: signaturePng(),
      guardians: [1, 2].map((n) => ({
        nameFirst: `Guard${n}`,
        nameLast: "Ian",
        relationship: "Mother",
        phone1: "(555) 555-0100",
        phone1Type: "Mobile",
      })),
    },
    { address: `198.18.1.${seq}` },
  );
  expect(made.status, await made.clone().text()).toBe(200);
  let id: string | undefined;
  for (let i = 0; i < 100 && !id; i++) {
    const [row] = await queryRows<{ text: string }>(
      db(),
      sql`select text_body as text from mail_queue where kind = 'member-id'
          and to_address = ${email} order by id desc limit 1`,
    );
    id = row ? /Community Member ID is (\d+)/.exec(row.text)?.[1] : undefined;
    if (!id) await new Promise((r) => setTimeout(r, 20));
  }
  const login = await api("POST", "/v1/student", { studentId: id, dob: "1987-02-03" });
  const { accessToken } = (await login.json()) as { accessToken: string };
  expect((await api("POST", `/v1/register/${section}`, {}, { token: accessToken })).status).toBe(
    200,
  );
  return { id: id!, token: accessToken };
}

describe.each(MODES)("one unpaid mailed check per client address $name", (mode) => {
  it("a second community member on the same network reads why and pays by card instead", async () => {
    const section = await makeSection(`Robotics ${mode.js ? "JS" : "HTML"}`);
    const first = await member(section);
    const promised = await api(
      "POST",
      "/v1/payment/confirm-mailin",
      { paymentType: "mail", courseSectionIds: [section] },
      { token: first.token },
    );
    expect(promised.status).toBe(200);

    const second = await member(section);
    const page = await app.newPage(mode);
    await signInFamily(page, second.id, { dob: "02/03/1987", then: `/payment/${section}` });
    const dialog = page.getByRole("dialog", { name: "Payment Options" });
    await dialog.getByLabel("Mail a paper check").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog
      .getByText(
        "A mailed check not yet received already holds a seat for an account on your network, and only one may at a time. Pay online by card to keep your seat.",
      )
      .waitFor();
    const [reg] = await queryRows<{ status: string; pending_cents: number }>(
      db(),
      sql`select status, pending_cents from registrations
          where course_section_id = ${section} and participant_id = ${Number(second.id)}`,
    );
    expect(reg).toEqual({ status: "pending_payment", pending_cents: 0 });
    await expect(dialog.getByLabel("Pay online by card").count()).resolves.toBe(1);

    // The first family's check arrives: the address is free for the next mode's test.
    const { confirmationIds } = (await promised.json()) as { confirmationIds: string[] };
    await db().execute(
      sql`update payments set status = 'succeeded' where confirmation_id = ${confirmationIds[0]!}`,
    );
  });
});
