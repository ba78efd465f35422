// /office/report/csv: the payments report's rows and totals as CSV (app/.server/office-report.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsReportCsv } from "~/.server/office-report";

export function loader(args: LoaderFunctionArgs) {
  return paymentsReportCsv(args);
}
