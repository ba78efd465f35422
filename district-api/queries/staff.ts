// Read-only queries of the staff area (spec 02 §7): an instructor's programs, sections and
// rosters, the fees an employee owns and their reports. Every read is limited to the caller's own
// sections (course_sections.instructor_employee_id) and fees (fee_owners); http/staff.ts
// authorises, calls these, and shapes their rows with http/replies/staff.ts.
import { sql } from "drizzle-orm";
import { t } from "@domain/messages";
import { queryRows, type Db } from "../db/client";
import { ApiError } from "../errors";

export interface SectionRow {
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

export interface RegistrationRow {
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
  language: "en" | "es";
}

export interface SectionQuestionRow {
  id: number;
  course_section_id: string;
  question: string;
  response_type: string;
  sort_order: number;
}

/** An instructor's sections, the registrations on their rosters, and their questions. */
export interface InstructorSectionRows {
  sections: SectionRow[];
  regs: RegistrationRow[];
  questions: SectionQuestionRow[];
}

/** Sections taught by the employee (one section when sectionId is given), with their rosters. */
export async function readInstructorSections(
  db: Db,
  employeeId: string,
  sectionId?: string,
): Promise<InstructorSectionRows> {
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
  if (!sections.length) return { sections, regs: [], questions: [] };
  // Waitlisted and offered places are not on the roster (docs/decisions/050). A payment window
  // that has run out counts as canceled even before the sweeper records it.
  const regs = await queryRows<RegistrationRow>(
    db,
    sql`select r.id, r.course_section_id, r.status, r.cancel_reason, r.hold_expires_at, r.created_at,
          r.answers, pa.id as participant_id, pa.kind, pa.name_first, pa.name_last, pa.grade,
          pa.gender, pa.email, pa.custodian_emails, pa.emergency_name, pa.emergency_phone,
          pa.emergency_relationship, pa.language,
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
  const questions = await queryRows<SectionQuestionRow>(
    db,
    sql`select q.id, q.course_section_id, q.question, q.response_type, q.sort_order
        from course_questions q join course_sections cs on cs.id = q.course_section_id
        where cs.instructor_employee_id = ${employeeId} ${one}
        order by q.sort_order, q.id`,
  );
  return { sections, regs, questions };
}

export interface MyFeeRow {
  id: number;
  name: string;
  short_name: string | null;
  year: string | null;
  fee_type: string;
}

/** The fees the employee owns, by name. */
export async function readMyFees(db: Db, employeeId: string): Promise<MyFeeRow[]> {
  return queryRows<MyFeeRow>(
    db,
    sql`select f.id, f.name, s.short_name, y.year, f.fee_type
        from fees f
        join fee_owners o on o.fee_id = f.id and o.employee_id = ${employeeId}
        left join schools s on s.id = f.school_id
        left join school_years y on y.id = f.school_year_id
        order by f.name, f.id`,
  );
}

export interface ReportQuestionRow {
  id: number;
  question: string;
  response_type: string;
  sort_order: number;
}

export interface FeeReportRow {
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
}

/** A fee's report as read: the fee, its questions, and each assessment with its payer. */
export interface FeeReportRows {
  fee: { id: number; name: string; account_code: string | null };
  questions: ReportQuestionRow[];
  rows: FeeReportRow[];
}

/** One fee the employee owns with its questions and every assessment of it; a 404 otherwise. */
export async function readFeeReport(
  db: Db,
  employeeId: string,
  feeId: number,
): Promise<FeeReportRows> {
  const [fee] = await queryRows<{ id: number; name: string; account_code: string | null }>(
    db,
    sql`select f.id, f.name, f.account_code from fees f
        join fee_owners o on o.fee_id = f.id and o.employee_id = ${employeeId}
        where f.id = ${feeId}`,
  );
  // Another owner's fee and a fee that does not exist answer the same, so IDs cannot be probed.
  if (!fee) throw new ApiError(404, t("staff.feeNotFound"), t("staff.feeNotFound"));
  const questions = await queryRows<ReportQuestionRow>(
    db,
    sql`select id, question, response_type, sort_order from course_questions
        where fee_id = ${feeId} order by sort_order, id`,
  );
  const rows = await queryRows<FeeReportRow>(
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
  return { fee, questions, rows };
}
