// Registration: seats, payment windows, waitlists and offers. Every path that takes or frees a
// seat locks the section row (SELECT … FOR UPDATE) in one transaction at READ COMMITTED, releases
// expired holds there first, and takes a seat only with a guarded UPDATE, so a section is never
// oversold whatever the concurrency (docs/architecture.md "Row locks and the order they are
// taken"; decisions 030–032).
import { sql } from "drizzle-orm";
import { REASON_OFFER_EXPIRED, REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import type { RegisterRequest, RegisterReply } from "@domain/contract/programs";
import { RegisterErrorCode } from "@domain/contract/programs";
import { t } from "@domain/messages";
import { inReaderLanguage } from "./participant-language";
import { findTimeConflict } from "@domain/rules/time-conflict";
import { formatDistrictDateTime } from "@domain/rules/time";
import {
  WAITLIST_OFFER_HOURS,
  checkAnswers,
  effectiveCostCents,
  paymentWindowMinutes,
  violatesOneSectionPerTerm,
} from "@domain/rules/registration";
import type { StoredAnswer } from "../db/schema";
import { queryRows, type Exec } from "../db/client";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { enqueueMails, type QueuedMail } from "./mail-queue";
import { enqueueRegistrationMail } from "./receipts";
import { metrics } from "../metrics";
import { lockRows } from "./locks";
import { readDistrictName } from "../queries/settings";
import { courseNameIn } from "../queries/spanish-texts";

export interface SectionRow {
  id: string;
  program_id: string;
  course_id: string;
  term_id: string;
  capacity: number;
  seats_taken: number;
  waitlist_enabled: boolean;
  cost_cents: number;
  meeting_days: string[];
  time_start: string | null;
  time_end: string | null;
  date_start: string;
  date_end: string;
  time_conflict_override: boolean;
  one_section_per_term_override: boolean;
  course_name: string;
}

interface RegRow {
  id: string;
  status: "registered" | "pending_payment" | "waitlisted" | "offered";
  participant_id: number;
  cost_cents: number;
  paid_cents: number;
  pending_cents: number;
  hold_expires_at: Date | string | null;
}

const SECTION_COLUMNS = sql`s.id, s.program_id, s.course_id, s.term_id, s.capacity, s.seats_taken,
  s.waitlist_enabled, s.cost_cents, s.meeting_days, to_char(s.time_start, 'HH24:MI') as time_start,
  to_char(s.time_end, 'HH24:MI') as time_end, s.date_start::text as date_start,
  s.date_end::text as date_end, s.time_conflict_override, s.one_section_per_term_override`;

/**
 * Minutes of the registration payment window, from the settings (paymentWindowMinutes; before
 * decision 119 the cartCountdownTimer text; default 15).
 */
export async function paymentTimeoutMinutes(db: Exec): Promise<number> {
  const [row] = await queryRows<{ v: string | null }>(
    db,
    sql`select coalesce(data->>'paymentWindowMinutes', data->>'cartCountdownTimer') as v
      from settings where id = 1`,
  );
  return paymentWindowMinutes(row?.v);
}

/** Minutes a cart holds its items, from the settings (cartHoldMinutes, decision 119). */
export async function cartHoldMinutes(db: Exec): Promise<number> {
  const [row] = await queryRows<{ v: string | null }>(
    db,
    sql`select coalesce(data->>'cartHoldMinutes', data->>'cartCountdownTimer') as v
      from settings where id = 1`,
  );
  return paymentWindowMinutes(row?.v);
}

/** Locks the section row for the rest of the transaction; null when it does not exist. */
export async function lockSection(tx: Exec, sectionId: string): Promise<SectionRow | null> {
  const [row] = await lockRows<SectionRow>(
    tx,
    "section",
    sql`select ${SECTION_COLUMNS}, c.name as course_name
        from course_sections s join courses c on c.id = s.course_id
        where s.id = ${sectionId}`,
    "s",
  );
  return row ?? null;
}

/**
 * Cancels the section's holds whose deadline has passed (payment windows: "Payment Timeout";
 * waitlist offers: "Waitlist Offer Expired") and gives their seats back. Caller holds the lock.
 */
export async function releaseExpiredHolds(tx: Exec, sectionId: string, now: Date): Promise<number> {
  const released = await queryRows<{ id: string }>(
    tx,
    sql`update registrations
        set status = 'cancelled',
            cancel_reason = case when status = 'offered' then ${REASON_OFFER_EXPIRED} else ${REASON_TIMEOUT} end,
            cancelled_at = ${now}, updated_at = ${now}, in_cart = false
        where course_section_id = ${sectionId}
          and status in ('pending_payment', 'offered')
          and hold_expires_at <= ${now}
        returning id`,
  );
  // Counted as the status flips; a refused request's transaction still commits its releases.
  if (released.length)
    metrics.seatsReleased.inc({ hold: "payment_window_or_offer" }, released.length);
  if (released.length) {
    await tx.execute(
      sql`update course_sections set seats_taken = greatest(seats_taken - ${released.length}, 0)
          where id = ${sectionId}`,
    );
  }
  return released.length;
}

/** Takes one seat under the lock; false when the section is full. */
async function takeSeat(tx: Exec, sectionId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update course_sections set seats_taken = seats_taken + 1
        where id = ${sectionId} and seats_taken < capacity
        returning id`,
  );
  return rows.length === 1;
}

async function freeSeat(tx: Exec, sectionId: string): Promise<void> {
  await tx.execute(
    sql`update course_sections set seats_taken = greatest(seats_taken - 1, 0) where id = ${sectionId}`,
  );
}

/**
 * Gives free seats to the people waiting, first come first served (decision 031): a free course
 * (or financial aid "free") registers them at once; otherwise the seat is held for them as an
 * offer for WAITLIST_OFFER_HOURS and they are e-mailed. Caller holds the section lock. Also used
 * when an administrator raises a section's capacity (services/catalogue.ts, decision 120).
 */
export async function offerFreedSeats(
  tx: Exec,
  deps: Pick<ApiDeps, "timeZone" | "districtName">,
  section: SectionRow,
  now: Date,
  mail: QueuedMail[],
): Promise<void> {
  for (;;) {
    const [next] = await queryRows<{
      id: string;
      participant_id: number;
      email: string | null;
      name_first: string;
      financial_aid: string | null;
    }>(
      tx,
      sql`select r.id, r.participant_id, p.email, p.name_first, p.financial_aid
          from registrations r join participants p on p.id = r.participant_id
          where r.course_section_id = ${section.id} and r.status = 'waitlisted'
          order by r.seq limit 1`,
    );
    if (!next) return;
    if (!(await takeSeat(tx, section.id))) return;
    const cost = effectiveCostCents(section.cost_cents, next.financial_aid);
    const until = new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
    await tx.execute(
      sql`update registrations
          set status = ${cost > 0 ? "offered" : "registered"},
              hold_expires_at = ${cost > 0 ? until : null},
              cost_cents = ${cost}, financial_aid = ${next.financial_aid},
              updated_at = ${now}
          where id = ${next.id}`,
    );
    const to = next.email;
    if (to) {
      // Another family's mail, whoever's request freed the seat: in their language (decision 171).
      mail.push(
        await inReaderLanguage(tx, next.participant_id, async () => {
          // The course as the family's pages name it: the district's Spanish where it wrote one.
          const course = await courseNameIn(tx, section);
          return {
            kind: "waitlist-offer" as const,
            participantId: Number(next.participant_id),
            registrationId: next.id,
            to,
            subject: t("register.offerMailSubject", { course }),
            text: t(cost > 0 ? "register.offerMailBody" : "register.promotedMailBody", {
              name: next.name_first,
              course,
              until: formatDistrictDateTime(until, deps.timeZone),
              district: await readDistrictName(tx, deps.districtName),
            }),
          };
        }),
      );
    }
  }
}

/**
 * Runs fn in a transaction holding the section lock, after releasing expired holds there. With
 * `participantId`, the person is locked first (docs/architecture.md lock order: a participant
 * before a section), so two of their own requests are checked against each other one at a time.
 */
async function withSection<T>(
  deps: ApiDeps,
  sectionId: string,
  fn: (tx: Exec, section: SectionRow, now: Date, mail: QueuedMail[]) => Promise<T>,
  opts: { participantId?: number } = {},
): Promise<T> {
  const mail: QueuedMail[] = [];
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    if (opts.participantId !== undefined) {
      // NO KEY UPDATE: the registration inserted below still refers to the participant.
      await lockRows(
        tx,
        "participant",
        sql`select id from participants where id = ${opts.participantId}`,
        undefined,
        "no key update",
      );
    }
    const section = await lockSection(tx, sectionId);
    if (!section)
      throw new ApiError(
        404,
        t("register.failed"),
        t("register.notFound"),
        RegisterErrorCode.notFound,
      );
    if (await releaseExpiredHolds(tx, sectionId, now)) {
      section.seats_taken = await currentSeats(tx, sectionId);
      await offerFreedSeats(tx, deps, section, now, mail);
      section.seats_taken = await currentSeats(tx, sectionId);
    }
    let outcome: { value: T } | { refusal: ApiError };
    try {
      outcome = { value: await fn(tx, section, now, mail) };
    } catch (err) {
      // A refusal is decided before anything is written, so commit: the expired holds released
      // above stay released even when this request is refused.
      if (!(err instanceof ApiError)) throw err;
      outcome = { refusal: err };
    }
    // The mail of this change commits with it (decision 130).
    await enqueueMails(tx, mail);
    return outcome;
  });
  if ("refusal" in result) throw result.refusal;
  return result.value;
}

export async function currentSeats(tx: Exec, sectionId: string): Promise<number> {
  const [row] = await queryRows<{ seats_taken: number }>(
    tx,
    sql`select seats_taken from course_sections where id = ${sectionId}`,
  );
  return Number(row?.seats_taken ?? 0);
}

async function liveRegistration(
  tx: Exec,
  sectionId: string,
  participantId: number,
): Promise<RegRow | null> {
  const [row] = await queryRows<RegRow>(
    tx,
    sql`select id, status, participant_id, cost_cents, paid_cents, pending_cents, hold_expires_at
        from registrations
        where course_section_id = ${sectionId} and participant_id = ${participantId}
          and status <> 'cancelled'`,
  );
  return row ?? null;
}

async function waitingCount(tx: Exec, sectionId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from registrations
        where course_section_id = ${sectionId} and status = 'waitlisted'`,
  );
  return Number(row?.n ?? 0);
}

interface Eligibility {
  participant: { id: number; kind: string; financial_aid: string | null };
  program: { id: string; open: boolean; one_section_per_term: boolean; requires_survey: boolean };
  questions: {
    id: number;
    question: string;
    response_type: StoredAnswer["responseType"];
    answer_list: string[];
  }[];
  finishedSurvey: boolean;
  /** A read outside the lock, only good for refusing early: full with nothing to release. */
  seemsFull: boolean;
  /** The caller's live registration status, read outside the lock. */
  myStatus: string | null;
  timeoutMinutes: number;
}

/**
 * What the checks outside the lock need, in one query: the person may see this section (open
 * program, community access, grade, school), its questions, the survey state, the payment window
 * and whether the section looks full.
 */
async function loadEligibility(
  db: Exec,
  participantId: number,
  sectionId: string,
  now: Date,
): Promise<Eligibility> {
  const [row] = await queryRows<{
    pid: number;
    kind: string;
    financial_aid: string | null;
    program_id: string;
    open: boolean;
    one_section_per_term: boolean;
    requires_survey: boolean;
    finished: boolean;
    seems_full: boolean;
    my_status: string | null;
    timeout: string | null;
    questions: Eligibility["questions"] | string | null;
  }>(
    db,
    sql`select pa.id as pid, pa.kind, pa.financial_aid, p.id as program_id, p.open,
          p.one_section_per_term, p.requires_survey,
          exists(select 1 from survey_responses sr
                 where sr.participant_id = pa.id and sr.program_id = p.id) as finished,
          (s.seats_taken >= s.capacity and not exists(
             select 1 from registrations e where e.course_section_id = s.id
               and e.status in ('pending_payment', 'offered') and e.hold_expires_at <= ${now})
          ) as seems_full,
          (select r.status from registrations r where r.course_section_id = s.id
             and r.participant_id = pa.id and r.status <> 'cancelled' limit 1) as my_status,
          (select coalesce(data->>'paymentWindowMinutes', data->>'cartCountdownTimer')
             from settings where id = 1) as timeout,
          (select coalesce(json_agg(json_build_object('id', q.id, 'question', q.question,
                    'response_type', q.response_type, 'answer_list', q.answer_list)
                    order by q.sort_order, q.id), '[]'::json)
             from course_questions q where q.course_section_id = s.id) as questions
        from course_sections s
        join programs p on p.id = s.program_id
        join participants pa on pa.id = ${participantId}
        where s.id = ${sectionId} and s.active and p.active
          and (pa.kind = 'student' or s.allow_community)
          and (s.eligible_grades is null or pa.grade = any(s.eligible_grades))
          and (not s.restrict_to_school or s.school_id = pa.school_id)`,
  );
  if (!row) {
    throw new ApiError(
      404,
      t("register.failed"),
      t("register.notFound"),
      RegisterErrorCode.notFound,
    );
  }
  const questions =
    typeof row.questions === "string"
      ? (JSON.parse(row.questions) as Eligibility["questions"])
      : (row.questions ?? []);
  return {
    participant: { id: row.pid, kind: row.kind, financial_aid: row.financial_aid },
    program: {
      id: row.program_id,
      open: row.open,
      one_section_per_term: row.one_section_per_term,
      requires_survey: row.requires_survey,
    },
    questions,
    finishedSurvey: row.finished,
    seemsFull: row.seems_full,
    myStatus: row.my_status,
    timeoutMinutes: paymentWindowMinutes(row.timeout),
  };
}

function storedAnswers(questions: Eligibility["questions"], body: RegisterRequest): StoredAnswer[] {
  const given = new Map(
    (body.activeCourse?.courseQuestions ?? []).map((a) => [a.id, a.userSubmittedAnswer ?? ""]),
  );
  return questions.map((q) => ({
    questionId: q.id,
    question: q.question,
    responseType: q.response_type,
    answer: (given.get(q.id) ?? "").trim(),
  }));
}

/** Refuses unless the questions are answered and any waiver accepted (spec 01 §5). */
function requireAnswers(
  questions: Eligibility["questions"],
  body: RegisterRequest,
  failed: string,
) {
  if (!questions.length) return;
  const problem = checkAnswers(
    questions.map((q) => ({ id: q.id, responseType: q.response_type, answerList: q.answer_list })),
    body.activeCourse?.courseQuestions ?? [],
    body.activeCourse?.signature,
    body.activeCourse?.legalName,
  );
  if (problem === "answersRequired") {
    throw new ApiError(400, failed, t("register.answersRequired"), RegisterErrorCode.answers);
  }
  if (problem === "waiverRequired") {
    throw new ApiError(400, failed, t("register.waiverRequired"), RegisterErrorCode.waiver);
  }
}

function stale(message: string, hint = t("register.stale")): ApiError {
  return new ApiError(406, message, hint, RegisterErrorCode.stale);
}

/**
 * The person's own schedule rules (spec 01 §5): one section per term in the program, and no time
 * conflict with a course they hold. Register runs it under its locks; the check before the course
 * questions runs it without, so the person hears of a clash before answering anything.
 */
async function refuseScheduleClash(
  tx: Exec,
  participantId: number,
  section: SectionRow,
  program: Eligibility["program"],
  now: Date,
  failed: string,
): Promise<void> {
  const mine = await queryRows<{
    id: string;
    course_id: string;
    course_name: string;
    term_id: string;
    program_id: string;
    meeting_days: string[];
    time_start: string | null;
    time_end: string | null;
    date_start: string;
    date_end: string;
  }>(
    tx,
    sql`select s.id, s.course_id, c.name as course_name, s.term_id, s.program_id, s.meeting_days,
          to_char(s.time_start, 'HH24:MI') as time_start, to_char(s.time_end, 'HH24:MI') as time_end,
          s.date_start::text as date_start, s.date_end::text as date_end
        from registrations r join course_sections s on s.id = r.course_section_id
          join courses c on c.id = s.course_id
        where r.participant_id = ${participantId}
          and (r.status = 'registered'
               or (r.status in ('pending_payment', 'offered') and r.hold_expires_at > ${now}))`,
  );
  const candidate = {
    id: section.id,
    courseId: section.course_id,
    termId: section.term_id,
    oneSectionPerTermOverride: section.one_section_per_term_override,
  };
  const sameProgram = mine
    .filter((m) => m.program_id === section.program_id)
    .map((m) => ({ id: m.id, courseId: m.course_id, termId: m.term_id }));
  if (violatesOneSectionPerTerm(candidate, program.one_section_per_term, sameProgram)) {
    throw new ApiError(
      409,
      failed,
      t("register.oneSectionPerTerm"),
      RegisterErrorCode.oneSectionPerTerm,
    );
  }
  const conflict = findTimeConflict(
    {
      id: section.id,
      meetingDays: section.meeting_days,
      timeStart: section.time_start,
      timeEnd: section.time_end,
      dateStart: section.date_start,
      dateEnd: section.date_end,
      timeConflictOverride: section.time_conflict_override,
    },
    mine.map((m) => ({
      id: m.id,
      courseName: m.course_name,
      meetingDays: m.meeting_days,
      timeStart: m.time_start,
      timeEnd: m.time_end,
      dateStart: m.date_start,
      dateEnd: m.date_end,
    })),
    "register",
  );
  if (conflict) {
    // The spec's words, then which of the person's courses it clashes with.
    const hint = `${t("register.timeConflict")} ${t("register.timeConflictWith", { course: conflict.courseName })}`;
    throw new ApiError(409, failed, hint, RegisterErrorCode.timeConflict);
  }
}

/** POST /v1/register/{courseSelectionUUID}. */
export async function register(
  deps: ApiDeps,
  participantId: number,
  sectionId: string,
  body: RegisterRequest,
): Promise<RegisterReply> {
  const failed = t("register.failed");
  const elig = await loadEligibility(deps.db, participantId, sectionId, deps.clock.now());
  const seen = body.activeCourse?.status;
  const timeout = elig.timeoutMinutes;
  // In a rush most attempts find the section full: refuse those without queueing for the lock.
  // (A seat freed a moment ago is not missed: the next list refresh shows it open.)
  if (elig.seemsFull && elig.myStatus === null && elig.program.open) {
    throw new ApiError(406, t("register.full"), undefined, RegisterErrorCode.full);
  }
  // One person's registrations are checked against each other (time conflict, one section per
  // term): the person is locked too (before the section), so two tabs cannot both pass.
  return withSection(
    deps,
    sectionId,
    async (tx, section, now) => {
      const existing = await liveRegistration(tx, sectionId, participantId);
      const cost = effectiveCostCents(section.cost_cents, elig.participant.financial_aid);
      // Accepting a seat offered from the waitlist: the seat is already held for this person.
      if (existing?.status === "offered") {
        const status = cost > 0 ? "pending_payment" : "registered";
        const hold = cost > 0 ? new Date(now.getTime() + timeout * 60_000) : null;
        await tx.execute(
          sql`update registrations set status = ${status}, hold_expires_at = ${hold},
              cost_cents = ${cost}, updated_at = ${now} where id = ${existing.id}`,
        );
        if (status === "registered") {
          await enqueueRegistrationMail(tx, deps, existing.id, "registration");
        }
        return {
          registrationId: existing.id,
          courseSectionID: sectionId,
          timeout: cost > 0 ? timeout : 0,
          status,
        };
      }
      if (existing) {
        throw stale(
          failed,
          existing.status === "waitlisted"
            ? t("register.alreadyWaitlisted")
            : t("register.already"),
        );
      }
      if (!elig.program.open) throw stale(failed, t("register.notFound"));
      if (seen && seen !== "open") throw stale(failed);
      if (elig.program.requires_survey && !elig.finishedSurvey) {
        throw new ApiError(409, failed, t("register.surveyRequired"), RegisterErrorCode.survey);
      }
      requireAnswers(elig.questions, body, failed);

      await refuseScheduleClash(tx, participantId, section, elig.program, now, failed);
      // People waiting come first: a free seat is theirs (it is offered to them under this lock).
      if ((await waitingCount(tx, sectionId)) > 0 || !(await takeSeat(tx, sectionId))) {
        throw new ApiError(406, t("register.full"), undefined, RegisterErrorCode.full);
      }
      const status = cost > 0 ? "pending_payment" : "registered";
      const hold = cost > 0 ? new Date(now.getTime() + timeout * 60_000) : null;
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into registrations (course_section_id, participant_id, status, hold_expires_at,
            cost_cents, financial_aid, answers, signature, legal_name, created_at, updated_at)
          values (${sectionId}, ${participantId}, ${status}, ${hold}, ${cost},
            ${elig.participant.financial_aid}, ${JSON.stringify(storedAnswers(elig.questions, body))}::jsonb,
            ${body.activeCourse?.signature ?? null}, ${body.activeCourse?.legalName ?? null}, ${now}, ${now})
          returning id`,
      );
      // A free seat is a registration now; a held one is confirmed when it is paid.
      if (status === "registered") {
        await enqueueRegistrationMail(tx, deps, row!.id, "registration");
      }
      return {
        registrationId: row!.id,
        courseSectionID: sectionId,
        timeout: cost > 0 ? timeout : 0,
        status,
      };
    },
    { participantId },
  );
}

/**
 * GET /v1/register/{courseSelectionUUID}/check: what would refuse this person before any question
 * is asked (closed program, health survey, one section per term, time conflict), with the same
 * replies as the register call. Read-only and without locks: register checks it all again under
 * its locks, so a clash that appears in between is still refused.
 */
export async function checkRegistration(
  deps: ApiDeps,
  participantId: number,
  sectionId: string,
): Promise<{ ok: true }> {
  const failed = t("register.failed");
  const now = deps.clock.now();
  const elig = await loadEligibility(deps.db, participantId, sectionId, now);
  // Accepting a waitlist offer takes the seat already held: register asks nothing more.
  if (elig.myStatus === "offered") return { ok: true };
  if (!elig.program.open) throw stale(failed, t("register.notFound"));
  if (elig.program.requires_survey && !elig.finishedSurvey) {
    throw new ApiError(409, failed, t("register.surveyRequired"), RegisterErrorCode.survey);
  }
  const [section] = await queryRows<SectionRow>(
    deps.db,
    sql`select ${SECTION_COLUMNS}, c.name as course_name
        from course_sections s join courses c on c.id = s.course_id
        where s.id = ${sectionId}`,
  );
  if (!section) {
    throw new ApiError(404, failed, t("register.notFound"), RegisterErrorCode.notFound);
  }
  await refuseScheduleClash(deps.db, participantId, section, elig.program, now, failed);
  return { ok: true };
}

/** POST /v1/register/waitlist/{courseSelectionUUID}. The time-conflict check is skipped. */
export async function joinWaitlist(
  deps: ApiDeps,
  participantId: number,
  sectionId: string,
  body: RegisterRequest,
): Promise<RegisterReply> {
  const failed = t("register.waitlistFailed");
  const elig = await loadEligibility(deps.db, participantId, sectionId, deps.clock.now());
  const seen = body.activeCourse?.status;
  return withSection(deps, sectionId, async (tx, section, now) => {
    const existing = await liveRegistration(tx, sectionId, participantId);
    if (existing) {
      throw stale(
        failed,
        existing.status === "waitlisted" ? t("register.alreadyWaitlisted") : t("register.already"),
      );
    }
    if (!elig.program.open) throw stale(failed, t("register.notFound"));
    if (!section.waitlist_enabled) throw stale(failed, t("register.noWaitlist"));
    const waiting = await waitingCount(tx, sectionId);
    if (section.seats_taken < section.capacity && waiting === 0) {
      throw stale(failed, t("register.waitlistNotNeeded"));
    }
    if (seen && seen !== "waitlist") throw stale(failed);
    if (elig.program.requires_survey && !elig.finishedSurvey) {
      throw new ApiError(409, failed, t("register.surveyRequired"), RegisterErrorCode.survey);
    }
    requireAnswers(elig.questions, body, failed);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into registrations (course_section_id, participant_id, status, cost_cents,
            financial_aid, answers, signature, legal_name, created_at, updated_at)
          values (${sectionId}, ${participantId}, 'waitlisted',
            ${effectiveCostCents(section.cost_cents, elig.participant.financial_aid)},
            ${elig.participant.financial_aid}, ${JSON.stringify(storedAnswers(elig.questions, body))}::jsonb,
            ${body.activeCourse?.signature ?? null}, ${body.activeCourse?.legalName ?? null}, ${now}, ${now})
          returning id`,
    );
    await enqueueRegistrationMail(tx, deps, row!.id, "waitlist");
    return {
      registrationId: row!.id,
      courseSectionID: sectionId,
      timeout: 0,
      status: "waitlisted",
    };
  });
}

/**
 * DELETE /v1/register/{courseSelectionUUID}: cancels the caller's registration (held, offered or
 * registered) with the reason given, frees the seat and offers it to the first person waiting.
 * A registration with money paid or promised is not cancelled here (decision 032).
 */
export async function cancelRegistration(
  deps: ApiDeps,
  participantId: number,
  sectionId: string,
  reason: string | undefined,
): Promise<RegisterReply> {
  const failed = t("register.cancelFailed");
  return withSection(deps, sectionId, async (tx, section, now, mail) => {
    const existing = await liveRegistration(tx, sectionId, participantId);
    if (!existing || existing.status === "waitlisted") {
      throw new ApiError(404, failed, t("register.notRegistered"), RegisterErrorCode.stale);
    }
    if (existing.paid_cents > 0 || existing.pending_cents > 0) {
      throw new ApiError(409, failed, t("register.cannotCancelPaid"));
    }
    await tx.execute(
      sql`update registrations set status = 'cancelled', cancel_reason = ${reason ?? "Cancelled by participant"},
            cancelled_at = ${now}, updated_at = ${now}, in_cart = false, hold_expires_at = null
          where id = ${existing.id}`,
    );
    await freeSeat(tx, sectionId);
    section.seats_taken -= 1;
    await offerFreedSeats(tx, deps, section, now, mail);
    return {
      registrationId: existing.id,
      courseSectionID: sectionId,
      timeout: 0,
      status: "cancelled",
    };
  });
}

/** DELETE /v1/register/waitlist/{courseSelectionUUID}. */
export async function leaveWaitlist(
  deps: ApiDeps,
  participantId: number,
  sectionId: string,
  reason: string | undefined,
): Promise<RegisterReply> {
  const failed = t("register.waitlistCancelFailed");
  return withSection(deps, sectionId, async (tx, _section, now) => {
    const existing = await liveRegistration(tx, sectionId, participantId);
    if (!existing || existing.status !== "waitlisted") {
      throw new ApiError(404, failed, t("register.notWaitlisted"), RegisterErrorCode.stale);
    }
    await tx.execute(
      sql`update registrations set status = 'cancelled', cancel_reason = ${reason ?? "Left waitlist"},
            cancelled_at = ${now}, updated_at = ${now}
          where id = ${existing.id}`,
    );
    return {
      registrationId: existing.id,
      courseSectionID: sectionId,
      timeout: 0,
      status: "cancelled",
    };
  });
}

/**
 * For the payments area: records money for a registration and, when it covers the hold, turns a
 * payment-window hold or a waitlist offer into a registration. A hold that already expired gets
 * its seat back if one is free (under the lock); otherwise the result is "seat-lost" and the
 * caller refunds (decision 042: a payment that arrives for an expired hold gets the seat or is refunded).
 */
export async function confirmRegistrationPayment(
  deps: ApiDeps,
  registrationId: string,
  amounts: { paidCents?: number; pendingCents?: number; creditsCents?: number },
  /**
   * The payment whose amount this is: its amount reaches the registration once, however many
   * times (and from however many processes) the same confirmation arrives.
   */
  paymentId?: number,
): Promise<{
  result: "registered" | "seat-lost";
  registrationId: string;
  /**
   * Of `paidCents`, what the registration no longer owed (another payment paid it meanwhile,
   * decision 169): not applied, for the caller to give back.
   */
  excessCents: number;
}> {
  const [reg] = await queryRows<{ course_section_id: string }>(
    deps.db,
    sql`select course_section_id from registrations where id = ${registrationId}`,
  );
  if (!reg) throw new ApiError(404, t("error.notFound"));
  return withSection(deps, reg.course_section_id, async (tx, _section, now) => {
    // The payment is claimed below (applied_at): lock it before the registration, in the
    // documented order (section, payment, registration), as settlement does.
    if (paymentId !== undefined) {
      await lockRows(tx, "payment", sql`select id from payments where id = ${paymentId}`);
    }
    const [row] = await lockRows<{ status: string; hold_expires_at: Date | null }>(
      tx,
      "registration",
      sql`select status, hold_expires_at from registrations where id = ${registrationId}`,
    );
    let status = row!.status;
    if (status === "cancelled" || status === "waitlisted") {
      // The hold lapsed before the money arrived: get the seat back if it is free.
      const waiting = await waitingCount(tx, reg.course_section_id);
      if (waiting > 0 || !(await takeSeat(tx, reg.course_section_id))) {
        return { result: "seat-lost" as const, registrationId, excessCents: 0 };
      }
      status = "pending_payment";
    }
    if (paymentId !== undefined) {
      const claimed = await queryRows<{ id: number }>(
        tx,
        sql`update payments set applied_at = ${now}
            where id = ${paymentId} and registration_id = ${registrationId} and applied_at is null
            returning id`,
      );
      if (!claimed.length) return { result: "registered" as const, registrationId, excessCents: 0 };
    }
    // Money takes no more than is owed: a registration's own payment and its cart's can both be
    // charged when they cross (decision 169). Its own payments kept but not yet applied count as
    // paid, since they reach it next.
    const [owing] = await queryRows<{ owed: number }>(
      tx,
      sql`select r.cost_cents - r.credits_applied_cents - r.paid_cents - r.pending_cents
            - coalesce((select sum(p.amount_cents) from payments p
                        where p.registration_id = r.id and p.status = 'succeeded'
                          and p.applied_at is null), 0) as owed
          from registrations r where r.id = ${registrationId}`,
    );
    const offered = amounts.paidCents ?? 0;
    const paidCents = Math.min(offered, Math.max(0, Number(owing!.owed)));
    await tx.execute(
      sql`update registrations
          set paid_cents = paid_cents + ${paidCents},
              pending_cents = pending_cents + ${amounts.pendingCents ?? 0},
              credits_applied_cents = credits_applied_cents + ${amounts.creditsCents ?? 0},
              status = 'registered', hold_expires_at = null, in_cart = false,
              cancel_reason = null, cancelled_at = null, updated_at = ${now}
          where id = ${registrationId}`,
    );
    // The registration is confirmed now (its payment's receipt goes separately). A mailed
    // check only promised holds the seat: its own mail says so, and the confirmation goes when
    // the office receives the check (receiveCheck, decision 153).
    const promiseOnly =
      !amounts.paidCents && !amounts.creditsCents && (amounts.pendingCents ?? 0) > 0;
    if (row!.status !== "registered" && !promiseOnly) {
      await enqueueRegistrationMail(tx, deps, registrationId, "registration");
    }
    return { result: "registered" as const, registrationId, excessCents: offered - paidCents };
  });
}

/** For the payments area: marks a mailed payment as received (pending becomes paid). */
export async function recordPaymentReceived(
  db: Exec,
  registrationId: string,
  cents: number,
): Promise<void> {
  await db.execute(
    sql`update registrations set paid_cents = paid_cents + ${cents},
          pending_cents = greatest(pending_cents - ${cents}, 0)
        where id = ${registrationId}`,
  );
}

/**
 * For the business office (decision 123): takes a withdrawn promise of money (a mailed check not
 * honoured) off a registration. Under the section lock, `claim` locks and marks the payment and
 * returns the cents withdrawn (or throws a refusal before writing anything); they come off the
 * amount pending. A registration left with nothing paid, promised or credited is cancelled with
 * `reason`, its seat freed and offered to the first person waiting, as a cancellation does.
 */
export async function withdrawPromisedPayment(
  deps: ApiDeps,
  registrationId: string,
  reason: string,
  claim: (tx: Exec, now: Date) => Promise<number>,
  /** Runs last in the same transaction with the outcome (the release's family mail). */
  settled?: (tx: Exec, outcome: { registrationCancelled: boolean }) => Promise<void>,
): Promise<{ registrationCancelled: boolean }> {
  const [reg] = await queryRows<{ course_section_id: string }>(
    deps.db,
    sql`select course_section_id from registrations where id = ${registrationId}`,
  );
  if (!reg) throw new ApiError(404, t("error.notFound"));
  return withSection(deps, reg.course_section_id, async (tx, section, now, mail) => {
    const cents = await claim(tx, now);
    const [row] = await lockRows<{
      status: string;
      paid_cents: number;
      pending_cents: number;
      credits_applied_cents: number;
    }>(
      tx,
      "registration",
      sql`select status, paid_cents, pending_cents, credits_applied_cents
          from registrations where id = ${registrationId}`,
    );
    const pending = Math.max(Number(row!.pending_cents) - cents, 0);
    const empty =
      row!.status !== "cancelled" &&
      row!.status !== "waitlisted" &&
      Number(row!.paid_cents) === 0 &&
      pending === 0 &&
      Number(row!.credits_applied_cents) === 0;
    await tx.execute(
      sql`update registrations set pending_cents = ${pending}, updated_at = ${now}
          where id = ${registrationId}`,
    );
    if (!empty) {
      await settled?.(tx, { registrationCancelled: false });
      return { registrationCancelled: false };
    }
    await tx.execute(
      sql`update registrations set status = 'cancelled', cancel_reason = ${reason},
            cancelled_at = ${now}, in_cart = false, hold_expires_at = null
          where id = ${registrationId}`,
    );
    await freeSeat(tx, section.id);
    section.seats_taken -= 1;
    await offerFreedSeats(tx, deps, section, now, mail);
    await settled?.(tx, { registrationCancelled: true });
    return { registrationCancelled: true };
  });
}

/** For the cart: marks a registration as in (or out of) the family's cart. */
export async function setInCart(db: Exec, registrationId: string, inCart: boolean): Promise<void> {
  await db.execute(sql`update registrations set in_cart = ${inCart} where id = ${registrationId}`);
}

/**
 * Releases every hold whose deadline has passed, section by section under each section's lock,
 * and offers the freed seats to people waiting. Returns the number of holds released. The
 * sweeper runs this; tests call it after moving the clock.
 */
export async function releaseAllExpiredHolds(deps: ApiDeps): Promise<number> {
  const now = deps.clock.now();
  const sections = await queryRows<{ id: string; n: number }>(
    deps.db,
    sql`select course_section_id as id, count(*)::int as n from registrations
        where status in ('pending_payment', 'offered') and hold_expires_at <= ${now}
        group by course_section_id`,
  );
  let total = 0;
  for (const s of sections) {
    // withSection releases the expired holds and offers the seats; nothing else to do inside.
    await withSection(deps, s.id, async () => undefined);
    total += Number(s.n);
  }
  return total;
}

/**
 * For the business office's refunds (decision 131): runs fn in a transaction holding the
 * registration's section lock (expired holds released and offered first, as on every path), so
 * fn may then lock the cart, the payment and the registration in the documented order and cancel
 * the registration with cancelForRefund. Mail to the people offered a seat goes after commit.
 */
export async function withRegistrationSection<T>(
  deps: ApiDeps,
  registrationId: string,
  fn: (tx: Exec, section: SectionRow, now: Date, mail: QueuedMail[]) => Promise<T>,
): Promise<T> {
  const [reg] = await queryRows<{ course_section_id: string }>(
    deps.db,
    sql`select course_section_id from registrations where id = ${registrationId}`,
  );
  if (!reg) throw new ApiError(404, t("error.notFound"));
  return withSection(deps, reg.course_section_id, fn);
}

/**
 * Cancels a registration the office refunded, under the section lock of withRegistrationSection
 * (the caller has locked the registration): a seat it held is freed and offered to the first
 * person waiting, as any cancellation does. False when it was not holding a place.
 */
export async function cancelForRefund(
  tx: Exec,
  deps: ApiDeps,
  section: SectionRow,
  registrationId: string,
  reason: string,
  now: Date,
  mail: QueuedMail[],
): Promise<boolean> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`select status from registrations where id = ${registrationId}`,
  );
  if (!row || row.status === "cancelled") return false;
  await tx.execute(
    sql`update registrations set status = 'cancelled', cancel_reason = ${reason},
          cancelled_at = ${now}, updated_at = ${now}, in_cart = false, hold_expires_at = null
        where id = ${registrationId}`,
  );
  if (row.status === "waitlisted") return true;
  await freeSeat(tx, section.id);
  section.seats_taken -= 1;
  await offerFreedSeats(tx, deps, section, now, mail);
  return true;
}
