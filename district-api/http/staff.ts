// Staff area calls (spec 02 §7): an instructor's programs, sections and rosters, roster PDFs, the
// fees an employee owns and their reports. Every read is limited to the caller's own sections
// (course_sections.instructor_employee_id) and fees (fee_owners).
import { Router, type Response } from "express";
import * as staff from "@domain/contract/staff";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { feeReportPdf, rosterPdf } from "../services/reports";
import { readFeeReport, readInstructorSections, readMyFees } from "../queries/staff";
import { feeReportReply, groupPrograms, instructorSections, myFeesReply } from "./replies/staff";
import { readDistrictName } from "../queries/settings";

/** The my-fees calls need an employee: anyone else is told "Invalid User" (spec 02 §6). */
function employeeOf(claims: TokenClaims | null): string {
  if (!claims || claims.kind !== "staff" || !claims.employeeID) {
    throw new ApiError(403, t("staff.invalidUser"), t("staff.invalidUser"));
  }
  return claims.employeeID;
}

/** The instructor's sections (one when sectionId is given) with their rosters, as of now. */
async function loadSections(deps: ApiDeps, employeeId: string, sectionId?: string) {
  const rows = await readInstructorSections(deps.db, employeeId, sectionId);
  return instructorSections(rows, deps.clock.now());
}

/** One fee's report, if the employee owns the fee (a 404 otherwise). */
async function loadFeeReport(deps: ApiDeps, employeeId: string, feeId: number) {
  return feeReportReply(await readFeeReport(deps.db, employeeId, feeId));
}

function sendPdf(res: Response, pdf: Buffer, name: string): void {
  res.status(200);
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `attachment; filename="${name}.pdf"`);
  res.setHeader("Content-Length", String(pdf.length));
  res.end(pdf);
}

export function staffRoutes(deps: ApiDeps): Router {
  const r = Router();

  serve(r, deps, staff.getInstructorPrograms, async ({ claims }) => {
    const { employeeID } = staffClaims(claims);
    return groupPrograms(await loadSections(deps, employeeID));
  });

  // One section and its roster (the roster page and its CSV files); only the instructor's own.
  serve(r, deps, staff.getInstructorSection, async ({ claims, params }) => {
    const { employeeID } = staffClaims(claims);
    const [found] = await loadSections(deps, employeeID, params.sectionId);
    if (!found) throw new ApiError(404, t("staff.sectionNotFound"), t("staff.sectionNotFound"));
    return found;
  });

  serve(r, deps, staff.getRosterPdf, async ({ claims, body, res }) => {
    const { employeeID } = staffClaims(claims);
    const mine = await loadSections(deps, employeeID);
    const wanted = [...new Set(body.sectionIdList)];
    const chosen = wanted.map((id) => mine.find((m) => m.section.id === id));
    if (chosen.some((c) => !c)) {
      throw new ApiError(404, t("staff.sectionNotFound"), t("staff.sectionNotFound"));
    }
    const pdf = await rosterPdf({
      districtName: await readDistrictName(deps.db, deps.districtName),
      timeZone: deps.timeZone,
      printedAt: deps.clock.now(),
      rosterType: body.rosterType,
      sections: chosen.map((c) => ({
        programName: c!.program.programName,
        section: c!.section,
      })),
    });
    sendPdf(res, pdf, body.rosterType === "unpaid" ? "unpaid-registrations" : "roster");
  });

  serve(r, deps, staff.getFeeReportPdf, async ({ claims, params, res }) => {
    const employeeId = employeeOf(claims);
    const report = await loadFeeReport(deps, employeeId, params.feeId);
    const pdf = await feeReportPdf({
      districtName: await readDistrictName(deps.db, deps.districtName),
      timeZone: deps.timeZone,
      printedAt: deps.clock.now(),
      report,
    });
    sendPdf(res, pdf, `fee-report-${report.id}`);
  });

  serve(r, deps, staff.listMyFees, async ({ claims }) =>
    myFeesReply(await readMyFees(deps.db, employeeOf(claims))),
  );

  serve(r, deps, staff.getFeeReport, async ({ claims, params }) =>
    loadFeeReport(deps, employeeOf(claims), params.feeId),
  );

  return r;
}
