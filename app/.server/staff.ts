// Server-only helpers of the staff pages: guards, district API calls and download responses.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { ErrorReply } from "@domain/contract/common";
import {
  FeeReport,
  InstructorProgramsReply,
  InstructorSectionReply,
  MyFeesReply,
  type RosterType,
} from "@domain/contract/staff";
import { t } from "@domain/messages";
import { DEFAULT_DISTRICT_TZ } from "@domain/rules/time";
import { callApi, fetchApi } from "./api";
import { requireStaff } from "./auth";
import { flashNotice, type StaffSession } from "./session";

export interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp">;
}

export const INSTRUCTOR_ROLE = "instructor";

export function isInstructor(s: StaffSession): boolean {
  return s.role.includes(INSTRUCTOR_ROLE);
}

/** Instructor pages: other staff go to /instructor/, which says what the page is for. */
export function requireInstructor(request: Request): Promise<StaffSession> {
  return requireStaff(request, { anyRole: [INSTRUCTOR_ROLE], otherwise: "/instructor/" });
}

export function districtTimeZone(): string {
  return process.env.DISTRICT_TZ || DEFAULT_DISTRICT_TZ;
}

export function loadInstructorPrograms(caller: Caller) {
  return callApi(caller, {
    path: "/v1/instructor/program",
    auth: "staff",
    reply: InstructorProgramsReply,
  });
}

export function loadInstructorSection(caller: Caller, sectionId: string) {
  return callApi(caller, {
    path: `/v1/instructor/section/${encodeURIComponent(sectionId)}`,
    auth: "staff",
    reply: InstructorSectionReply,
  });
}

export function loadMyFees(caller: Caller) {
  return callApi(caller, { path: "/v1/myFees/", auth: "staff", reply: MyFeesReply });
}

export function loadFeeReport(caller: Caller, feeId: number) {
  return callApi(caller, { path: `/v1/myFees/${feeId}`, auth: "staff", reply: FeeReport });
}

/** A CSV file as an attachment; never cached (it holds people's details). */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}.csv"`,
      "Cache-Control": "no-store",
    },
  });
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

/** Streams a PDF from the district API to the browser, or says why it could not. */
export async function pdfDownload(
  caller: Caller,
  init: { path: string; method: "GET" | "POST"; body?: unknown },
  fileName: string,
  backTo: string,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetchApi(caller, init.path, {
      method: init.method,
      body: init.body,
      auth: "staff",
      timeoutMs: 30_000,
    });
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
