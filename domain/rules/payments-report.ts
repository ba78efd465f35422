// The payments report's pure rules (decision 132): the methods it reports, the
// range it accepts, totals and groupings of its rows, the cashier's end-of-day sums and the CSV
// rows. The rows themselves come from SQL (district-api/queries/payments-report.ts); every total
// is the sum of the rows it stands for, in integer cents.
import { t } from "../messages/admin";
import { auditTimeFormatter } from "./time";

/** card: card online (the provider), reader: card reader, check: in person, mail: mailed check. */
export const REPORT_METHODS = ["card", "reader", "cash", "check", "mail"] as const;
export type ReportMethodName = (typeof REPORT_METHODS)[number];

/** How a refund went back: to the card through the provider, in cash, or by a check written. */
export const GIVEN_BACK_AS = ["card", "cash", "check"] as const;
export type GivenBackAs = (typeof GIVEN_BACK_AS)[number];

/** A row's kind as the report names it; a refund says how it went back when that is known. */
export function reportKindName(row: {
  kind: "payment" | "refund" | "check" | "bounce";
  givenBackAs?: GivenBackAs | null;
}): string {
  if (row.kind === "refund" && row.givenBackAs) {
    return t(`office.report.kind.refund.${row.givenBackAs}`);
  }
  return t(`office.report.kind.${row.kind}`);
}

/** The payments.method of each reported method (mailed checks are rows of mailed_checks). */
export const METHOD_OF_PAYMENT: Record<string, ReportMethodName> = {
  stripe: "card",
  terminal: "reader",
  cash: "cash",
  inPersonCheck: "check",
  mail: "mail",
};

/** The longest range of one report, in days (a school year and a leap day). */
export const MAX_REPORT_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** Why a range of calendar days is refused: "order" (to before from), "range" (too long). */
export function reportRangeError(from: string, to: string): "order" | "range" | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return null;
  if (to < from) return "order";
  if (daysInRange(from, to) > MAX_REPORT_DAYS) return "range";
  return null;
}

export interface RowForTotals {
  day: string;
  method: ReportMethodName;
  accountCode: string | null;
  amountCents: number;
}

export interface Sum {
  cents: number;
  count: number;
}

export interface Totals extends Sum {
  byDay: ({ day: string } & Sum)[];
  byMethod: ({ method: ReportMethodName } & Sum)[];
  byAccount: ({ accountCode: string | null } & Sum)[];
}

/** Account codes in order, the rows without one last. */
export function compareAccounts(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * Totals of rows: overall, per day (in order), per method (in REPORT_METHODS order) and per account
 * code (in order, none last). Each group's total is the sum of its rows, so each grouping adds up
 * to the overall total.
 */
export function totalsOf(rows: readonly RowForTotals[]): Totals {
  const days = new Map<string, Sum>();
  const methods = new Map<ReportMethodName, Sum>();
  const accounts = new Map<string | null, Sum>();
  const add = <K>(m: Map<K, Sum>, k: K, cents: number) => {
    const s = m.get(k) ?? { cents: 0, count: 0 };
    s.cents += cents;
    s.count += 1;
    m.set(k, s);
  };
  let cents = 0;
  for (const r of rows) {
    cents += r.amountCents;
    add(days, r.day, r.amountCents);
    add(methods, r.method, r.amountCents);
    add(accounts, r.accountCode, r.amountCents);
  }
  return orderTotals({
    cents,
    count: rows.length,
    byDay: [...days].map(([day, s]) => ({ day, ...s })),
    byMethod: [...methods].map(([method, s]) => ({ method, ...s })),
    byAccount: [...accounts].map(([accountCode, s]) => ({ accountCode, ...s })),
  });
}

/** The report's order of each grouping (the SQL totals come back in any order). */
export function orderTotals(totals: Totals): Totals {
  return {
    ...totals,
    byDay: [...totals.byDay].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    byMethod: [...totals.byMethod].sort(
      (a, b) => REPORT_METHODS.indexOf(a.method) - REPORT_METHODS.indexOf(b.method),
    ),
    byAccount: [...totals.byAccount].sort((a, b) => compareAccounts(a.accountCode, b.accountCode)),
  };
}

/**
 * Splits a refund over the lines of its payment: the payment's lines are stacked in order (each
 * from the sum of the lines before it), the payment's refunds likewise in the order they were
 * paid out, and a refund takes from each line the part of its span that overlaps the line's. What
 * is beyond the payment's lines (never, while refunds stay within what was paid) is left without a
 * line. The same rule is the SQL of the report; this is its statement and its test.
 */
export function splitRefund(
  lineCents: readonly number[],
  refundedBeforeCents: number,
  refundCents: number,
): { shares: number[]; beyondCents: number } {
  const lo = refundedBeforeCents;
  const hi = refundedBeforeCents + refundCents;
  let start = 0;
  const shares = lineCents.map((cents) => {
    const end = start + cents;
    const share = Math.max(0, Math.min(end, hi) - Math.max(start, lo));
    start = end;
    return share;
  });
  return { shares, beyondCents: refundCents - shares.reduce((a, b) => a + b, 0) };
}

export interface SheetSums {
  cashReceivedCents: number;
  changeGivenCents: number;
  netCashCents: number;
  cashRefundCents: number;
  cashToDepositCents: number;
  checksCents: number;
}

/**
 * The cashier's end-of-day sums: cash received is what was handed over, change what was given
 * back, net cash their difference; cash refunds paid out (negative) come off it, giving the cash
 * to deposit; checks are added up by number.
 */
export function sheetSums(input: {
  cash: readonly { tenderedCents: number; changeCents: number }[];
  cashRefunds: readonly { amountCents: number }[];
  checks: readonly { amountCents: number }[];
}): SheetSums {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const cashReceivedCents = sum(input.cash.map((c) => c.tenderedCents));
  const changeGivenCents = sum(input.cash.map((c) => c.changeCents));
  const netCashCents = cashReceivedCents - changeGivenCents;
  const cashRefundCents = sum(input.cashRefunds.map((r) => r.amountCents));
  return {
    cashReceivedCents,
    changeGivenCents,
    netCashCents,
    cashRefundCents,
    cashToDepositCents: netCashCents + cashRefundCents,
    checksCents: sum(input.checks.map((c) => c.amountCents)),
  };
}

export interface CsvReportRow extends RowForTotals {
  at: string;
  kind: "payment" | "refund" | "check" | "bounce";
  paymentId: number;
  providerRef: string | null;
  checkNumber: string | null;
  confirmation: string | null;
  payer: string;
  item: string | null;
  school: string | null;
  program: string | null;
  cashier: string | null;
  /** The cashier as their staff account names them; absent or null: the ID alone. */
  cashierName?: string | null;
  terminal: string | null;
  givenBackAs?: GivenBackAs | null;
}

/**
 * Who a row is of, on the screen: the staff member's name with the employee ID the report is
 * filtered by ("Olive Office (E1006)"), the ID alone when no name is known.
 */
export function cashierShown(r: Pick<CsvReportRow, "cashier" | "cashierName">): string {
  if (!r.cashier) return "";
  return r.cashierName && r.cashierName !== r.cashier
    ? `${r.cashierName} (${r.cashier})`
    : r.cashier;
}

/**
 * Who a report row or an end-of-day sheet is of, on the screen and in the sheet's title: the
 * cashier as cashierShown names them, the terminal beside ("Olive Office (E1006) / T-1").
 */
/**
 * Whether an end-of-day sheet names the cashier of each row: a terminal's sheet holds everyone
 * who took turns at it; a cashier's sheet is all theirs, and its title says whose (decision 160).
 */
export function sheetNamesRowCashiers(sheet: { cashier: string | null }): boolean {
  return !sheet.cashier;
}

export function cashierAndTerminal(
  s: Pick<CsvReportRow, "cashier" | "cashierName" | "terminal">,
): string {
  return [cashierShown(s), s.terminal].filter(Boolean).join(" / ");
}

/** Dollars with two decimals as a number cell (-12.5 is written -12.5; cents stay exact too). */
const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * The report as CSV rows: a heading, one row per report row (amounts as numbers, negative for
 * refunds), then the totals per day, per method, per account code and overall, each labelled in
 * the first column.
 */
export function paymentsReportCsvRows(
  rows: readonly CsvReportRow[],
  totals: Totals,
  timeZone: string,
): (string | number)[][] {
  const method = (m: ReportMethodName) => t(`office.report.method.${m}`);
  const time = auditTimeFormatter(timeZone);
  const total = (label: string, key: string, s: Sum) => [
    label,
    key,
    "",
    "",
    "",
    dollars(s.cents),
    s.cents,
    s.count,
  ];
  return [
    [
      t("office.report.col.day"),
      t("office.report.col.time"),
      t("office.report.col.kind"),
      t("office.report.col.method"),
      t("office.report.col.payment"),
      t("office.report.col.amount"),
      t("office.report.col.cents"),
      t("office.report.col.providerId"),
      t("office.report.col.check"),
      t("office.report.col.confirmation"),
      t("office.report.col.payer"),
      t("office.report.col.item"),
      t("office.report.col.account"),
      t("office.report.col.school"),
      t("office.report.col.program"),
      t("office.report.col.cashier"),
      t("office.report.col.cashierName"),
      t("office.report.col.terminal"),
    ],
    ...rows.map((r) => [
      r.day,
      time(r.at),
      reportKindName(r),
      method(r.method),
      r.paymentId,
      dollars(r.amountCents),
      r.amountCents,
      r.providerRef ?? "",
      r.checkNumber ?? "",
      r.confirmation ?? "",
      r.payer,
      r.item ?? "",
      r.accountCode ?? "",
      r.school ?? "",
      r.program ?? "",
      r.cashier ?? "",
      r.cashierName ?? r.cashier ?? "",
      r.terminal ?? "",
    ]),
    [],
    [t("office.report.byDay")],
    ...totals.byDay.map((d) => total(t("office.report.byDay"), d.day, d)),
    [t("office.report.byMethod")],
    ...totals.byMethod.map((m) => total(t("office.report.byMethod"), method(m.method), m)),
    [t("office.report.byAccount")],
    ...totals.byAccount.map((a) =>
      total(t("office.report.byAccount"), a.accountCode ?? t("office.report.noAccount"), a),
    ),
    total(t("office.report.total"), "", totals),
  ];
}
