// /office/report/pdf: the payments report as PDF, from the district API (app/.server/office-report.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsReportPdf } from "~/.server/office-report";

export function loader(args: LoaderFunctionArgs) {
  return paymentsReportPdf(args);
}
