// Read-only queries of the administration's programs, courses and sections (decision 120):
// lists page on the server (CATALOGUE_PAGE_SIZE a page) and search by name.
import { sql } from "drizzle-orm";
import {
  CATALOGUE_PAGE_SIZE,
  type ListQuery,
  type Program,
  type Section,
  type SectionSummary,
  type SectionUpdateRequest,
} from "@domain/contract/admin-catalogue";
import { weekDaysOf } from "@domain/rules/week-days";
import { queryRows, type Exec } from "../db/client";
import { courseCode } from "@domain/rules/course-code";

const like = (q: string | undefined) =>
  q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;

const PROGRAM_COLUMNS = sql`p.id, p.name, p.open, p.active,
  p.one_section_per_term as "oneSectionPerTerm", p.requires_survey as "requiresSurvey",
  p.allow_partial as "allowPartial", p.cancellation_message as "cancellationMessage",
  p.sort_order as "sortOrder",
  (select count(*)::int from course_sections s where s.program_id = p.id) as sections,
  (select count(*)::int from course_sections s where s.program_id = p.id and s.active)
    as "activeSections"`;

const offset = (page: number) => (page - 1) * CATALOGUE_PAGE_SIZE;

/** A section's own values, as the administration edits them (without its questions). */
export type SectionValues = Omit<SectionUpdateRequest, "questions">;

export const SECTION_VALUE_COLUMNS = sql`s.course_id as "courseId", s.section_number as "sectionNumber",
  s.term_id as "termId", s.term, s.instructor_employee_id as "instructorEmployeeId",
  s.school_id as "schoolId", s.restrict_to_school as "restrictToSchool", s.capacity,
  s.waitlist_enabled as "waitlistEnabled", s.cost_cents as "costCents",
  s.credit_hours::float8 as "creditHours", s.delivery_method as "deliveryMethod",
  s.meeting_days as "meetingDays", s.room_number as "roomNumber",
  s.date_start::text as "dateStart", s.date_end::text as "dateEnd",
  to_char(s.time_start, 'HH24:MI') as "timeStart", to_char(s.time_end, 'HH24:MI') as "timeEnd",
  s.allow_community as "allowCommunity", s.eligible_grades as "eligibleGrades",
  s.time_conflict_override as "timeConflictOverride",
  s.one_section_per_term_override as "oneSectionPerTermOverride", s.notes`;

/** A section's values as stored, with its state and program; null when there is none. */
export async function readSectionValues(
  db: Exec,
  id: string,
): Promise<(SectionValues & { active: boolean; programId: string }) | null> {
  const [row] = await queryRows<SectionValues & { active: boolean; programId: string }>(
    db,
    sql`select ${SECTION_VALUE_COLUMNS}, s.active, s.program_id as "programId"
      from course_sections s where s.id = ${id}`,
  );
  if (!row) return null;
  return {
    ...row,
    creditHours: Number(row.creditHours),
    schoolId: row.schoolId ?? null,
    // Rows written before migration 0022, or by another system, may spell days as codes.
    meetingDays: weekDaysOf(row.meetingDays ?? []),
  };
}

/** Programs, retired last, in their order, 50 a page, matching the search. */
export async function listPrograms(db: Exec, q: ListQuery) {
  const pattern = like(q.q);
  const filter = sql`(${pattern}::text is null or lower(p.name) like ${pattern})`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from programs p where ${filter}`,
  );
  const programs = await queryRows<Program>(
    db,
    sql`select ${PROGRAM_COLUMNS} from programs p where ${filter}
      order by p.active desc, p.sort_order, lower(p.name), p.id
      limit ${CATALOGUE_PAGE_SIZE} offset ${offset(q.page)}`,
  );
  return { programs, total: Number(count!.n), page: q.page, pageSize: CATALOGUE_PAGE_SIZE };
}

/** A program and one page of its sections (by course and section number), matching the search. */
export async function readProgram(db: Exec, id: string, q: ListQuery) {
  const [program] = await queryRows<Program>(
    db,
    sql`select ${PROGRAM_COLUMNS} from programs p where p.id = ${id}`,
  );
  if (!program) return null;
  const pattern = like(q.q);
  const filter = sql`s.program_id = ${id} and (${pattern}::text is null
    or lower(c.name || ' ' || c.subject || ' ' || c.course_number || ' ' || s.section_number) like ${pattern})`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from course_sections s join courses c on c.id = s.course_id
      where ${filter}`,
  );
  const sections = await queryRows<SectionSummary>(
    db,
    sql`select s.id, s.course_id as "courseId", c.subject, c.course_number as "courseNumber",
        c.name as "courseName", s.section_number as "sectionNumber", s.term_id as "termId", s.term,
        s.capacity, s.seats_taken as "seatsTaken",
        (select count(*)::int from registrations r
          where r.course_section_id = s.id and r.status = 'waitlisted') as waiting,
        s.active
      from course_sections s join courses c on c.id = s.course_id
      where ${filter}
      order by s.active desc, c.subject, c.course_number, s.section_number, s.id
      limit ${CATALOGUE_PAGE_SIZE} offset ${offset(q.page)}`,
  );
  return {
    program,
    sections,
    total: Number(count!.n),
    page: q.page,
    pageSize: CATALOGUE_PAGE_SIZE,
  };
}

/** A section with every field, its questions and how many registrations it has. */
export async function readSection(db: Exec, id: string): Promise<Section | null> {
  const values = await readSectionValues(db, id);
  if (!values) return null;
  const [extra] = await queryRows<{
    programName: string;
    courseName: string;
    seatsTaken: number;
    waiting: number;
    registrations: number;
  }>(
    db,
    sql`select p.name as "programName", c.name as "courseName", s.seats_taken as "seatsTaken",
        (select count(*)::int from registrations r
          where r.course_section_id = s.id and r.status = 'waitlisted') as waiting,
        (select count(*)::int from registrations r
          where r.course_section_id = s.id and r.status <> 'cancelled') as registrations
      from course_sections s join programs p on p.id = s.program_id
        join courses c on c.id = s.course_id
      where s.id = ${id}`,
  );
  const questions = await queryRows<Section["questions"][number]>(
    db,
    sql`select id, question, response_type as "responseType", answer_list as "answerList",
        sort_order as "sortOrder"
      from course_questions where course_section_id = ${id} order by sort_order, id`,
  );
  return { id, ...values, ...extra!, questions } as Section;
}

/** Courses by subject and number, 50 a page, matching the search. */
export async function listCourses(db: Exec, q: ListQuery) {
  const pattern = like(q.q);
  const filter = sql`(${pattern}::text is null
    or lower(name || ' ' || subject || ' ' || course_number) like ${pattern})`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from courses where ${filter}`,
  );
  const courses = await queryRows<{
    id: string;
    subject: string;
    courseNumber: string;
    name: string;
    description: string;
    category: string | null;
  }>(
    db,
    sql`select id, subject, course_number as "courseNumber", name, description, category
      from courses where ${filter}
      order by subject, course_number, lower(name), id
      limit ${CATALOGUE_PAGE_SIZE} offset ${offset(q.page)}`,
  );
  return { courses, total: Number(count!.n), page: q.page, pageSize: CATALOGUE_PAGE_SIZE };
}

export async function readCourse(db: Exec, id: string) {
  const [row] = await queryRows<{
    id: string;
    subject: string;
    courseNumber: string;
    name: string;
    description: string;
    category: string | null;
  }>(
    db,
    sql`select id, subject, course_number as "courseNumber", name, description, category
      from courses where id = ${id}`,
  );
  return row ?? null;
}

/** What the section form chooses from: every course, school and instructor. */
export async function readSectionOptions(db: Exec) {
  const rows = await queryRows<{ id: string; subject: string; courseNumber: string; name: string }>(
    db,
    sql`select id, subject, course_number as "courseNumber", name
      from courses order by subject, course_number, lower(name)`,
  );
  const courses = rows.map((c) => ({
    id: c.id,
    label: `${courseCode(c.subject, c.courseNumber)} ${c.name}`,
  }));
  const schools = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, full_name as name from schools order by full_name`,
  );
  const instructors = await queryRows<{ employeeId: string; name: string }>(
    db,
    sql`select employee_id as "employeeId", name_first || ' ' || name_last as name
      from staff where active and 'instructor' = any(roles) order by name_last, name_first`,
  );
  return { courses, schools, instructors };
}
