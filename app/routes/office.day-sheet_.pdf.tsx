// /office/day-sheet/pdf: a cashier's end-of-day sheet as PDF (app/.server/office-report.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { daySheetPdf } from "~/.server/office-report";

export function loader(args: LoaderFunctionArgs) {
  return daySheetPdf(args);
}
