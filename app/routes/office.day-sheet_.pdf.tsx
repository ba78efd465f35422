// /office/day-sheet/pdf: a cashier's end-of-day sheet as PDF (app/.server/office-payments.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { daySheetPdf } from "~/.server/office-payments";

export function loader(args: LoaderFunctionArgs) {
  return daySheetPdf(args);
}
