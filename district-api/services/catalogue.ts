// Programs, courses, sections and their questions, changed by administrators
// (decision 120). Every change is one transaction that records its audit entry (only the keys that
// changed; a change that changes nothing records nothing). A section is changed under its row lock
// (services/locks.ts), so a capacity raise offers the freed seats to the waiting list in order with
// the registration path's own offerFreedSeats, and never twice. The family program list's catalogue
// version is bumped by the triggers of migration 0009 on every write here.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { inReaderLanguage } from "./participant-language";
import { ZodError, z } from "zod";
import type {
  CopyReply,
  CopyRequest,
  CourseRequest,
  ProgramChange,
  ProgramRequest,
  QuestionInput,
  SectionCreateRequest,
  SectionUpdateRequest,
} from "@domain/contract/admin-catalogue";
import { t } from "@domain/messages";
import { queryRows, type Db, type Exec } from "../db/client";
import { courseQuestions, courseSections, courses, programs, registrations } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { QUESTION_COLUMNS, readSectionValues, type SectionValues } from "../queries/catalogue";
import { lockRows } from "./locks";
import { recordAudit, type Actor } from "./audit";
import { enqueueMails, type QueuedMail } from "./mail-queue";
import { recordSectionCancelRefunds, sendRefund, type CancelRefund } from "./refunds";
import { currentSeats, lockSection, offerFreedSeats, releaseExpiredHolds } from "./registration";
import { courseNameIn, districtTextIn } from "../queries/spanish-texts";

/** The audit actions of the catalogue. */
export const CATALOGUE_ACTIONS = {
  programCreate: "program.create",
  programUpdate: "program.update",
  programCopy: "program.copy",
  courseCreate: "course.create",
  courseUpdate: "course.update",
  sectionCreate: "section.create",
  sectionUpdate: "section.update",
  sectionCancel: "section.cancel",
  sectionDelete: "section.delete",
  questionCreate: "course-question.create",
  questionUpdate: "course-question.update",
  questionDelete: "course-question.delete",
} as const;

/** A 400 naming the field, as a bad body gets from the HTTP layer. */
function fieldError(path: (string | number)[], message: string): ZodError {
  return new ZodError([{ code: z.ZodIssueCode.custom, path, message }]);
}

/** A PostgreSQL array literal of texts, each element quoted. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

/** The keys whose values differ, as `before` and `after`; null when nothing changed. */
function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

// ---- Programs --------------------------------------------------------------------------------

export interface ProgramValues {
  name: string;
  open: boolean;
  active: boolean;
  oneSectionPerTerm: boolean;
  requiresSurvey: boolean;
  allowPartial: boolean;
  cancellationMessage: string | null;
  sortOrder: number;
}

const PROGRAM_COLUMNS = sql`id, name, open, active, one_section_per_term as "oneSectionPerTerm",
  requires_survey as "requiresSurvey", allow_partial as "allowPartial",
  cancellation_message as "cancellationMessage", sort_order as "sortOrder"`;

export async function createProgram(
  db: Db,
  actor: Actor,
  input: ProgramRequest,
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programs)
      .values({
        name: input.name,
        open: input.open,
        active: input.active,
        oneSectionPerTerm: input.oneSectionPerTerm,
        requiresSurvey: input.requiresSurvey,
        allowPartial: input.allowPartial,
        cancellationMessage: input.cancellationMessage,
        sortOrder: input.sortOrder,
      })
      .returning({ id: programs.id });
    await recordAudit(
      tx,
      actor,
      {
        action: CATALOGUE_ACTIONS.programCreate,
        entity: "program",
        entityId: row!.id,
        after: input,
      },
      now,
    );
    return { id: row!.id };
  });
}

async function lockProgram(tx: Exec, id: string): Promise<(ProgramValues & { id: string }) | null> {
  const [row] = await lockRows<ProgramValues & { id: string }>(
    tx,
    "program",
    sql`select ${PROGRAM_COLUMNS} from programs where id = ${id}`,
  );
  return row ?? null;
}

/** Changes the fields given; returns the keys that changed (none: nothing written). */
export async function updateProgram(
  db: Db,
  actor: Actor,
  id: string,
  change: ProgramChange,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const current = await lockProgram(tx, id);
    if (!current) throw new ApiError(404, t("admin.catalogue.notFound"));
    const { id: _id, ...before } = current;
    const changed = diff(before, change);
    if (!changed) return [];
    const a = changed.after;
    await tx.execute(
      sql`update programs set
          name = coalesce(${a.name ?? null}, name),
          open = coalesce(${a.open ?? null}::boolean, open),
          active = coalesce(${a.active ?? null}::boolean, active),
          one_section_per_term = coalesce(${a.oneSectionPerTerm ?? null}::boolean, one_section_per_term),
          requires_survey = coalesce(${a.requiresSurvey ?? null}::boolean, requires_survey),
          allow_partial = coalesce(${a.allowPartial ?? null}::boolean, allow_partial),
          cancellation_message = case when ${"cancellationMessage" in a}::boolean
            then ${a.cancellationMessage ?? null} else cancellation_message end,
          sort_order = coalesce(${a.sortOrder ?? null}::integer, sort_order)
        where id = ${id}`,
    );
    await recordAudit(
      tx,
      actor,
      { action: CATALOGUE_ACTIONS.programUpdate, entity: "program", entityId: id, ...changed },
      now,
    );
    return Object.keys(a);
  });
}

// ---- Courses ---------------------------------------------------------------------------------

const COURSE_COLUMNS = sql`id, subject, course_number as "courseNumber", name, description, category`;

export async function createCourse(
  db: Db,
  actor: Actor,
  input: CourseRequest,
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({
        subject: input.subject,
        courseNumber: input.courseNumber,
        name: input.name,
        description: input.description,
        category: input.category,
      })
      .returning({ id: courses.id });
    await recordAudit(
      tx,
      actor,
      { action: CATALOGUE_ACTIONS.courseCreate, entity: "course", entityId: row!.id, after: input },
      now,
    );
    return { id: row!.id };
  });
}

export async function updateCourse(
  db: Db,
  actor: Actor,
  id: string,
  input: CourseRequest,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [current] = await lockRows<CourseRequest & { id: string }>(
      tx,
      "course",
      sql`select ${COURSE_COLUMNS} from courses where id = ${id}`,
    );
    if (!current) throw new ApiError(404, t("admin.catalogue.notFound"));
    const { id: _id, ...before } = current;
    const changed = diff(before, input);
    if (!changed) return [];
    await tx.execute(
      sql`update courses set subject = ${input.subject}, course_number = ${input.courseNumber},
          name = ${input.name}, description = ${input.description}, category = ${input.category}
        where id = ${id}`,
    );
    await recordAudit(
      tx,
      actor,
      { action: CATALOGUE_ACTIONS.courseUpdate, entity: "course", entityId: id, ...changed },
      now,
    );
    return Object.keys(changed.after);
  });
}

// ---- Sections --------------------------------------------------------------------------------

/** The course, school and instructor a section names must exist: a 400 naming the field. */
async function checkReferences(tx: Exec, v: SectionValues): Promise<void> {
  // Raw: one row of three tests with no table to select from, which the builder cannot write.
  const [row] = await queryRows<{ course: boolean; school: boolean; instructor: boolean }>(
    tx,
    sql`select exists (select 1 from courses where id = ${v.courseId}) as course,
        (${v.schoolId}::integer is null or exists (select 1 from schools where id = ${v.schoolId})) as school,
        (${v.instructorEmployeeId}::text is null
          or exists (select 1 from staff where employee_id = ${v.instructorEmployeeId})) as instructor`,
  );
  if (!row!.course) throw fieldError(["courseId"], t("admin.catalogue.courseMissing"));
  if (!row!.school) throw fieldError(["schoolId"], t("admin.catalogue.schoolMissing"));
  if (!row!.instructor) {
    throw fieldError(["instructorEmployeeId"], t("admin.catalogue.instructorMissing"));
  }
}

/**
 * A new section of the program with every value: its required columns inserted, then the rest set
 * as an edit sets them (`sectionSet`), so a new and an edited section are written alike. `sourceKey`
 * is the catalogue import's code for the row. Returns the section's id.
 */
export async function insertSection(
  tx: Exec,
  programId: string,
  values: SectionValues,
  sourceKey?: string,
): Promise<string> {
  const [row] = await tx
    .insert(courseSections)
    .values({
      programId,
      courseId: values.courseId,
      sectionNumber: values.sectionNumber,
      termId: values.termId,
      term: values.term,
      capacity: values.capacity,
      dateStart: values.dateStart,
      dateEnd: values.dateEnd,
      sourceKey,
    })
    .returning({ id: courseSections.id });
  await tx.execute(sql`update course_sections set ${sectionSet(values)} where id = ${row!.id}`);
  return row!.id;
}

export const sectionSet = (v: SectionValues) => sql`course_id = ${v.courseId},
  section_number = ${v.sectionNumber}, term_id = ${v.termId}, term = ${v.term},
  instructor_employee_id = ${v.instructorEmployeeId}, school_id = ${v.schoolId},
  restrict_to_school = ${v.restrictToSchool}, capacity = ${v.capacity},
  waitlist_enabled = ${v.waitlistEnabled}, cost_cents = ${v.costCents},
  credit_hours = ${v.creditHours}, delivery_method = ${v.deliveryMethod},
  meeting_days = ${textArray(v.meetingDays)}::text[], room_number = ${v.roomNumber},
  date_start = ${v.dateStart}::date, date_end = ${v.dateEnd}::date,
  time_start = ${v.timeStart}::time, time_end = ${v.timeEnd}::time,
  allow_community = ${v.allowCommunity},
  eligible_grades = ${v.eligibleGrades === null ? null : textArray(v.eligibleGrades)}::text[],
  time_conflict_override = ${v.timeConflictOverride},
  one_section_per_term_override = ${v.oneSectionPerTermOverride}, notes = ${v.notes}`;

/** Writes the section's questions: keeps those given by id, adds new ones, deletes the rest. */
async function saveQuestions(
  tx: Exec,
  actor: Actor,
  sectionId: string,
  questions: QuestionInput[],
  now: Date,
): Promise<void> {
  const existing = await tx
    .select(QUESTION_COLUMNS)
    .from(courseQuestions)
    .where(eq(courseQuestions.courseSectionId, sectionId))
    .orderBy(asc(courseQuestions.id));
  const byId = new Map(existing.map((q) => [q.id, q]));
  questions.forEach((q, i) => {
    if (q.id != null && !byId.has(q.id)) {
      throw fieldError(["questions", i, "id"], t("admin.catalogue.questionMissing"));
    }
  });
  const kept = new Set(questions.map((q) => q.id).filter((id): id is number => id != null));
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    await tx.execute(sql`delete from course_questions where id = ${old.id}`);
    const { id, ...before } = old;
    await recordAudit(
      tx,
      actor,
      { action: CATALOGUE_ACTIONS.questionDelete, entity: "course-question", entityId: id, before },
      now,
    );
  }
  for (const q of questions) {
    const values = {
      question: q.question,
      responseType: q.responseType,
      answerList: q.answerList,
      sortOrder: q.sortOrder,
    };
    if (q.id != null) {
      const { id: _id, ...before } = byId.get(q.id)!;
      const changed = diff(before, values);
      if (!changed) continue;
      await tx.execute(
        sql`update course_questions set question = ${q.question}, response_type = ${q.responseType},
            answer_list = ${textArray(q.answerList)}::text[], sort_order = ${q.sortOrder}
          where id = ${q.id}`,
      );
      await recordAudit(
        tx,
        actor,
        {
          action: CATALOGUE_ACTIONS.questionUpdate,
          entity: "course-question",
          entityId: q.id,
          ...changed,
        },
        now,
      );
    } else {
      const [row] = await tx
        .insert(courseQuestions)
        .values({
          courseSectionId: sectionId,
          question: q.question,
          responseType: q.responseType,
          answerList: q.answerList,
          sortOrder: q.sortOrder,
        })
        .returning({ id: courseQuestions.id });
      await recordAudit(
        tx,
        actor,
        {
          action: CATALOGUE_ACTIONS.questionCreate,
          entity: "course-question",
          entityId: row!.id,
          after: { sectionId, ...values },
        },
        now,
      );
    }
  }
}

export async function createSection(
  db: Db,
  actor: Actor,
  input: SectionCreateRequest,
  now: Date,
): Promise<{ id: string }> {
  const { programId, questions, ...values } = input;
  return db.transaction(async (tx) => {
    // The program may not change under its new section (NO KEY UPDATE: the section refers to it).
    const [program] = await lockRows<{ id: string }>(
      tx,
      "program",
      sql`select id from programs where id = ${programId}`,
      undefined,
      "no key update",
    );
    if (!program) throw fieldError(["programId"], t("admin.catalogue.notFound"));
    await checkReferences(tx, values);
    const id = await insertSection(tx, programId, values);
    await recordAudit(
      tx,
      actor,
      {
        action: CATALOGUE_ACTIONS.sectionCreate,
        entity: "section",
        entityId: id,
        after: { programId, ...values },
      },
      now,
    );
    await saveQuestions(tx, actor, id, questions, now);
    return { id };
  });
}

/**
 * Saves a section under its lock. Capacity cannot go below the seats taken (400 naming it); a raise
 * offers the new seats to the people waiting, first come first served, in the same transaction.
 * Returns how many waiting people were given a seat.
 */
export async function updateSection(
  deps: ApiDeps,
  actor: Actor,
  id: string,
  input: SectionUpdateRequest,
  now: Date,
): Promise<{ changed: string[]; offered: number }> {
  const { questions, ...values } = input;
  const mail: QueuedMail[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw new ApiError(404, t("admin.catalogue.notFound"));
    const current = (await readSectionValues(tx, id))!;
    if (!current.active) throw new ApiError(409, t("admin.catalogue.sectionCancelled"));
    await releaseExpiredHolds(tx, id, now);
    const taken = await currentSeats(tx, id);
    if (values.capacity < taken) {
      throw fieldError(["capacity"], t("admin.catalogue.capacityBelowTaken", { taken }));
    }
    await checkReferences(tx, values);
    const { active: _a, programId: _p, ...before } = current;
    const changed = diff(before, values);
    if (changed) {
      await tx.execute(sql`update course_sections set ${sectionSet(values)} where id = ${id}`);
      await recordAudit(
        tx,
        actor,
        { action: CATALOGUE_ACTIONS.sectionUpdate, entity: "section", entityId: id, ...changed },
        now,
      );
    }
    await saveQuestions(tx, actor, id, questions, now);
    let offered = 0;
    if (values.capacity > taken) {
      await offerFreedSeats(
        tx,
        deps,
        { ...section, capacity: values.capacity, cost_cents: values.costCents, seats_taken: taken },
        now,
        mail,
      );
      offered = (await currentSeats(tx, id)) - taken;
    }
    await enqueueMails(tx, mail);
    return { changed: changed ? Object.keys(changed.after) : [], offered };
  });
  return result;
}

/**
 * Cancels a section: it is closed (inactive), every live registration and waiting-list place in it
 * is cancelled and its seats freed, and each family is e-mailed after the commit.
 */
export async function cancelSection(
  deps: ApiDeps,
  actor: Actor,
  id: string,
  now: Date,
): Promise<{ cancelled: number; told: number; refunds: number }> {
  const mail: QueuedMail[] = [];
  let refunds: CancelRefund[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw new ApiError(404, t("admin.catalogue.notFound"));
    const [info] = await tx
      .select({ active: courseSections.active, program: programs.name })
      .from(courseSections)
      .innerJoin(programs, eq(programs.id, courseSections.programId))
      .where(eq(courseSections.id, id));
    if (!info!.active) throw new ApiError(409, t("admin.catalogue.alreadyCancelled"));
    const reason = t("admin.catalogue.cancelReason");
    // The money paid for its registrations goes back (decision 133): recorded now, under the
    // payments' locks taken before the registrations' (LOCK_ORDER), sent after the commit.
    const holding = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.courseSectionId, id),
          inArray(registrations.status, ["registered", "pending_payment", "waitlisted", "offered"]),
        ),
      )
      .orderBy(asc(registrations.id));
    refunds = await recordSectionCancelRefunds(
      tx,
      id,
      holding.map((r) => r.id),
      now,
    );
    // Raw: an update's returned rows joined in one statement (a data-modifying CTE).
    const people = await queryRows<{
      id: string;
      participant_id: number;
      email: string | null;
      name_first: string;
    }>(
      tx,
      sql`with c as (
          update registrations set status = 'cancelled', cancel_reason = ${reason},
            cancelled_at = ${now}, updated_at = ${now}, in_cart = false, hold_expires_at = null
          where course_section_id = ${id}
            and status in ('registered', 'pending_payment', 'waitlisted', 'offered')
          returning id, participant_id)
        select c.id, c.participant_id, p.email, p.name_first from c join participants p on p.id = c.participant_id
        order by c.id`,
    );
    await tx.execute(
      sql`update course_sections set active = false, seats_taken = 0 where id = ${id}`,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: CATALOGUE_ACTIONS.sectionCancel,
        entity: "section",
        entityId: id,
        before: { active: true, registrations: people.length },
        after: { active: false, registrations: 0 },
      },
      now,
    );
    const told = new Set<string>();
    for (const p of people) {
      const to = p.email;
      if (!to || told.has(to)) continue;
      told.add(to);
      // In each family's language (decision 171), though an administrator cancels.
      mail.push(
        await inReaderLanguage(tx, p.participant_id, async () => {
          // The course and program as the family's pages name them (decision 172).
          const course = await courseNameIn(tx, section);
          const program = await districtTextIn(
            tx,
            "program",
            section.program_id,
            "name",
            info!.program,
          );
          return {
            kind: "section-cancelled" as const,
            participantId: Number(p.participant_id),
            registrationId: p.id,
            to,
            subject: t("admin.catalogue.cancelMailSubject", { course }),
            text: t("admin.catalogue.cancelMailBody", {
              name: p.name_first,
              course,
              program,
              district: deps.districtName,
            }),
          };
        }),
      );
    }
    await enqueueMails(tx, mail);
    return { cancelled: people.length, told: told.size };
  });
  // A card goes back through the provider (same idempotency key on a retry from the office's
  // list); money taken by hand stays pending for the office to pay out.
  for (const refund of refunds) {
    if (refund.paymentRef) await sendRefund(deps, refund.row, refund.paymentRef);
  }
  return { ...result, refunds: refunds.length };
}

/** Deletes a section that never had a registration (409 otherwise: cancel it instead). */
export async function deleteSection(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    if (!section) throw new ApiError(404, t("admin.catalogue.notFound"));
    const [used] = await tx
      .select({ n: sql<number>`1` })
      .from(registrations)
      .where(eq(registrations.courseSectionId, id))
      .limit(1);
    if (used) throw new ApiError(409, t("admin.catalogue.hasRegistrations"));
    const before = await readSectionValues(tx, id);
    const questions = await tx
      .delete(courseQuestions)
      .where(eq(courseQuestions.courseSectionId, id))
      .returning({ id: courseQuestions.id, question: courseQuestions.question });
    await tx.execute(sql`delete from course_sections where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: CATALOGUE_ACTIONS.sectionDelete,
        entity: "section",
        entityId: id,
        before: { ...before, questions: questions.map((q) => q.question) },
      },
      now,
    );
  });
}

/**
 * Copies a program with every active section and its questions to a new term, as a new closed
 * program: two set-based statements, whatever the number of sections. Dates move by the days
 * between the earliest section start and `firstDay`; nothing of registrations is copied.
 */
export async function copyProgram(
  db: Db,
  actor: Actor,
  sourceId: string,
  input: CopyRequest,
  now: Date,
): Promise<CopyReply> {
  return db.transaction(async (tx) => {
    const source = await lockProgram(tx, sourceId);
    if (!source) throw new ApiError(404, t("admin.catalogue.notFound"));
    const [taken] = await tx
      .select({ n: sql<number>`1` })
      .from(programs)
      .where(eq(sql`lower(${programs.name})`, sql`lower(${input.name})`))
      .limit(1);
    if (taken) {
      throw new ApiError(409, t("admin.catalogue.nameTaken", { name: input.name }));
    }
    // Days from the earliest active section's start to the first day (null: none is active).
    const shiftToFirstDay = sql<number | null>`(${input.firstDay}::date
      - min(${courseSections.dateStart}))::int`;
    const [span] = await tx
      .select({ shift: shiftToFirstDay })
      .from(courseSections)
      .where(and(eq(courseSections.programId, sourceId), eq(courseSections.active, true)));
    if (span?.shift === null || span?.shift === undefined) {
      throw new ApiError(409, t("admin.catalogue.nothingToCopy"));
    }
    const shift = Number(span.shift);
    // Raw: an insert from a select of some of the source's columns.
    const [program] = await queryRows<{ id: string }>(
      tx,
      sql`insert into programs (name, open, active, one_section_per_term, requires_survey,
          allow_partial, cancellation_message, sort_order)
        select ${input.name}, false, true, one_section_per_term, requires_survey, allow_partial,
          cancellation_message, sort_order
        from programs where id = ${sourceId}
        returning id`,
    );
    const newId = program!.id;
    // Raw: two inserts from selects chained in data-modifying CTEs (one statement).
    const [counts] = await queryRows<{ sections: number; questions: number }>(
      tx,
      sql`with m as materialized (
          select id as old_id, gen_random_uuid() as new_id
          from course_sections where program_id = ${sourceId} and active),
        s as (
          insert into course_sections (id, program_id, course_id, section_number, term_id, term,
            instructor_employee_id, school_id, restrict_to_school, capacity, seats_taken,
            waitlist_enabled, credit_hours, delivery_method, meeting_days, room_number,
            date_start, date_end, time_start, time_end, cost_cents, allow_community,
            eligible_grades, time_conflict_override, one_section_per_term_override, active, notes)
          select m.new_id, ${newId}, o.course_id, o.section_number, ${input.termId}, ${input.term},
            o.instructor_employee_id, o.school_id, o.restrict_to_school, o.capacity, 0,
            o.waitlist_enabled, o.credit_hours, o.delivery_method, o.meeting_days, o.room_number,
            o.date_start + ${shift}::int, o.date_end + ${shift}::int, o.time_start, o.time_end,
            o.cost_cents, o.allow_community, o.eligible_grades, o.time_conflict_override,
            o.one_section_per_term_override, true, o.notes
          from m join course_sections o on o.id = m.old_id
          returning id),
        q as (
          insert into course_questions (course_section_id, question, response_type, answer_list,
            sort_order)
          select m.new_id, oq.question, oq.response_type, oq.answer_list, oq.sort_order
          from m join course_questions oq on oq.course_section_id = m.old_id
          returning id)
        select (select count(*) from s)::int as sections, (select count(*) from q)::int as questions`,
    );
    const reply = {
      programId: newId,
      sections: Number(counts!.sections),
      questions: Number(counts!.questions),
    };
    await recordAudit(
      tx,
      actor,
      {
        action: CATALOGUE_ACTIONS.programCopy,
        entity: "program",
        entityId: newId,
        before: { from: sourceId, name: source.name },
        after: { ...input, sections: reply.sections, questions: reply.questions },
      },
      now,
    );
    return reply;
  });
}
