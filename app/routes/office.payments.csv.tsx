// /office/payments/csv: the payments report's rows and totals as CSV (app/.server/office-payments.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsReportCsv } from "~/.server/office-payments";

export function loader(args: LoaderFunctionArgs) {
  return paymentsReportCsv(args);
}
