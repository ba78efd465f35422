// Read-only queries of the staff area (spec 02 §7): an instructor's programs, sections and
// rosters, the fees an employee owns and their reports. Every read is limited to the caller's own
// sections (course_sections.instructor_employee_id) and fees (fee_owners); http/staff.ts
// authorises and calls these.
import { sql } from "drizzle-orm";
import {
  type CourseAnswer,
  type FeeReport,
  type InstructorSection,
  type MyFee,
  type RosterGuardian,
  type RosterRegistration,
} from "@domain/contract/staff";
import { t } from "@domain/messages";
import { toDollars } from "@domain/rules/money";
import { STAFF_DAY_CODE, weekDaysOf } from "@domain/rules/week-days";
import type { ApiDeps } from "../deps";
import { queryRows, type Db } from "../db/client";
import { ApiError } from "../errors";

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

interface SectionRow {
  id: string;
  program_id: string;
  program_name: string;
  program_active: boolean;
  course_id: string;
  subject: string;
  course_number: string;
  course_name: string;
  description: string;
  section_number: string;
  term: string;
  restrict_to_school: boolean;
  school_full_name: string | null;
  capacity: number;
  credit_hours: string;
  delivery_method: string;
  meeting_days: string[] | string | null;
  room_number: string | null;
  date_start: string;
  date_end: string;
  time_start: string | null;
  time_end: string | null;
  allow_community: boolean;
  active: boolean;
  instructor_name: string | null;
}

interface RegistrationRow {
  id: string;
  course_section_id: string;
  status: string;
  cancel_reason: string | null;
  hold_expires_at: unknown;
  created_at: unknown;
  balance_cents: number;
  answers: unknown;
  participant_id: number;
  kind: "student" | "community_member";
  name_first: string;
  name_last: string;
  grade: string | null;
  gender: string | null;
  email: string | null;
  custodian_emails: string[] | null;
  emergency_name: string | null;
  emergency_phone: string | null;
  emergency_relationship: string | null;
  guardians: unknown;
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

/** A section the instructor teaches, with its roster, and the programme it belongs to. */
export interface InstructorSectionOf {
  program: { id: string; programName: string; active: boolean };
  section: InstructorSection;
}

/** Sections taught by the employee (one section when sectionId is given), with their rosters. */
export async function loadSections(
  deps: ApiDeps,
  employeeId: string,
  sectionId?: string,
): Promise<InstructorSectionOf[]> {
  const { db } = deps;
  const one = sectionId ? sql`and cs.id = ${sectionId}` : sql``;
  const sections = await queryRows<SectionRow>(
    db,
    sql`select cs.id, cs.program_id, p.name as program_name, p.active as program_active,
          c.id as course_id, c.subject, c.course_number, c.name as course_name, c.description,
          cs.section_number, cs.term, cs.restrict_to_school, s.full_name as school_full_name,
          cs.capacity, cs.credit_hours::text as credit_hours, cs.delivery_method, cs.meeting_days,
          cs.room_number, cs.date_start::text as date_start, cs.date_end::text as date_end,
          to_char(cs.time_start, 'HH24:MI') as time_start, to_char(cs.time_end, 'HH24:MI') as time_end,
          cs.allow_community, cs.active, st.display_name as instructor_name
        from course_sections cs
        join programs p on p.id = cs.program_id
        join courses c on c.id = cs.course_id
        left join schools s on s.id = cs.school_id
        left join staff st on st.employee_id = cs.instructor_employee_id
        where cs.instructor_employee_id = ${employeeId} ${one}
        order by p.sort_order, p.name, c.subject, c.course_number, cs.section_number, cs.id`,
  );
  if (!sections.length) return [];
  // Waitlisted and offered places are not on the roster (docs/decisions/050). A payment window
  // that has run out counts as canceled even before the sweeper records it.
  const regs = await queryRows<RegistrationRow>(
    db,
    sql`select r.id, r.course_section_id, r.status, r.cancel_reason, r.hold_expires_at, r.created_at,
          r.answers, pa.id as participant_id, pa.kind, pa.name_first, pa.name_last, pa.grade,
          pa.gender, pa.email, pa.custodian_emails, pa.emergency_name, pa.emergency_phone,
          pa.emergency_relationship,
          (select coalesce(json_agg(json_build_object(
              'nameFirst', g.name_first, 'nameLast', g.name_last, 'phone1', g.phone1,
              'email', g.email,
              'relationship', case when g.relationship = 'Other'
                then coalesce(g.relationship_other, g.relationship) else g.relationship end)
            order by g.position, g.id), '[]'::json)
            from guardians g where g.participant_id = pa.id) as guardians,
          greatest(0, r.cost_cents - r.credits_applied_cents - greatest(
            coalesce(r.paid_cents, 0),
            coalesce((select sum(af.paid_cents) from assessed_fees af where af.registration_id = r.id), 0)
          ))::int as balance_cents
        from registrations r
        join participants pa on pa.id = r.participant_id
        join course_sections cs on cs.id = r.course_section_id
        where cs.instructor_employee_id = ${employeeId} ${one}
          and r.status in ('registered', 'pending_payment', 'cancelled')
        order by r.created_at, r.id`,
  );
  const questions = await queryRows<{
    id: number;
    course_section_id: string;
    question: string;
    response_type: string;
    sort_order: number;
  }>(
    db,
    sql`select q.id, q.course_section_id, q.question, q.response_type, q.sort_order
        from course_questions q join course_sections cs on cs.id = q.course_section_id
        where cs.instructor_employee_id = ${employeeId} ${one}
        order by q.sort_order, q.id`,
  );
  const now = deps.clock.now().getTime();
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

export async function loadMyFees(db: Db, employeeId: string): Promise<MyFee[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    short_name: string | null;
    year: string | null;
    fee_type: string;
  }>(
    db,
    sql`select f.id, f.name, s.short_name, y.year, f.fee_type
        from fees f
        join fee_owners o on o.fee_id = f.id and o.employee_id = ${employeeId}
        left join schools s on s.id = f.school_id
        left join school_years y on y.id = f.school_year_id
        order by f.name, f.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    school: r.short_name ? { shortName: r.short_name } : null,
    schoolYear: r.year,
    type: r.fee_type,
  }));
}

export async function loadFeeReport(db: Db, employeeId: string, feeId: number): Promise<FeeReport> {
  const [fee] = await queryRows<{ id: number; name: string; account_code: string | null }>(
    db,
    sql`select f.id, f.name, f.account_code from fees f
        join fee_owners o on o.fee_id = f.id and o.employee_id = ${employeeId}
        where f.id = ${feeId}`,
  );
  // Another owner's fee and a fee that does not exist answer the same, so IDs cannot be probed.
  if (!fee) throw new ApiError(404, t("staff.feeNotFound"), t("staff.feeNotFound"));
  const questions = await queryRows<{
    id: number;
    question: string;
    response_type: string;
    sort_order: number;
  }>(
    db,
    sql`select id, question, response_type, sort_order from course_questions
        where fee_id = ${feeId} order by sort_order, id`,
  );
  const rows = await queryRows<{
    id: number;
    status: "due" | "partial" | "paid";
    quantity: number;
    assessed_cost_cents: number;
    paid_cents: number;
    assessed_at: unknown;
    paid_at: unknown;
    notes: string | null;
    answers: unknown;
    payer_key: string;
    p_id: number | null;
    p_kind: string | null;
    p_first: string | null;
    p_last: string | null;
    p_email: string | null;
    p_custodian: string[] | null;
    g_first: string | null;
    g_last: string | null;
    g_email: string | null;
    s_emp: string | null;
    s_first: string | null;
    s_last: string | null;
    s_email: string | null;
  }>(
    db,
    sql`select af.id, af.status, af.quantity, af.assessed_cost_cents, af.paid_cents, af.assessed_at,
          af.paid_at, af.notes, af.answers, af.payer_key,
          pa.id as p_id, pa.kind as p_kind, pa.name_first as p_first, pa.name_last as p_last,
          pa.email as p_email, pa.custodian_emails as p_custodian,
          g.name_first as g_first, g.name_last as g_last, g.email as g_email,
          st.employee_id as s_emp, st.name_first as s_first, st.name_last as s_last, st.email as s_email
        from assessed_fees af
        left join participants pa on pa.id = coalesce(af.participant_id,
          case when af.payer_key ~ '^(student|community_member):[0-9]{1,9}$'
            then split_part(af.payer_key, ':', 2)::int end)
        left join guests g on af.payer_key = 'guest_user:' || g.id
        left join staff st on af.payer_key = 'staff:' || st.employee_id
        where af.fee_id = ${feeId}
        order by coalesce(pa.name_last, g.name_last, st.name_last), coalesce(pa.name_first, g.name_first, st.name_first), af.id`,
  );
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
