// The payments report over HTTP (decision 132), on PGlite and PostgreSQL: a day
// with every method (card online, card reader, cash, check in person, mailed check), refunds and a
// bounced check — the totals equal the sum of payments minus refunds, per day, per method and per
// account code, and each is the sum of its rows; a payment at 23:30 local lands on its local day;
// the filters; the cashier's end-of-day sheet; the role matrix; bad input → 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { DaySheet, PaymentsReport, ReportRows } from "@domain/contract/payments-report";
import { totalsOf } from "@domain/rules/payments-report";
import { zonedInstant } from "@domain/rules/time";
import { pdfText } from "../support/pdf";

let api: TestApi;
let office: string;
let admin: string;
const db = () => api.runtime.deps.db;
const zone = () => api.runtime.deps.timeZone;
const at = (day: string, time: string) => zonedInstant(day, `${time}:00`, zone()).toISOString();

// A Monday in winter, away from the demo data; the day before, the day after.
const D = "2030-02-04";
const BEFORE = "2030-02-03";
const AFTER = "2030-02-05";
const CASHIER = "E1001";
const OFFICE_EMPLOYEE = "E1006";

let seq = 0;
const ids: {
  feeA: number;
  feeB: number;
  school: number;
  program: string;
  regA: string;
  regB: string;
  afA: number;
  afB: number;
} = {} as never;

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), q);
  return row!;
}

async function pay(p: {
  method: string;
  cents: number;
  at: string;
  status?: string;
  ref?: string | null;
  lines?: ({ fee: number } | { reg: string } | { cents: number; fee?: number; reg?: string })[];
  tendered?: number;
  change?: number;
  check?: string;
  terminal?: string;
  employee?: string;
  registration?: string;
}): Promise<number> {
  seq += 1;
  const inPerson = ["cash", "inPersonCheck", "terminal"].includes(p.method);
  const row = await one<{ id: number }>(
    sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, provider_ref,
          created_at, settled_at, tendered_cents, change_cents, check_number, terminal_id,
          taken_by_employee_id, registration_id)
        values ('student:100001', ${p.method}, ${p.cents}, ${p.status ?? "succeeded"},
          ${`rep-${seq}-${Math.random()}`}, ${p.ref ?? null}, ${p.at}::timestamptz,
          ${p.status === "pending" ? null : p.at}::timestamptz, ${p.tendered ?? null},
          ${p.change ?? null}, ${p.check ?? null}, ${p.terminal ?? null},
          ${inPerson ? (p.employee ?? CASHIER) : null}, ${p.registration ?? null})
        returning id`,
  );
  for (const l of p.lines ?? []) {
    const cents = "cents" in l ? l.cents : p.cents;
    const fee = "fee" in l ? l.fee : undefined;
    const reg = "reg" in l ? l.reg : undefined;
    await db().execute(
      sql`insert into purchases (payment_id, assessed_fee_id, registration_id, amount_cents, created_at)
          values (${row.id}, ${fee ?? null}, ${reg ?? null}, ${cents}, ${p.at}::timestamptz)`,
    );
  }
  return Number(row.id);
}

async function refund(paymentId: number, cents: number, when: string, status = "succeeded") {
  seq += 1;
  await db().execute(
    sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
          created_at, settled_at)
        values (${paymentId}, ${cents}, 'cart_changed', ${status}, ${`rr-${seq}-${Math.random()}`},
          ${when}::timestamptz, ${status === "succeeded" ? when : null}::timestamptz)`,
  );
}

async function mailedCheck(c: {
  reg: string;
  number: string;
  cents: number;
  on: string;
  status?: string;
  undoneAt?: string;
}) {
  const promise = await pay({
    method: "mail",
    cents: c.cents,
    at: at(c.on, "08:00"),
    status: "pending",
    registration: c.reg,
  });
  await db().execute(
    sql`insert into mailed_checks (payment_id, check_number, amount_cents, received_on, status,
          recorded_by, recorded_at, undone_by, undone_at)
        values (${promise}, ${c.number}, ${c.cents}, ${c.on}::date, ${c.status ?? "received"},
          ${OFFICE_EMPLOYEE}, ${at(c.on, "09:00")}::timestamptz,
          ${c.undoneAt ? OFFICE_EMPLOYEE : null}, ${c.undoneAt ?? null}::timestamptz)`,
  );
  return promise;
}

/** The money of a day by plain sums of each table: payments minus refunds, checks minus bounces. */
async function plainSums(day: string) {
  const tz = zone();
  const r = await one<{ paid: number; refunded: number; checks: number; bounced: number }>(
    sql`select
      (select coalesce(sum(amount_cents), 0)::int from payments
        where method in ('stripe', 'terminal', 'cash', 'inPersonCheck')
          and status in ('succeeded', 'refunded')
          and (settled_at at time zone ${tz}::text)::date = ${day}::date) as paid,
      (select coalesce(sum(r.amount_cents), 0)::int from payment_refunds r
        join payments p on p.id = r.payment_id
        where r.status = 'succeeded' and p.method in ('stripe', 'terminal', 'cash', 'inPersonCheck')
          and (r.settled_at at time zone ${tz}::text)::date = ${day}::date) as refunded,
      (select coalesce(sum(amount_cents), 0)::int from mailed_checks
        where status in ('received', 'bounced') and received_on = ${day}::date) as checks,
      (select coalesce(sum(amount_cents), 0)::int from mailed_checks
        where status = 'bounced' and (undone_at at time zone ${tz}::text)::date = ${day}::date)
        as bounced`,
  );
  return Number(r.paid) - Number(r.refunded) + Number(r.checks) - Number(r.bounced);
}

const report = (token: string, q: string) => call(api, "GET", `/v1/office/report?${q}`, { token });
const rows = (token: string, q: string) =>
  call(api, "GET", `/v1/office/report/rows?${q}`, { token });

beforeAll(async () => {
  api = await startTestApi();
  office = await staffToken(api, "office");
  admin = await staffToken(api, "admin");
  ids.school = Number(
    (await one<{ id: number }>(sql`select id from schools order by id limit 1`)).id,
  );
  ids.feeA = Number(
    (
      await one<{ id: number }>(
        sql`insert into fees (name, amount_cents, account_code, school_id)
            values ('Report lab fee', 3000, '100-LAB', ${ids.school}) returning id`,
      )
    ).id,
  );
  ids.feeB = Number(
    (
      await one<{ id: number }>(
        sql`insert into fees (name, amount_cents, account_code)
            values ('Report band fee', 3000, '200-BAND') returning id`,
      )
    ).id,
  );
  const af = async (fee: number) =>
    Number(
      (
        await one<{ id: number }>(
          sql`insert into assessed_fees (fee_id, payer_key, participant_id, status, assessed_cost_cents)
              values (${fee}, 'student:100001', 100001, 'paid', 3000) returning id`,
        )
      ).id,
    );
  ids.afA = await af(ids.feeA);
  ids.afB = await af(ids.feeB);
  ids.program = (
    await one<{ id: string }>(sql`insert into programs (name) values ('Report camp') returning id`)
  ).id;
  const course = await one<{ id: string }>(
    sql`insert into courses (subject, course_number, name) values ('REP', '1', 'Report robotics') returning id`,
  );
  const section = async () =>
    (
      await one<{ id: string }>(
        sql`insert into course_sections (program_id, course_id, section_number, term_id, term,
              capacity, date_start, date_end, cost_cents)
            values (${ids.program}, ${course.id}, ${String(++seq)}, 'T', 'T', 10, '2030-06-01',
              '2030-07-01', 2000) returning id`,
      )
    ).id;
  const reg = async (participant: number) =>
    (
      await one<{ id: string }>(
        sql`insert into registrations (course_section_id, participant_id, status, cost_cents)
            values (${await section()}, ${participant}, 'registered', 2000) returning id`,
      )
    ).id;
  ids.regA = await reg(100002);
  ids.regB = await reg(100003);

  // The day D, every method.
  const card = await pay({
    method: "stripe",
    cents: 5000,
    at: at(D, "10:00"),
    ref: "pi_card_1",
    lines: [
      { cents: 3000, fee: ids.afA },
      { cents: 2000, reg: ids.regA },
    ],
  });
  await pay({
    method: "terminal",
    cents: 2500,
    at: at(D, "11:00"),
    ref: "pi_reader_1",
    terminal: "T-1",
    lines: [{ fee: ids.afB }],
  });
  const cash = await pay({
    method: "cash",
    cents: 4000,
    at: at(D, "12:00"),
    tendered: 5000,
    change: 1000,
    terminal: "T-1",
    lines: [{ fee: ids.afA }],
  });
  await pay({
    method: "inPersonCheck",
    cents: 1500,
    at: at(D, "13:00"),
    check: "1234",
    terminal: "T-1",
    lines: [{ fee: ids.afB }],
  });
  await mailedCheck({ reg: ids.regB, number: "880", cents: 3500, on: D });
  await refund(card, 1000, at(D, "15:00"));
  await refund(cash, 500, at(D, "16:00"));
  // A payment at 23:30 local is D's; ten past midnight is the next day's. No purchases: one line.
  await pay({ method: "stripe", cents: 700, at: at(D, "23:30"), ref: "pi_late" });
  await pay({ method: "stripe", cents: 900, at: at(AFTER, "00:10"), ref: "pi_next" });
  // Not money: pending, failed, a refund still pending, a check reversed as a mistake, a promise.
  await pay({ method: "stripe", cents: 111, at: at(D, "10:30"), status: "pending" });
  await pay({ method: "stripe", cents: 222, at: at(D, "10:40"), status: "failed" });
  await refund(card, 333, at(D, "17:00"), "pending");
  await mailedCheck({ reg: ids.regB, number: "881", cents: 444, on: D, status: "reversed" });
  // A check received the day before and bounced on D.
  await mailedCheck({
    reg: ids.regB,
    number: "870",
    cents: 2000,
    on: BEFORE,
    status: "bounced",
    undoneAt: at(D, "09:30"),
  });
  // An older payment refunded in two parts: the second part, on D, stacks onto its fee B line.
  const older = await pay({
    method: "stripe",
    cents: 6000,
    at: at(BEFORE, "10:00"),
    ref: "pi_older",
    lines: [
      { cents: 3000, fee: ids.afA },
      { cents: 3000, fee: ids.afB },
    ],
  });
  await refund(older, 4000, at(BEFORE, "12:00"));
  await refund(older, 2000, at(D, "14:00"));
});
afterAll(async () => {
  await api?.close();
});

describe("a day with every method", () => {
  it("totals equal payments minus refunds, and every grouping adds up to them", async () => {
    const r = await report(office, `from=${D}&to=${D}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rep = PaymentsReport.parse(r.body);
    const expected = await plainSums(D);
    // 5000 + 2500 + 4000 + 1500 + 3500 + 700 − 1000 − 500 − 2000 (bounce) − 2000 (older refund)
    expect(expected).toBe(11_700);
    expect(rep.totals.cents).toBe(expected);
    const sum = (xs: { cents: number }[]) => xs.reduce((n, x) => n + x.cents, 0);
    expect(sum(rep.totals.byDay)).toBe(expected);
    expect(sum(rep.totals.byMethod)).toBe(expected);
    expect(sum(rep.totals.byAccount)).toBe(expected);
    expect(rep.totals.byDay).toEqual([{ day: D, cents: expected, count: rep.totals.count }]);
    expect(Object.fromEntries(rep.totals.byMethod.map((m) => [m.method, m.cents]))).toEqual({
      card: 5000 + 700 - 1000 - 2000,
      reader: 2500,
      cash: 4000 - 500,
      check: 1500,
      mail: 3500 - 2000,
    });
    expect(
      Object.fromEntries(rep.totals.byAccount.map((a) => [a.accountCode ?? "-", a.cents])),
    ).toEqual({
      // fee A: card 3000 − its refund 1000 (stacked first), cash 4000 − 500
      "100-LAB": 3000 - 1000 + 4000 - 500,
      // fee B: reader 2500, check 1500, the older payment's second refund 2000 (its fee B part)
      "200-BAND": 2500 + 1500 - 2000,
      // registrations: card 2000, the late payment 700, the mailed check 3500, the bounce −2000
      "-": 2000 + 700 + 3500 - 2000,
    });
    // The page holds every row here; its rows add up to the totals.
    expect(rep.rows.length).toBe(rep.totals.count);
    expect(totalsOf(rep.rows)).toEqual(rep.totals);
    const cardRow = rep.rows.find((x) => x.kind === "payment" && x.method === "card");
    expect(cardRow?.providerRef).toBe("pi_card_1");
    expect(rep.rows.find((x) => x.method === "reader")?.providerRef).toBe("pi_reader_1");
    expect(rep.rows.filter((x) => x.kind === "refund").every((x) => x.amountCents < 0)).toBe(true);
    expect(rep.rows.find((x) => x.kind === "bounce")?.amountCents).toBe(-2000);
  });

  it("the rows of a range add up to its totals, day by day, matching plain sums", async () => {
    const r = await rows(office, `from=${BEFORE}&to=${AFTER}`);
    expect(r.status).toBe(200);
    const all = ReportRows.parse(r.body);
    expect(totalsOf(all.rows)).toEqual(all.totals);
    for (const day of [BEFORE, D, AFTER]) {
      expect(all.totals.byDay.find((d) => d.day === day)?.cents ?? 0).toBe(await plainSums(day));
    }
    // The day before: the older payment 6000, its first refund −4000, the check later bounced 2000.
    expect(all.totals.byDay.find((d) => d.day === BEFORE)?.cents).toBe(6000 - 4000 + 2000);
    expect(all.totals.byDay.find((d) => d.day === AFTER)?.cents).toBe(900);
  });

  it("a payment at 23:30 local lands on its local day, ten past midnight on the next", async () => {
    const onD = ReportRows.parse((await rows(office, `from=${D}&to=${D}`)).body);
    expect(onD.rows.some((x) => x.providerRef === "pi_late")).toBe(true);
    expect(onD.rows.some((x) => x.providerRef === "pi_next")).toBe(false);
    const next = ReportRows.parse((await rows(office, `from=${AFTER}&to=${AFTER}`)).body);
    expect(next.rows.map((x) => x.providerRef)).toEqual(["pi_next"]);
  });
});

describe("filters", () => {
  const total = async (q: string) => {
    const r = await report(office, `from=${D}&to=${D}&${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rep = PaymentsReport.parse(r.body);
    expect(totalsOf(rep.rows)).toEqual(rep.totals);
    return rep.totals.cents;
  };
  it("by method, account code, fee, school, program, cashier and terminal", async () => {
    expect(await total("method=cash")).toBe(3500);
    expect(await total("method=mail")).toBe(1500);
    expect(await total("account=200-BAND")).toBe(2000);
    expect(await total(`fee=${ids.feeA}`)).toBe(5500);
    // Fee A carries the school; the seed's sections of this program carry none.
    expect(await total(`school=${ids.school}`)).toBe(5500);
    expect(await total(`program=${ids.program}`)).toBe(2000 + 3500 - 2000);
    expect(await total(`cashier=${CASHIER}`)).toBe(2500 + 4000 - 500 + 1500);
    expect(await total(`cashier=${OFFICE_EMPLOYEE}`)).toBe(3500 - 2000);
    expect(await total("terminal=T-1")).toBe(2500 + 3500 + 1500);
    expect(await total("terminal=T-1&method=reader")).toBe(2500);
    expect(await total("terminal=nowhere")).toBe(0);
  });
});

describe("who a row is of", () => {
  it("is named as their staff account names them, beside the employee ID", async () => {
    const all = ReportRows.parse((await rows(office, `from=${D}&to=${D}`)).body);
    const names = new Map(all.rows.map((x) => [x.cashier, x.cashierName]));
    expect(names.get(CASHIER)).toBe("Irene Instructor");
    expect(names.get(OFFICE_EMPLOYEE)).toBe("Olive Office");
    // A card paid online was taken by nobody.
    expect(all.rows.find((x) => x.providerRef === "pi_late")).toMatchObject({
      cashier: null,
      cashierName: null,
    });
  });

  it("the day sheet names its cashier; the report's and the sheet's PDFs name them too", async () => {
    const sheetOf = async (q: string) =>
      DaySheet.parse(
        (await call(api, "GET", `/v1/office/report/day-sheet?day=${D}&${q}`, { token: office }))
          .body,
      );
    expect(await sheetOf(`cashier=${CASHIER}`)).toMatchObject({
      cashier: CASHIER,
      cashierName: "Irene Instructor",
    });
    // No staff account has this ID: no name, the ID is shown.
    expect(await sheetOf("cashier=E7777")).toMatchObject({ cashier: "E7777", cashierName: null });
    expect(await sheetOf("terminal=T-1")).toMatchObject({ cashier: null, cashierName: null });
    const pdf = async (path: string) => {
      const res = await fetch(api.baseUrl + path, {
        headers: { Authorization: `Bearer ${office}` },
      });
      expect(res.status).toBe(200);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    };
    const reportPdf = await pdf(`/v1/office/report/pdf?from=${D}&to=${D}`);
    expect(reportPdf).toContain(`Irene Instructor (${CASHIER})`);
    expect(reportPdf).toContain(`Olive Office (${OFFICE_EMPLOYEE})`);
    const sheetPdf = await pdf(`/v1/office/report/day-sheet/pdf?day=${D}&cashier=${CASHIER}`);
    expect(sheetPdf).toContain(`For Irene Instructor (${CASHIER}) on`);
  });
});

describe("the cashier's end-of-day sheet", () => {
  it("cash received, change given, net, refunds, checks by number", async () => {
    const r = await call(api, "GET", `/v1/office/report/day-sheet?day=${D}&cashier=${CASHIER}`, {
      token: office,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = DaySheet.parse(r.body);
    expect(s.cashReceivedCents).toBe(5000);
    expect(s.changeGivenCents).toBe(1000);
    expect(s.netCashCents).toBe(4000);
    expect(s.cashRefundCents).toBe(-500);
    expect(s.cashToDepositCents).toBe(3500);
    expect(s.checks.map((c) => [c.checkNumber, c.amountCents])).toEqual([["1234", 1500]]);
    expect(s.readerCents).toBe(2500);
    const byTerminal = await call(api, "GET", `/v1/office/report/day-sheet?day=${D}&terminal=T-1`, {
      token: admin,
    });
    expect(DaySheet.parse(byTerminal.body).netCashCents).toBe(4000);
    const mailed = DaySheet.parse(
      (
        await call(api, "GET", `/v1/office/report/day-sheet?day=${D}&cashier=${OFFICE_EMPLOYEE}`, {
          token: office,
        })
      ).body,
    );
    // Check 870, received the day before, bounced on D: it comes off D's checks.
    expect(mailed.checks.map((c) => [c.checkNumber, c.method, c.amountCents])).toEqual([
      ["870", "mail", -2000],
      ["880", "mail", 3500],
    ]);
    expect(mailed.checksCents).toBe(1500);
  });

  it("a terminal's sheet names the cashier of each row: the people taking turns at it", async () => {
    // A day of its own, so the other sheets' sums stay as they are.
    const day = "2030-02-18";
    await pay({
      method: "cash",
      cents: 1000,
      at: at(day, "09:00"),
      tendered: 1000,
      terminal: "T-7",
    });
    await pay({
      method: "cash",
      cents: 2000,
      at: at(day, "13:00"),
      tendered: 2000,
      terminal: "T-7",
      employee: OFFICE_EMPLOYEE,
    });
    await pay({
      method: "inPersonCheck",
      cents: 3000,
      at: at(day, "14:00"),
      check: "5150",
      terminal: "T-7",
      employee: OFFICE_EMPLOYEE,
    });
    const r = await call(api, "GET", `/v1/office/report/day-sheet?day=${day}&terminal=T-7`, {
      token: office,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = DaySheet.parse(r.body);
    expect(s.cash.map((c) => [c.netCents, c.cashier, c.cashierName])).toEqual([
      [1000, CASHIER, "Irene Instructor"],
      [2000, OFFICE_EMPLOYEE, "Olive Office"],
    ]);
    expect(s.checks.map((c) => [c.checkNumber, c.cashier, c.cashierName])).toEqual([
      ["5150", OFFICE_EMPLOYEE, "Olive Office"],
    ]);
    // The sheet's PDF has a cashier column on a terminal's sheet, and none on a cashier's.
    const pdf = async (query: string) => {
      const res = await fetch(`${api.baseUrl}/v1/office/report/day-sheet/pdf?day=${day}&${query}`, {
        headers: { Authorization: `Bearer ${office}` },
      });
      expect(res.status).toBe(200);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    };
    const terminalPdf = await pdf("terminal=T-7");
    expect(terminalPdf).toContain(`Irene Instructor (${CASHIER})`);
    expect(terminalPdf.split(`Olive Office (${OFFICE_EMPLOYEE})`)).toHaveLength(3);
    const cashierPdf = await pdf(`cashier=${OFFICE_EMPLOYEE}`);
    expect(cashierPdf.split(`Olive Office (${OFFICE_EMPLOYEE})`)).toHaveLength(2);
  });

  it("a bounced check comes off on the day it bounced; cash given back comes off the cash", async () => {
    // A week later: a check received and bounced the same day, one standing, one bounced the
    // next day, and $3.00 of a mailed check given back in cash by the office.
    const E = "2030-02-11";
    const F = "2030-02-12";
    await mailedCheck({
      reg: ids.regB,
      number: "990",
      cents: 1200,
      on: E,
      status: "bounced",
      undoneAt: at(E, "15:00"),
    });
    const promise = await mailedCheck({ reg: ids.regB, number: "991", cents: 800, on: E });
    await mailedCheck({
      reg: ids.regB,
      number: "992",
      cents: 500,
      on: E,
      status: "bounced",
      undoneAt: at(F, "10:00"),
    });
    await db().execute(
      sql`insert into payment_refunds (payment_id, registration_id, amount_cents, reason, status,
            idempotency_key, created_at, settled_at, employee_id, paid_out_method, note)
          values (${promise}, ${ids.regB}, 300, 'office', 'succeeded', ${`rr-cash-${Math.random()}`},
            ${at(E, "16:00")}::timestamptz, ${at(E, "16:00")}::timestamptz, ${OFFICE_EMPLOYEE},
            'cash', 'Goodwill')`,
    );
    const sheet = async (day: string) => {
      const r = await call(
        api,
        "GET",
        `/v1/office/report/day-sheet?day=${day}&cashier=${OFFICE_EMPLOYEE}`,
        { token: office },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return DaySheet.parse(r.body);
    };
    const onE = await sheet(E);
    expect(onE.checks.map((c) => [c.checkNumber, c.kind, c.amountCents])).toEqual([
      ["990", "check", 1200],
      ["990", "bounce", -1200],
      ["991", "check", 800],
      ["992", "check", 500],
    ]);
    expect(onE.checksCents).toBe(800 + 500);
    expect(onE.cashRefundCents).toBe(-300);
    expect(onE.cashToDepositCents).toBe(-300);
    const onF = await sheet(F);
    expect(onF.checks.map((c) => [c.checkNumber, c.kind, c.amountCents])).toEqual([
      ["992", "bounce", -500],
    ]);
    expect(onF.checksCents).toBe(-500);
    // The sheet and the report of the same person and day tell the same money.
    for (const [day, s] of [
      [E, onE],
      [F, onF],
    ] as const) {
      const rep = PaymentsReport.parse(
        (await report(office, `from=${day}&to=${day}&cashier=${OFFICE_EMPLOYEE}`)).body,
      );
      expect(rep.totals.cents, day).toBe(s.checksCents + s.cashToDepositCents + s.readerCents);
    }
    // The report's row of the refund says how it went back.
    const onEReport = ReportRows.parse((await rows(office, `from=${E}&to=${E}`)).body);
    expect(
      onEReport.rows
        .filter((x) => x.kind === "refund")
        .map((x) => [x.method, x.givenBackAs, x.amountCents]),
    ).toEqual([["mail", "cash", -300]]);
  });

  it("the report and the sheet come as PDF", async () => {
    for (const path of [
      `/v1/office/report/pdf?from=${D}&to=${D}`,
      `/v1/office/report/day-sheet/pdf?day=${D}&cashier=${CASHIER}`,
    ]) {
      const res = await fetch(api.baseUrl + path, {
        headers: { Authorization: `Bearer ${office}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/pdf");
      const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
      expect(text.startsWith("%PDF")).toBe(true);
    }
  });
});

describe("who may read the report", () => {
  const paths = () => [
    `/v1/office/report?from=${D}&to=${D}`,
    `/v1/office/report/rows?from=${D}&to=${D}`,
    `/v1/office/report/pdf?from=${D}&to=${D}`,
    `/v1/office/report/day-sheet?day=${D}&cashier=${CASHIER}`,
    `/v1/office/report/day-sheet/pdf?day=${D}&cashier=${CASHIER}`,
  ];
  it("the business office and administrators yes; cashiers, instructors, families no", async () => {
    const callers: [string, string | undefined, number][] = [
      ["office", office, 200],
      ["admin", admin, 200],
      ["cashier (instructor at the register)", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["student", await studentToken(api, "100001"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "report-guest@example.org"), 403],
      ["no token", undefined, 401],
    ];
    for (const [who, token, status] of callers) {
      for (const path of paths()) {
        const res = await fetch(api.baseUrl + path, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        expect(`${who} ${path} → ${res.status}`).toBe(`${who} ${path} → ${status}`);
      }
    }
  });
});

describe("bad input", () => {
  const cases: [string, string][] = [
    [`from=${AFTER}&to=${D}`, "to"],
    ["from=2030-02-31&to=2030-03-01", "from"],
    ["from=2030-02-01&to=2030-02-30", "to"],
    ["from=2020-01-01&to=2030-01-01", "to"],
    ["from=2030-01-01&to=2031-01-02", "to"],
    [`to=${D}`, "from"],
    [`from=${D}`, "to"],
    [`from=${D}&to=${D}&method=bitcoin`, "method"],
    [`from=${D}&to=${D}&fee=-1`, "fee"],
    [`from=${D}&to=${D}&fee=99999999999`, "fee"],
    [`from=${D}&to=${D}&program=nope`, "program"],
    [`from=${D}&to=${D}&account=%3D1%2B1`, "account"],
    [`from=${D}&to=${D}&cashier=${"E".repeat(41)}`, "cashier"],
    [`from=${D}&to=${D}&page=0`, "page"],
    [`from=${D}&to=${D}&extra=1`, "extra"],
  ];
  it.each(cases)("%s → 400 naming %s", async (q, field) => {
    for (const path of ["/v1/office/report", "/v1/office/report/rows"]) {
      if (path.endsWith("rows") && q.includes("page=")) continue;
      const r = await call(api, "GET", `${path}?${q}`, { token: office });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(String(r.body.hint ?? r.body.message)).toContain(field);
    }
  });
  it("a day sheet needs a day and a cashier or a terminal", async () => {
    for (const [q, field] of [
      [`day=${D}`, "cashier"],
      ["day=2030-02-30&cashier=E1001", "day"],
    ] as const) {
      const r = await call(api, "GET", `/v1/office/report/day-sheet?${q}`, { token: office });
      expect(r.status).toBe(400);
      expect(String(r.body.hint)).toContain(field);
    }
  });
});
