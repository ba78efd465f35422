// Read-only queries of the staff area (spec 02 §7): an instructor's programs, sections and
// rosters, the fees an employee owns and their reports. Every read is limited to the caller's own
// sections (course_sections.instructor_employee_id) and fees (fee_owners); http/staff.ts
// authorises, calls these, and shapes their rows with http/replies/staff.ts.
import { and, eq, inArray, sql } from "drizzle-orm";
import { t } from "@domain/messages";
import type { Db } from "../db/client";
import {
  assessedFees,
  courseQuestions,
  courseSections,
  courses,
  feeOwners,
  fees,
  guardians,
  guests,
  participants,
  programs,
  registrations,
  schoolYears,
  schools,
  staff,
} from "../db/schema";
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
  const cs = courseSections;
  const taught = and(
    eq(cs.instructorEmployeeId, employeeId),
    sectionId ? eq(cs.id, sectionId) : undefined,
  );
  const sections: SectionRow[] = await db
    .select({
      id: cs.id,
      program_id: cs.programId,
      program_name: programs.name,
      program_active: programs.active,
      course_id: courses.id,
      subject: courses.subject,
      course_number: courses.courseNumber,
      course_name: courses.name,
      description: courses.description,
      section_number: cs.sectionNumber,
      term: cs.term,
      restrict_to_school: cs.restrictToSchool,
      school_full_name: schools.fullName,
      capacity: cs.capacity,
      credit_hours: sql<string>`${cs.creditHours}::text`,
      delivery_method: cs.deliveryMethod,
      meeting_days: cs.meetingDays,
      room_number: cs.roomNumber,
      date_start: sql<string>`${cs.dateStart}::text`,
      date_end: sql<string>`${cs.dateEnd}::text`,
      time_start: sql<string | null>`to_char(${cs.timeStart}, 'HH24:MI')`,
      time_end: sql<string | null>`to_char(${cs.timeEnd}, 'HH24:MI')`,
      allow_community: cs.allowCommunity,
      active: cs.active,
      instructor_name: staff.displayName,
    })
    .from(cs)
    .innerJoin(programs, eq(programs.id, cs.programId))
    .innerJoin(courses, eq(courses.id, cs.courseId))
    .leftJoin(schools, eq(schools.id, cs.schoolId))
    .leftJoin(staff, eq(staff.employeeId, cs.instructorEmployeeId))
    .where(taught)
    .orderBy(
      programs.sortOrder,
      programs.name,
      courses.subject,
      courses.courseNumber,
      cs.sectionNumber,
      cs.id,
    );
  if (!sections.length) return { sections, regs: [], questions: [] };
  // Waitlisted and offered places are not on the roster (docs/decisions/050). A payment window
  // that has run out counts as canceled even before the sweeper records it.
  const r = registrations;
  const pa = participants;
  const g = guardians;
  const regs: RegistrationRow[] = await db
    .select({
      id: r.id,
      course_section_id: r.courseSectionId,
      status: r.status,
      cancel_reason: r.cancelReason,
      hold_expires_at: r.holdExpiresAt,
      created_at: r.createdAt,
      answers: r.answers,
      participant_id: pa.id,
      kind: pa.kind,
      name_first: pa.nameFirst,
      name_last: pa.nameLast,
      grade: pa.grade,
      gender: pa.gender,
      email: pa.email,
      custodian_emails: pa.custodianEmails,
      emergency_name: pa.emergencyName,
      emergency_phone: pa.emergencyPhone,
      emergency_relationship: pa.emergencyRelationship,
      language: pa.language,
      guardians: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'nameFirst', ${g.nameFirst}, 'nameLast', ${g.nameLast}, 'phone1', ${g.phone1},
          'email', ${g.email},
          'relationship', case when ${g.relationship} = 'Other'
            then coalesce(${g.relationshipOther}, ${g.relationship}) else ${g.relationship} end)
          order by ${g.position}, ${g.id}), '[]'::json)
        from ${g} where ${g.participantId} = ${pa.id})`,
      balance_cents: sql<number>`greatest(0, ${r.costCents} - ${r.creditsAppliedCents} - greatest(
          coalesce(${r.paidCents}, 0),
          coalesce(${db
            .select({ paid: sql`sum(${assessedFees.paidCents})` })
            .from(assessedFees)
            .where(eq(assessedFees.registrationId, r.id))}, 0)
        ))::int`,
    })
    .from(r)
    .innerJoin(pa, eq(pa.id, r.participantId))
    .innerJoin(cs, eq(cs.id, r.courseSectionId))
    .where(and(taught, inArray(r.status, ["registered", "pending_payment", "cancelled"])))
    .orderBy(r.createdAt, r.id);
  const questions: SectionQuestionRow[] = await db
    .select({
      id: courseQuestions.id,
      course_section_id: sql<string>`${courseQuestions.courseSectionId}`,
      question: courseQuestions.question,
      response_type: courseQuestions.responseType,
      sort_order: courseQuestions.sortOrder,
    })
    .from(courseQuestions)
    .innerJoin(cs, eq(cs.id, courseQuestions.courseSectionId))
    .where(taught)
    .orderBy(courseQuestions.sortOrder, courseQuestions.id);
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
  return db
    .select({
      id: fees.id,
      name: fees.name,
      short_name: schools.shortName,
      year: schoolYears.year,
      fee_type: fees.feeType,
    })
    .from(fees)
    .innerJoin(feeOwners, and(eq(feeOwners.feeId, fees.id), eq(feeOwners.employeeId, employeeId)))
    .leftJoin(schools, eq(schools.id, fees.schoolId))
    .leftJoin(schoolYears, eq(schoolYears.id, fees.schoolYearId))
    .orderBy(fees.name, fees.id);
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
  const [fee] = await db
    .select({ id: fees.id, name: fees.name, account_code: fees.accountCode })
    .from(fees)
    .innerJoin(feeOwners, and(eq(feeOwners.feeId, fees.id), eq(feeOwners.employeeId, employeeId)))
    .where(eq(fees.id, feeId));
  // Another owner's fee and a fee that does not exist answer the same, so IDs cannot be probed.
  if (!fee) throw new ApiError(404, t("staff.feeNotFound"), t("staff.feeNotFound"));
  const questions: ReportQuestionRow[] = await db
    .select({
      id: courseQuestions.id,
      question: courseQuestions.question,
      response_type: courseQuestions.responseType,
      sort_order: courseQuestions.sortOrder,
    })
    .from(courseQuestions)
    .where(eq(courseQuestions.feeId, feeId))
    .orderBy(courseQuestions.sortOrder, courseQuestions.id);
  const af = assessedFees;
  const pa = participants;
  const g = guests;
  const st = staff;
  const rows: FeeReportRow[] = await db
    .select({
      id: af.id,
      status: af.status,
      quantity: af.quantity,
      assessed_cost_cents: af.assessedCostCents,
      paid_cents: af.paidCents,
      assessed_at: af.assessedAt,
      paid_at: af.paidAt,
      notes: af.notes,
      answers: af.answers,
      payer_key: af.payerKey,
      p_id: pa.id,
      p_kind: pa.kind,
      p_first: pa.nameFirst,
      p_last: pa.nameLast,
      p_email: pa.email,
      p_custodian: pa.custodianEmails,
      g_first: g.nameFirst,
      g_last: g.nameLast,
      g_email: g.email,
      s_emp: st.employeeId,
      s_first: st.nameFirst,
      s_last: st.nameLast,
      s_email: st.email,
    })
    .from(af)
    .leftJoin(
      pa,
      eq(
        pa.id,
        sql`coalesce(${af.participantId},
          case when ${af.payerKey} ~ '^(student|community_member):[0-9]{1,9}$'
            then split_part(${af.payerKey}, ':', 2)::int end)`,
      ),
    )
    .leftJoin(g, eq(af.payerKey, sql`'guest_user:' || ${g.id}`))
    .leftJoin(st, eq(af.payerKey, sql`'staff:' || ${st.employeeId}`))
    .where(eq(af.feeId, feeId))
    .orderBy(
      sql`coalesce(${pa.nameLast}, ${g.nameLast}, ${st.nameLast})`,
      sql`coalesce(${pa.nameFirst}, ${g.nameFirst}, ${st.nameFirst})`,
      af.id,
    );
  return { fee, questions, rows };
}
