// The staff calls' replies (spec 02 §7): the rows queries/staff.ts reads, shaped as the staff
// pages read them (an instructor's sections and rosters, the fees an employee owns and their
// reports). The HTTP layer owns the shape of a reply; the queries only read.
import type {
  CourseAnswer,
  FeeReport,
  InstructorProgram,
  InstructorSection,
  MyFee,
  RosterGuardian,
  RosterRegistration,
} from "@domain/contract/staff";
import { toDollars } from "@domain/rules/money";
import { STAFF_DAY_CODE, weekDaysOf } from "@domain/rules/week-days";
import type {
  FeeReportRows,
  InstructorSectionRows,
  MyFeeRow,
  RegistrationRow,
  SectionRow,
} from "../../queries/staff";

/** Timestamps come back as Date (pg, PGlite) or text; the wire carries ISO strings. */
function iso(v: unknown): string {
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
}

function str(v: unknown): string | null {
  return v === null || v === undefined || v === "" ? null : String(v);
}

/**
 * Answers are stored as JSON by the registration and fee areas; read them whichever key names a
 * writer used ({questionID|questionId|id, answer|userSubmittedAnswer, cachedQuestion|question}).
 */
export function readAnswers(raw: unknown): CourseAnswer[] {
  let list: unknown = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: CourseAnswer[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const o = item as Record<string, unknown>;
    const idRaw = o.questionID ?? o.questionId ?? o.id;
    const id =
      typeof idRaw === "number"
        ? idRaw
        : Number.isFinite(Number(idRaw)) && idRaw !== null && idRaw !== undefined && idRaw !== ""
          ? Number(idRaw)
          : null;
    const answer = o.answer ?? o.userSubmittedAnswer;
    out.push({
      questionId: id,
      cachedQuestion: String(o.cachedQuestion ?? o.question ?? ""),
      answer: answer === null || answer === undefined ? "" : String(answer),
    });
  }
  return out;
}

/** A community member's guardians in order; the emergency contact on file when there are none. */
function readGuardians(r: RegistrationRow): RosterGuardian[] {
  let list: unknown = r.guardians;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      list = [];
    }
  }
  const out: RosterGuardian[] = [];
  for (const g of Array.isArray(list) ? list : []) {
    if (!g || typeof g !== "object") continue;
    const o = g as Record<string, unknown>;
    out.push({
      nameFirst: String(o.nameFirst ?? ""),
      nameLast: String(o.nameLast ?? ""),
      phone1: str(o.phone1),
      email: str(o.email),
      relationship: str(o.relationship),
    });
  }
  if (!out.length && r.emergency_name) {
    out.push({
      nameFirst: r.emergency_name,
      nameLast: "",
      phone1: str(r.emergency_phone),
      email: null,
      relationship: str(r.emergency_relationship),
    });
  }
  return out;
}

function meetingDays(v: SectionRow["meeting_days"]): string {
  if (!v) return "";
  // PGlite and pg parse text[]; be safe if a driver hands back the literal.
  const days = Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);
  return weekDaysOf(days)
    .map((d) => STAFF_DAY_CODE[d])
    .join("\n");
}

/** A section the instructor teaches, with its roster, and the program it belongs to. */
export interface InstructorSectionOf {
  program: { id: string; programName: string; active: boolean };
  section: InstructorSection;
}

/**
 * The instructor's sections with their rosters: a payment window that has run out counts as
 * canceled ("Payment Timeout") at `now`, even before the sweeper records it.
 */
export function instructorSections(
  { sections, regs, questions }: InstructorSectionRows,
  at: Date,
): InstructorSectionOf[] {
  const now = at.getTime();
  const bySection = new Map<string, RosterRegistration[]>();
  for (const r of regs) {
    const expired =
      r.status === "pending_payment" &&
      r.hold_expires_at !== null &&
      new Date(iso(r.hold_expires_at)).getTime() <= now;
    const status =
      r.status === "cancelled"
        ? (r.cancel_reason ?? "cancelled")
        : expired
          ? "Payment Timeout"
          : null;
    const emails = r.custodian_emails ?? [];
    const reg: RosterRegistration = {
      id: r.id,
      createdAt: iso(r.created_at),
      status,
      amountDue: status === null ? toDollars(Number(r.balance_cents)) : 0,
      student:
        r.kind === "student"
          ? {
              id: Number(r.participant_id),
              nameFirst: r.name_first,
              nameLast: r.name_last,
              grade: str(r.grade),
              gender: str(r.gender),
              custodianEmail1: str(emails[0]),
              custodianEmail2: str(emails[1]),
              custodianEmail3: str(emails[2]),
              custodianEmail4: str(emails[3]),
              emergencyName1: str(r.emergency_name),
              emergencyPhone1: str(r.emergency_phone),
              emergencyRelationship1: str(r.emergency_relationship),
            }
          : null,
      communityMember:
        r.kind === "community_member"
          ? {
              id: Number(r.participant_id),
              nameFirst: r.name_first,
              nameLast: r.name_last,
              grade: str(r.grade),
              gender: str(r.gender),
              email: str(r.email),
              guardians: readGuardians(r),
            }
          : null,
      courseAnswer: readAnswers(r.answers),
      language: r.language,
    };
    const list = bySection.get(r.course_section_id) ?? [];
    list.push(reg);
    bySection.set(r.course_section_id, list);
  }
  return sections.map((s) => ({
    program: { id: s.program_id, programName: s.program_name, active: !!s.program_active },
    section: {
      id: s.id,
      programId: s.program_id,
      course: {
        id: s.course_id,
        subject: s.subject,
        courseNumber: s.course_number,
        courseName: s.course_name,
        description: s.description ?? "",
      },
      sectionNumber: s.section_number,
      term: s.term,
      instructorName: s.instructor_name ?? "",
      restrictToSchool: !!s.restrict_to_school,
      school: s.school_full_name ? { fullName: s.school_full_name } : null,
      capacity: Number(s.capacity),
      creditHours: Number(s.credit_hours),
      deliveryMethod: s.delivery_method,
      meetingDaysOfWeek: meetingDays(s.meeting_days),
      roomNumber: str(s.room_number),
      meetingDateStart: s.date_start,
      meetingDateEnd: s.date_end,
      meetingTimeStart: str(s.time_start),
      meetingTimeEnd: str(s.time_end),
      allowCommunity: !!s.allow_community,
      active: !!s.active,
      courseQuestions: questions
        .filter((q) => q.course_section_id === s.id)
        .map((q) => ({
          id: Number(q.id),
          question: q.question,
          responseType: q.response_type,
          sortOrder: Number(q.sort_order),
        })),
      registrations: bySection.get(s.id) ?? [],
    },
  }));
}

/** GET /v1/instructor/program: the instructor's sections under their programs, in order. */
export function groupPrograms(rows: InstructorSectionOf[]): InstructorProgram[] {
  const programs = new Map<string, InstructorProgram>();
  for (const { program, section } of rows) {
    let p = programs.get(program.id);
    if (!p) {
      p = { ...program, courseSelections: [] };
      programs.set(program.id, p);
    }
    p.courseSelections.push(section);
  }
  return [...programs.values()];
}

/** GET /v1/myFees: the fees the employee owns. */
export function myFeesReply(rows: MyFeeRow[]): MyFee[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    school: r.short_name ? { shortName: r.short_name } : null,
    schoolYear: r.year,
    type: r.fee_type,
  }));
}

/** GET /v1/myFees/:feeId: the fee's report, each payer named whoever they are. */
export function feeReportReply({ fee, questions, rows }: FeeReportRows): FeeReport {
  return {
    id: Number(fee.id),
    name: fee.name,
    accountCode: fee.account_code,
    questions: questions.map((q) => ({
      id: Number(q.id),
      question: q.question,
      responseType: q.response_type,
      sortOrder: Number(q.sort_order),
    })),
    assessedFees: rows.map((r) => {
      const cost = Number(r.assessed_cost_cents);
      const paid = Number(r.paid_cents);
      const person =
        r.p_id !== null
          ? {
              id: String(r.p_id),
              kind: (r.p_kind === "community_member" ? "community_member" : "student") as
                "student" | "community_member",
              nameFirst: r.p_first ?? "",
              nameLast: r.p_last ?? "",
              contactEmail: str(r.p_email),
              contactEmail2: str(r.p_custodian?.[0]),
            }
          : r.s_emp !== null
            ? {
                id: r.s_emp,
                kind: "staff" as const,
                nameFirst: r.s_first ?? "",
                nameLast: r.s_last ?? "",
                contactEmail: str(r.s_email),
                contactEmail2: null,
              }
            : {
                id: null,
                kind: "guest_user" as const,
                nameFirst: r.g_first ?? "",
                nameLast: r.g_last ?? "",
                contactEmail: str(r.g_email),
                contactEmail2: null,
              };
      const answers = readAnswers(r.answers).map((a) => ({
        questionID: a.questionId,
        answer: a.answer,
        cachedQuestion: a.cachedQuestion,
      }));
      return {
        id: Number(r.id),
        status: r.status,
        quantity: Number(r.quantity),
        assessedCost: toDollars(cost),
        paid: toDollars(paid),
        owed: toDollars(Math.max(0, cost - paid)),
        assessedDate: iso(r.assessed_at),
        paymentDate: r.paid_at ? iso(r.paid_at) : null,
        notes: r.notes,
        person,
        answers,
      };
    }),
  };
}
