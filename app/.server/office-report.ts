// Server side of the business office's payments report and end-of-day sheet (decision 132):
// GET forms read from the query (a filtered page is a link), checked with the
// contract's own schema so a bad field is named on the page before the district API is asked; the
// CSV is written here from every row (app/.server/csv.ts), the PDFs come from the district API.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import {
  DaySheetQuery,
  REPORT_METHODS,
  ReportFilter,
  ReportQuery,
  getDaySheet,
  getDaySheetPdf,
  getPaymentsReport,
  getReportPdf,
  getReportRows,
} from "@domain/contract/payments-report";
import { t } from "@domain/messages/admin";
import { formatUsd } from "@domain/rules/money";
import {
  cashierAndTerminal,
  cashierShown,
  sheetNamesRowCashiers,
  paymentsReportCsvRows,
  reportKindName,
} from "@domain/rules/payments-report";
import { formatDistrictDateTime, todayIn } from "@domain/rules/time";
import { callEndpoint, or503 } from "./api";
import { csvResponse, toCsv } from "./csv";
import { requireOffice } from "./office";
import { caller } from "./staff-pages";
import { downloadFailed, pdfDownload } from "./staff";
import { districtTimeZone } from "./time";
import { formatCalendarDate } from "@domain/rules/calendar";

const FILTER_FIELDS = [
  "from",
  "to",
  "method",
  "account",
  "school",
  "fee",
  "program",
  "cashier",
  "terminal",
] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

/** The non-empty fields of the query, today's day for a missing range. */
function readFilter(url: URL, withPage: boolean): Record<string, string> {
  const today = todayIn(districtTimeZone(), new Date());
  const raw: Record<string, string> = { from: today, to: today };
  for (const k of [...FILTER_FIELDS, ...(withPage ? ["page"] : [])]) {
    const v = url.searchParams.get(k)?.trim();
    if (v) raw[k] = v;
  }
  return raw;
}

/** Each field's first message (conform's shape: field → messages). */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    // A field the form does not show (the page number) is the form's.
    const field = String(issue.path[0] ?? "form");
    const key = field === "page" ? "form" : field;
    out[key] ??= issue.message;
  }
  return out;
}

/** A district API refusal's hint ("to: …") as the field it names. */
function hintErrors(hint: string | undefined, message: string): Record<string, string> {
  const m = hint?.match(/^(\w+): (.*)$/);
  return m ? { [m[1]!]: m[2]! } : { form: hint || message };
}

const query = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") q.set(k, String(v));
  return q.toString();
};

const methodName = (m: (typeof REPORT_METHODS)[number]) => t(`office.report.method.${m}`);

export async function paymentsReportPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const raw = readFilter(url, true);
  const zone = districtTimeZone();
  const base = {
    filter: Object.fromEntries(FILTER_FIELDS.map((k) => [k, raw[k] ?? ""])) as Record<
      FilterField,
      string
    >,
    methods: REPORT_METHODS.map((m) => ({ value: m, label: methodName(m) })),
    zone,
  };
  const parsed = ReportQuery.safeParse(raw);
  if (!parsed.success) {
    return json({ ...base, errors: fieldErrors(parsed.error), report: null, download: null });
  }
  const { page, ...filter } = parsed.data;
  const res = or503(
    await callEndpoint(caller(args), getPaymentsReport, {
      query: { ...filter, page },
      timeoutMs: 60_000,
    }),
    t("office.report.loadError"),
  );
  if (!res.ok) {
    return json({
      ...base,
      errors: hintErrors(res.hint, res.message),
      report: null,
      download: null,
    });
  }
  const r = res.data;
  const sum = (s: { cents: number; count: number }) => ({
    amount: formatUsd(s.cents),
    cents: s.cents,
    count: s.count,
  });
  return json({
    ...base,
    errors: {} as Record<string, string>,
    download: query(filter),
    report: {
      total: sum(r.totals),
      byDay: r.totals.byDay.map((d) => ({ key: formatCalendarDate(d.day), ...sum(d) })),
      byMethod: r.totals.byMethod.map((m) => ({ key: methodName(m.method), ...sum(m) })),
      byAccount: r.totals.byAccount.map((a) => ({
        key: a.accountCode ?? t("office.report.noAccount"),
        ...sum(a),
      })),
      page: r.page,
      pages: Math.max(1, Math.ceil(r.totals.count / r.pageSize)),
      rows: r.rows.map((row, i) => ({
        key: `${r.page}-${i}`,
        day: row.day,
        time: formatDistrictDateTime(row.at, zone),
        kind: reportKindName(row),
        method: methodName(row.method),
        amount: formatUsd(row.amountCents),
        negative: row.amountCents < 0,
        paymentId: row.paymentId,
        reference: row.providerRef ?? row.checkNumber ?? "",
        payer: row.payer,
        item: row.item ?? "",
        account: row.accountCode ?? "",
        cashier: cashierAndTerminal(row),
      })),
    },
  });
}

/** GET /office/report/csv?…: every row of the range and its totals, as CSV. */
export async function paymentsReportCsv(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const back = `/office/report?${url.searchParams}`;
  const parsed = ReportFilter.safeParse(readFilter(url, false));
  if (!parsed.success) return downloadFailed(args.request, back, parsed.error.issues[0]?.message);
  const res = await callEndpoint(caller(args), getReportRows, {
    query: parsed.data,
    timeoutMs: 120_000,
  });
  if (!res.ok) return downloadFailed(args.request, back, res.hint ?? res.message);
  return csvResponse(
    toCsv(paymentsReportCsvRows(res.data.rows, res.data.totals, res.data.timeZone)),
    `payments-${parsed.data.from}-${parsed.data.to}`,
  );
}

/** GET /office/report/pdf?…: the district API's PDF, streamed through. */
export async function paymentsReportPdf(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const back = `/office/report?${url.searchParams}`;
  const parsed = ReportFilter.safeParse(readFilter(url, false));
  if (!parsed.success) return downloadFailed(args.request, back, parsed.error.issues[0]?.message);
  return pdfDownload(
    caller(args),
    { endpoint: getReportPdf, input: { query: parsed.data } },
    `payments-${parsed.data.from}-${parsed.data.to}`,
    back,
  );
}

function readSheet(url: URL): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const k of ["day", "cashier", "terminal"]) {
    const v = url.searchParams.get(k)?.trim();
    if (v) raw[k] = v;
  }
  return raw;
}

export async function daySheetPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const raw = readSheet(url);
  const zone = districtTimeZone();
  const filter = {
    day: raw.day ?? todayIn(zone, new Date()),
    cashier: raw.cashier ?? "",
    terminal: raw.terminal ?? "",
  };
  const base = { filter, zone };
  // The empty form (no cashier or terminal chosen yet) is no error.
  if (!raw.cashier && !raw.terminal) {
    return json({ ...base, errors: {} as Record<string, string>, sheet: null, download: null });
  }
  const parsed = DaySheetQuery.safeParse({ ...raw, day: filter.day });
  if (!parsed.success) {
    return json({ ...base, errors: fieldErrors(parsed.error), sheet: null, download: null });
  }
  const res = or503(
    await callEndpoint(caller(args), getDaySheet, { query: parsed.data }),
    t("office.report.loadError"),
  );
  if (!res.ok) {
    return json({
      ...base,
      errors: hintErrors(res.hint, res.message),
      sheet: null,
      download: null,
    });
  }
  const s = res.data;
  return json({
    ...base,
    errors: {} as Record<string, string>,
    download: query(parsed.data),
    sheet: {
      // Whose sheet and which day, as its PDF's title says it (decision 160: staff by name).
      heading: t("office.sheet.for", {
        who: cashierAndTerminal(s),
        day: formatCalendarDate(s.day),
      }),
      sums: [
        [t("office.sheet.cashReceived"), formatUsd(s.cashReceivedCents)],
        [t("office.sheet.changeGiven"), formatUsd(s.changeGivenCents)],
        [t("office.sheet.netCash"), formatUsd(s.netCashCents)],
        [t("office.sheet.cashRefunds"), formatUsd(s.cashRefundCents)],
        [t("office.sheet.cashInDrawer"), formatUsd(s.cashToDepositCents)],
        [t("office.sheet.checksTotal"), formatUsd(s.checksCents)],
        [t("office.sheet.reader"), formatUsd(s.readerCents)],
      ] as [string, string][],
      byTerminal: sheetNamesRowCashiers(s),
      cash: s.cash.map((c) => ({
        key: c.paymentId,
        time: formatDistrictDateTime(c.at, zone),
        payer: c.payer,
        cashier: cashierShown(c),
        tendered: formatUsd(c.tenderedCents),
        change: formatUsd(c.changeCents),
        net: formatUsd(c.netCents),
      })),
      checks: s.checks.map((c, i) => ({
        key: `${c.paymentId}-${i}`,
        number: c.checkNumber,
        method: methodName(c.method),
        kind: t(`office.report.kind.${c.kind}`),
        payer: c.payer,
        cashier: cashierShown(c),
        amount: formatUsd(c.amountCents),
      })),
    },
  });
}

/** GET /office/day-sheet/pdf?…: the district API's PDF of the sheet, streamed through. */
export async function daySheetPdf(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const back = `/office/day-sheet?${url.searchParams}`;
  const parsed = DaySheetQuery.safeParse(readSheet(url));
  if (!parsed.success) return downloadFailed(args.request, back, parsed.error.issues[0]?.message);
  return pdfDownload(
    caller(args),
    { endpoint: getDaySheetPdf, input: { query: parsed.data } },
    `day-sheet-${parsed.data.day}`,
    back,
  );
}
