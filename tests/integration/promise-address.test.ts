// From one client address, at most one seat held by unpaid mailed-check promises of community
// members (decision 142): a second account promising from the same address is
// refused, keeps its hold and can pay by card; another address may promise; students behind the
// same address (a school's network) are not refused; a promise received or released frees the
// address; two processes at once let one promise through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import { sql } from "drizzle-orm";
import { call, startTestApi, studentToken, usingPostgres, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { releaseUnhonouredPromises } from "../../district-api/services/promise-release";
import { t } from "@domain/messages";
import { todayIn } from "@domain/rules/time";

let api: TestApi;
const DAY = 86_400_000;

beforeAll(async () => {
  // The sweeper is off: the release test runs the pass itself, after moving the clock.
  api = await startTestApi({ backgroundJobs: false });
  // The share of each section's seats is not what is tested here: promises may hold them all.
  const r = await call(api, "PUT", "/v1/admin/settings", {
    token: await admin(),
    body: { mailedCheckSharePercent: 100 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
async function admin() {
  const r = await call(api, "POST", "/v1/instructor", {
    body: { username: "admin", password: "admin-demo" },
  });
  return r.body.accessToken as string;
}
async function office() {
  const r = await call(api, "POST", "/v1/instructor", {
    body: { username: "office", password: "office-demo" },
  });
  return r.body.accessToken as string;
}

const REFUSED = t("paymentDialog.mailOnePerAddress");

function signaturePng(): string {
  const png = new PNG({ width: 60, height: 20 });
  png.data.fill(255);
  for (let x = 5; x < 55; x++) png.data[(10 * 60 + x) * 4] = 0;
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

// Each account is made from its own address (the account limits are decision 137's); the
// promises are then made from the addresses each test names.
let seq = 0;
async function member(): Promise<string> {
  seq += 1;
  const email = `promise-address${seq}@example.org`;
  const dob = "1988-03-04";
  const made = await call(api, "PUT", "/v1/community/register-member", {
    headers: { "X-Forwarded-For": `198.18.0.${seq}` },
    body: {
      nameFirst: `Addr${"abcdefghij"[seq % 10]}${"abcdefghij"[Math.floor(seq / 10) % 10]}`,
      nameLast: "Promiser",
      dob,
      grade: "Adult",
      gender: "F",
      address: "1 Elm St",
      city: "Springfield",
      state: "Illinois",
      zip: "62701",
      homePhone: "555-555-0123",
      email,
      printedSignature: "Addr Promiser",
      digitalSignature: signaturePng(),
      guardians: [1, 2].map((n) => ({
        nameFirst: `Guard${n}`,
        nameLast: "Ian",
        relationship: "Mother",
        phone1: "(555) 555-0100",
        phone1Type: "Mobile",
      })),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
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
  const login = await call(api, "POST", "/v1/student", {
    headers: { "X-Forwarded-For": `198.18.0.${seq}` },
    body: { studentId: id, dob },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.accessToken as string;
}

let sectionSeq = 0;
async function makeSection(costCents: number, capacity = 10): Promise<string> {
  sectionSeq += 1;
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Address', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('ADR', ${String(100 + sectionSeq)}, ${`Address Camp ${sectionSeq}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents, waitlist_enabled)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', ${capacity}, '2027-01-10', '2027-03-10',
          ${costCents}, true)
        returning id`,
  );
  return s!.id;
}

async function register(token: string, section: string) {
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

function promise(token: string, section: string, address: string, target: TestApi = api) {
  return call(target, "POST", "/v1/payment/confirm-mailin", {
    token,
    headers: { "X-Forwarded-For": address },
    body: { paymentType: "mail", courseSectionIds: [section] },
  });
}

async function promiseId(confirmation: string): Promise<number> {
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where confirmation_id = ${confirmation}`,
  );
  return Number(p!.id);
}

/** What a refused promise may not change: payments, registrations, seats, carts, queued mail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(id || status, ',' order by id) from payments) ||
      (select string_agg(id || status || paid_cents || pending_cents, ',' order by id) from registrations) ||
      (select string_agg(id::text || ':' || seats_taken, ',' order by id) from course_sections) ||
      (select string_agg(id::text || status, ',' order by id) from carts) ||
      (select count(*)::text from mail_queue)) as d`,
  );
  return row!.d;
}

async function registrationStatus(token: string, section: string): Promise<string> {
  const r = await call(api, "GET", `/v1/payment/registration/${section}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.status as string;
}

describe("one unpaid mailed-check promise per client address", () => {
  it("refuses a second community account's promise from the same address; it keeps its hold and pays by card", async () => {
    const address = "203.0.113.10";
    const section = await makeSection(2500);
    const first = await member();
    await register(first, section);
    const taken = await promise(first, section, address);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    const second = await member();
    await register(second, section);
    const before = await digest();
    const refused = await promise(second, section, address);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REFUSED);
    expect(await digest()).toBe(before);
    // The hold stays: the family may still pay online.
    expect(await registrationStatus(second, section)).toBe("pending_payment");

    const s = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token: second,
      headers: { "X-Forwarded-For": address },
      body: { courseSectionId: section },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const setupId = s.body.data.setupId as string;
    const confirmed = await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token: second,
      body: { cardNumber: "4242 4242 4242 4242" },
    });
    expect(confirmed.status).toBe(200);
    const paid = await call(api, "POST", "/v1/payment/complete-setup-intent", {
      token: second,
      headers: { "X-Forwarded-For": address },
      body: { setupId, courseSectionId: section, payNowAmount: 25, paymentType: "full" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await registrationStatus(second, section)).not.toBe("pending_payment");

    // The same /64 of IPv6 is one address; another address may promise.
    const v6 = await member();
    await register(v6, section);
    expect((await promise(v6, section, "2001:db8:1:2::10")).status).toBe(200);
    const v6Neighbour = await member();
    await register(v6Neighbour, section);
    expect((await promise(v6Neighbour, section, "2001:db8:1:2:abcd::7")).status).toBe(409);
    const elsewhere = await member();
    await register(elsewhere, section);
    expect((await promise(elsewhere, section, "203.0.113.11")).status).toBe(200);
  });

  it("stores a hash of the address, never the address", async () => {
    const section = await makeSection(1500);
    const token = await member();
    await register(token, section);
    const r = await promise(token, section, "203.0.113.12");
    expect(r.status).toBe(200);
    const [p] = await queryRows<{ h: string | null }>(
      db(),
      sql`select client_address_hash as h from payments
          where confirmation_id = ${r.body.confirmationIds[0]}`,
    );
    expect(p!.h).toMatch(/^[0-9a-f]{64}$/);
    expect(p!.h).not.toContain("203.0.113.12");
  });

  it("refuses a community member's cart paid by mailed check from an address already holding a seat", async () => {
    const address = "203.0.113.13";
    const section = await makeSection(2000);
    const first = await member();
    await register(first, section);
    expect((await promise(first, section, address)).status).toBe(200);

    const second = await member();
    await register(second, section);
    const added = await call(api, "PUT", "/v1/cart/add", {
      token: second,
      body: { courseSectionId: section },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = await call(api, "GET", "/v1/cart/", { token: second });
    const before = await digest();
    const refused = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token: second,
      headers: { "X-Forwarded-For": address },
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.body.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REFUSED);
    expect(await digest()).toBe(before);
    // From another address the same cart goes to mail.
    const elsewhere = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token: second,
      headers: { "X-Forwarded-For": "203.0.113.14" },
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.body.id },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });

  it("does not refuse students promising from one school network", async () => {
    const address = "203.0.113.20";
    const section = await makeSection(1000);
    for (const id of ["100011", "100012", "100013"]) {
      const token = await studentToken(api, id);
      await register(token, section);
      const r = await promise(token, section, address);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // A community member there is still limited by its own kind's promises only.
    const neighbour = await member();
    await register(neighbour, section);
    expect((await promise(neighbour, section, address)).status).toBe(200);
  });

  it("lets the address promise again once its promise is received or released", async () => {
    const address = "203.0.113.30";
    const section = await makeSection(3000);
    const first = await member();
    await register(first, section);
    const r1 = await promise(first, section, address);
    expect(r1.status).toBe(200);
    const second = await member();
    await register(second, section);
    expect((await promise(second, section, address)).status).toBe(409);

    // Part of the check is not enough: a token check must not free the address.
    const received = await call(
      api,
      "POST",
      `/v1/office/checks/${await promiseId(r1.body.confirmationIds[0])}/receive`,
      {
        token: await office(),
        body: {
          checkNumber: "501",
          amountCents: 1000,
          receivedOn: todayIn(api.runtime.deps.timeZone, api.clock.now()),
        },
      },
    );
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect((await promise(second, section, address)).status).toBe(409);
    // The rest arrives: the promise is paid and no longer holds a seat unpaid.
    const rest = await call(
      api,
      "POST",
      `/v1/office/checks/${await promiseId(r1.body.confirmationIds[0])}/receive`,
      {
        token: await office(),
        body: {
          checkNumber: "502",
          amountCents: 2000,
          receivedOn: todayIn(api.runtime.deps.timeZone, api.clock.now()),
        },
      },
    );
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const r2 = await promise(second, section, address);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);

    // The second promise is never honoured; once the product releases it, a third may promise.
    const third = await member();
    await register(third, section);
    expect((await promise(third, section, address)).status).toBe(409);
    api.clock.advance(22 * DAY);
    try {
      expect(await releaseUnhonouredPromises(api.runtime.deps)).toBeGreaterThan(0);
      const again = await member();
      await register(again, section);
      expect((await promise(again, section, address)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("promises sent at once from one address (two processes on PostgreSQL): one is taken", async () => {
    const address = "203.0.113.40";
    const sections = [await makeSection(900), await makeSection(900)];
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const token = await member();
      await register(token, sections[i % 2]!);
      tokens.push(token);
    }
    const second = usingPostgres
      ? await startTestApi({ shareWith: api, backgroundJobs: false })
      : null;
    try {
      const replies = await Promise.all(
        tokens.map((token, i) =>
          promise(token, sections[i % 2]!, address, second && i % 2 ? second : api),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const [held] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from payments
            where method = 'mail' and client_address_hash is not null
              and registration_id in (select id from registrations
                where course_section_id in (${sections[0]!}, ${sections[1]!}))`,
      );
      expect(Number(held!.n)).toBe(1);
    } finally {
      await second?.close();
    }
  });
});
