// The rows behind GET /v1/program: one SQL statement per request (one snapshot, one plan), with
// the catalogue part kept in memory between requests (decision 094).
//
// The catalogue (programs, courses, sections except their seats, the sections' questions, school
// names, the default cancellation message) changes only when someone edits it; every write to
// those tables replaces catalog_version.version (triggers, migration 0009). Each request's
// statement reads that version together with the per-request part (the person, which sections
// they see, seats, waiting counts, their registrations, surveys done), and builds the catalogue
// JSON only when the version differs from the one held here. Seats are never cached.
import { sql, type SQL } from "drizzle-orm";
import type { CourseQuestion, RegistrationStatus } from "@domain/contract/programs";
import { answerLabels } from "@domain/rules/district-texts";
import type { Language } from "@domain/rules/language";

/** Runs the list's statement and returns its rows (a prepared statement, in the API). */
export type RunStatement = <T>(statement: SQL) => Promise<T[]>;

/** A listed section's catalogue part: the same for every caller until the catalogue changes. */
export interface CatalogueSection {
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
  waitlist_enabled: boolean;
  notes: string | null;
  school_name: string | null;
  time_conflict_override: boolean;
  one_section_per_term_override: boolean;
  /** Position in the list (program order, name, start date, course name, section). */
  ord: number;
  /** Shared by every reply built from this catalogue: frozen. */
  questions: readonly CourseQuestion[];
  /**
   * In the Spanish catalogue: the Course fields given in the district's Spanish version
   * (programName, name, description, notes, programCancellationMessage); absent when none.
   */
  spanish?: readonly string[];
}

/** The catalogue in one language: the English one, or the Spanish one (decision 172). */
interface Listing {
  sections: Map<string, CatalogueSection>;
  /** settings.programCancellationMessage, for programs without their own. */
  cancellationMessage: string | null;
  /** The default cancellation message is the district's Spanish version. */
  cancellationMessageSpanish: boolean;
}

interface Catalogue {
  version: string;
  en: Listing;
  /** The same catalogue with the district's Spanish texts in place (the English one when none). */
  es: Listing;
}

/** The per-request part of a listed section. */
export interface SectionState {
  section_id: string;
  seats_effective: number;
  waiting: number;
  reg_id: string | null;
  reg_status: RegistrationStatus | null;
  reg_cost: number | null;
  paid_cents: number | null;
  pending_cents: number | null;
  credits_cents: number | null;
  in_cart: boolean | null;
  hold_expires_at: string | null;
  /** The person's place in the section's waitlist (1 is next), while waitlisted. */
  waitlist_position: number | null;
  /** The payment window was extended once already (decision 146). */
  hold_extended: boolean;
}

export interface ProgramListRows {
  /** The default cancellation message is the district's Spanish version. */
  cancellationMessageSpanish: boolean;
  person: {
    kind: string;
    grade: string | null;
    school_id: number | null;
    financial_aid: string | null;
  } | null;
  /** In list order, each with its catalogue part. */
  sections: { catalogue: CatalogueSection; state: SectionState }[];
  surveys: string[];
  cancellationMessage: string | null;
}

/** Per-request columns, sent as arrays (no keys repeated per section). */
type StateTuple = [
  string,
  number,
  number,
  string | null,
  RegistrationStatus | null,
  number | null,
  number | null,
  number | null,
  number | null,
  boolean | null,
  string | null,
  number | null,
  boolean | null,
];

interface CatalogueJson {
  sections: Omit<CatalogueSection, "questions">[] | null;
  questions:
    | {
        id: number;
        course_section_id: string;
        question: string;
        response_type: CourseQuestion["responseType"];
        answer_list: string[];
        sort_order: number;
      }[]
    | null;
  cancellation_message: string | null;
  /** The district's Spanish texts of the catalogue: [entity, entity id, field, text]. */
  spanish: [string, string, string, string][] | null;
}

/** A question as listed: frozen, shared by every reply built from the catalogue. */
function toQuestion(q: NonNullable<CatalogueJson["questions"]>[number]): CourseQuestion {
  return Object.freeze({
    id: q.id,
    question: q.question,
    responseType: q.response_type,
    answerList: Object.freeze(q.answer_list) as string[],
    sortOrder: q.sort_order,
  });
}

/**
 * The catalogue with the district's Spanish texts in place of their English, each listed in its
 * row's `spanish`. A question's answers become its `answerLabels` (the answers stay English).
 */
function spanishListing(json: CatalogueJson, en: Listing): Listing {
  if (!json.spanish?.length) return en;
  const text = new Map<string, string>();
  for (const [entity, id, field, value] of json.spanish)
    text.set(`${entity}:${id}:${field}`, value);
  const bySection = new Map<string, CourseQuestion[]>();
  for (const q of json.questions ?? []) {
    const question = text.get(`question:${q.id}:question`);
    const answers = text.get(`question:${q.id}:answers`);
    const labels = answerLabels(answers, q.answer_list);
    const usable = labels !== null;
    const spanish = [
      ...(question !== undefined ? ["question"] : []),
      ...(usable ? ["answerList"] : []),
    ];
    const base = toQuestion(q);
    const list = bySection.get(q.course_section_id) ?? [];
    list.push(
      spanish.length === 0
        ? base
        : Object.freeze({
            ...base,
            question: question ?? base.question,
            ...(usable ? { answerLabels: Object.freeze(labels) as string[] } : {}),
            spanish: Object.freeze(spanish) as string[],
          }),
    );
    bySection.set(q.course_section_id, list);
  }
  const sections = new Map<string, CatalogueSection>();
  for (const [id, s] of en.sections) {
    const programName = text.get(`program:${s.program_id}:name`);
    const name = text.get(`course:${s.course_id}:name`);
    const description = text.get(`course:${s.course_id}:description`);
    const notes = text.get(`section:${s.section_id}:notes`);
    const cancellation = text.get(`program:${s.program_id}:cancellationMessage`);
    const given = {
      programName: programName !== undefined,
      name: name !== undefined,
      description: description !== undefined && s.description !== "",
      notes: notes !== undefined && s.notes !== null,
      programCancellationMessage: cancellation !== undefined && s.cancellation_message !== null,
    };
    const spanish = Object.entries(given)
      .filter(([, v]) => v)
      .map(([k]) => k);
    const questions = bySection.get(id);
    sections.set(
      id,
      Object.freeze({
        ...s,
        program_name: programName ?? s.program_name,
        course_name: name ?? s.course_name,
        description: given.description ? description! : s.description,
        notes: given.notes ? notes! : s.notes,
        cancellation_message: given.programCancellationMessage
          ? cancellation!
          : s.cancellation_message,
        questions: questions ? Object.freeze(questions) : s.questions,
        ...(spanish.length ? { spanish: Object.freeze(spanish) } : {}),
      }),
    );
  }
  const defaultMessage = text.get("setting:1:programCancellationMessage");
  const defaultGiven = defaultMessage !== undefined && en.cancellationMessage !== null;
  return {
    sections,
    cancellationMessage: defaultGiven ? defaultMessage : en.cancellationMessage,
    cancellationMessageSpanish: defaultGiven,
  };
}

function toCatalogue(version: string, json: CatalogueJson): Catalogue {
  const bySection = new Map<string, CourseQuestion[]>();
  for (const q of json.questions ?? []) {
    const list = bySection.get(q.course_section_id) ?? [];
    list.push(toQuestion(q));
    bySection.set(q.course_section_id, list);
  }
  const none: readonly CourseQuestion[] = Object.freeze([]);
  const sections = new Map<string, CatalogueSection>();
  for (const s of json.sections ?? []) {
    const questions = bySection.get(s.section_id);
    sections.set(
      s.section_id,
      Object.freeze({ ...s, questions: questions ? Object.freeze(questions) : none }),
    );
  }
  const en: Listing = {
    sections,
    cancellationMessage: json.cancellation_message,
    cancellationMessageSpanish: false,
  };
  return { version, en, es: spanishListing(json, en) };
}

/** The cache of one API instance; each instance checks the version on every request. */
export class ProgramCatalogueCache {
  private current: Catalogue | null = null;

  async read(
    run: RunStatement,
    pid: number,
    now: Date,
    registrationsOnly: boolean,
    language: Language = "en",
  ): Promise<ProgramListRows> {
    const first = await this.query(run, pid, now, registrationsOnly, language, this.current);
    if (first) return first;
    // A listed section the held catalogue does not know (or no version row) cannot happen while
    // every catalogue write changes the version; if it ever does, rebuild rather than answer
    // without it.
    this.current = null;
    const rebuilt = await this.query(run, pid, now, registrationsOnly, language, null);
    if (!rebuilt) throw new Error("the program catalogue could not be read (catalog_version row?)");
    return rebuilt;
  }

  private async query(
    run: RunStatement,
    pid: number,
    now: Date,
    registrationsOnly: boolean,
    language: Language,
    held: Catalogue | null,
  ): Promise<ProgramListRows | null> {
    const [reply] = await run<{
      version: string;
      catalogue: string | null;
      person: string | null;
      sections: string | null;
      surveys: string | null;
    }>(
      sql`with v as (
            select version::text as version from catalog_version where id = 1
          ), me as (
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
            select s.id, s.seats_taken - coalesce(e.n, 0) as seats_effective,
              coalesce(w.n, 0) as waiting, m.id as reg_id, m.status as reg_status,
              m.cost_cents as reg_cost, m.paid_cents, m.pending_cents,
              m.credits_applied_cents as credits_cents, m.in_cart, m.hold_expires_at,
              -- Places are given in the order people joined (seq), as seats are offered.
              case when m.status = 'waitlisted' then (
                select count(*)::int + 1 from registrations r2
                where r2.course_section_id = s.id and r2.status = 'waitlisted' and r2.seq < m.seq
              ) end as waitlist_position,
              m.hold_extended_at is not null as hold_extended
            from course_sections s
            join programs p on p.id = s.program_id
            cross join me
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
            (select version from v) as version,
            -- Built only when the held catalogue is not this snapshot's (an InitPlan runs only
            -- when the CASE needs it).
            case when (select version from v) is distinct from ${held?.version ?? null}::text then (
              select json_build_object(
                'sections', (
                  select json_agg(x order by x.ord) from (
                    select p.id as program_id, p.name as program_name, p.open,
                      p.one_section_per_term, p.requires_survey, p.allow_partial,
                      p.cancellation_message, s.id as section_id, s.course_id, s.term_id, s.term,
                      c.category, c.course_number, c.name as course_name, c.description,
                      s.section_number, s.date_start::text as date_start,
                      s.date_end::text as date_end, s.meeting_days,
                      to_char(s.time_start, 'HH24:MI') as time_start,
                      to_char(s.time_end, 'HH24:MI') as time_end, s.delivery_method,
                      s.credit_hours::float8 as credit_hours, s.cost_cents, s.capacity,
                      s.waitlist_enabled, s.notes, sc.full_name as school_name,
                      s.time_conflict_override, s.one_section_per_term_override,
                      row_number() over (
                        order by p.sort_order, p.name, s.date_start, c.name, s.section_number
                      ) as ord
                    from course_sections s
                    join programs p on p.id = s.program_id
                    join courses c on c.id = s.course_id
                    left join schools sc on sc.id = s.school_id
                    where p.active and s.active) x),
                'questions', (
                  select json_agg(q order by q.sort_order, q.id) from (
                    select q.id, q.course_section_id, q.question, q.response_type,
                      q.answer_list, q.sort_order
                    from course_questions q
                    join course_sections s on s.id = q.course_section_id
                    join programs p on p.id = s.program_id
                    where p.active and s.active) q),
                'cancellation_message', (
                  select data->>'programCancellationMessage' from settings where id = 1),
                'spanish', (
                  select json_agg(json_build_array(entity, entity_id, field, text))
                  from district_texts
                  where language = 'es' and (
                    entity in ('program', 'course', 'section', 'question')
                    or entity = 'setting' and field = 'programCancellationMessage'))
              )::text)
            end as catalogue,
            (select row_to_json(me) from me)::text as person,
            (select json_agg(json_build_array(l.id, l.seats_effective, l.waiting, l.reg_id,
                l.reg_status, l.reg_cost, l.paid_cents, l.pending_cents, l.credits_cents,
                l.in_cart, l.hold_expires_at, l.waitlist_position, l.hold_extended))
              from listing l)::text as sections,
            (select json_agg(program_id) from survey_responses
              where participant_id = ${pid})::text as surveys`,
    );
    if (!reply) throw new Error("the program list statement returned no row");
    let whole: Catalogue;
    if (reply.catalogue !== null) {
      whole = toCatalogue(reply.version, JSON.parse(reply.catalogue) as CatalogueJson);
      this.current = whole;
    } else if (held && held.version === reply.version) {
      whole = held;
    } else {
      return null;
    }
    const catalogue = language === "es" ? whole.es : whole.en;
    const states = JSON.parse(reply.sections ?? "[]") as StateTuple[];
    const sections: ProgramListRows["sections"] = [];
    for (const t of states) {
      const cat = catalogue.sections.get(t[0]);
      if (!cat) return null;
      sections.push({
        catalogue: cat,
        state: {
          section_id: t[0],
          seats_effective: t[1],
          waiting: t[2],
          reg_id: t[3],
          reg_status: t[4],
          reg_cost: t[5],
          paid_cents: t[6],
          pending_cents: t[7],
          credits_cents: t[8],
          in_cart: t[9],
          hold_expires_at: t[10],
          waitlist_position: t[11] ?? null,
          hold_extended: t[12] === true,
        },
      });
    }
    sections.sort((a, b) => a.catalogue.ord - b.catalogue.ord);
    return {
      person: reply.person ? (JSON.parse(reply.person) as ProgramListRows["person"]) : null,
      sections,
      surveys: JSON.parse(reply.surveys ?? "[]") as string[],
      cancellationMessage: catalogue.cancellationMessage,
      cancellationMessageSpanish: catalogue.cancellationMessageSpanish,
    };
  }
}
