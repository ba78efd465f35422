// The payments report balances (decision 139), on PGlite and PostgreSQL: for
// random sequences of money events made through the product's own calls — card payments on the
// hosted page, payments at the register (cash, a check in person, the card reader), mailed-check
// promises and the checks received for them, checks bounced or reversed as mistakes, refunds by
// card, in cash or by check — the report's total for a range, and for each day in it, equals the
// sum of the money that moved (kept by the test as it goes, never read back from the tables), and
// the page (its totals and every page of rows), the CSV and the PDF agree.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { call, staffToken, startTestApi, studentToken, type TestApi } from "../support/api";
import { pdfText } from "../support/pdf";
import { queryRows } from "../../district-api/db/client";
import { PaymentsReport, REPORT_PAGE_SIZE, ReportRows } from "@domain/contract/payments-report";
import { PaymentDetailView } from "@domain/contract/office-refunds";
import { ONLINE_MINIMUM_CENTS } from "@domain/rules/checkout";
import { formatUsd } from "@domain/rules/money";
import { paymentsReportCsvRows, totalsOf } from "@domain/rules/payments-report";
import { districtDayBounds, todayIn } from "@domain/rules/time";

let api: TestApi;
const db = () => api.runtime.deps.db;
const zone = () => api.runtime.deps.timeZone;
const today = () => todayIn(zone(), api.clock.now());
const key = () => randomUUID().replace(/-/g, "");

beforeAll(async () => {
  api = await startTestApi();
  payingStudents = (
    await queryRows<{ id: number }>(
      db(),
      sql`select id from participants
          where kind = 'student' and financial_aid is null and id between 100001 and 100040
          order by id`,
    )
  ).map((r) => String(r.id));
});
afterAll(async () => {
  await api?.close();
});

// Tokens live 30 minutes of the API's clock, which the test moves by hours: signed in afresh.
let officeToken: { token: string; at: number } | null = null;
async function office(): Promise<string> {
  const now = api.clock.now().getTime();
  if (!officeToken || now - officeToken.at > 10 * 60_000) {
    officeToken = { token: await staffToken(api, "office"), at: now };
  }
  return officeToken.token;
}

// Demo students who pay the full price (financial aid would make the sections free).
let payingStudents: string[] = [];
let studentTurn = 0;
const nextStudent = () => payingStudents[studentTurn++ % payingStudents.length]!;

async function makeSection(costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, allow_partial) values ('Balance', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('BAL', '101', ${`Ledger ${key().slice(0, 8)}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents, waitlist_enabled)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2040-01-10', '2040-03-10',
          ${costCents}, true)
        returning id`,
  );
  return s!.id;
}

/** A card payment of a registration on the provider's hosted page (the simulator). */
async function payByCard(cents: number): Promise<number> {
  const student = nextStudent();
  const token = await studentToken(api, student);
  const section = await makeSection(cents);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const h = await call(api, "POST", "/v1/payment/checkout-session", {
    token,
    body: {
      courseSectionId: section,
      payNowAmount: cents / 100,
      paymentType: "full",
      returnBase: "http://x.test",
      cancelPath: "/programs",
      completePath: "/payment-complete",
    },
  });
  expect(h.status, JSON.stringify(h.body)).toBe(200);
  const paid = await call(
    api,
    "POST",
    `/v1/payment/simulator/checkout/${String(h.body.url).split("/").pop()}/pay`,
    { token, body: { cardNumber: "4242424242424242", expiry: "12/34" } },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select p.id from payments p join registrations r on r.id = p.registration_id
        where r.course_section_id = ${section} and p.status = 'succeeded' order by p.id limit 1`,
  );
  return Number(p!.id);
}

/** A payment at the register, as the cashier's service writes it (cash, check, card reader). */
async function payInPerson(method: "cash" | "inPersonCheck" | "terminal", cents: number) {
  const student = nextStudent();
  const section = await makeSection(cents);
  const [reg] = await queryRows<{ id: string }>(
    db(),
    sql`insert into registrations (course_section_id, participant_id, status, cost_cents, paid_cents)
        values (${section}, ${Number(student)}, 'registered', ${cents}, ${cents}) returning id`,
  );
  const regId = reg!.id;
  const now = api.clock.now().toISOString();
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`insert into payments (owner_key, registration_id, method, amount_cents, status,
          idempotency_key, created_at, settled_at, taken_by_employee_id, applied_at,
          tendered_cents, change_cents, check_number, terminal_id)
        values (${`student:${student}`}, ${regId}, ${method}, ${cents}, 'succeeded',
          ${`reg-${key()}`}, ${now}::timestamptz, ${now}::timestamptz, 'E1002',
          ${now}::timestamptz, ${method === "cash" ? cents + 100 : null},
          ${method === "cash" ? 100 : null}, ${method === "inPersonCheck" ? "5150" : null},
          ${method === "terminal" ? "T-9" : null})
        returning id`,
  );
  await db().execute(
    sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
        values (${p!.id}, ${regId}, ${cents}, ${now}::timestamptz)`,
  );
  return Number(p!.id);
}

/** A registration promised by mailed check; the promise's payment id. */
async function promise(cents: number): Promise<number> {
  const student = nextStudent();
  const token = await studentToken(api, student);
  const section = await makeSection(cents);
  const r = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
    token,
    body: { paymentType: "mail", courseSectionIds: [section] },
  });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`select id from payments where confirmation_id = ${m.body.confirmationIds[0]}`,
  );
  return Number(p!.id);
}

type Op =
  | { kind: "card" | "cash" | "inPersonCheck" | "terminal" | "promise"; cents: number }
  | { kind: "receive" | "bounce" | "reverse" | "refund"; pick: number; cents: number; hand: 0 | 1 };

const cents = fc.integer({ min: 1, max: 60_00 });
const later = (kind: "receive" | "bounce" | "reverse" | "refund") =>
  fc.record({
    kind: fc.constant(kind),
    pick: fc.nat(),
    cents,
    hand: fc.constantFrom(0 as const, 1 as const),
  });
// Weighted towards what acts on earlier events, so most runs refund, bounce and reverse.
const opArb: fc.Arbitrary<{ op: Op; hours: number }> = fc.record({
  op: fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant("promise" as const), cents }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constantFrom("card", "cash", "inPersonCheck", "terminal" as const),
        cents,
      }),
      weight: 2,
    },
    { arbitrary: later("receive"), weight: 3 },
    { arbitrary: later("refund"), weight: 3 },
    { arbitrary: later("bounce"), weight: 1 },
    { arbitrary: later("reverse"), weight: 1 },
  ) as fc.Arbitrary<Op>,
  // Hours the clock moves before the event, so events fall on several district days.
  hours: fc.integer({ min: 0, max: 30 }),
});

/**
 * Decision 139's case first, then what the bank did after it: $40 promised, a $15 check, $5 given
 * back in cash, a card payment refunded in part, a second check bounced after a refund by check, a
 * check recorded by mistake and reversed.
 */
const DECISION_139_CASE: { op: Op; hours: number }[] = [
  { op: { kind: "promise", cents: 4000 }, hours: 1 },
  { op: { kind: "receive", pick: 0, cents: 1500, hand: 1 }, hours: 2 },
  { op: { kind: "refund", pick: 0, cents: 500, hand: 1 }, hours: 20 },
  { op: { kind: "card", cents: 2500 }, hours: 1 },
  { op: { kind: "refund", pick: 1, cents: 700, hand: 0 }, hours: 25 },
  { op: { kind: "receive", pick: 0, cents: 2500, hand: 0 }, hours: 1 },
  { op: { kind: "refund", pick: 0, cents: 1000, hand: 0 }, hours: 2 },
  { op: { kind: "bounce", pick: 1, cents: 1, hand: 0 }, hours: 26 },
  { op: { kind: "cash", cents: 1200 }, hours: 1 },
  { op: { kind: "refund", pick: 1, cents: 200, hand: 1 }, hours: 1 },
  { op: { kind: "reverse", pick: 0, cents: 1, hand: 0 }, hours: 3 },
];

interface Ledger {
  /** Money that moved, by district day; a refund with how it went back. */
  events: { id: string; day: string; cents: number; givenBackAs?: string }[];
  /** Every payment, with the money it took in (a promise: its checks standing) and gave back. */
  payments: { id: number; inCents: number; outCents: number }[];
  promises: { id: number; due: number }[];
  checks: { promise: number; id: number; eventId: string }[];
}

/** Moves the clock, never to within two minutes of a district midnight (an event takes time). */
function move(hours: number) {
  api.clock.advance(hours * 3_600_000);
  const now = api.clock.now();
  const end = districtDayBounds(today(), zone()).end.getTime();
  if (end - now.getTime() < 120_000) api.clock.advance(5 * 60_000);
}

async function apply(op: Op, l: Ledger): Promise<void> {
  const record = (cents: number, givenBackAs?: string) => {
    const id = `e${l.events.length}`;
    l.events.push({ id, day: today(), cents, ...(givenBackAs ? { givenBackAs } : {}) });
    return id;
  };
  switch (op.kind) {
    case "card":
    case "cash":
    case "inPersonCheck":
    case "terminal": {
      // A card pays at least the provider's minimum (ONLINE_MINIMUM_CENTS).
      const amount = op.kind === "card" ? Math.max(op.cents, ONLINE_MINIMUM_CENTS) : op.cents;
      const id = op.kind === "card" ? await payByCard(amount) : await payInPerson(op.kind, amount);
      l.payments.push({ id, inCents: amount, outCents: 0 });
      record(amount);
      return;
    }
    case "promise": {
      const id = await promise(op.cents);
      l.promises.push({ id, due: op.cents });
      l.payments.push({ id, inCents: 0, outCents: 0 });
      return;
    }
    case "receive": {
      const open = l.promises.filter((p) => p.due > 0);
      const p = open[op.pick % Math.max(open.length, 1)];
      if (!p) return;
      const amount = 1 + ((op.cents - 1) % p.due);
      const r = await call(api, "POST", `/v1/office/checks/${p.id}/receive`, {
        token: await office(),
        body: { checkNumber: `C${key().slice(0, 6)}`, amountCents: amount, receivedOn: today() },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      p.due -= amount;
      l.payments.find((x) => x.id === p.id)!.inCents += amount;
      l.checks.push({ promise: p.id, id: Number(r.body.id), eventId: record(amount) });
      return;
    }
    case "bounce":
    case "reverse": {
      const c = l.checks[op.pick % Math.max(l.checks.length, 1)];
      if (!c) return;
      const r = await call(
        api,
        "POST",
        `/v1/office/checks/${c.promise}/checks/${c.id}/${op.kind}`,
        {
          token: await office(),
          ...(op.kind === "bounce" ? { body: { reason: "Insufficient funds" } } : {}),
        },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      l.checks.splice(l.checks.indexOf(c), 1);
      const amount = Number(r.body.amountCents);
      l.promises.find((p) => p.id === c.promise)!.due += amount;
      l.payments.find((x) => x.id === c.promise)!.inCents -= amount;
      if (op.kind === "bounce") record(-amount);
      // A check recorded by mistake was never money: it leaves the report of its day.
      else
        l.events.splice(
          l.events.findIndex((e) => e.id === c.eventId),
          1,
        );
      return;
    }
    case "refund": {
      const token = await office();
      const left = l.payments.filter((x) => x.inCents > x.outCents);
      const pay = left[op.pick % Math.max(left.length, 1)];
      if (!pay) return;
      const id = pay.id;
      const detail = PaymentDetailView.parse(
        (await call(api, "GET", `/v1/office/payments/${id}`, { token })).body,
      );
      const line = detail.lines.find((x) => x.paidCents - x.refundedCents > 0);
      const most = Math.min(
        detail.refundableCents,
        line ? line.paidCents - line.refundedCents : detail.refundableCents,
      );
      if (most <= 0) return;
      const amount = 1 + ((op.cents - 1) % most);
      const r = await call(api, "POST", `/v1/office/payments/${id}/refunds`, {
        token,
        body: {
          key: key(),
          amountCents: amount,
          reason: "Balance test",
          ...(line ? { line: line.key } : {}),
          ...(detail.byHand
            ? { method: op.hand ? "cash" : "check", ...(op.hand ? {} : { checkNumber: "301" }) }
            : {}),
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      pay.outCents += amount;
      record(-amount, detail.byHand ? (op.hand ? "cash" : "check") : "card");
      return;
    }
  }
}

/** The report of a range by each way out: the page (totals, every page of rows), CSV, PDF. */
async function reportOf(from: string, to: string) {
  const token = await office();
  const q = `from=${from}&to=${to}`;
  const first = await call(api, "GET", `/v1/office/report?${q}`, { token });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const page = PaymentsReport.parse(first.body);
  const paged = [...page.rows];
  for (let n = 2; (n - 1) * REPORT_PAGE_SIZE < page.totals.count; n++) {
    paged.push(
      ...PaymentsReport.parse(
        (await call(api, "GET", `/v1/office/report?${q}&page=${n}`, { token })).body,
      ).rows,
    );
  }
  const all = ReportRows.parse(
    (await call(api, "GET", `/v1/office/report/rows?${q}`, { token })).body,
  );
  const csv = paymentsReportCsvRows(all.rows, all.totals, zone());
  const res = await fetch(`${api.baseUrl}/v1/office/report/pdf?${q}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const pdf = await pdfText(new Uint8Array(await res.arrayBuffer()));
  return { page, paged, all, csv, pdf };
}

describe("the report balances for any sequence of money events", () => {
  it("each range's total, and each day's, is the money that moved; page, CSV and PDF agree", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 5, maxLength: 10 }),
        fc.nat(),
        async (ops, cut) => {
          // Each run on days of its own, after the previous run's.
          move(24 * 4);
          const first = today();
          const l: Ledger = { events: [], payments: [], promises: [], checks: [] };
          for (const { op, hours } of ops) {
            move(hours);
            await apply(op, l);
          }
          const last = today();
          const sum = (day?: (d: string) => boolean) =>
            l.events.filter((e) => !day || day(e.day)).reduce((n, e) => n + e.cents, 0);

          const r = await reportOf(first, last);
          expect(r.page.totals.cents).toBe(sum());
          for (const d of r.page.totals.byDay) expect(d.cents, d.day).toBe(sum((x) => x === d.day));
          for (const day of new Set(l.events.map((e) => e.day))) {
            expect(r.page.totals.byDay.find((d) => d.day === day)?.cents ?? 0, day).toBe(
              sum((x) => x === day),
            );
          }
          // The page's rows, every page of them, are the CSV's and PDF's rows and add up alike.
          expect(r.paged).toEqual(r.all.rows);
          expect(totalsOf(r.paged)).toEqual(r.page.totals);
          expect(r.all.totals).toEqual(r.page.totals);
          const csvTotal = r.csv.at(-1)!;
          expect(csvTotal[6]).toBe(sum());
          expect(csvTotal[7]).toBe(r.page.totals.count);
          expect(r.pdf).toContain(`Total: ${formatUsd(sum())}`);
          // Each refund's row says how it went back.
          for (const way of ["card", "cash", "check"]) {
            const rows = r.all.rows.filter((x) => x.kind === "refund" && x.givenBackAs === way);
            const ledger = l.events.filter((e) => e.givenBackAs === way);
            expect(
              rows.reduce((n, x) => n + x.amountCents, 0),
              way,
            ).toBe(ledger.reduce((n, e) => n + e.cents, 0));
          }

          // A range inside the run: its days only.
          const days = [...new Set(l.events.map((e) => e.day))].sort();
          if (days.length) {
            const from = days[cut % days.length]!;
            const part = await reportOf(from, last);
            expect(part.page.totals.cents).toBe(sum((x) => x >= from));
            expect(part.all.totals.cents).toBe(part.page.totals.cents);
          }
        },
      ),
      { numRuns: 4, endOnFailure: true, examples: [[DECISION_139_CASE, 0]] },
    );
  }, 240_000);
});
