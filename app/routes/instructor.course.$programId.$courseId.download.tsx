// Roster downloads of one section (spec 02 §2 download menu). CSV files are built here with the
// shared builder from the district API's roster; PDFs come from the district API, streamed through.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildRosterCsv, csvFileName, type RosterKind } from "@domain/rules/roster-csv";
import {
  csvResponse,
  downloadFailed,
  loadInstructorSection,
  pdfDownload,
  requireInstructor,
} from "~/.server/staff";

const CSV: Record<string, RosterKind> = {
  "active-csv": "active",
  "canceled-csv": "canceled",
  "unpaid-csv": "unpaid",
};
const PDF: Record<string, "registration" | "unpaid"> = {
  "active-pdf": "registration",
  "unpaid-pdf": "unpaid",
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireInstructor(request);
  const caller = { request, context };
  const back = `/instructor/course/${encodeURIComponent(params.programId ?? "")}/${encodeURIComponent(params.courseId ?? "")}`;
  const kind = new URL(request.url).searchParams.get("kind") ?? "";
  const sectionId = params.courseId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(sectionId) || (!(kind in CSV) && !(kind in PDF))) {
    return downloadFailed(request, back);
  }
  const pdfKind = PDF[kind];
  if (pdfKind) {
    return pdfDownload(
      caller,
      {
        path: "/v1/instructor/pdfReport",
        method: "POST",
        body: { rosterType: pdfKind, sectionIdList: [sectionId] },
      },
      pdfKind === "unpaid" ? "unpaid-registrations" : "roster",
      back,
    );
  }
  const res = await loadInstructorSection(caller, sectionId);
  if (!res.ok) return downloadFailed(request, back, res.hint);
  const { section } = res.data;
  const rosterKind = CSV[kind]!;
  return csvResponse(
    buildRosterCsv(section, section.registrations, rosterKind),
    csvFileName(
      section.course.subject,
      section.course.courseNumber,
      section.sectionNumber,
      rosterKind === "unpaid" ? "unpaid" : `${rosterKind}-roster`,
    ),
  );
}
