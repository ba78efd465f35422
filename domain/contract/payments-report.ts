// Wire contract of the business office's payments report and cashier's end-of-day sheet
// (decision 132). Every call is for the business_office and district_admin roles. Money in
// integer cents (refunds and bounced checks negative); days are calendar days in DISTRICT_TZ.
import { z } from "zod";
import { t } from "../messages/admin";
import { isSaneCalendarDate } from "../rules/input";
import {
  GIVEN_BACK_AS,
  REPORT_METHODS,
  MAX_REPORT_DAYS,
  reportRangeError,
} from "../rules/payments-report";
import { endpoint } from "./endpoint";
import { OFFICE_ROLES } from "./office";

export { REPORT_METHODS, MAX_REPORT_DAYS };

/** Rows of the report on one page of the screen. */
export const REPORT_PAGE_SIZE = 100;
/** The most rows one CSV or PDF file holds (a year of a large district fits in the CSV). */
export const MAX_EXPORT_ROWS = 1_000_000;
export const MAX_PDF_ROWS = 5_000;

const day = (message: string) =>
  z.string({ required_error: message }).trim().refine(isSaneCalendarDate, message);

const optionalId = z.coerce
  .number({ invalid_type_error: t("office.report.error.id") })
  .int(t("office.report.error.id"))
  .positive(t("office.report.error.id"))
  .max(2_147_483_647, t("office.report.error.id"))
  .optional();

export const ReportMethod = z.enum(REPORT_METHODS, {
  errorMap: () => ({ message: t("office.report.error.method") }),
});
export type ReportMethod = z.infer<typeof ReportMethod>;

const filterShape = {
  from: day(t("office.report.error.from")),
  to: day(t("office.report.error.to")),
  method: ReportMethod.optional(),
  account: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,40}$/, t("office.report.error.account"))
    .optional(),
  school: optionalId,
  fee: optionalId,
  program: z.string().trim().uuid(t("office.report.error.program")).optional(),
  cashier: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, t("office.report.error.employee"))
    .optional(),
  terminal: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, t("office.report.error.terminal"))
    .optional(),
};

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const error = reportRangeError(q.from, q.to);
  if (error === "order")
    ctx.addIssue({ code: "custom", path: ["to"], message: t("office.report.error.order") });
  if (error === "range")
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: t("office.report.error.range", { days: MAX_REPORT_DAYS }),
    });
}

/** The filters of the report (and of its CSV and PDF). */
export const ReportFilter = z.object(filterShape).strict().superRefine(checkRange);
export type ReportFilter = z.infer<typeof ReportFilter>;

/** GET /v1/office/report: the filters and the page of rows. */
export const ReportQuery = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict()
  .superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

export const ReportKind = z.enum(["payment", "refund", "check", "bounce"]);
export type ReportKind = z.infer<typeof ReportKind>;

/** One row: one money event's share for one line (a fee or a registration) it paid for. */
export const ReportRow = z.object({
  day: z.string(),
  at: z.string(),
  kind: ReportKind,
  method: ReportMethod,
  amountCents: z.number().int(),
  paymentId: z.number().int(),
  providerRef: z.string().nullable(),
  checkNumber: z.string().nullable(),
  confirmation: z.string().nullable(),
  payer: z.string(),
  item: z.string().nullable(),
  accountCode: z.string().nullable(),
  school: z.string().nullable(),
  program: z.string().nullable(),
  /** The employee ID of who took the money, recorded the check or gave the refund back. */
  cashier: z.string().nullable(),
  /** That staff member as their account names them (else the username, else the ID). */
  cashierName: z.string().nullable(),
  terminal: z.string().nullable(),
  /** A refund: how it went back (null for other rows, and for a refund not told). */
  givenBackAs: z.enum(GIVEN_BACK_AS).nullable(),
});
export type ReportRow = z.infer<typeof ReportRow>;

const Sum = { cents: z.number().int(), count: z.number().int() };
export const ReportTotals = z.object({
  ...Sum,
  byDay: z.array(z.object({ day: z.string(), ...Sum })),
  byMethod: z.array(z.object({ method: ReportMethod, ...Sum })),
  byAccount: z.array(z.object({ accountCode: z.string().nullable(), ...Sum })),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

export const PaymentsReport = z.object({
  timeZone: z.string(),
  rows: z.array(ReportRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: ReportTotals,
});
export type PaymentsReport = z.infer<typeof PaymentsReport>;

/** GET /v1/office/report/rows: every row of the range (for the CSV), with the totals. */
export const ReportRows = z.object({
  timeZone: z.string(),
  rows: z.array(ReportRow),
  totals: ReportTotals,
});
export type ReportRows = z.infer<typeof ReportRows>;

/** GET /v1/office/report/day-sheet: one cashier's or terminal's day. */
export const DaySheetQuery = z
  .object({
    day: day(t("office.report.error.day")),
    cashier: filterShape.cashier,
    terminal: filterShape.terminal,
  })
  .strict()
  .superRefine((q, ctx) => {
    if (!q.cashier && !q.terminal)
      ctx.addIssue({ code: "custom", path: ["cashier"], message: t("office.report.error.who") });
  });
export type DaySheetQuery = z.infer<typeof DaySheetQuery>;

/**
 * Who took a row of a sheet, as the report's rows say it (decision 160): a terminal's sheet holds
 * the rows of everyone who took turns at it.
 */
const SheetRowCashier = {
  cashier: z.string().nullable(),
  cashierName: z.string().nullable(),
};
export const SheetCash = z.object({
  at: z.string(),
  paymentId: z.number().int(),
  payer: z.string(),
  ...SheetRowCashier,
  tenderedCents: z.number().int(),
  changeCents: z.number().int(),
  netCents: z.number().int(),
});
export const SheetCashRefund = z.object({
  at: z.string(),
  paymentId: z.number().int(),
  payer: z.string(),
  ...SheetRowCashier,
  amountCents: z.number().int(),
});
export const SheetCheck = z.object({
  at: z.string(),
  paymentId: z.number().int(),
  payer: z.string(),
  ...SheetRowCashier,
  checkNumber: z.string(),
  method: ReportMethod,
  /** A check taken in, or a mailed check bounced (negative, on the day it bounced). */
  kind: z.enum(["check", "bounce"]),
  amountCents: z.number().int(),
});
export const DaySheet = z.object({
  day: z.string(),
  timeZone: z.string(),
  cashier: z.string().nullable(),
  /** The cashier as their staff account names them (decision 160); null: no account has the ID. */
  cashierName: z.string().nullable(),
  terminal: z.string().nullable(),
  cash: z.array(SheetCash),
  cashRefunds: z.array(SheetCashRefund),
  checks: z.array(SheetCheck),
  cashReceivedCents: z.number().int(),
  changeGivenCents: z.number().int(),
  netCashCents: z.number().int(),
  cashRefundCents: z.number().int(),
  cashToDepositCents: z.number().int(),
  checksCents: z.number().int(),
  readerCents: z.number().int(),
  readerCount: z.number().int(),
});
export type DaySheet = z.infer<typeof DaySheet>;

// ---- The calls ------------------------------------------------------------------------------

export const getPaymentsReport = endpoint({
  method: "GET",
  path: "/v1/office/report",
  access: "staff",
  roles: OFFICE_ROLES,
  query: ReportQuery,
  replies: { 200: PaymentsReport },
  summary: "The payments report: a page of rows of a range of district days, with its totals",
  tag: "office",
});

export const getReportRows = endpoint({
  method: "GET",
  path: "/v1/office/report/rows",
  access: "staff",
  roles: OFFICE_ROLES,
  query: ReportFilter,
  replies: { 200: ReportRows },
  summary: "Every row of the payments report of a range, with its totals (for the CSV)",
  tag: "office",
});

export const getReportPdf = endpoint({
  method: "GET",
  path: "/v1/office/report/pdf",
  access: "staff",
  roles: OFFICE_ROLES,
  query: ReportFilter,
  replies: { 200: "pdf" },
  summary: "The payments report of a range as a PDF",
  tag: "office",
});

export const getDaySheet = endpoint({
  method: "GET",
  path: "/v1/office/report/day-sheet",
  access: "staff",
  roles: OFFICE_ROLES,
  query: DaySheetQuery,
  replies: { 200: DaySheet },
  summary: "A cashier's or terminal's end-of-day sheet: cash, change, net, checks by number",
  tag: "office",
});

export const getDaySheetPdf = endpoint({
  method: "GET",
  path: "/v1/office/report/day-sheet/pdf",
  access: "staff",
  roles: OFFICE_ROLES,
  query: DaySheetQuery,
  replies: { 200: "pdf" },
  summary: "A cashier's or terminal's end-of-day sheet as a PDF",
  tag: "office",
});
