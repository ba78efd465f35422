// Pure builders of the rows of the roster and fee-report CSV files (spec 02 §3 "Roster CSV
// columns", §9); app/.server/csv.ts writes them as CSV text. The pages share the answer helpers.
import type {
  CourseQuestionSummary,
  FeeReport,
  InstructorSection,
  RosterRegistration,
} from "../contract/staff";
import { t } from "../messages/staff";
import { formatUsd, toCents } from "./money";
import { formatDistrictDate } from "./time";

export const HEADING_MAX = 100;
export const ANSWER_PREVIEW_MAX = 50;

export type RosterKind = "active" | "canceled" | "unpaid";

/** Cuts text to max characters: max - 3 characters and "..." (spec: headings 97 plus an ellipsis). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 3).join("")}...` : text;
}

export const cutHeading = (q: string) => cutText(q, HEADING_MAX);
export const previewAnswer = (a: string) => cutText(a, ANSWER_PREVIEW_MAX);

/** A signed number: -2, -12.50, +15555550100. */
const SIGNED_NUMBER = /^[+-]\d+(?:[.,]\d+)*$/;
/** A phone number written with its country code: +1 (555) 555-0100, +44 20 7946 0958. */
const PHONE_NUMBER = /^\+\d[\d ().\-/]*\d$/;

/**
 * A cell a spreadsheet would read as a formula gets a leading apostrophe so it stays text
 * (decision 148): one starting with = or @, or tab or carriage return (which some programs strip
 * first), and one starting with + or - unless it is a signed number or a phone number, which a
 * spreadsheet reads as a number or text and which then show without an apostrophe.
 */
export function neutraliseFormula(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (!/^[+-]/.test(value) || SIGNED_NUMBER.test(value) || PHONE_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** Active: status null. Canceled: status set. Unpaid: active with a balance due. */
export function selectRoster(
  registrations: readonly RosterRegistration[],
  kind: RosterKind,
): RosterRegistration[] {
  if (kind === "canceled") return registrations.filter((r) => r.status !== null);
  const active = registrations.filter((r) => r.status === null);
  return kind === "unpaid" ? active.filter((r) => toCents(r.amountDue) > 0) : active;
}

export function sortedQuestions<Q extends { sortOrder: number; id: number }>(
  qs: readonly Q[],
): Q[] {
  return [...qs].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** The answer to a question: matched by question ID, else by the question's text when asked. */
export function answerFor(
  answers: readonly {
    questionId?: number | null;
    questionID?: number | null;
    cachedQuestion: string;
    answer: string;
  }[],
  question: CourseQuestionSummary,
): string {
  const byId = answers.find((a) => (a.questionId ?? a.questionID) === question.id);
  if (byId) return byId.answer;
  const byText = answers.find(
    (a) => (a.questionId ?? a.questionID) == null && a.cachedQuestion === question.question,
  );
  return byText?.answer ?? "";
}

/** The person on a registration, student or community member, in the roster's terms. */
export function rosterPerson(r: RosterRegistration) {
  if (r.student) {
    const s = r.student;
    return {
      id: s.id,
      nameFirst: s.nameFirst,
      nameLast: s.nameLast,
      grade: s.grade ?? "",
      gender: s.gender ?? "",
      emergencyName: s.emergencyName1 ?? "",
      emergencyRelationship: s.emergencyRelationship1 ?? "",
      emergencyPhone: s.emergencyPhone1 ?? "",
      custodianEmail: [s.custodianEmail1, s.custodianEmail2, s.custodianEmail3, s.custodianEmail4]
        .filter((e): e is string => !!e)
        .join("; "),
    };
  }
  const m = r.communityMember;
  const g = m?.guardians[0];
  return {
    id: m?.id ?? "",
    nameFirst: m?.nameFirst ?? "",
    nameLast: m?.nameLast ?? "",
    grade: m?.grade ?? "",
    gender: m?.gender ?? "",
    emergencyName: g ? `${g.nameFirst} ${g.nameLast}`.trim() : "",
    emergencyRelationship: g?.relationship ?? "",
    emergencyPhone: g?.phone1 ?? "",
    custodianEmail: [m?.email, ...(m?.guardians.map((x) => x.email) ?? [])]
      .filter((e): e is string => !!e)
      .join("; "),
  };
}

/** Rows (heading first) of a roster CSV; the unpaid version adds the balance due. */
export function rosterCsvRows(
  section: Pick<InstructorSection, "course" | "sectionNumber" | "courseQuestions">,
  registrations: readonly RosterRegistration[],
  kind: RosterKind,
): string[][] {
  const questions = sortedQuestions(section.courseQuestions);
  const heading = [
    t("staff.csv.courseName"),
    t("staff.csv.courseNumber"),
    t("staff.csv.section"),
    t("staff.csv.id"),
    t("staff.csv.nameFirst"),
    t("staff.csv.nameLast"),
    t("staff.csv.gender"),
    t("staff.csv.grade"),
    t("staff.csv.emergencyName"),
    t("staff.csv.emergencyRelationship"),
    t("staff.csv.emergencyPhone"),
    t("staff.csv.custodianEmail"),
    ...(kind === "unpaid" ? [t("staff.csv.balanceDue")] : []),
    ...questions.map((q) => cutHeading(q.question)),
    // Last, so the spec's columns keep their places (decision 171).
    t("staff.col.language"),
  ];
  const rows = selectRoster(registrations, kind)
    .map((r) => ({ r, p: rosterPerson(r) }))
    .sort(
      (a, b) =>
        a.p.nameLast.localeCompare(b.p.nameLast) || a.p.nameFirst.localeCompare(b.p.nameFirst),
    )
    .map(({ r, p }) => [
      section.course.courseName,
      section.course.courseNumber,
      section.sectionNumber,
      String(p.id),
      p.nameFirst,
      p.nameLast,
      p.gender,
      p.grade,
      p.emergencyName,
      p.emergencyRelationship,
      p.emergencyPhone,
      p.custodianEmail,
      ...(kind === "unpaid" ? [formatUsd(toCents(r.amountDue))] : []),
      ...questions.map((q) => answerFor(r.courseAnswer, q)),
      t(`staff.language.${r.language}`),
    ]);
  return [heading, ...rows];
}

/** Rows (heading first) of a fee report CSV: each assessed person with amounts and answers. */
export function feeReportCsvRows(report: FeeReport, timeZone?: string): string[][] {
  const questions = sortedQuestions(report.questions);
  const heading = [
    t("staff.csv.id"),
    t("staff.csv.nameFirst"),
    t("staff.csv.nameLast"),
    t("staff.csv.email"),
    t("staff.csv.email2"),
    t("staff.csv.status"),
    t("staff.csv.quantity"),
    t("staff.csv.assessedCost"),
    t("staff.csv.paid"),
    t("staff.csv.owed"),
    t("staff.csv.assessedDate"),
    t("staff.csv.paymentDate"),
    ...questions.map((q) => cutHeading(q.question)),
  ];
  const rows = report.assessedFees.map((a) => [
    a.person.id ?? "",
    a.person.nameFirst,
    a.person.nameLast,
    a.person.contactEmail ?? "",
    a.person.contactEmail2 ?? "",
    a.status,
    String(a.quantity),
    formatUsd(toCents(a.assessedCost)),
    formatUsd(toCents(a.paid)),
    formatUsd(toCents(a.owed)),
    formatDistrictDate(a.assessedDate, timeZone),
    a.paymentDate ? formatDistrictDate(a.paymentDate, timeZone) : "",
    ...questions.map((q) => answerFor(a.answers, q)),
  ]);
  return [heading, ...rows];
}

/** A file name safe for Content-Disposition: letters, digits, dashes. */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .join("-")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return base || "report";
}
