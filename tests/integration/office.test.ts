// The business office over HTTP (decision 123): only business_office and
// district_admin may call /v1/office (a matrix of every other caller, nothing written); the
// mailed-check promises are listed and searched; a check received (in parts) makes the money
// paid, once however many times it is sent at once (two processes on PostgreSQL); a check is
// reversed or bounced (the family is e-mailed); a promise not honoured in time is cancelled and
// the seat goes to the first person waiting; every action leaves its audit entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { PromiseDetail, PromisePage } from "@domain/contract/office";
import { todayIn } from "@domain/rules/time";

let api: TestApi;
let office: string;
let admin: string;

beforeAll(async () => {
  // No sweeper: it would release the promises these tests make overdue before the office acts
  // (decision 138); the release has its own tests (promise-release.test.ts).
  api = await startTestApi({ backgroundJobs: false });
  office = await staffToken(api, "office");
  admin = await staffToken(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const today = () => todayIn(api.runtime.deps.timeZone, api.clock.now());

async function makeSection(costCents: number, capacity = 10): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Office checks', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('OFC', '101', ${`Robotics ${Math.random().toString(36).slice(2, 8)}`}) returning id`,
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

/** A student registered for a new section who promised a mailed check; the promise's id. */
async function promised(student: string, costCents = 4000, payNow?: number) {
  const token = await studentToken(api, student);
  const section = await makeSection(costCents);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
    token,
    body: {
      paymentType: "mail",
      courseSectionIds: [section],
      ...(payNow ? { payNowAmount: payNow } : {}),
    },
  });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where confirmation_id = ${m.body.confirmationIds[0]}`,
  );
  return { token, section, id: Number(p!.id), confirmation: m.body.confirmationIds[0] as string };
}

async function registration(student: string, section: string) {
  const [row] = await queryRows<{ status: string; paid_cents: number; pending_cents: number }>(
    db(),
    sql`select status, paid_cents, pending_cents from registrations
        where course_section_id = ${section} and participant_id = ${Number(student)}
        order by created_at desc limit 1`,
  );
  return row!;
}

async function paymentStatus(id: number) {
  const [row] = await queryRows<{ status: string }>(
    db(),
    sql`select status from payments where id = ${id}`,
  );
  return row!.status;
}

/** What an office call may change: checks, payments, registrations, carts and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      coalesce((select string_agg(id || status || check_number, ',' order by id) from mailed_checks), '-') ||
      (select string_agg(id || status || coalesce(settled_at::text, ''), ',' order by id) from payments) ||
      (select string_agg(id || status || paid_cents || pending_cents, ',' order by id) from registrations) ||
      coalesce((select string_agg(id || status || paid_cents, ',' order by id) from carts), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function auditFor(id: number) {
  return queryRows<{ actor_username: string; action: string; before: any; after: any }>(
    db(),
    sql`select actor_username, action, before, after from audit_entries
        where entity = 'mailed-check' and entity_id = ${String(id)} order by id`,
  );
}

const receive = (id: number, body: unknown, token = office) =>
  call(api, "POST", `/v1/office/checks/${id}/receive`, { token, body });

let matrixPromise: { id: number; checkId: number };

/** Every office call with a valid body (the matrix covers the route table). */
function officeCalls(): { method: string; path: string; body?: unknown }[] {
  const { id, checkId } = matrixPromise;
  return [
    { method: "GET", path: "/v1/office/summary" },
    { method: "GET", path: "/v1/office/checks" },
    { method: "GET", path: `/v1/office/checks/${id}` },
    {
      method: "POST",
      path: `/v1/office/checks/${id}/receive`,
      body: { checkNumber: "9001", amountCents: 100, receivedOn: today() },
    },
    { method: "POST", path: `/v1/office/checks/${id}/checks/${checkId}/reverse` },
    {
      method: "POST",
      path: `/v1/office/checks/${id}/checks/${checkId}/bounce`,
      body: { reason: "Insufficient funds" },
    },
    { method: "POST", path: `/v1/office/checks/${id}/cancel` },
    { method: "GET", path: "/v1/office/mail" },
    { method: "POST", path: `/v1/office/mail/${id}/resend` },
    // The payments report (decision 132; its own filters are tested in payments-report.test.ts).
    { method: "GET", path: "/v1/office/report" },
    { method: "GET", path: "/v1/office/report/rows" },
    { method: "GET", path: "/v1/office/report/pdf" },
    { method: "GET", path: "/v1/office/report/day-sheet" },
    { method: "GET", path: "/v1/office/report/day-sheet/pdf" },
  ];
}

describe("who may call /v1/office", () => {
  beforeAll(async () => {
    const p = await promised("100030");
    const r = await receive(p.id, { checkNumber: "500", amountCents: 1000, receivedOn: today() });
    expect(r.status).toBe(201);
    matrixPromise = { id: p.id, checkId: r.body.id };
  });

  it("the matrix covers every /v1/office route, each for business_office and district_admin", () => {
    const routes = ENDPOINTS.filter((r) => r.path.startsWith("/v1/office"))
      // The refund routes have their own matrix (office-refunds.test.ts).
      .filter((r) => !/^\/v1\/office\/(payments|refunds)\b/.test(r.path))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const { id, checkId } = matrixPromise;
    expect(
      officeCalls()
        .map(
          (c) =>
            `${c.method} ${c.path.replace(`/${id}`, "/:id").replace(`/${checkId}/`, "/:checkId/")}`,
        )
        .sort(),
    ).toEqual(routes);
    for (const r of ENDPOINTS.filter((r) => r.path.startsWith("/v1/office"))) {
      expect(r.roles).toEqual(["business_office", "district_admin"]);
    }
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const signedOut = await staffToken(api, "office");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: signedOut })).status).toBe(
      204,
    );
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100031"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "office-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
      ["a signed-out office employee", signedOut, 401],
      ["a forged token", `${office.slice(0, -4)}AAAA`, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of officeCalls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });

  it("lets the business office and administrators read", async () => {
    for (const token of [office, admin]) {
      const r = await call(api, "GET", "/v1/office/summary", { token });
      expect(r.status).toBe(200);
      expect(r.body.mailedCheckDays).toBe(21);
      const d = await call(api, "GET", `/v1/office/checks/${matrixPromise.id}`, { token });
      expect(d.status).toBe(200);
    }
  });
});

describe("the list of promises", () => {
  it("shows the family, amount, promised date and confirmation number; searches and pages", async () => {
    const p = await promised("100032", 3000);
    const all = PromisePage.parse(
      (await call(api, "GET", "/v1/office/checks?status=all", { token: office })).body,
    );
    const row = all.promises.find((x) => x.id === p.id)!;
    expect(row).toMatchObject({
      confirmationNumber: p.confirmation,
      participantId: 100032,
      amountCents: 3000,
      receivedCents: 0,
      status: "open",
      overdue: false,
    });
    expect(row.family).toMatch(/\S+ \S+/);
    expect(Date.parse(row.promisedAt)).toBeGreaterThan(0);
    for (const q of [p.confirmation, "100032", row.family.split(" ")[1]!.toUpperCase()]) {
      const found = PromisePage.parse(
        (
          await call(api, "GET", `/v1/office/checks?status=all&q=${encodeURIComponent(q)}`, {
            token: office,
          })
        ).body,
      );
      expect(
        found.promises.map((x) => x.id),
        q,
      ).toContain(p.id);
      expect(found.total, q).toBeLessThan(all.total + 1);
    }
    const none = await call(api, "GET", "/v1/office/checks?status=all&q=nobody-here-%25", {
      token: office,
    });
    expect(none.body.total).toBe(0);
    expect(all.pageSize).toBe(50);
  });

  it("pages on the server, 50 a page", async () => {
    const [first] = await queryRows<{ id: number; owner_key: string }>(
      db(),
      sql`select id, owner_key from payments where method = 'mail' limit 1`,
    );
    await db().execute(
      sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, created_at)
          select ${first!.owner_key}, 'mail', 100, 'pending', 'page-' || g, now() - interval '1 year'
          from generate_series(1, 60) g`,
    );
    const p1 = await call(api, "GET", "/v1/office/checks?status=open", { token: office });
    const p2 = await call(api, "GET", "/v1/office/checks?status=open&page=2", { token: office });
    expect(p1.body.promises).toHaveLength(50);
    expect(p2.body.promises.length).toBe(p1.body.total - 50);
    const overdue = await call(api, "GET", "/v1/office/checks?status=overdue", { token: office });
    expect(overdue.body.total).toBe(60);
    expect(overdue.body.promises[0].overdue).toBe(true);
    await db().execute(
      sql`update payments set status = 'expired' where idempotency_key like 'page-%'`,
    );
  });
});

describe("recording checks", () => {
  it("a partial check leaves the rest due; the second check makes it paid", async () => {
    const p = await promised("100033", 4000);
    expect(await registration("100033", p.section)).toMatchObject({ pending_cents: 4000 });
    const first = await receive(p.id, {
      checkNumber: "1201",
      amountCents: 1500,
      receivedOn: today(),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await registration("100033", p.section)).toEqual({
      status: "registered",
      paid_cents: 1500,
      pending_cents: 2500,
    });
    expect(await paymentStatus(p.id)).toBe("pending");
    const card = await call(api, "GET", `/v1/payment/registration/${p.section}`, {
      token: p.token,
    });
    expect(card.body).toMatchObject({ pending: 25 });
    const second = await receive(p.id, {
      checkNumber: "1202",
      amountCents: 2500,
      receivedOn: today(),
    });
    expect(second.status).toBe(201);
    expect(await registration("100033", p.section)).toEqual({
      status: "registered",
      paid_cents: 4000,
      pending_cents: 0,
    });
    expect(await paymentStatus(p.id)).toBe("succeeded");
    const detail = PromiseDetail.parse(
      (await call(api, "GET", `/v1/office/checks/${p.id}`, { token: office })).body,
    );
    expect(detail).toMatchObject({ status: "received", receivedCents: 4000 });
    expect(detail.checks.map((c) => [c.checkNumber, c.amountCents, c.recordedBy])).toEqual([
      ["1201", 1500, "office"],
      ["1202", 2500, "office"],
    ]);
    // A third check on a promise fully received is refused.
    const third = await receive(p.id, { checkNumber: "1203", amountCents: 1, receivedOn: today() });
    expect(third.status).toBe(409);
    const audit = await auditFor(p.id);
    expect(audit.map((a) => a.action)).toEqual(["check.receive", "check.receive"]);
    expect(audit[1]).toMatchObject({
      actor_username: "office",
      before: { receivedCents: 1500, status: "pending" },
      after: { receivedCents: 4000, status: "succeeded", check: { checkNumber: "1202" } },
    });
  });

  it("an administrator records a check too", async () => {
    const p = await promised("100034", 2000);
    const r = await receive(
      p.id,
      { checkNumber: "77", amountCents: 2000, receivedOn: today() },
      admin,
    );
    expect(r.status).toBe(201);
    expect((await auditFor(p.id))[0]!.actor_username).toBe("admin");
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const p = await promised("100035", 2000);
    const before = await digest();
    const tomorrow = new Date(api.clock.now().getTime() + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const cases: [unknown, string][] = [
      [{ amountCents: 100, receivedOn: today() }, "checkNumber"],
      [{ checkNumber: "", amountCents: 100, receivedOn: today() }, "checkNumber"],
      [{ checkNumber: "12 34;", amountCents: 100, receivedOn: today() }, "checkNumber"],
      [{ checkNumber: "1", amountCents: 0, receivedOn: today() }, "amountCents"],
      [{ checkNumber: "1", amountCents: -5, receivedOn: today() }, "amountCents"],
      [{ checkNumber: "1", amountCents: 10.5, receivedOn: today() }, "amountCents"],
      [{ checkNumber: "1", amountCents: "100", receivedOn: today() }, "amountCents"],
      [{ checkNumber: "1", amountCents: 2001, receivedOn: today() }, "amountCents"],
      [{ checkNumber: "1", amountCents: 100, receivedOn: "2026-02-30" }, "receivedOn"],
      [{ checkNumber: "1", amountCents: 100, receivedOn: tomorrow }, "receivedOn"],
      [{ checkNumber: "1", amountCents: 100, receivedOn: today(), extra: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const r = await receive(p.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (field) expect(r.body.hint, JSON.stringify(body)).toContain(field);
    }
    const bounce = await call(api, "POST", `/v1/office/checks/${p.id}/checks/1/bounce`, {
      token: office,
      body: { reason: "" },
    });
    expect(bounce.status).toBe(400);
    expect(bounce.body.hint).toContain("reason");
    for (const path of [
      "/v1/office/checks/abc",
      "/v1/office/checks/0",
      "/v1/office/checks/99999999999",
    ]) {
      expect((await call(api, "GET", path, { token: office })).status, path).toBe(400);
    }
    expect(
      (await call(api, "GET", "/v1/office/checks?status=nope", { token: office })).status,
    ).toBe(400);
    expect(await digest()).toBe(before);
  });

  it("refuses ids of another promise or of a payment that is not a mailed check", async () => {
    const a = await promised("100036", 2000);
    const b = await promised("100037", 2000);
    const checkOfA = await receive(a.id, {
      checkNumber: "31",
      amountCents: 500,
      receivedOn: today(),
    });
    const before = await digest();
    const wrong = await call(
      api,
      "POST",
      `/v1/office/checks/${b.id}/checks/${checkOfA.body.id}/reverse`,
      {
        token: office,
      },
    );
    expect(wrong.status).toBe(404);
    const [card] = await queryRows<{ id: number }>(
      db(),
      sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, created_at)
          values ('student:100037', 'stripe', 500, 'pending', 'not-a-check', now()) returning id`,
    );
    const before2 = await digest();
    expect(
      (await receive(card!.id, { checkNumber: "1", amountCents: 1, receivedOn: today() })).status,
    ).toBe(404);
    expect(
      (await call(api, "GET", `/v1/office/checks/${card!.id}`, { token: office })).status,
    ).toBe(404);
    expect(
      (await receive(2_000_000, { checkNumber: "1", amountCents: 1, receivedOn: today() })).status,
    ).toBe(404);
    expect(await digest()).toBe(before2);
    expect(before).not.toBe(before2);
  });

  it("the same check sent five times at once is recorded once", async () => {
    const p = await promised("100038", 3000);
    const body = { checkNumber: "4242", amountCents: 3000, receivedOn: today() };
    const second = usingPostgres ? await startTestApi({ shareWith: api }) : null;
    try {
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call(second && i % 2 ? second : api, "POST", `/v1/office/checks/${p.id}/receive`, {
            token: office,
            body,
          }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    } finally {
      await second?.close();
    }
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from mailed_checks where payment_id = ${p.id}`,
    );
    expect(n!.n).toBe(1);
    expect(await registration("100038", p.section)).toMatchObject({
      paid_cents: 3000,
      pending_cents: 0,
    });
    expect((await auditFor(p.id)).length).toBe(1);
    // The same number with another amount is refused.
    const other = await receive(p.id, { ...body, amountCents: 100 });
    expect(other.status).toBe(409);
  });

  it("a cart paid by mailed check: each registration's promise is received", async () => {
    const token = await studentToken(api, "100039");
    const section = await makeSection(2500);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    await call(api, "PUT", "/v1/cart/add", { token, body: { courseSectionId: section } });
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.body.id },
    });
    expect(m.status).toBe(200);
    const list = await call(api, "GET", `/v1/office/checks?q=${cart.body.id}`, { token: office });
    const row = list.body.promises.find((x: { cartId: number }) => x.cartId === cart.body.id);
    expect(row).toMatchObject({ amountCents: 2500, participantId: 100039 });
    const r = await receive(row.id, { checkNumber: "88", amountCents: 2500, receivedOn: today() });
    expect(r.status).toBe(201);
    expect(await registration("100039", section)).toMatchObject({
      paid_cents: 2500,
      pending_cents: 0,
    });
    const [c] = await queryRows<{ paid_cents: number; status: string }>(
      db(),
      sql`select paid_cents, status from carts where id = ${cart.body.id}`,
    );
    expect(c).toEqual({ paid_cents: 2500, status: "MAIL" });
  });
});

describe("reversing and bouncing", () => {
  it("a check recorded by mistake is reversed: the money is pending again", async () => {
    const p = await promised("100040", 2000);
    const r = await receive(p.id, { checkNumber: "610", amountCents: 2000, receivedOn: today() });
    expect(await paymentStatus(p.id)).toBe("succeeded");
    const rev = await call(api, "POST", `/v1/office/checks/${p.id}/checks/${r.body.id}/reverse`, {
      token: office,
    });
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    expect(await registration("100040", p.section)).toMatchObject({
      paid_cents: 0,
      pending_cents: 2000,
      status: "registered",
    });
    expect(await paymentStatus(p.id)).toBe("pending");
    const again = await call(api, "POST", `/v1/office/checks/${p.id}/checks/${r.body.id}/reverse`, {
      token: office,
    });
    expect(again.status).toBe(409);
    const audit = await auditFor(p.id);
    expect(audit.at(-1)).toMatchObject({
      action: "check.reverse",
      before: { check: { checkNumber: "610", status: "received" } },
      after: { check: { checkNumber: "610", status: "reversed" }, status: "pending" },
    });
    // The same number may be recorded again once reversed.
    const redo = await receive(p.id, {
      checkNumber: "610",
      amountCents: 2000,
      receivedOn: today(),
    });
    expect(redo.status).toBe(201);
  });

  it("a bounced check reverses the payment with its reason and e-mails the family", async () => {
    const p = await promised("100029", 3000);
    const [fam] = await queryRows<{ email: string | null }>(
      db(),
      sql`select coalesce(email, custodian_emails[1]) as email from participants where id = 100029`,
    );
    const r = await receive(p.id, { checkNumber: "7310", amountCents: 1000, receivedOn: today() });
    const mailBefore = (await api.outbox()).length;
    const b = await call(api, "POST", `/v1/office/checks/${p.id}/checks/${r.body.id}/bounce`, {
      token: office,
      body: { reason: "Insufficient funds" },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body).toMatchObject({ status: "bounced", reason: "Insufficient funds" });
    expect(await registration("100029", p.section)).toMatchObject({
      paid_cents: 0,
      pending_cents: 3000,
    });
    const mail = (await api.outbox({ atLeast: mailBefore + 1 })).slice(mailBefore);
    expect(mail.length).toBeGreaterThan(0);
    if (fam?.email) expect(mail.map((m) => m.to)).toContain(fam.email);
    expect(mail[0]!.text).toContain("7310");
    expect(mail[0]!.text).toContain("$10.00");
    expect(mail[0]!.text).toContain("Insufficient funds");
    const audit = await auditFor(p.id);
    expect(audit.at(-1)).toMatchObject({
      action: "check.bounce",
      after: { check: { status: "bounced", reason: "Insufficient funds" } },
    });
  });
});

describe("what the bank did, in any order (a refund by hand before a bounce or a reversal)", () => {
  const refundByHand = (id: number, cents: number) =>
    call(api, "POST", `/v1/office/payments/${id}/refunds`, {
      token: office,
      body: {
        key: `bank-order-${id}-${cents}-${Math.random().toString(36).slice(2, 10)}`,
        amountCents: cents,
        reason: "Goodwill",
        method: "cash",
      },
    });
  const owed = async (student: string, section: string) => {
    const [row] = await queryRows<{ owed: number; cost_cents: number }>(
      db(),
      sql`select cost_cents - credits_applied_cents - paid_cents - pending_cents as owed, cost_cents
          from registrations where course_section_id = ${section}
            and participant_id = ${Number(student)}`,
    );
    return { owed: Number(row!.owed), cost: Number(row!.cost_cents) };
  };

  for (const kind of ["bounce", "reverse"] as const) {
    it(`a check received, refunded by hand, then ${kind}d: recorded; the family owes the promise again`, async () => {
      const student = kind === "bounce" ? "100031" : "100032";
      const p = await promised(student, 4000);
      const r = await receive(p.id, {
        checkNumber: "8100",
        amountCents: 1500,
        receivedOn: today(),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const refund = await refundByHand(p.id, 500);
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
      const undo = await call(
        api,
        "POST",
        `/v1/office/checks/${p.id}/checks/${r.body.id}/${kind}`,
        {
          token: office,
          ...(kind === "bounce" ? { body: { reason: "Insufficient funds" } } : {}),
        },
      );
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      // Nothing of the check stands: the whole promise is due again, shown as still due, and the
      // $5.00 handed back is owed on top of what the lowered price asks (the price is as before).
      expect(await registration(student, p.section)).toMatchObject({
        paid_cents: 0,
        pending_cents: 4000,
        status: "registered",
      });
      expect(await owed(student, p.section)).toEqual({ owed: 0, cost: 4000 });
      expect(await paymentStatus(p.id)).toBe("pending");
      const shown = PromiseDetail.parse(
        (await call(api, "GET", `/v1/office/checks/${p.id}`, { token: office })).body,
      );
      expect(shown).toMatchObject({ status: "open", amountCents: 4000, receivedCents: 0 });
      // Nothing is left to refund until a check stands again; a new check may be recorded.
      expect((await refundByHand(p.id, 100)).status).toBe(409);
      const again = await receive(p.id, {
        checkNumber: "8101",
        amountCents: 4000,
        receivedOn: today(),
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await registration(student, p.section)).toMatchObject({
        paid_cents: 4000,
        pending_cents: 0,
      });
      expect(await owed(student, p.section)).toEqual({ owed: 0, cost: 4000 });
    });
  }

  it("a refund by hand and a bounce at once: either order ends with the promise due again", async () => {
    const p = await promised("100034", 4000);
    const r = await receive(p.id, { checkNumber: "8300", amountCents: 1500, receivedOn: today() });
    expect(r.status).toBe(201);
    // On PostgreSQL, the bounce comes through a second process of the same deployment.
    const second = usingPostgres ? await startTestApi({ shareWith: api }) : null;
    const [refund, bounce] = await Promise.all([
      refundByHand(p.id, 500),
      call(second ?? api, "POST", `/v1/office/checks/${p.id}/checks/${r.body.id}/bounce`, {
        token: office,
        body: { reason: "Insufficient funds" },
      }),
    ]);
    await second?.close();
    expect(bounce.status, JSON.stringify(bounce.body)).toBe(200);
    // The refund came first (recorded) or after the bounce (nothing left to refund: 409).
    expect([201, 409]).toContain(refund.status);
    expect(await registration("100034", p.section)).toMatchObject({
      paid_cents: 0,
      pending_cents: 4000,
    });
    expect(await owed("100034", p.section)).toEqual({ owed: 0, cost: 4000 });
  });

  it("a check bounced, then a refund asked: refused, nothing written", async () => {
    const p = await promised("100033", 3000);
    const r = await receive(p.id, { checkNumber: "8200", amountCents: 3000, receivedOn: today() });
    const b = await call(api, "POST", `/v1/office/checks/${p.id}/checks/${r.body.id}/bounce`, {
      token: office,
      body: { reason: "Account closed" },
    });
    expect(b.status).toBe(200);
    const before = await digest();
    expect((await refundByHand(p.id, 500)).status).toBe(409);
    expect(await digest()).toBe(before);
  });
});

describe("cancelling a promise not honoured", () => {
  it("waits the days an administrator sets (mailedCheckDays), refusing impossible ones", async () => {
    for (const bad of [0, 366, 2.5, "30"]) {
      const r = await call(api, "PUT", "/v1/admin/settings", {
        token: admin,
        body: { mailedCheckDays: bad },
      });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.hint).toContain("mailedCheckDays");
    }
    const p = await promised("100024", 2000);
    await db().execute(
      sql`update payments set created_at = created_at - interval '4 days' where id = ${p.id}`,
    );
    const set = await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { mailedCheckDays: 3 },
    });
    expect(set.status).toBe(200);
    expect(
      (await call(api, "GET", "/v1/office/summary", { token: office })).body.mailedCheckDays,
    ).toBe(3);
    try {
      const r = await call(api, "POST", `/v1/office/checks/${p.id}/cancel`, { token: office });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.registrationCancelled).toBe(true);
    } finally {
      await call(api, "PUT", "/v1/admin/settings", { token: admin, body: { mailedCheckDays: 21 } });
    }
  });

  it("is refused before the setting's days, and with a check standing", async () => {
    const p = await promised("100028", 2000);
    const before = await digest();
    const early = await call(api, "POST", `/v1/office/checks/${p.id}/cancel`, { token: office });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("21 days");
    await receive(p.id, { checkNumber: "5", amountCents: 100, receivedOn: today() });
    await db().execute(
      sql`update payments set created_at = created_at - interval '22 days' where id = ${p.id}`,
    );
    const standing = await call(api, "POST", `/v1/office/checks/${p.id}/cancel`, { token: office });
    expect(standing.status).toBe(409);
    expect(before).not.toBe(await digest());
  });

  it("releases the seat to the first person waiting", async () => {
    // One seat: mailed checks may hold all of it (the default share, 20%, rounds down to none).
    await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { mailedCheckSharePercent: 100 },
    });
    const section = await makeSection(2000, 1);
    const a = await studentToken(api, "100027");
    expect(
      (await call(api, "POST", `/v1/register/${section}`, { token: a, body: {} })).status,
    ).toBe(200);
    const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token: a,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(m.status).toBe(200);
    for (const s of ["100026", "100025"]) {
      const tok = await studentToken(api, s);
      const w = await call(api, "POST", `/v1/register/waitlist/${section}`, {
        token: tok,
        body: {},
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    }
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where confirmation_id = ${m.body.confirmationIds[0]}`,
    );
    await db().execute(
      sql`update payments set created_at = created_at - interval '22 days' where id = ${p!.id}`,
    );
    const list = await call(api, "GET", "/v1/office/checks?status=overdue&q=100027", {
      token: office,
    });
    expect(list.body.promises.map((x: { id: number }) => x.id)).toEqual([p!.id]);
    const mailBefore = (await api.outbox()).length;
    const r = await call(api, "POST", `/v1/office/checks/${p!.id}/cancel`, { token: office });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: "cancelled", registrationCancelled: true });
    const [gone] = await queryRows<{
      status: string;
      cancel_reason: string;
      pending_cents: number;
    }>(
      db(),
      sql`select status, cancel_reason, pending_cents from registrations
          where course_section_id = ${section} and participant_id = 100027`,
    );
    expect(gone).toEqual({
      status: "cancelled",
      cancel_reason: "Mailed Check Not Received",
      pending_cents: 0,
    });
    expect((await registration("100026", section)).status).toBe("offered");
    expect((await registration("100025", section)).status).toBe("waitlisted");
    const [seats] = await queryRows<{ seats_taken: number }>(
      db(),
      sql`select seats_taken from course_sections where id = ${section}`,
    );
    expect(seats!.seats_taken).toBe(1);
    expect((await api.outbox({ atLeast: mailBefore + 1 })).length).toBeGreaterThan(mailBefore);
    expect(await paymentStatus(p!.id)).toBe("expired");
    expect((await auditFor(p!.id)).map((x) => x.action)).toEqual(["check.cancel-promise"]);
    const again = await call(api, "POST", `/v1/office/checks/${p!.id}/cancel`, { token: office });
    expect(again.status).toBe(409);
    await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { mailedCheckSharePercent: 20 },
    });
  });
});
