// Read-only queries of the administration's programs, courses and sections (decision 120):
// lists page on the server (CATALOGUE_PAGE_SIZE a page) and search by name.
import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import {
  CATALOGUE_PAGE_SIZE,
  type ListQuery,
  type Section,
  type SectionSummary,
  type SectionUpdateRequest,
} from "@domain/contract/admin-catalogue";
import { weekDaysOf } from "@domain/rules/week-days";
import type { Exec } from "../db/client";
import {
  courseQuestions,
  courseSections,
  courses,
  programs,
  registrations,
  schools,
  staff,
} from "../db/schema";
import { courseCode } from "@domain/rules/course-code";

const like = (q: string | undefined) =>
  q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;

/** How many sections a program has, and how many of them are active. */
function sectionCounts(db: Exec) {
  const of = (active?: SQL) =>
    sql<number>`(${db
      .select({ n: sql`count(*)::int` })
      .from(courseSections)
      .where(and(eq(courseSections.programId, programs.id), active))})`;
  return { sections: of(), activeSections: of(sql`${courseSections.active}`) };
}

/** A program's own values, as the program form edits them. */
export const PROGRAM_VALUE_COLUMNS = {
  id: programs.id,
  name: programs.name,
  open: programs.open,
  active: programs.active,
  oneSectionPerTerm: programs.oneSectionPerTerm,
  requiresSurvey: programs.requiresSurvey,
  allowPartial: programs.allowPartial,
  cancellationMessage: programs.cancellationMessage,
  sortOrder: programs.sortOrder,
};

/** A program as the administration lists it. */
const programColumns = (db: Exec) => ({ ...PROGRAM_VALUE_COLUMNS, ...sectionCounts(db) });

/** A section's question as the section form edits it. */
export const QUESTION_COLUMNS = {
  id: courseQuestions.id,
  question: courseQuestions.question,
  responseType: courseQuestions.responseType,
  answerList: courseQuestions.answerList,
  sortOrder: courseQuestions.sortOrder,
};

/** How many registrations of the section (`courseSections`) are in `status`, or not in it. */
const registrationCount = (db: Exec, status: SQL) =>
  sql<number>`(${db
    .select({ n: sql`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.courseSectionId, courseSections.id), status))})`;

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

/** SECTION_VALUE_COLUMNS for the query builder, over `course_sections`. */
const SECTION_VALUES = {
  courseId: courseSections.courseId,
  sectionNumber: courseSections.sectionNumber,
  termId: courseSections.termId,
  term: courseSections.term,
  instructorEmployeeId: courseSections.instructorEmployeeId,
  schoolId: courseSections.schoolId,
  restrictToSchool: courseSections.restrictToSchool,
  capacity: courseSections.capacity,
  waitlistEnabled: courseSections.waitlistEnabled,
  costCents: courseSections.costCents,
  creditHours: sql<number>`${courseSections.creditHours}::float8`,
  deliveryMethod: courseSections.deliveryMethod,
  meetingDays: courseSections.meetingDays,
  roomNumber: courseSections.roomNumber,
  dateStart: sql<string>`${courseSections.dateStart}::text`,
  dateEnd: sql<string>`${courseSections.dateEnd}::text`,
  timeStart: sql<string | null>`to_char(${courseSections.timeStart}, 'HH24:MI')`,
  timeEnd: sql<string | null>`to_char(${courseSections.timeEnd}, 'HH24:MI')`,
  allowCommunity: courseSections.allowCommunity,
  eligibleGrades: courseSections.eligibleGrades,
  timeConflictOverride: courseSections.timeConflictOverride,
  oneSectionPerTermOverride: courseSections.oneSectionPerTermOverride,
  notes: courseSections.notes,
};

/** A section's values as stored, with its state and program; null when there is none. */
export async function readSectionValues(
  db: Exec,
  id: string,
): Promise<(SectionValues & { active: boolean; programId: string }) | null> {
  const [row] = await db
    .select({
      ...SECTION_VALUES,
      active: courseSections.active,
      programId: courseSections.programId,
    })
    .from(courseSections)
    .where(eq(courseSections.id, id));
  if (!row) return null;
  return {
    ...row,
    creditHours: Number(row.creditHours),
    // The column holds what the form saved: one of DELIVERY_METHODS.
    deliveryMethod: row.deliveryMethod as SectionValues["deliveryMethod"],
    schoolId: row.schoolId ?? null,
    // Rows written before migration 0022, or by another system, may spell days as codes.
    meetingDays: weekDaysOf(row.meetingDays ?? []),
  };
}

/** Programs, retired last, in their order, 50 a page, matching the search. */
export async function listPrograms(db: Exec, q: ListQuery) {
  const pattern = like(q.q);
  const filter = sql`(${pattern}::text is null or lower(${programs.name}) like ${pattern})`;
  const [total] = await db.select({ n: count() }).from(programs).where(filter);
  const rows = await db
    .select(programColumns(db))
    .from(programs)
    .where(filter)
    .orderBy(desc(programs.active), programs.sortOrder, sql`lower(${programs.name})`, programs.id)
    .limit(CATALOGUE_PAGE_SIZE)
    .offset(offset(q.page));
  return { programs: rows, total: total!.n, page: q.page, pageSize: CATALOGUE_PAGE_SIZE };
}

/** A program and one page of its sections (by course and section number), matching the search. */
export async function readProgram(db: Exec, id: string, q: ListQuery) {
  const [program] = await db.select(programColumns(db)).from(programs).where(eq(programs.id, id));
  if (!program) return null;
  const pattern = like(q.q);
  const filter = sql`${courseSections.programId} = ${id} and (${pattern}::text is null
    or lower(${courses.name} || ' ' || ${courses.subject} || ' ' || ${courses.courseNumber} || ' ' || ${courseSections.sectionNumber}) like ${pattern})`;
  const [total] = await db
    .select({ n: count() })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(filter);
  const sections: SectionSummary[] = await db
    .select({
      id: courseSections.id,
      courseId: courseSections.courseId,
      subject: courses.subject,
      courseNumber: courses.courseNumber,
      courseName: courses.name,
      sectionNumber: courseSections.sectionNumber,
      termId: courseSections.termId,
      term: courseSections.term,
      capacity: courseSections.capacity,
      seatsTaken: courseSections.seatsTaken,
      waiting: registrationCount(db, eq(registrations.status, "waitlisted")),
      active: courseSections.active,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(filter)
    .orderBy(
      desc(courseSections.active),
      courses.subject,
      courses.courseNumber,
      courseSections.sectionNumber,
      courseSections.id,
    )
    .limit(CATALOGUE_PAGE_SIZE)
    .offset(offset(q.page));
  return {
    program,
    sections,
    total: total!.n,
    page: q.page,
    pageSize: CATALOGUE_PAGE_SIZE,
  };
}

/** A section with every field, its questions and how many registrations it has. */
export async function readSection(db: Exec, id: string): Promise<Section | null> {
  const values = await readSectionValues(db, id);
  if (!values) return null;
  const [extra] = await db
    .select({
      programName: programs.name,
      courseName: courses.name,
      seatsTaken: courseSections.seatsTaken,
      waiting: registrationCount(db, eq(registrations.status, "waitlisted")),
      registrations: registrationCount(db, ne(registrations.status, "cancelled")),
    })
    .from(courseSections)
    .innerJoin(programs, eq(programs.id, courseSections.programId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, id));
  const questions = await db
    .select(QUESTION_COLUMNS)
    .from(courseQuestions)
    .where(eq(courseQuestions.courseSectionId, id))
    .orderBy(courseQuestions.sortOrder, courseQuestions.id);
  return { id, ...values, ...extra!, questions } as Section;
}

const COURSE_COLUMNS = {
  id: courses.id,
  subject: courses.subject,
  courseNumber: courses.courseNumber,
  name: courses.name,
  description: courses.description,
  category: courses.category,
};

/** Courses by subject and number, 50 a page, matching the search. */
export async function listCourses(db: Exec, q: ListQuery) {
  const pattern = like(q.q);
  const filter = sql`(${pattern}::text is null
    or lower(${courses.name} || ' ' || ${courses.subject} || ' ' || ${courses.courseNumber}) like ${pattern})`;
  const [total] = await db.select({ n: count() }).from(courses).where(filter);
  const rows = await db
    .select(COURSE_COLUMNS)
    .from(courses)
    .where(filter)
    .orderBy(courses.subject, courses.courseNumber, sql`lower(${courses.name})`, courses.id)
    .limit(CATALOGUE_PAGE_SIZE)
    .offset(offset(q.page));
  return { courses: rows, total: total!.n, page: q.page, pageSize: CATALOGUE_PAGE_SIZE };
}

export async function readCourse(db: Exec, id: string) {
  const [row] = await db.select(COURSE_COLUMNS).from(courses).where(eq(courses.id, id));
  return row ?? null;
}

/** What the section form chooses from: every course, school and instructor. */
export async function readSectionOptions(db: Exec) {
  const rows = await db
    .select({
      id: courses.id,
      subject: courses.subject,
      courseNumber: courses.courseNumber,
      name: courses.name,
    })
    .from(courses)
    .orderBy(courses.subject, courses.courseNumber, sql`lower(${courses.name})`);
  const courseChoices = rows.map((c) => ({
    id: c.id,
    label: `${courseCode(c.subject, c.courseNumber)} ${c.name}`,
  }));
  const schoolChoices = await db
    .select({ id: schools.id, name: schools.fullName })
    .from(schools)
    .orderBy(asc(schools.fullName));
  const instructors = await db
    .select({
      employeeId: staff.employeeId,
      name: sql<string>`${staff.nameFirst} || ' ' || ${staff.nameLast}`,
    })
    .from(staff)
    .where(and(eq(staff.active, true), sql`'instructor' = any(${staff.roles})`))
    .orderBy(staff.nameLast, staff.nameFirst);
  return { courses: courseChoices, schools: schoolChoices, instructors };
}
