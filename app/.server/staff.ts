// Server-only helpers of the staff pages: guards, district API calls and download responses.
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorReply } from "@domain/contract/common";
import type { Endpoint } from "@domain/contract/endpoint";
import {
  getFeeReport,
  getFeeReportPdf,
  getInstructorPrograms,
  getInstructorSection,
  getRosterPdf,
  INSTRUCTOR_ROLE,
  listMyFees,
  type RosterType,
} from "@domain/contract/staff";
import { t } from "@domain/messages/pages";
import {
  csvFileName,
  feeReportCsvRows,
  rosterCsvRows,
  type RosterKind,
} from "@domain/rules/roster-csv";
import { callEndpoint, fetchEndpoint, type EndpointInput } from "./api";
import { csvResponse, toCsv } from "./csv";
import { districtTimeZone } from "./time";
import { requireStaff } from "./auth";
import { flashNotice, type StaffSession } from "./session";

export interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp">;
}

export { INSTRUCTOR_ROLE };

export function isInstructor(s: StaffSession): boolean {
  return s.role.includes(INSTRUCTOR_ROLE);
}

/** Instructor pages: other staff go to /instructor/, which says what the page is for. */
export function requireInstructor(request: Request): Promise<StaffSession> {
  return requireStaff(request, { anyRole: [INSTRUCTOR_ROLE], otherwise: "/instructor/" });
}

export function loadInstructorPrograms(caller: Caller) {
  return callEndpoint(caller, getInstructorPrograms, {});
}

export function loadInstructorSection(caller: Caller, sectionId: string) {
  return callEndpoint(caller, getInstructorSection, { params: { sectionId } });
}

export function loadMyFees(caller: Caller) {
  return callEndpoint(caller, listMyFees, { auth: "staff" });
}

export function loadFeeReport(caller: Caller, feeId: number) {
  return callEndpoint(caller, getFeeReport, { params: { feeId }, auth: "staff" });
}

/** After a failed download, back to the page with the spec's message or the server's hint. */
export async function downloadFailed(
  request: Request,
  backTo: string,
  hint?: string,
): Promise<Response> {
  return redirect(backTo, {
    headers: {
      "Set-Cookie": await flashNotice(request, {
        kind: "error",
        text: hint || t("staff.downloadError"),
      }),
    },
  });
}

/** PDFs take longer to make than a page's data. */
const PDF_TIMEOUT_MS = 30_000;

/** Streams a PDF from the district API to the browser, or says why it could not. */
export async function pdfDownload<E extends Endpoint>(
  caller: Caller,
  pdf: { endpoint: E; input: EndpointInput<E> },
  fileName: string,
  backTo: string,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetchEndpoint(caller, pdf.endpoint, { ...pdf.input, timeoutMs: PDF_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof Response) throw err;
    return downloadFailed(caller.request, backTo);
  }
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.includes("application/pdf") || !res.body) {
    const parsed = ErrorReply.safeParse(await res.json().catch(() => null));
    return downloadFailed(caller.request, backTo, parsed.success ? parsed.data.hint : undefined);
  }
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${fileName}.pdf"`,
    "Cache-Control": "no-store",
  });
  const length = res.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(res.body, { status: 200, headers });
}

export type { RosterType };

const ROSTER_CSV: Record<string, RosterKind> = {
  "active-csv": "active",
  "canceled-csv": "canceled",
  "unpaid-csv": "unpaid",
};
const ROSTER_PDF: Record<string, "registration" | "unpaid"> = {
  "active-pdf": "registration",
  "unpaid-pdf": "unpaid",
};

/**
 * Roster downloads of one section (spec 02 §2 download menu), `?kind=active-csv` and so on: CSV
 * files are written here from the district API's roster; PDFs come from the district API,
 * streamed through.
 */
export async function rosterDownload({ request, context, params }: LoaderFunctionArgs) {
  await requireInstructor(request);
  const caller = { request, context };
  const back = `/instructor/course/${encodeURIComponent(params.programId ?? "")}/${encodeURIComponent(params.courseId ?? "")}`;
  const kind = new URL(request.url).searchParams.get("kind") ?? "";
  const sectionId = params.courseId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(sectionId) || (!(kind in ROSTER_CSV) && !(kind in ROSTER_PDF))) {
    return downloadFailed(request, back);
  }
  const pdfKind = ROSTER_PDF[kind];
  if (pdfKind) {
    return pdfDownload(
      caller,
      {
        endpoint: getRosterPdf,
        input: { body: { rosterType: pdfKind, sectionIdList: [sectionId] } },
      },
      pdfKind === "unpaid" ? "unpaid-registrations" : "roster",
      back,
    );
  }
  const res = await loadInstructorSection(caller, sectionId);
  if (!res.ok) return downloadFailed(request, back, res.hint);
  const { section } = res.data;
  const rosterKind = ROSTER_CSV[kind]!;
  return csvResponse(
    toCsv(rosterCsvRows(section, section.registrations, rosterKind)),
    csvFileName(
      section.course.subject,
      section.course.courseNumber,
      section.sectionNumber,
      rosterKind === "unpaid" ? "unpaid" : `${rosterKind}-roster`,
    ),
  );
}

/**
 * Fee report downloads, `?kind=csv|pdf`: the CSV is written here from the district API's report;
 * the PDF comes from the district API (GET /v1/myFees/pdfReport/{feeId}), streamed through.
 */
export async function feeReportDownload({ request, context, params }: LoaderFunctionArgs) {
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
      { endpoint: getFeeReportPdf, input: { params: { feeId }, auth: "staff" } },
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
    toCsv(feeReportCsvRows(res.data, districtTimeZone())),
    csvFileName(res.data.name, "students"),
  );
}
