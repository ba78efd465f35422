// GET /v1/program and POST /v1/survey/{programUUID} (spec 01 §7). The program list is built with
// one set-based statement per request, whatever the number of courses, its catalogue part held in
// memory while the catalogue's version stays the same (services/program-list.ts).
import { Router } from "express";
import {
  listPrograms,
  submitSurvey,
  type Course,
  type CourseQuestion,
  type Program,
} from "@domain/contract/programs";
import { t } from "@domain/messages";
import { displayLanguage } from "@domain/messages/language";
import { courseStatus } from "@domain/rules/course-status";
import { effectiveCostCents } from "@domain/rules/registration";
import { toDollars } from "@domain/rules/money";
import { ProgramCatalogueCache } from "../services/program-list";
import type { ApiDeps } from "../deps";
import { participantId, serve } from "./kit";
import { ApiError } from "../errors";
import { recordSurvey } from "../services/surveys";

/** "9:00 AM - 10:30 AM" from two "HH:MM" times. */
function meetingTime(start: string | null, end: string | null): string {
  const fmt = (v: string) => {
    const [h = 0, m = 0] = v.split(":").map(Number);
    return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  };
  return start && end ? `${fmt(start)} - ${fmt(end)}` : "";
}

/** A course's `spanish` list: its own, and the default cancellation message when it is one. */
function spanishFields(
  own: readonly string[] | undefined,
  defaultMessageSpanish: boolean,
): { spanish?: string[] } {
  const fields = [...(own ?? []), ...(defaultMessageSpanish ? ["programCancellationMessage"] : [])];
  return fields.length ? { spanish: fields } : {};
}

export function programsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db } = deps;
  const catalogue = new ProgramCatalogueCache();

  serve(r, deps, listPrograms, async ({ claims, query }) => {
    const pid = participantId(claims);
    const now = deps.clock.now();
    const scope = query.scope ?? "eligible";
    const registrationsOnly = scope === "registrations";
    // One statement (one snapshot, one plan) per request; the catalogue part is rebuilt only
    // when its version changed (services/program-list.ts, decision 094).
    const list = await catalogue.read(
      (statement) => deps.preparedRows("program_list", statement),
      pid,
      now,
      registrationsOnly,
      // Asked for in Spanish: the district's Spanish texts where it wrote them (decision 172).
      displayLanguage(),
    );
    const person = list.person;
    if (!person) throw new ApiError(403, t("error.forbidden"));
    const finished = new Set(list.surveys);
    const programs = new Map<string, Program>();
    for (const { catalogue: row, state } of list.sections) {
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
          ...(row.spanish?.includes("programName") ? { spanish: ["name"] } : {}),
        };
        programs.set(row.program_id, program);
      }
      const reg = state.reg_id
        ? {
            status: state.reg_status!,
            costCents: Number(state.reg_cost ?? 0),
            paidCents: Number(state.paid_cents ?? 0),
            pendingCents: Number(state.pending_cents ?? 0),
            creditsCents: Number(state.credits_cents ?? 0),
          }
        : null;
      const st = courseStatus({
        capacity: Number(row.capacity),
        seatsTaken: Number(state.seats_effective),
        waitlistEnabled: row.waitlist_enabled,
        waitingCount: Number(state.waiting),
        registration: reg,
      });
      const costCents = reg
        ? reg.costCents
        : effectiveCostCents(row.cost_cents, person.financial_aid);
      const hold = state.hold_expires_at ? new Date(state.hold_expires_at).toISOString() : null;
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
        registrationId: state.reg_id,
        waitlistPosition: state.waitlist_position,
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
        // Only when it was: one extension per registration (decision 146).
        ...(state.hold_extended ? { paymentWindowExtended: true } : {}),
        isInCart: Boolean(state.in_cart),
        financialAid: person.financial_aid,
        programAllowPartial: row.allow_partial,
        programCancellationMessage: row.cancellation_message ?? list.cancellationMessage ?? "",
        notes: row.notes,
        school: row.school_name ? { fullName: row.school_name } : null,
        seatsAvailable: st.seatsAvailable,
        courseQuestions: row.questions as CourseQuestion[],
        timeConflictOverride: row.time_conflict_override,
        oneSectionPerTermOverride: row.one_section_per_term_override,
        registrationError: false,
        ...spanishFields(
          row.spanish,
          row.cancellation_message === null && list.cancellationMessageSpanish,
        ),
      };
      program.courses.push(course);
    }
    return [...programs.values()];
  });

  serve(r, deps, submitSurvey, async ({ claims, params, body }) =>
    recordSurvey(db, participantId(claims), params.programUUID, body, deps.clock.now()),
  );
  return r;
}
