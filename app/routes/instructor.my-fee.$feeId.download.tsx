// Fee report downloads (CSV and PDF): app/.server/staff.ts feeReportDownload.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { feeReportDownload } from "~/.server/staff";

export function loader(args: LoaderFunctionArgs) {
  return feeReportDownload(args);
}
