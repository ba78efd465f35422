// GET /v1/program and POST /v1/survey/{programUUID} (spec 01 §7). The program list is built with
// one set-based statement per request, whatever the number of courses.
import { Router } from "express";
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  ProgramsQuery,
  SurveyRequest,
  type Course,
  type CourseQuestion,
  type Program,
  type RegistrationStatus,
} from "@domain/contract/programs";
import { t } from "@domain/messages";
import { courseStatus } from "@domain/rules/course-status";
import { effectiveCostCents } from "@domain/rules/registration";
import { toDollars } from "@domain/rules/money";
import { queryRows } from "../db/client";
import type { ApiDeps } from "../deps";
import { ApiError, handle, participantId } from "./kit";

interface Row {
  program_id: string;
  program_name: string;
  open: boolean;
  one_section_per_term: boolean;
  requires_survey: boolean;
  allow_partial: boolean;
  cancellation_message: string | null;
  section_id: string;
  course_id: string;
  term_id: string;
  term: string;
  category: string | null;
  course_number: string;
  course_name: string;
  description: string;
  section_number: string;
  date_start: string;
  date_end: string;
  meeting_days: string[];
  time_start: string | null;
  time_end: string | null;
  delivery_method: string;
  credit_hours: number;
  cost_cents: number;
  capacity: number;
  seats_effective: number;
  waiting: number;
  waitlist_enabled: boolean;
  notes: string | null;
  school_name: string | null;
  time_conflict_override: boolean;
  one_section_per_term_override: boolean;
  reg_id: string | null;
  reg_status: RegistrationStatus | null;
  reg_cost: number | null;
  paid_cents: number | null;
  pending_cents: number | null;
  credits_cents: number | null;
  in_cart: boolean | null;
  hold_expires_at: Date | string | null;
}

/** "9:00 AM - 10:30 AM" from two "HH:MM" times. */
function meetingTime(start: string | null, end: string | null): string {
  const fmt = (v: string) => {
    const [h = 0, m = 0] = v.split(":").map(Number);
    return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  };
  return start && end ? `${fmt(start)} - ${fmt(end)}` : "";
}

export function programsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db } = deps;

  r.get(
    "/program",
    handle(deps, { access: "participant", query: ProgramsQuery }, async ({ claims, query }) => {
      const pid = participantId(claims);
      const now = deps.clock.now();
      const scope = query.scope ?? "eligible";
      const registrationsOnly = scope === "registrations";
      // One statement (one snapshot, one plan) for the whole list: the person, every section
      // with its seats (expired holds not counted), people waiting and the caller's live
      // registration, the listed sections' questions, the surveys done and the default
      // cancellation message. Postgres hands each list back as one JSON value, far cheaper to
      // read than a row of 45 columns per section, whichever driver runs it (decision 094).
      const [reply] = await queryRows<{
        person: string | null;
        sections: string | null;
        questions: string | null;
        surveys: string | null;
        cancellation_message: string | null;
      }>(
        db,
        sql`with me as (
              select kind, grade, school_id, financial_aid from participants where id = ${pid}
            ), expired as (
              select course_section_id, count(*)::int as n from registrations
              where status in ('pending_payment', 'offered') and hold_expires_at <= ${now}
              group by course_section_id
            ), waiting as (
              select course_section_id, count(*)::int as n from registrations
              where status = 'waitlisted' group by course_section_id
            ), mine as (
              select * from registrations
              where participant_id = ${pid} and status <> 'cancelled'
                and not (status in ('pending_payment', 'offered') and hold_expires_at <= ${now})
            ), listing as (
              select p.id as program_id, p.name as program_name, p.open, p.one_section_per_term,
                p.requires_survey, p.allow_partial, p.cancellation_message,
                s.id as section_id, s.course_id, s.term_id, s.term, c.category, c.course_number,
                c.name as course_name, c.description, s.section_number,
                s.date_start::text as date_start, s.date_end::text as date_end, s.meeting_days,
                to_char(s.time_start, 'HH24:MI') as time_start, to_char(s.time_end, 'HH24:MI') as time_end,
                s.delivery_method, s.credit_hours::float8 as credit_hours, s.cost_cents, s.capacity,
                s.seats_taken - coalesce(e.n, 0) as seats_effective, coalesce(w.n, 0) as waiting,
                s.waitlist_enabled, s.notes, sc.full_name as school_name,
                s.time_conflict_override, s.one_section_per_term_override,
                m.id as reg_id, m.status as reg_status, m.cost_cents as reg_cost,
                m.paid_cents, m.pending_cents, m.credits_applied_cents as credits_cents,
                m.in_cart, m.hold_expires_at,
                row_number() over (order by p.sort_order, p.name, s.date_start, c.name, s.section_number) as ord
              from course_sections s
              join programs p on p.id = s.program_id
              join courses c on c.id = s.course_id
              cross join me
              left join schools sc on sc.id = s.school_id
              left join expired e on e.course_section_id = s.id
              left join waiting w on w.course_section_id = s.id
              left join mine m on m.course_section_id = s.id
              where p.active and s.active and (
                ${registrationsOnly}::boolean and m.id is not null
                or not ${registrationsOnly}::boolean and p.open and (
                  m.id is not null
                  or ((me.kind = 'student' or s.allow_community)
                      and (s.eligible_grades is null or me.grade = any(s.eligible_grades))
                      and (not s.restrict_to_school or s.school_id = me.school_id))))
            )
            select
              (select row_to_json(me) from me)::text as person,
              (select json_agg(l order by l.ord) from listing l)::text as sections,
              (select json_agg(q order by q.sort_order, q.id) from (
                select q.id, q.course_section_id, q.question, q.response_type, q.answer_list,
                  q.sort_order
                from course_questions q
                where q.course_section_id in (select section_id from listing)) q
              )::text as questions,
              (select json_agg(program_id) from survey_responses
                where participant_id = ${pid})::text as surveys,
              (select data->>'programCancellationMessage' from settings where id = 1)
                as cancellation_message`,
      );
      const person = reply?.person
        ? (JSON.parse(reply.person) as {
            kind: string;
            grade: string | null;
            school_id: number | null;
            financial_aid: string | null;
          })
        : null;
      if (!person) throw new ApiError(403, t("error.forbidden"));
      const rows = JSON.parse(reply!.sections ?? "[]") as Row[];
      const questions = JSON.parse(reply!.questions ?? "[]") as {
        id: number;
        course_section_id: string;
        question: string;
        response_type: CourseQuestion["responseType"];
        answer_list: string[];
        sort_order: number;
      }[];
      const surveys = JSON.parse(reply!.surveys ?? "[]") as string[];
      const settingsRow = { msg: reply!.cancellation_message };
      const finished = new Set(surveys);
      const questionsBySection = new Map<string, CourseQuestion[]>();
      for (const q of questions) {
        const list = questionsBySection.get(q.course_section_id) ?? [];
        list.push({
          id: q.id,
          question: q.question,
          responseType: q.response_type,
          answerList: q.answer_list,
          sortOrder: q.sort_order,
        });
        questionsBySection.set(q.course_section_id, list);
      }

      const programs = new Map<string, Program>();
      for (const row of rows) {
        let program = programs.get(row.program_id);
        if (!program) {
          program = {
            programUUID: row.program_id,
            name: row.program_name,
            open: row.open,
            oneSectionPerTerm: row.one_section_per_term,
            requiresSurvey: row.requires_survey,
            finishedSurvey: finished.has(row.program_id),
            courses: [],
          };
          programs.set(row.program_id, program);
        }
        const reg = row.reg_id
          ? {
              status: row.reg_status!,
              costCents: Number(row.reg_cost ?? 0),
              paidCents: Number(row.paid_cents ?? 0),
              pendingCents: Number(row.pending_cents ?? 0),
              creditsCents: Number(row.credits_cents ?? 0),
            }
          : null;
        const st = courseStatus({
          capacity: Number(row.capacity),
          seatsTaken: Number(row.seats_effective),
          waitlistEnabled: row.waitlist_enabled,
          waitingCount: Number(row.waiting),
          registration: reg,
        });
        const costCents = reg
          ? reg.costCents
          : effectiveCostCents(row.cost_cents, person.financial_aid);
        const hold = row.hold_expires_at ? new Date(row.hold_expires_at).toISOString() : null;
        const course: Course = {
          courseSelectionUUID: row.section_id,
          courseUUID: row.course_id,
          programUUID: row.program_id,
          programName: row.program_name,
          termID: row.term_id,
          category: row.category,
          courseNumber: row.course_number,
          name: row.course_name,
          description: row.description,
          sectionNumber: row.section_number,
          term: row.term,
          status: st.status,
          registrationStatus: reg?.status ?? null,
          registrationId: row.reg_id,
          dateStartFull: row.date_start,
          dateEndFull: row.date_end,
          meetingDays: row.meeting_days.join(","),
          meetingTime: meetingTime(row.time_start, row.time_end),
          deliveryMethod: row.delivery_method,
          credits: Number(row.credit_hours),
          cost: toDollars(costCents),
          originalCost: toDollars(row.cost_cents),
          courseCredits: toDollars(reg?.creditsCents ?? 0),
          paidAmount: toDollars(reg?.paidCents ?? 0),
          paidOrPendingAmount: toDollars((reg?.paidCents ?? 0) + (reg?.pendingCents ?? 0)),
          requiresPayment: reg ? st.requiresPayment : costCents > 0,
          paymentDue: st.paymentDue,
          paymentDeadline:
            reg && (reg.status === "pending_payment" || reg.status === "offered") ? hold : null,
          isInCart: Boolean(row.in_cart),
          financialAid: person.financial_aid,
          programAllowPartial: row.allow_partial,
          programCancellationMessage: row.cancellation_message ?? settingsRow.msg ?? "",
          notes: row.notes,
          school: row.school_name ? { fullName: row.school_name } : null,
          seatsAvailable: st.seatsAvailable,
          courseQuestions: questionsBySection.get(row.section_id) ?? [],
          timeConflictOverride: row.time_conflict_override,
          oneSectionPerTermOverride: row.one_section_per_term_override,
          registrationError: false,
        };
        program.courses.push(course);
      }
      return [...programs.values()];
    }),
  );

  r.post(
    "/survey/:programUUID",
    handle(
      deps,
      {
        access: "participant",
        body: SurveyRequest,
        params: z.object({ programUUID: z.string().uuid() }),
      },
      async ({ claims, params, body }) => {
        const pid = participantId(claims);
        const [program] = await queryRows<{ id: string }>(
          db,
          sql`select id from programs where id = ${params.programUUID} and active and open`,
        );
        if (!program) throw new ApiError(404, t("survey.failed"), t("register.notFound"));
        const now = deps.clock.now();
        await db.execute(
          sql`insert into survey_responses (participant_id, program_id, is_at_risk, answers, submitted_at)
              values (${pid}, ${program.id}, ${body.isAtRisk}, ${JSON.stringify(body.answers ?? {})}::jsonb, ${now})
              on conflict (participant_id, program_id)
              do update set is_at_risk = excluded.is_at_risk, answers = excluded.answers,
                submitted_at = excluded.submitted_at`,
        );
        return { programUUID: program.id, finishedSurvey: true as const };
      },
    ),
  );
  return r;
}
