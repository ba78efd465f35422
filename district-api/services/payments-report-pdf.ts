// The payments report and the cashier's end-of-day sheet as PDF (decision 132),
// with the reports' own layout (services/reports.ts Report): the same rows and totals as the screen
// and the CSV, amounts in dollars, refunds negative.
import type { DaySheet } from "@domain/contract/payments-report";
import { t } from "@domain/messages";
import { formatCalendarDate } from "@domain/rules/calendar";
import { formatUsd } from "@domain/rules/money";
import {
  cashierShown,
  sheetNamesRowCashiers,
  cashierAndTerminal,
  reportKindName,
  type CsvReportRow,
  type Totals,
} from "@domain/rules/payments-report";
import { formatAuditTime, formatDistrictDateTime } from "@domain/rules/time";
import { Report } from "./reports";

interface Head {
  districtName: string;
  timeZone: string;
  printedAt: Date;
}

const printed = (h: Head) =>
  t("staff.pdf.printed", {
    date: formatDistrictDateTime(h.printedAt.toISOString(), h.timeZone),
  });

const methodName = (m: string) => t(`office.report.method.${m}` as "office.report.method.cash");

export async function paymentsReportPdf(
  input: Head & { from: string; to: string; rows: readonly CsvReportRow[]; totals: Totals },
): Promise<Buffer> {
  const report = new Report({
    district: input.districtName,
    title: `${t("office.report.title")}: ${formatCalendarDate(input.from)} – ${formatCalendarDate(input.to)}`,
    printed: printed(input),
  });
  const sums = (title: string, rows: [string, { cents: number; count: number }][]) => {
    report.line(title, { bold: true });
    report.table(
      [
        { title: "", width: 30 },
        { title: t("office.report.count"), width: 10, align: "right" },
        { title: t("office.report.col.amount"), width: 15, align: "right" },
      ],
      rows.map(([k, s]) => [k, String(s.count), formatUsd(s.cents)]),
    );
    report.gap();
  };
  const { totals } = input;
  report.line(`${t("office.report.total")}: ${formatUsd(totals.cents)}`, { bold: true });
  report.gap();
  sums(
    t("office.report.byDay"),
    totals.byDay.map((d) => [formatCalendarDate(d.day), d]),
  );
  sums(
    t("office.report.byMethod"),
    totals.byMethod.map((m) => [methodName(m.method), m]),
  );
  sums(
    t("office.report.byAccount"),
    totals.byAccount.map((a) => [a.accountCode ?? t("office.report.noAccount"), a]),
  );
  report.line(t("office.report.lines"), { bold: true });
  report.table(
    [
      { title: t("office.report.col.time"), width: 14 },
      { title: t("office.report.col.kind"), width: 9 },
      { title: t("office.report.col.method"), width: 9 },
      { title: t("office.report.col.amount"), width: 9, align: "right" },
      { title: t("office.report.col.providerId"), width: 16 },
      { title: t("office.report.col.check"), width: 7 },
      { title: t("office.report.col.payer"), width: 13 },
      { title: t("office.report.col.item"), width: 13 },
      { title: t("office.report.col.account"), width: 9 },
      // Staff named as on the screen, "Olive Office (E1006)" (decision 160); a long name wraps.
      { title: t("office.report.col.cashier"), width: 14 },
    ],
    input.rows.map((r) => [
      formatAuditTime(r.at, input.timeZone),
      reportKindName(r),
      methodName(r.method),
      formatUsd(r.amountCents),
      r.providerRef ?? "",
      r.checkNumber ?? "",
      r.payer,
      r.item ?? "",
      r.accountCode ?? "",
      cashierShown(r) || (r.terminal ?? ""),
    ]),
  );
  if (!input.rows.length) report.line(t("office.report.empty"));
  return report.finish();
}

export async function daySheetPdf(input: Head & { sheet: DaySheet }): Promise<Buffer> {
  const { sheet } = input;
  const report = new Report({
    district: input.districtName,
    title: `${t("office.sheet.title")}: ${t("office.sheet.for", {
      who: cashierAndTerminal(sheet),
      day: formatCalendarDate(sheet.day),
    })}`,
    printed: printed(input),
  });
  report.table(
    [
      { title: "", width: 30 },
      { title: t("office.report.col.amount"), width: 15, align: "right" },
    ],
    [
      [t("office.sheet.cashReceived"), formatUsd(sheet.cashReceivedCents)],
      [t("office.sheet.changeGiven"), formatUsd(sheet.changeGivenCents)],
      [t("office.sheet.netCash"), formatUsd(sheet.netCashCents)],
      [t("office.sheet.cashRefunds"), formatUsd(sheet.cashRefundCents)],
      [t("office.sheet.cashInDrawer"), formatUsd(sheet.cashToDepositCents)],
      [t("office.sheet.checksTotal"), formatUsd(sheet.checksCents)],
      [t("office.sheet.reader"), formatUsd(sheet.readerCents)],
    ],
  );
  const byTerminal = sheetNamesRowCashiers(sheet);
  const cashierColumn = byTerminal ? [{ title: t("office.report.col.cashier"), width: 16 }] : [];
  const cashierCell = (row: Pick<DaySheet["cash"][number], "cashier" | "cashierName">) =>
    byTerminal ? [cashierShown(row)] : [];
  report.gap();
  report.line(t("office.sheet.cash"), { bold: true });
  report.table(
    [
      { title: t("office.report.col.time"), width: 16 },
      { title: t("office.report.col.payment"), width: 8 },
      ...cashierColumn,
      { title: t("office.report.col.payer"), width: 20 },
      { title: t("office.sheet.tendered"), width: 10, align: "right" },
      { title: t("office.sheet.change"), width: 10, align: "right" },
      { title: t("office.sheet.net"), width: 10, align: "right" },
    ],
    sheet.cash.map((c) => [
      formatAuditTime(c.at, input.timeZone),
      String(c.paymentId),
      ...cashierCell(c),
      c.payer,
      formatUsd(c.tenderedCents),
      formatUsd(c.changeCents),
      formatUsd(c.netCents),
    ]),
  );
  if (!sheet.cash.length) report.line(t("office.sheet.noCash"));
  report.gap();
  report.line(t("office.sheet.checks"), { bold: true });
  report.table(
    [
      { title: t("office.report.col.check"), width: 10 },
      { title: t("office.report.col.method"), width: 11 },
      { title: t("office.report.col.kind"), width: 11 },
      { title: t("office.report.col.payment"), width: 7 },
      ...cashierColumn,
      { title: t("office.report.col.payer"), width: 16 },
      { title: t("office.report.col.amount"), width: 10, align: "right" },
    ],
    sheet.checks.map((c) => [
      c.checkNumber,
      methodName(c.method),
      t(`office.report.kind.${c.kind}`),
      String(c.paymentId),
      ...cashierCell(c),
      c.payer,
      formatUsd(c.amountCents),
    ]),
  );
  if (!sheet.checks.length) report.line(t("office.sheet.noChecks"));
  return report.finish();
}
