// Registration rules with no I/O (spec 01 §4, §5): one section per term, course questions,
// whether payment is needed, the payment window, and the page's local payment timer.
import type { CourseQuestion, ResponseType } from "../contract/programs";

export interface SectionRef {
  id: string;
  courseId: string;
  termId: string;
}

/**
 * One section per term: with the program's flag on, a second section of the same course in the
 * same term is blocked while one is registered, unless the candidate section is overridden.
 */
export function violatesOneSectionPerTerm(
  candidate: SectionRef & { oneSectionPerTermOverride: boolean },
  programOneSectionPerTerm: boolean,
  registered: SectionRef[],
): boolean {
  if (!programOneSectionPerTerm || candidate.oneSectionPerTermOverride) return false;
  return registered.some(
    (r) =>
      r.id !== candidate.id && r.courseId === candidate.courseId && r.termId === candidate.termId,
  );
}

/** The answer a waiver is sent as (spec 01 §5). */
export const WAIVER_ACCEPTED = "I Accept";

export interface AnswerInput {
  id: number;
  userSubmittedAnswer?: string;
}

export type AnswerProblem = "answersRequired" | "waiverRequired" | null;

/**
 * Checks submitted answers against the questions: every non-waiver question needs a non-blank
 * answer (a Value List answer must be one of its choices), every waiver must be "I Accept" with a
 * signature and a legal name.
 */
export function checkAnswers(
  questions: Pick<CourseQuestion, "id" | "responseType" | "answerList">[],
  answers: AnswerInput[],
  signature?: string,
  legalName?: string,
): AnswerProblem {
  const byId = new Map(answers.map((a) => [a.id, (a.userSubmittedAnswer ?? "").trim()]));
  let waiverMissing = false;
  let missing = false;
  for (const q of questions) {
    const a = byId.get(q.id) ?? "";
    if (q.responseType === "Waiver") {
      if (a !== WAIVER_ACCEPTED) waiverMissing = true;
      else if (!signature?.trim() || !legalName?.trim()) missing = true;
    } else if (!a) {
      missing = true;
    } else if (
      q.responseType === "Value List" &&
      q.answerList.length &&
      !q.answerList.includes(a)
    ) {
      missing = true;
    }
  }
  if (missing) return "answersRequired";
  if (waiverMissing) return "waiverRequired";
  return null;
}

export function hasWaiver(questions: { responseType: ResponseType }[]): boolean {
  return questions.some((q) => q.responseType === "Waiver");
}

/** What a person owes for a section: nothing with financial aid "free". */
export function effectiveCostCents(costCents: number, financialAid: string | null): number {
  return financialAid === "free" ? 0 : costCents;
}

/** Minutes of the payment window from the cartCountdownTimer setting (default 15). */
export function paymentWindowMinutes(setting: string | number | null | undefined): number {
  const n = Number(setting);
  return Number.isFinite(n) && n >= 1 && n <= 24 * 60 ? Math.floor(n) : 15;
}

/** How long a seat offered to the first person on a waitlist is held (decision 031). */
export const WAITLIST_OFFER_HOURS = 24;

/** m:ss of the time left until a deadline (0:00 when passed). */
export function formatCountdown(msLeft: number): string {
  const s = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Local storage key of a course's payment deadline (spec 01 §3 "Local storage"). */
export function paymentTimerKey(courseSelectionUUID: string): string {
  return `paymentTimer:${courseSelectionUUID}`;
}

type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Stores the deadline of a registration's payment window (ms since the epoch). */
export function setPaymentTimer(store: KeyStore, courseSelectionUUID: string, deadline: number) {
  store.setItem(paymentTimerKey(courseSelectionUUID), String(deadline));
}

export function readPaymentTimer(store: KeyStore, courseSelectionUUID: string): number | null {
  const v = Number(store.getItem(paymentTimerKey(courseSelectionUUID)));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** The payment dialog calls this after a successful payment, so no expiry fires afterwards. */
export function clearPaymentTimer(store: KeyStore, courseSelectionUUID: string) {
  store.removeItem(paymentTimerKey(courseSelectionUUID));
}
