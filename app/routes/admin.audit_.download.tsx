// /admin/audit/download: the audit trail, with the page's filter, as a CSV file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditDownload } from "~/.server/admin";

export function loader(args: LoaderFunctionArgs) {
  return auditDownload(args);
}
