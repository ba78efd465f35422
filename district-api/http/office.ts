// The business office's calls (issue 20, decision 123): /v1/office/..., for the business_office
// and district_admin roles only (every other caller gets 403, nothing written). This layer parses,
// authorises and calls one service or query; every write records its audit entry there.
import { Router, type Response } from "express";
import {
  BounceCheckRequest,
  CheckIdParams,
  OFFICE_ROLES,
  OfficeSummary,
  PromiseDetail,
  PromiseIdParams,
  PromisePage,
  PromiseQuery,
  ReceiveCheckRequest,
} from "@domain/contract/office";
import {
  DaySheet,
  DaySheetQuery,
  MAX_EXPORT_ROWS,
  MAX_PDF_ROWS,
  PaymentsReport,
  ReportFilter,
  ReportQuery,
  ReportRows,
} from "@domain/contract/payments-report";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { readOfficeSummary, readPromise, readPromisePage } from "../queries/office";
import { cancelPromise, receiveCheck, undoCheck } from "../services/office-checks";
import {
  OpenRefundList,
  PaidOutRequest,
  PaymentDetailView,
  PaymentIdParams,
  PaymentSearchPage,
  PaymentSearchQuery,
  RefundIdParams,
  RefundRequest,
  RefundResult,
  RefundView,
} from "@domain/contract/office-refunds";
import { readOpenRefunds, readPaymentDetail, readPaymentPage } from "../queries/office-refunds";
import { recordPaidOut, refundPayment, retryRefund } from "../services/office-refunds";
import { readDaySheet, readPaymentsReport, readReportRows } from "../queries/payments-report";
import { readDistrictName } from "../queries/settings";
import { daySheetPdf, paymentsReportPdf } from "../services/payments-report-pdf";

const OFFICE: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [...OFFICE_ROLES],
};

function sendPdf(res: Response, pdf: Buffer, name: string): void {
  res.status(200);
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `attachment; filename="${name}.pdf"`);
  res.setHeader("Content-Length", String(pdf.length));
  res.end(pdf);
}

export function officeRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/office/summary",
    handle(deps, OFFICE, async () => OfficeSummary.parse(await readOfficeSummary(db, clock.now()))),
  );
  r.get(
    "/office/checks",
    handle(deps, { ...OFFICE, query: PromiseQuery }, async ({ query }) =>
      PromisePage.parse(await readPromisePage(db, query, clock.now())),
    ),
  );
  r.get(
    "/office/checks/:id",
    handle(deps, { ...OFFICE, params: PromiseIdParams }, async ({ params }) => {
      const promise = await readPromise(db, params.id, clock.now(), deps.timeZone);
      if (!promise) throw new ApiError(404, t("office.notFound"));
      return PromiseDetail.parse(promise);
    }),
  );
  r.post(
    "/office/checks/:id/receive",
    handle(
      deps,
      { ...OFFICE, params: PromiseIdParams, body: ReceiveCheckRequest },
      async ({ claims, params, body, res }) => {
        const check = await receiveCheck(deps, actorOf(claims), params.id, body);
        if (check.created) res.status(201);
        return check;
      },
    ),
  );
  r.post(
    "/office/checks/:id/checks/:checkId/reverse",
    handle(deps, { ...OFFICE, params: CheckIdParams }, async ({ claims, params }) =>
      undoCheck(deps, actorOf(claims), params.id, params.checkId, "reverse"),
    ),
  );
  r.post(
    "/office/checks/:id/checks/:checkId/bounce",
    handle(
      deps,
      { ...OFFICE, params: CheckIdParams, body: BounceCheckRequest },
      async ({ claims, params, body }) =>
        undoCheck(deps, actorOf(claims), params.id, params.checkId, "bounce", body),
    ),
  );
  r.post(
    "/office/checks/:id/cancel",
    handle(deps, { ...OFFICE, params: PromiseIdParams }, async ({ claims, params }) =>
      cancelPromise(deps, actorOf(claims), params.id),
    ),
  );
  // Refunds (issue 20 point 3, decision 131).
  r.get(
    "/office/payments",
    handle(deps, { ...OFFICE, query: PaymentSearchQuery }, async ({ query }) =>
      PaymentSearchPage.parse(await readPaymentPage(db, query)),
    ),
  );
  r.get(
    "/office/payments/:id",
    handle(deps, { ...OFFICE, params: PaymentIdParams }, async ({ params }) => {
      const payment = await readPaymentDetail(db, params.id);
      if (!payment) throw new ApiError(404, t("office.refund.notFound"));
      return PaymentDetailView.parse(payment);
    }),
  );
  r.post(
    "/office/payments/:id/refunds",
    handle(
      deps,
      { ...OFFICE, params: PaymentIdParams, body: RefundRequest },
      async ({ claims, params, body, res }) => {
        const refund = await refundPayment(deps, actorOf(claims), params.id, body);
        if (refund.created) res.status(201);
        return RefundResult.parse(refund);
      },
    ),
  );
  r.get(
    "/office/refunds/open",
    handle(deps, OFFICE, async () => OpenRefundList.parse(await readOpenRefunds(db))),
  );
  r.post(
    "/office/refunds/:refundId/paid-out",
    handle(
      deps,
      { ...OFFICE, params: RefundIdParams, body: PaidOutRequest },
      async ({ claims, params, body }) =>
        RefundView.parse(await recordPaidOut(deps, actorOf(claims), params.refundId, body)),
    ),
  );
  r.post(
    "/office/refunds/:refundId/retry",
    handle(deps, { ...OFFICE, params: RefundIdParams }, async ({ claims, params }) =>
      RefundResult.parse(await retryRefund(deps, actorOf(claims), params.refundId)),
    ),
  );

  // The payments report (issue 20 point 4, decision 132): a page of rows with the range's totals;
  // every row (the CSV, written by the web app); the PDF; a cashier's end-of-day sheet.
  r.get(
    "/office/report",
    handle(deps, { ...OFFICE, query: ReportQuery }, async ({ query }) =>
      PaymentsReport.parse(await readPaymentsReport(db, query, deps.timeZone)),
    ),
  );
  /** Every row for a file, or a 400 naming the range when there are more than `max`. */
  const fileRows = async (query: ReportFilter, max: number) => {
    const report = await readReportRows(db, query, deps.timeZone, max);
    if (!report) {
      const message = t("office.report.error.tooManyRows", { max });
      throw new ApiError(400, message, `to: ${message}`);
    }
    return report;
  };
  r.get(
    "/office/report/rows",
    handle(deps, { ...OFFICE, query: ReportFilter }, async ({ query }) =>
      ReportRows.parse(await fileRows(query, MAX_EXPORT_ROWS)),
    ),
  );
  r.get(
    "/office/report/pdf",
    handle(deps, { ...OFFICE, query: ReportFilter }, async ({ query, res }) => {
      const report = await fileRows(query, MAX_PDF_ROWS);
      const pdf = await paymentsReportPdf({
        districtName: await readDistrictName(db, deps.districtName),
        timeZone: deps.timeZone,
        printedAt: clock.now(),
        from: query.from,
        to: query.to,
        rows: report.rows,
        totals: report.totals,
      });
      sendPdf(res, pdf, `payments-${query.from}-${query.to}`);
    }),
  );
  r.get(
    "/office/report/day-sheet",
    handle(deps, { ...OFFICE, query: DaySheetQuery }, async ({ query }) =>
      DaySheet.parse(await readDaySheet(db, query, deps.timeZone)),
    ),
  );
  r.get(
    "/office/report/day-sheet/pdf",
    handle(deps, { ...OFFICE, query: DaySheetQuery }, async ({ query, res }) => {
      const sheet = DaySheet.parse(await readDaySheet(db, query, deps.timeZone));
      const pdf = await daySheetPdf({
        districtName: await readDistrictName(db, deps.districtName),
        timeZone: deps.timeZone,
        printedAt: clock.now(),
        sheet,
      });
      sendPdf(res, pdf, `day-sheet-${query.day}`);
    }),
  );
  return r;
}
