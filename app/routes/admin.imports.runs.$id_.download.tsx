// /admin/imports/runs/:id/download: an import's whole report as a CSV file (decision 124).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { importRunDownload } from "~/.server/admin-imports";

export function loader(args: LoaderFunctionArgs) {
  return importRunDownload(args);
}
