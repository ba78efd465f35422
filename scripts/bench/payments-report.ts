// The business office's payments report over one year of 200,000 payments
// (decision 132): card online, card reader, cash and checks in person, each on one or two lines
// (a fee with an account code, a registration), 2% refunded in part, and 5,000 mailed checks.
// Prints the median and 95th-percentile time of the report's call (a month and the year, with and
// without filters), of the day sheet, and of the CSV export (every row of the range read from the
// district API and written as CSV), on PGlite, or on PostgreSQL with INTEGRATION_DB=postgres
// TEST_DATABASE_URL=… (a throwaway database, dropped at the end).
// Usage: npm run bench:payments-report [-- --payments 200000 --runs 10]
import { sql } from "drizzle-orm";
import { queryRows } from "../../district-api/db/client";
import { call, staffToken, startTestApi } from "../../tests/support/api";
import { reportCte } from "../../district-api/queries/payments-report";
import { ReportRows } from "@domain/contract/payments-report";
import { paymentsReportCsvRows } from "@domain/rules/payments-report";
import { toCsv } from "../../app/.server/csv";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAYMENTS = arg("payments", 200_000);
const RUNS = arg("runs", 10);
const YEAR = "2031";

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
}

async function main() {
  const api = await startTestApi();
  try {
    const db = api.runtime.deps.db;
    const tz = api.runtime.deps.timeZone;
    const token = await staffToken(api, "office");
    const started = performance.now();
    await db.execute(sql`insert into fees (name, amount_cents, account_code, school_id)
      select 'Bench fee ' || g, 1000 + g * 100, 'ACCT-' || lpad((g % 10)::text, 2, '0'),
        (select id from schools order by id limit 1)
      from generate_series(1, 20) g`);
    await db.execute(sql`insert into assessed_fees (fee_id, payer_key, status, assessed_cost_cents)
      select f.id, 'student:100001', 'paid', f.amount_cents
      from fees f cross join generate_series(1, 100) g where f.name like 'Bench fee %'`);
    const [range] = await queryRows<{ lo: number; hi: number }>(
      db,
      sql`select min(af.id) as lo, max(af.id) as hi from assessed_fees af
          join fees f on f.id = af.fee_id where f.name like 'Bench fee %'`,
    );
    const lo = Number(range!.lo);
    const span = Number(range!.hi) - lo + 1;
    // One year of payments, evenly in time, in the district's zone.
    const seconds = 365 * 86_400;
    await db.execute(sql`insert into payments (owner_key, method, amount_cents, status,
        idempotency_key, provider_ref, created_at, settled_at, tendered_cents, change_cents,
        check_number, terminal_id, taken_by_employee_id)
      select 'student:100001',
        case when g % 10 < 5 then 'stripe' when g % 10 < 7 then 'terminal'
          when g % 10 < 9 then 'cash' else 'inPersonCheck' end,
        1000 + (g % 40) * 250, 'succeeded', 'bench-report-' || g,
        case when g % 10 < 7 then 'pi_bench_' || g end, t, t,
        case when g % 10 in (7, 8) then 1000 + (g % 40) * 250 + (g % 3) * 500 end,
        case when g % 10 in (7, 8) then (g % 3) * 500 end,
        case when g % 10 = 9 then (10000 + g)::text end,
        case when g % 10 >= 5 then 'T-' || (g % 5) end,
        case when g % 10 >= 5 then 'E100' || (1 + g % 2) end
      from generate_series(1, ${PAYMENTS}) g,
        lateral (select (${`${YEAR}-01-01 00:00:00`}::timestamp at time zone ${tz}::text)
          + (g::float8 * ${seconds} / ${PAYMENTS}) * interval '1 second' as t) x`);
    // Each payment's lines: a fee (an account code); a third of them also a registration.
    await db.execute(sql`insert into purchases (payment_id, assessed_fee_id, amount_cents, created_at)
      select p.id, ${lo} + (p.id % ${span}),
        case when p.id % 3 = 0 then p.amount_cents - 500 else p.amount_cents end, p.settled_at
      from payments p where p.idempotency_key like 'bench-report-%'`);
    await db.execute(sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
      select p.id, r.id, 500, p.settled_at
      from payments p join lateral (select id from registrations order by id
        offset (p.id % (select count(*) from registrations)) limit 1) r on true
      where p.idempotency_key like 'bench-report-%' and p.id % 3 = 0`);
    // 2% refunded in part, two days later.
    await db.execute(sql`insert into payment_refunds (payment_id, amount_cents, reason, status,
        idempotency_key, created_at, settled_at)
      select p.id, 700, 'cart_changed', 'succeeded', 'bench-refund-' || p.id,
        p.settled_at + interval '2 days', p.settled_at + interval '2 days'
      from payments p where p.idempotency_key like 'bench-report-%' and p.id % 50 = 0`);
    // 5,000 mailed checks on registrations' promises.
    await db.execute(sql`with promise as (
        insert into payments (owner_key, registration_id, method, amount_cents, status,
          idempotency_key, created_at)
        select 'student:' || r.participant_id, r.id, 'mail', 3000, 'succeeded',
          'bench-mail-' || g, (${`${YEAR}-01-01`}::date + (g % 365))::timestamptz
        from generate_series(1, 5000) g
          join lateral (select id, participant_id from registrations order by id
            offset (g % (select count(*) from registrations)) limit 1) r on true
        returning id, created_at)
      insert into mailed_checks (payment_id, check_number, amount_cents, received_on, status,
        recorded_by, recorded_at)
      select id, (500 + id)::text, 3000, created_at::date + 3, 'received', 'E1006',
        created_at + interval '3 days' from promise`);
    await db.execute(sql`analyze`);
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments where idempotency_key like 'bench-%'`,
    );
    const kind = process.env.INTEGRATION_DB === "postgres" ? "PostgreSQL" : "PGlite";
    console.log(
      `${kind}: ${n!.n} payments in ${YEAR} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s to load)`,
    );
    const month = `from=${YEAR}-03-01&to=${YEAR}-03-31`;
    const year = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
    const cases: [string, string, number][] = [
      ["a day", `from=${YEAR}-03-04&to=${YEAR}-03-04`, RUNS],
      ["a month", month, RUNS],
      ["a month, page 20", `${month}&page=20`, RUNS],
      ["a month, cash", `${month}&method=cash`, RUNS],
      ["a month, account ACCT-03", `${month}&account=ACCT-03`, RUNS],
      ["a month, cashier E1001", `${month}&cashier=E1001`, RUNS],
      ["the year", year, Math.max(3, Math.ceil(RUNS / 3))],
      ["the year, cash", `${year}&method=cash`, Math.max(3, Math.ceil(RUNS / 3))],
      ["the year, account ACCT-03", `${year}&account=ACCT-03`, Math.max(3, Math.ceil(RUNS / 3))],
    ];
    if (process.env.BENCH_EXPLAIN) {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain analyze ${reportCte({ from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }, tz)}
          select count(*) from rep`,
      );
      console.log(plan.map((p) => p["QUERY PLAN"]).join("\n"));
      return;
    }
    const only = process.env.BENCH_ONLY;
    for (const [label, q, runs] of cases.filter(([l]) => !only || l.includes(only))) {
      const ms: number[] = [];
      let count = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const r = await call(api, "GET", `/v1/office/report?${q}`, { token });
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`${q} → ${r.status} ${JSON.stringify(r.body)}`);
        count = r.body.totals.count;
      }
      console.log(`report, ${label.padEnd(26)} ${String(count).padStart(7)} rows  ${stats(ms)}`);
    }
    {
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await call(
          api,
          "GET",
          `/v1/office/report/day-sheet?day=${YEAR}-03-04&cashier=E1001`,
          {
            token,
          },
        );
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`day sheet → ${r.status}`);
      }
      console.log(`day sheet, one cashier's day                     ${stats(ms)}`);
    }
    for (const [label, q, runs] of [
      ["a month", month, 3],
      ["the year", year, 2],
    ] as const) {
      const ms: number[] = [];
      const written: number[] = [];
      let bytes = 0;
      let count = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const r = await call(api, "GET", `/v1/office/report/rows?${q}`, { token });
        if (r.status !== 200) throw new Error(`rows → ${r.status}`);
        const t1 = performance.now();
        const data = ReportRows.parse(r.body);
        const csv = toCsv(paymentsReportCsvRows(data.rows, data.totals, data.timeZone));
        ms.push(performance.now() - t0);
        written.push(performance.now() - t1);
        bytes = Buffer.byteLength(csv);
        count = data.rows.length;
      }
      console.log(
        `CSV export, ${label.padEnd(22)} ${String(count).padStart(7)} rows  ${stats(ms)} ` +
          `(${(bytes / 1e6).toFixed(1)} MB; writing the CSV ${stats(written)})`,
      );
    }
  } finally {
    await api.close();
  }
}

await main();
