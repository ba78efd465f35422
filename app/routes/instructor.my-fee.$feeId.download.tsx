// Fee report downloads: the CSV is built here with the shared builder; the PDF comes from the
// district API (GET /v1/myFees/pdfReport/{feeId}) and is streamed through.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { t } from "@domain/messages/staff";
import { buildFeeReportCsv, csvFileName } from "@domain/rules/roster-csv";
import { requireStaff } from "~/.server/auth";
import {
  csvResponse,
  districtTimeZone,
  downloadFailed,
  loadFeeReport,
  pdfDownload,
} from "~/.server/staff";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const feeId = Number(params.feeId);
  const back = `/instructor/my-fee/${encodeURIComponent(params.feeId ?? "")}`;
  if (!Number.isSafeInteger(feeId) || feeId <= 0 || feeId > 2_147_483_647) {
    return downloadFailed(request, "/instructor/");
  }
  const kind = new URL(request.url).searchParams.get("kind");
  const caller = { request, context };
  if (kind === "pdf") {
    return pdfDownload(
      caller,
      { path: `/v1/myFees/pdfReport/${feeId}`, method: "GET" },
      `fee-report-${feeId}`,
      back,
    );
  }
  if (kind !== "csv") return downloadFailed(request, back);
  const res = await loadFeeReport(caller, feeId);
  if (!res.ok) {
    return downloadFailed(request, back, res.status === 403 ? t("staff.invalidUser") : res.hint);
  }
  return csvResponse(
    buildFeeReportCsv(res.data, districtTimeZone()),
    csvFileName(res.data.name, "students"),
  );
}
