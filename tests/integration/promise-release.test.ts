// Unpaid mailed-check promises cannot hoard seats (decision 138): a promise with
// no check by its due date is released by the product (the seat to the first family waiting, the
// family e-mailed, the office's list shows it released, the audit trail has it), once however
// many processes sweep at once; and unpaid promises hold at most the district's share of a
// section's seats (an administrator's setting), beyond which the promise is refused, naming the
// way on, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { releaseUnhonouredPromises } from "../../district-api/services/promise-release";
import { todayIn } from "@domain/rules/time";

let api: TestApi;
const DAY = 86_400_000;

beforeAll(async () => {
  // The sweeper is off: each test runs the release pass itself, after moving the clock.
  api = await startTestApi({ backgroundJobs: false });
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
// Signed in afresh for each call: the tests move the clock by weeks, past any session.
const office = () => staffToken(api, "office");
const admin = () => staffToken(api, "admin");

async function setShare(percent: number) {
  const r = await call(api, "PUT", "/v1/admin/settings", {
    token: await admin(),
    body: { mailedCheckSharePercent: percent },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function makeSection(costCents: number, capacity: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Promises', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('PRM', '101', ${`Robotics ${Math.random().toString(36).slice(2, 8)}`}) returning id`,
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

/** Registers the student and promises a mailed check; the reply of the promise. */
async function promise(student: string, section: string) {
  const token = await studentToken(api, student);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
    token,
    body: { paymentType: "mail", courseSectionIds: [section] },
  });
  return { token, reply: m };
}

async function promiseId(confirmation: string): Promise<number> {
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where confirmation_id = ${confirmation}`,
  );
  return Number(p!.id);
}

async function registration(student: string, section: string) {
  const [row] = await queryRows<{ status: string; pending_cents: number; cancel_reason: string }>(
    db(),
    sql`select status, pending_cents, cancel_reason from registrations
        where course_section_id = ${section} and participant_id = ${Number(student)}
        order by created_at desc limit 1`,
  );
  return row!;
}

async function seatsTaken(section: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select seats_taken as n from course_sections where id = ${section}`,
  );
  return Number(row!.n);
}

/** What a refused promise may not change: payments, registrations, seats, queued mail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(id || status, ',' order by id) from payments) ||
      (select string_agg(id || status || paid_cents || pending_cents, ',' order by id) from registrations) ||
      (select string_agg(id::text || ':' || seats_taken, ',' order by id) from course_sections) ||
      (select count(*)::text from mail_queue)) as d`,
  );
  return row!.d;
}

describe("a promise not honoured by its due date", () => {
  beforeAll(() => setShare(100));

  it("is released by the product: the seat to the first family waiting, the family told, the office sees it", async () => {
    const section = await makeSection(2000, 1);
    const { reply } = await promise("100011", section);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = await promiseId(reply.body.confirmationIds[0]);
    for (const s of ["100012", "100013"]) {
      const tok = await studentToken(api, s);
      const w = await call(api, "POST", `/v1/register/waitlist/${section}`, {
        token: tok,
        body: {},
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    }

    // A day before the due date (21 days by default) nothing is released.
    api.clock.advance(20 * DAY);
    await releaseUnhonouredPromises(api.runtime.deps);
    expect((await registration("100011", section)).status).toBe("registered");
    expect((await registration("100012", section)).status).toBe("waitlisted");

    const mailBefore = (await api.outbox()).length;
    api.clock.advance(1 * DAY + 60_000);
    await releaseUnhonouredPromises(api.runtime.deps);
    expect(await registration("100011", section)).toEqual({
      status: "cancelled",
      pending_cents: 0,
      cancel_reason: "Mailed Check Not Received",
    });
    // The waitlist in order: the first family waiting is offered the seat, the second waits.
    expect((await registration("100012", section)).status).toBe("offered");
    expect((await registration("100013", section)).status).toBe("waitlisted");
    expect(await seatsTaken(section)).toBe(1);

    const mail = await api.outbox({ atLeast: mailBefore + 2 });
    const released = mail.filter((m) => m.subject.includes("released, no check received"));
    // One message to each address on file.
    expect(released.length).toBeGreaterThan(0);
    expect(new Set(released.map((m) => m.to)).size).toBe(released.length);
    expect(released[0]!.text).toContain("had not reached us by its due date");
    expect(released[0]!.text).toContain("$20.00");

    const list = await call(api, "GET", "/v1/office/checks?status=released&q=100011", {
      token: await office(),
    });
    expect(list.status).toBe(200);
    expect(list.body.promises).toEqual([
      expect.objectContaining({ id, status: "released", overdue: false }),
    ]);
    const cancelled = await call(api, "GET", "/v1/office/checks?status=cancelled&q=100011", {
      token: await office(),
    });
    expect(cancelled.body.promises).toEqual([]);
    const audit = await queryRows<{ action: string; actor_username: string }>(
      db(),
      sql`select action, actor_username from audit_entries
          where entity = 'mailed-check' and entity_id = ${String(id)}`,
    );
    expect(audit).toEqual([
      { action: "check.release-promise", actor_username: "automatic release" },
    ]);
    // The office can no longer cancel it; a second pass changes nothing.
    const again = await call(api, "POST", `/v1/office/checks/${id}/cancel`, {
      token: await office(),
    });
    expect(again.status).toBe(409);
    expect(await releaseUnhonouredPromises(api.runtime.deps)).toBe(0);
  });

  it("keeps a promise with a check standing for the office", async () => {
    const section = await makeSection(3000, 5);
    const { reply } = await promise("100014", section);
    const id = await promiseId(reply.body.confirmationIds[0]);
    const received = await call(api, "POST", `/v1/office/checks/${id}/receive`, {
      token: await office(),
      body: {
        checkNumber: "77",
        amountCents: 1000,
        receivedOn: todayIn(api.runtime.deps.timeZone, api.clock.now()),
      },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    api.clock.advance(22 * DAY);
    await releaseUnhonouredPromises(api.runtime.deps);
    expect((await registration("100014", section)).status).toBe("registered");
    const row = await call(api, "GET", `/v1/office/checks/${id}`, { token: await office() });
    expect(row.body).toMatchObject({ status: "open", overdue: true });
  });

  it("two sweeps at once (two processes on PostgreSQL) release each promise once", async () => {
    const section = await makeSection(1500, 5);
    const students = ["100015", "100016", "100017", "100018", "100019"];
    const ids: number[] = [];
    for (const s of students) {
      const { reply } = await promise(s, section);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      ids.push(await promiseId(reply.body.confirmationIds[0]));
    }
    for (const s of ["100020", "100021", "100022"]) {
      const tok = await studentToken(api, s);
      const w = await call(api, "POST", `/v1/register/waitlist/${section}`, {
        token: tok,
        body: {},
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    }
    const second = usingPostgres
      ? await startTestApi({ shareWith: api, backgroundJobs: false })
      : null;
    try {
      api.clock.advance(22 * DAY);
      second?.clock.advance(api.clock.now().getTime() - second.clock.now().getTime());
      const counts = await Promise.all([
        releaseUnhonouredPromises(api.runtime.deps),
        releaseUnhonouredPromises((second ?? api).runtime.deps),
        releaseUnhonouredPromises(api.runtime.deps),
      ]);
      const [audit] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from audit_entries
            where action = 'check.release-promise'
              and entity_id in (${sql.join(
                ids.map((i) => sql`${String(i)}`),
                sql`, `,
              )})`,
      );
      expect(Number(audit!.n)).toBe(5);
      // Every pass may also meet promises of earlier tests; these five are released once in all.
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
      for (const s of students) expect((await registration(s, section)).status).toBe("cancelled");
      for (const s of ["100020", "100021", "100022"]) {
        expect((await registration(s, section)).status).toBe("offered");
      }
      expect(await seatsTaken(section)).toBe(3);
      const [mails] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from mail_queue where kind = 'promise-released'
            and payment_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
      );
      // One message per promise and address on file (each demo student has one or more).
      const [addresses] = await queryRows<{ n: number }>(
        db(),
        sql`select count(distinct payment_id)::int as n from mail_queue
            where kind = 'promise-released' and payment_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
      );
      expect(Number(addresses!.n)).toBe(5);
      const perPromise = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from mail_queue where kind = 'promise-released'
            and payment_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})
            group by payment_id, to_address having count(*) > 1`,
      );
      expect(perPromise).toEqual([]);
      expect(Number(mails!.n)).toBeGreaterThanOrEqual(5);
    } finally {
      await second?.close();
    }
  });
});

describe("the share of a section's seats unpaid promises may hold", () => {
  it("refuses bad values naming the field, and records a change in the audit trail", async () => {
    for (const bad of [-1, 101, 12.5, "20"]) {
      const r = await call(api, "PUT", "/v1/admin/settings", {
        token: await admin(),
        body: { mailedCheckSharePercent: bad },
      });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.hint).toContain("mailedCheckSharePercent");
    }
    await setShare(25);
    const read = await call(api, "GET", "/v1/admin/settings", { token: await admin() });
    expect(read.body.mailedCheckSharePercent).toBe(25);
    const [entry] = await queryRows<{ after: { mailedCheckSharePercent: number } }>(
      db(),
      sql`select after from audit_entries where action = 'settings.change'
          order by id desc limit 1`,
    );
    expect(entry!.after).toEqual({ mailedCheckSharePercent: 25 });
    await setShare(20);
  });

  it("lets promises within the share and refuses the one beyond it; online payment still works", async () => {
    await setShare(20);
    // 20% of 10 seats: two promises may wait for a check.
    const section = await makeSection(2500, 10);
    for (const s of ["100023", "100024"]) {
      const { reply } = await promise(s, section);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const token = await studentToken(api, "100025");
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const before = await digest();
    const refused = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Mailed checks may hold only 20% of the seats in Robotics \w+, and those are taken\. Pay online to keep your seat, or join the waitlist\.$/,
    );
    expect(await digest()).toBe(before);
    // The family keeps its seat on hold and may pay online.
    expect((await registration("100025", section)).status).toBe("pending_payment");
    const info = await call(api, "GET", `/v1/payment/registration/${section}`, { token });
    expect(info.status).toBe(200);

    // A promise paid in full no longer holds a seat unpaid: the next family may promise.
    const [first] = await queryRows<{ id: number }>(
      db(),
      sql`select p.id from payments p join registrations r on r.id = p.registration_id
          where r.course_section_id = ${section} and r.participant_id = 100023`,
    );
    const paid = await call(api, "POST", `/v1/office/checks/${first!.id}/receive`, {
      token: await office(),
      body: {
        checkNumber: "1",
        amountCents: 2500,
        receivedOn: todayIn(api.runtime.deps.timeZone, api.clock.now()),
      },
    });
    expect(paid.status).toBe(201);
    const within = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  });

  it("a section whose share is no seat takes no promise; the cart's promise is refused alike", async () => {
    await setShare(20);
    // 20% of 4 seats rounds down to none.
    const section = await makeSection(1200, 4);
    const token = await studentToken(api, "100026");
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const add = await call(api, "PUT", "/v1/cart/add", {
      token,
      body: { courseSectionId: section },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const before = await digest();
    const refused = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.body.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/does not take mailed checks\. Pay online/);
    expect(await digest()).toBe(before);
    const [c] = await queryRows<{ status: string }>(
      db(),
      sql`select status from carts where id = ${cart.body.id}`,
    );
    expect(c!.status).toBe("OPEN");
  });

  it("promises sent at once for the last place (two processes on PostgreSQL): one is taken", async () => {
    await setShare(10);
    // 10% of 10 seats: one promise.
    const section = await makeSection(900, 10);
    const students = ["100027", "100028", "100029", "100030"];
    const tokens: string[] = [];
    for (const s of students) {
      const token = await studentToken(api, s);
      expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
        200,
      );
      tokens.push(token);
    }
    const second = usingPostgres
      ? await startTestApi({ shareWith: api, backgroundJobs: false })
      : null;
    try {
      const replies = await Promise.all(
        tokens.map((token, i) =>
          call(second && i % 2 ? second : api, "POST", "/v1/payment/confirm-mailin", {
            token,
            body: { paymentType: "mail", courseSectionIds: [section] },
          }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const [held] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from payments p join registrations r on r.id = p.registration_id
            where p.method = 'mail' and r.course_section_id = ${section}`,
      );
      expect(Number(held!.n)).toBe(1);
    } finally {
      await second?.close();
      await setShare(20);
    }
  });
});
