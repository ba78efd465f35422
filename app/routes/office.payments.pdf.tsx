// /office/payments/pdf: the payments report as PDF, from the district API (app/.server/office-payments.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsReportPdf } from "~/.server/office-payments";

export function loader(args: LoaderFunctionArgs) {
  return paymentsReportPdf(args);
}
