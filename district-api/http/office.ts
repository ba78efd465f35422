// The business office's calls (decision 123): /v1/office/..., for the business_office
// and district_admin roles only (every other caller gets 403, nothing written). This layer parses,
// authorises and calls one service or query; every write records its audit entry there.
import { Router, type Response } from "express";
import * as office from "@domain/contract/office";
import { OfficeSummary, PromiseDetail, PromisePage } from "@domain/contract/office";
import * as paymentsReport from "@domain/contract/payments-report";
import {
  DaySheet,
  MAX_EXPORT_ROWS,
  MAX_PDF_ROWS,
  PaymentsReport,
  ReportRows,
  type ReportFilter,
} from "@domain/contract/payments-report";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { readOfficeSummary, readPromise, readPromisePage } from "../queries/office";
import { cancelPromise, receiveCheck, undoCheck } from "../services/office-checks";
import * as refunds from "@domain/contract/office-refunds";
import {
  OpenRefundList,
  PaymentDetailView,
  PaymentSearchPage,
  RefundResult,
  RefundView,
} from "@domain/contract/office-refunds";
import { readOpenRefunds, readPaymentDetail, readPaymentPage } from "../queries/office-refunds";
import { recordPaidOut, refundPayment, retryRefund } from "../services/office-refunds";
import { readDaySheet, readPaymentsReport, readReportRows } from "../queries/payments-report";
import { readDistrictName } from "../queries/settings";
import { daySheetPdf, paymentsReportPdf } from "../services/payments-report-pdf";

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

  serve(r, deps, office.getOfficeSummary, async () =>
    OfficeSummary.parse(await readOfficeSummary(db, clock.now())),
  );
  serve(r, deps, office.listPromises, async ({ query }) =>
    PromisePage.parse(await readPromisePage(db, query, clock.now())),
  );
  serve(r, deps, office.getPromise, async ({ params }) => {
    const promise = await readPromise(db, params.id, clock.now(), deps.timeZone);
    if (!promise) throw new ApiError(404, t("office.notFound"));
    return PromiseDetail.parse(promise);
  });
  serve(r, deps, office.receiveCheck, async ({ claims, params, body, res }) => {
    const check = await receiveCheck(deps, actorOf(claims), params.id, body);
    if (check.created) res.status(201);
    return check;
  });
  serve(r, deps, office.reverseCheck, async ({ claims, params }) =>
    undoCheck(deps, actorOf(claims), params.id, params.checkId, "reverse"),
  );
  serve(r, deps, office.bounceCheck, async ({ claims, params, body }) =>
    undoCheck(deps, actorOf(claims), params.id, params.checkId, "bounce", body),
  );
  serve(r, deps, office.cancelPromise, async ({ claims, params }) =>
    cancelPromise(deps, actorOf(claims), params.id),
  );
  // Refunds (decision 131).
  serve(r, deps, refunds.searchPayments, async ({ query }) =>
    PaymentSearchPage.parse(await readPaymentPage(db, query)),
  );
  serve(r, deps, refunds.getPayment, async ({ params }) => {
    const payment = await readPaymentDetail(db, params.id);
    if (!payment) throw new ApiError(404, t("office.refund.notFound"));
    return PaymentDetailView.parse(payment);
  });
  serve(r, deps, refunds.refundPayment, async ({ claims, params, body, res }) => {
    const refund = await refundPayment(deps, actorOf(claims), params.id, body);
    if (refund.created) res.status(201);
    return RefundResult.parse(refund);
  });
  serve(r, deps, refunds.listOpenRefunds, async () =>
    OpenRefundList.parse(await readOpenRefunds(db)),
  );
  serve(r, deps, refunds.recordPaidOut, async ({ claims, params, body }) =>
    RefundView.parse(await recordPaidOut(deps, actorOf(claims), params.refundId, body)),
  );
  serve(r, deps, refunds.retryRefund, async ({ claims, params }) =>
    RefundResult.parse(await retryRefund(deps, actorOf(claims), params.refundId)),
  );

  // The payments report (decision 132): a page of rows with the range's totals;
  // every row (the CSV, written by the web app); the PDF; a cashier's end-of-day sheet.
  serve(r, deps, paymentsReport.getPaymentsReport, async ({ query }) =>
    PaymentsReport.parse(await readPaymentsReport(db, query, deps.timeZone)),
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
  serve(r, deps, paymentsReport.getReportRows, async ({ query }) =>
    ReportRows.parse(await fileRows(query, MAX_EXPORT_ROWS)),
  );
  serve(r, deps, paymentsReport.getReportPdf, async ({ query, res }) => {
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
  });
  serve(r, deps, paymentsReport.getDaySheet, async ({ query }) =>
    DaySheet.parse(await readDaySheet(db, query, deps.timeZone)),
  );
  serve(r, deps, paymentsReport.getDaySheetPdf, async ({ query, res }) => {
    const sheet = DaySheet.parse(await readDaySheet(db, query, deps.timeZone));
    const pdf = await daySheetPdf({
      districtName: await readDistrictName(db, deps.districtName),
      timeZone: deps.timeZone,
      printedAt: clock.now(),
      sheet,
    });
    sendPdf(res, pdf, `day-sheet-${query.day}`);
  });
  return r;
}
