// The business office's payments report and cashier's end-of-day sheet
// (decision 132): read-only SQL over payments, payment_refunds, purchases and mailed_checks.
//
// A row is one money event's share of one line it paid for:
// - a payment taken (card online, card reader, cash, check in person) that succeeded (or was later
//   refunded), on the district day of its settled_at, split over its purchases (one per fee or
//   registration, as settlement allocated it), and what its purchases do not cover (a payment
//   refused whole, or a seat lost) as a line of its own;
// - a refund that succeeded, negative, on the district day of its settled_at, with the method of
//   its payment: a refund for one registration is that registration's line; any other refund is
//   split over its payment's lines by stacking (domain/rules/payments-report.ts splitRefund);
// - a mailed check received (or received and later bounced) on its received_on day, and a bounced
//   check negative on the district day it bounced. A check reversed as recorded by mistake was
//   never money and is not reported.
// Totals are grouped in SQL from the same rows, so each is the sum of the rows it stands for.
import { eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { REPORT_PAGE_SIZE, type ReportFilter } from "@domain/contract/payments-report";
import {
  METHOD_OF_PAYMENT,
  orderTotals,
  sheetSums,
  totalsOf,
  type GivenBackAs,
  type ReportMethodName,
  type Totals,
} from "@domain/rules/payments-report";
import { districtDayBounds } from "@domain/rules/time";
import { queryRows, type Db } from "../db/client";
import { mailedChecks, paymentRefunds, payments, staff } from "../db/schema";
import { staffShownName } from "./staff-name";

const DB_METHOD: Record<string, string> = Object.fromEntries(
  Object.entries(METHOD_OF_PAYMENT).map(([db, report]) => [report, db]),
);

interface RowSql {
  kind: "payment" | "refund" | "check" | "bounce";
  at: Date | string;
  day: string;
  method: ReportMethodName;
  cents: number;
  payment_id: number;
  provider_ref: string | null;
  check_number: string | null;
  confirmation: string | null;
  payer: string;
  item: string | null;
  account_code: string | null;
  school: string | null;
  program: string | null;
  cashier: string | null;
  cashier_name: string | null;
  terminal: string | null;
  given_back_as: GivenBackAs | null;
}

/** Who a refund is of: whoever paid it out (or made it), else its payment's cashier. */
const REFUND_EMPLOYEE = sql`coalesce(r.employee_id, p.taken_by_employee_id)`;

const and = (parts: SQL[]) => (parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``);

/** The report's rows (before paging) as one `with … rep` clause, filters applied. */
export function reportCte(f: ReportFilter, timeZone: string): SQL {
  const start = districtDayBounds(f.from, timeZone).start.toISOString();
  const end = districtDayBounds(f.to, timeZone).end.toISOString();
  const tz = sql`${timeZone}::text`;
  // Filters on the event (the payment or the check), pushed into each source.
  const payFilter: SQL[] = [];
  const refundFilter: SQL[] = [];
  if (f.method) {
    payFilter.push(sql`p.method = ${DB_METHOD[f.method]!}`);
    refundFilter.push(sql`p.method = ${DB_METHOD[f.method]!}`);
  }
  if (f.cashier) {
    payFilter.push(sql`p.taken_by_employee_id = ${f.cashier}`);
    refundFilter.push(sql`${REFUND_EMPLOYEE} = ${f.cashier}`);
  }
  if (f.terminal) {
    payFilter.push(sql`p.terminal_id = ${f.terminal}`);
    refundFilter.push(sql`p.terminal_id = ${f.terminal}`);
  }
  const checkFilter = (who: SQL): SQL[] => {
    const parts: SQL[] = [];
    if (f.method && f.method !== "mail") parts.push(sql`false`);
    if (f.terminal) parts.push(sql`false`);
    if (f.cashier) parts.push(sql`${who} = ${f.cashier}`);
    return parts;
  };
  // Filters on the line (what was paid for).
  const lineFilter: SQL[] = [];
  if (f.account) lineFilter.push(sql`f.account_code = ${f.account}`);
  if (f.fee) lineFilter.push(sql`f.id = ${f.fee}`);
  if (f.school) lineFilter.push(sql`coalesce(f.school_id, cs.school_id) = ${f.school}`);
  if (f.program) lineFilter.push(sql`cs.program_id = ${f.program}::uuid`);
  const money = sql`p.method in ('stripe', 'terminal', 'cash', 'inPersonCheck')`;
  // Every refund that succeeded is money out, whatever its payment was: a mailed check's too
  // (its money came in as checks, so a refund of it is that registration's line).
  const refundable = sql`p.method in ('stripe', 'terminal', 'cash', 'inPersonCheck', 'mail')`;
  return sql`with pay as (
      select p.id, p.method, p.amount_cents, p.settled_at, p.registration_id, p.provider_ref,
        p.confirmation_id, p.owner_key, p.taken_by_employee_id, p.terminal_id, p.check_number
      from payments p
      where ${money} and p.status in ('succeeded', 'refunded')
        and p.settled_at >= ${start}::timestamptz and p.settled_at < ${end}::timestamptz
        ${and(payFilter)}
    ),
    ref as (
      select r.id, r.payment_id,
        coalesce(r.registration_id, case when p.method = 'mail' then p.registration_id end)
          as registration_id,
        r.amount_cents, r.settled_at,
        coalesce((select sum(r2.amount_cents) from payment_refunds r2
          where r2.payment_id = r.payment_id and r2.status = 'succeeded'
            and r2.registration_id is null
            and (r2.settled_at, r2.id) < (r.settled_at, r.id)), 0)::int as before_cents,
        p.method, p.amount_cents as paid_cents, p.registration_id as pay_registration_id,
        p.provider_ref, p.confirmation_id, p.owner_key,
        ${REFUND_EMPLOYEE} as taken_by_employee_id, p.terminal_id, p.check_number,
        -- How it went back: as recorded, else an automatic refund of a card went to the card.
        coalesce(r.paid_out_method,
          case when p.method in ('stripe', 'terminal') and p.provider_ref is not null
            then 'card' end) as given
      from payment_refunds r join payments p on p.id = r.payment_id
      where r.status = 'succeeded' and ${refundable}
        and r.settled_at >= ${start}::timestamptz and r.settled_at < ${end}::timestamptz
        ${and(refundFilter)}
    ),
    touched as (
      select id, amount_cents, registration_id from pay
      union
      select payment_id, paid_cents, pay_registration_id from ref where registration_id is null
    ),
    bought as (
      select pu.payment_id, pu.id as ord, pu.assessed_fee_id, pu.registration_id,
        pu.amount_cents as cents
      from purchases pu join touched x on x.id = pu.payment_id
      where pu.amount_cents > 0
    ),
    bought_sums as (select payment_id, sum(cents)::int as cents from bought group by payment_id),
    lines as (
      select u.*, (sum(u.cents) over (partition by u.payment_id order by u.ord) - u.cents)::int as lo
      from (
        select * from bought
        union all
        select x.id, 2147483647, null::int, x.registration_id,
          x.amount_cents - coalesce(bs.cents, 0)
        from touched x left join bought_sums bs on bs.payment_id = x.id
        where x.amount_cents <> coalesce(bs.cents, 0)
      ) u
    ),
    ev as (
      select 'payment' as kind, pay.id as event_id, pay.settled_at as at,
        (pay.settled_at at time zone ${tz})::date as day, pay.method as pm, l.cents, l.ord,
        l.assessed_fee_id, l.registration_id, pay.provider_ref, pay.check_number,
        pay.confirmation_id, pay.owner_key, pay.taken_by_employee_id as employee, pay.terminal_id,
        pay.id as payment_id, null::text as given
      from pay join lines l on l.payment_id = pay.id
      union all
      select 'refund', ref.id, ref.settled_at, (ref.settled_at at time zone ${tz})::date,
        ref.method, -ref.amount_cents, 0, null::int, ref.registration_id, ref.provider_ref,
        ref.check_number, ref.confirmation_id, ref.owner_key, ref.taken_by_employee_id,
        ref.terminal_id, ref.payment_id, ref.given
      from ref where ref.registration_id is not null
      union all
      select 'refund', ref.id, ref.settled_at, (ref.settled_at at time zone ${tz})::date,
        ref.method,
        -(least(l.lo + l.cents, ref.before_cents + ref.amount_cents) - greatest(l.lo, ref.before_cents)),
        l.ord, l.assessed_fee_id, l.registration_id, ref.provider_ref, ref.check_number,
        ref.confirmation_id, ref.owner_key, ref.taken_by_employee_id, ref.terminal_id,
        ref.payment_id, ref.given
      from ref join lines l on l.payment_id = ref.payment_id
        and l.lo < ref.before_cents + ref.amount_cents and l.lo + l.cents > ref.before_cents
      where ref.registration_id is null
      union all
      -- Beyond the payment's lines (which always add up to its amount): refunded more than paid.
      select 'refund', ref.id, ref.settled_at, (ref.settled_at at time zone ${tz})::date,
        ref.method,
        -(ref.before_cents + ref.amount_cents - greatest(ref.before_cents, ref.paid_cents)),
        2147483647, null::int, ref.pay_registration_id, ref.provider_ref, ref.check_number,
        ref.confirmation_id, ref.owner_key, ref.taken_by_employee_id, ref.terminal_id,
        ref.payment_id, ref.given
      from ref
      where ref.registration_id is null
        and ref.before_cents + ref.amount_cents > ref.paid_cents
      union all
      select 'check', m.id, m.recorded_at, m.received_on, 'mail', m.amount_cents, 0, null::int,
        p.registration_id, null, m.check_number, p.confirmation_id, p.owner_key, m.recorded_by,
        null, p.id, null
      from mailed_checks m join payments p on p.id = m.payment_id
      where m.status in ('received', 'bounced') and m.received_on between ${f.from}::date and ${f.to}::date
        ${and(checkFilter(sql`m.recorded_by`))}
      union all
      select 'bounce', m.id, m.undone_at, (m.undone_at at time zone ${tz})::date, 'mail',
        -m.amount_cents, 0, null::int, p.registration_id, null, m.check_number, p.confirmation_id,
        p.owner_key, m.undone_by, null, p.id, null
      from mailed_checks m join payments p on p.id = m.payment_id
      where m.status = 'bounced'
        and m.undone_at >= ${start}::timestamptz and m.undone_at < ${end}::timestamptz
        ${and(checkFilter(sql`m.undone_by`))}
    ),
    rep as (
      select ev.kind, ev.event_id, ev.ord, ev.at, to_char(ev.day, 'YYYY-MM-DD') as day,
        case ev.pm when 'stripe' then 'card' when 'terminal' then 'reader'
          when 'inPersonCheck' then 'check' else ev.pm end as method,
        ev.cents::int as cents, ev.payment_id, ev.provider_ref, ev.check_number,
        ev.confirmation_id as confirmation,
        coalesce(nullif(trim(pa.name_first || ' ' || pa.name_last), ''), ev.owner_key) as payer,
        coalesce(f.name, c.name) as item, f.account_code, sc.short_name as school,
        pr.name as program, ev.employee as cashier,
        coalesce(${staffShownName("stf")}, ev.employee) as cashier_name, ev.terminal_id as terminal,
        ev.given as given_back_as
      from ev
        left join staff stf on stf.employee_id = ev.employee
        left join assessed_fees af on af.id = ev.assessed_fee_id
        left join fees f on f.id = af.fee_id
        left join registrations rg on rg.id = ev.registration_id
        left join course_sections cs on cs.id = rg.course_section_id
        left join courses c on c.id = cs.course_id
        left join programs pr on pr.id = cs.program_id
        left join schools sc on sc.id = coalesce(f.school_id, cs.school_id)
        left join participants pa on pa.id = coalesce(rg.participant_id, af.participant_id)
      where true ${and(lineFilter)}
    )`;
}

/**
 * Runs a report statement with room to sort and group in memory: a year is a few hundred thousand
 * rows, which the default 4 MB would spill to disk (on PGlite, very slowly: a year took minutes). `set local` ends with
 * the read-only transaction.
 */
async function withReportMemory<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local work_mem = '256MB'"));
    // The planner's row estimates of the CTEs are far too high, which on PostgreSQL turns on JIT
    // compilation: seconds spent compiling a statement that runs in a fraction of that.
    await tx.execute(sql.raw("set local jit = off"));
    return fn(tx as unknown as Db);
  });
}

const ROW_COLUMNS = sql`kind, at, day, method, cents, payment_id, provider_ref, check_number,
  confirmation, payer, item, account_code, school, program, cashier, cashier_name, terminal,
  given_back_as`;
const ROW_ORDER = sql`order by day, at, kind, event_id, ord`;

function asRow(r: RowSql) {
  return {
    day: r.day,
    at: new Date(r.at).toISOString(),
    kind: r.kind,
    method: r.method,
    amountCents: Number(r.cents),
    paymentId: Number(r.payment_id),
    providerRef: r.provider_ref,
    checkNumber: r.check_number,
    confirmation: r.confirmation,
    payer: r.payer ?? "",
    item: r.item,
    accountCode: r.account_code,
    school: r.school,
    program: r.program,
    cashier: r.cashier,
    cashierName: r.cashier_name,
    terminal: r.terminal,
    givenBackAs: r.given_back_as,
  };
}
export type ReportRowOut = ReturnType<typeof asRow>;

interface GroupSql {
  day: string | null;
  method: ReportMethodName | null;
  account_code: string | null;
  g_day: number;
  g_method: number;
  g_account: number;
  cents: number | string | null;
  n: number | string;
}

function totalsFrom(groups: readonly GroupSql[]): Totals {
  const totals: Totals = { cents: 0, count: 0, byDay: [], byMethod: [], byAccount: [] };
  for (const g of groups) {
    const s = { cents: Number(g.cents ?? 0), count: Number(g.n) };
    if (Number(g.g_day) === 0) totals.byDay.push({ day: g.day!, ...s });
    else if (Number(g.g_method) === 0) totals.byMethod.push({ method: g.method!, ...s });
    else if (Number(g.g_account) === 0)
      totals.byAccount.push({ accountCode: g.account_code, ...s });
    else Object.assign(totals, s);
  }
  return orderTotals(totals);
}

/**
 * One page of the report's rows, in order, and the totals of the whole range, from one statement:
 * the rows are worked out once (a CTE read twice is computed once) and grouped for the totals.
 */
export async function readPaymentsReport(
  db: Db,
  q: ReportFilter & { page: number },
  timeZone: string,
) {
  // The report's CTEs (unions, a window, grouping sets) are SQL the query builder cannot write.
  const [out] = await withReportMemory(db, (tx) =>
    queryRows<{ totals: GroupSql[] | string; rows: RowSql[] | string | null }>(
      tx,
      sql`${reportCte(q, timeZone)}
      select
        (select json_agg(g) from (
          select day, method, account_code, grouping(day) as g_day, grouping(method) as g_method,
            grouping(account_code) as g_account, sum(cents)::bigint as cents, count(*)::int as n
          from rep group by grouping sets ((day), (method), (account_code), ())) g) as totals,
        (select json_agg(p) from (
          select ${ROW_COLUMNS} from rep ${ROW_ORDER}
          limit ${REPORT_PAGE_SIZE} offset ${(q.page - 1) * REPORT_PAGE_SIZE}) p) as rows`,
    ),
  );
  const parse = <T>(v: T | string | null | undefined): T | null =>
    typeof v === "string" ? (JSON.parse(v) as T) : (v ?? null);
  return {
    timeZone,
    rows: (parse(out?.rows) ?? []).map(asRow),
    page: q.page,
    pageSize: REPORT_PAGE_SIZE,
    totals: totalsFrom(parse(out?.totals) ?? []),
  };
}

/**
 * Every row of the range, in order (the CSV and the PDF), and their totals (the sums of these
 * rows); null when there are more than `max` rows.
 */
export async function readReportRows(db: Db, f: ReportFilter, timeZone: string, max: number) {
  // The report's CTEs (unions, a window, grouping sets) are SQL the query builder cannot write.
  const rows = await withReportMemory(db, (tx) =>
    queryRows<RowSql>(
      tx,
      sql`${reportCte(f, timeZone)} select ${ROW_COLUMNS} from rep ${ROW_ORDER} limit ${max + 1}`,
    ),
  );
  if (rows.length > max) return null;
  const out = rows.map(asRow);
  return { timeZone, rows: out, totals: totalsOf(out) };
}

/**
 * A cashier's or terminal's day: cash payments (handed over, change, net), cash refunds of
 * their payments paid out that day, checks in person and mailed checks they recorded, and what
 * the card reader took. The sums are domain/rules/payments-report.ts sheetSums.
 */
export async function readDaySheet(
  db: Db,
  q: { day: string; cashier?: string; terminal?: string },
  timeZone: string,
) {
  const { start, end } = districtDayBounds(q.day, timeZone);
  const s = start.toISOString();
  const e = end.toISOString();
  // Under the names the payer's and the cashier's SQL read them by.
  const p = alias(payments, "p");
  const r = alias(paymentRefunds, "r");
  const m = alias(mailedChecks, "m");
  const inDay = (at: AnyColumn) => sql`${at} >= ${s}::timestamptz and ${at} < ${e}::timestamptz`;
  const who: SQL[] = [];
  if (q.cashier) who.push(eq(p.takenByEmployeeId, q.cashier));
  if (q.terminal) who.push(eq(p.terminalId, q.terminal));
  const payer = sql<string>`coalesce((select nullif(trim(pa.name_first || ' ' || pa.name_last), '')
      from participants pa where pa.id = (select participant_id from registrations
        where id = p.registration_id)), p.owner_key)`;
  // Who took each row, by employee ID and as their account names them (null: no such account):
  // a terminal's sheet holds the rows of everyone who took turns at it.
  const nameOf = (employee: SQL) =>
    sql<
      string | null
    >`(select ${staffShownName("st")} from staff st where st.employee_id = ${employee})`;
  const taken = await db
    .select({
      id: p.id,
      method: p.method,
      // Not null: the day's bounds are on it.
      settled_at: sql<Date>`${p.settledAt}`.mapWith(p.settledAt),
      amount_cents: p.amountCents,
      tendered_cents: p.tenderedCents,
      change_cents: p.changeCents,
      check_number: p.checkNumber,
      payer,
      cashier: p.takenByEmployeeId,
      cashier_name: nameOf(sql`p.taken_by_employee_id`),
    })
    .from(p)
    .where(
      sql.join(
        [
          inArray(p.method, ["cash", "inPersonCheck", "terminal"]),
          inArray(p.status, ["succeeded", "refunded"]),
          inDay(p.settledAt),
          ...who,
        ],
        sql` and `,
      ),
    )
    .orderBy(p.settledAt, p.id);
  // Cash handed back that day by this person (or at this terminal), whatever the payment was: a
  // refund given back in cash, or an automatic one of a cash payment from before refunds said how.
  const refundWho: SQL[] = [];
  if (q.cashier) refundWho.push(sql`${REFUND_EMPLOYEE} = ${q.cashier}`);
  if (q.terminal) refundWho.push(eq(p.terminalId, q.terminal));
  const refunds = await db
    .select({
      payment_id: r.paymentId,
      // Not null: the day's bounds are on it.
      settled_at: sql<Date>`${r.settledAt}`.mapWith(r.settledAt),
      amount_cents: r.amountCents,
      payer,
      cashier: sql<string | null>`${REFUND_EMPLOYEE}`,
      cashier_name: nameOf(REFUND_EMPLOYEE),
    })
    .from(r)
    .innerJoin(p, eq(p.id, r.paymentId))
    .where(
      sql.join(
        [
          eq(r.status, "succeeded"),
          sql`(${r.paidOutMethod} = 'cash' or (${r.paidOutMethod} is null and ${p.method} = 'cash'))`,
          inDay(r.settledAt),
          ...refundWho,
        ],
        sql` and `,
      ),
    )
    .orderBy(r.settledAt, r.id);
  // Mailed checks the person recorded that day, and those they recorded bounced that day
  // (negative): a check that bounces later stays in the day it was deposited, as in the report.
  const mailed = q.terminal
    ? []
    : await db
        .select({
          payment_id: m.paymentId,
          at: m.recordedAt,
          check_number: m.checkNumber,
          amount_cents: m.amountCents,
          kind: sql<"check" | "bounce">`'check'`,
          payer,
          cashier: sql<string | null>`${m.recordedBy}`,
          cashier_name: nameOf(sql`m.recorded_by`),
        })
        .from(m)
        .innerJoin(p, eq(p.id, m.paymentId))
        .where(
          sql`${inArray(m.status, ["received", "bounced"])} and ${m.receivedOn} = ${q.day}::date
            and ${eq(m.recordedBy, q.cashier!)}`,
        )
        .unionAll(
          db
            .select({
              payment_id: m.paymentId,
              // Not null: a bounced check's.
              at: sql<Date>`${m.undoneAt}`.mapWith(m.undoneAt),
              check_number: m.checkNumber,
              amount_cents: sql<number>`-${m.amountCents}`,
              kind: sql<"check" | "bounce">`'bounce'`,
              payer,
              cashier: sql<string | null>`${m.undoneBy}`,
              cashier_name: nameOf(sql`m.undone_by`),
            })
            .from(m)
            .innerJoin(p, eq(p.id, m.paymentId))
            .where(
              sql`${eq(m.status, "bounced")} and ${eq(m.undoneBy, q.cashier!)}
                and ${inDay(m.undoneAt)}`,
            ),
        );
  const iso = (d: Date | string) => new Date(d).toISOString();
  // Net of a cash payment: what was handed over less the change, which is what it paid.
  const cash = taken
    .filter((p) => p.method === "cash")
    .map((p) => {
      const tendered = Number(p.tendered_cents ?? p.amount_cents);
      const change = Number(p.change_cents ?? 0);
      return {
        at: iso(p.settled_at),
        paymentId: Number(p.id),
        payer: p.payer,
        cashier: p.cashier,
        cashierName: p.cashier_name,
        tenderedCents: tendered,
        changeCents: change,
        netCents: tendered - change,
      };
    });
  const cashRefunds = refunds.map((r) => ({
    at: iso(r.settled_at),
    paymentId: Number(r.payment_id),
    payer: r.payer,
    cashier: r.cashier,
    cashierName: r.cashier_name,
    amountCents: -Number(r.amount_cents),
  }));
  const checks = [
    ...taken
      .filter((p) => p.method === "inPersonCheck")
      .map((p) => ({
        at: iso(p.settled_at),
        paymentId: Number(p.id),
        payer: p.payer,
        cashier: p.cashier,
        cashierName: p.cashier_name,
        checkNumber: p.check_number ?? "",
        method: "check" as const,
        kind: "check" as const,
        amountCents: Number(p.amount_cents),
      })),
    ...mailed.map((m) => ({
      at: iso(m.at),
      paymentId: Number(m.payment_id),
      payer: m.payer,
      cashier: m.cashier,
      cashierName: m.cashier_name,
      checkNumber: m.check_number,
      method: "mail" as const,
      kind: m.kind,
      amountCents: Number(m.amount_cents),
    })),
  ].sort(
    (a, b) =>
      a.checkNumber.localeCompare(b.checkNumber, "en", { numeric: true }) ||
      a.paymentId - b.paymentId ||
      a.at.localeCompare(b.at),
  );
  const reader = taken.filter((p) => p.method === "terminal");
  const st = alias(staff, "st");
  const [named] = q.cashier
    ? await db
        .select({ name: sql<string>`${staffShownName("st")}` })
        .from(st)
        .where(eq(st.employeeId, q.cashier))
    : [];
  return {
    day: q.day,
    timeZone,
    cashier: q.cashier ?? null,
    cashierName: named?.name ?? null,
    terminal: q.terminal ?? null,
    cash,
    cashRefunds,
    checks,
    ...sheetSums({ cash, cashRefunds, checks }),
    readerCents: reader.reduce((n, p) => n + Number(p.amount_cents), 0),
    readerCount: reader.length,
  };
}
