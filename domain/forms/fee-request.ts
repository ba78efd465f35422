// The fee request form (spec 02 §5 "Fee request form"). ONE schema for the page (conform, form
// strings) and the district API's save call (JSON). Every field is read leniently and every rule
// is checked in one pass, so a person sees all problems at once, with the spec's words.
import { z } from "zod";
import { t } from "../messages/fee-requests";
import { toCents } from "../rules/money";
import { ANY_CONTROL, FORBIDDEN_CONTROL, isSaneCalendarDate, MAX_DOLLARS } from "../rules/input";
import { todayIn, zonedInstant } from "../rules/time";

export const FEE_TYPES = ["Course", "Enrollment", "Optional"] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export const RESPONSE_TYPES = ["Value List", "Free Form", "Waiver", "Signature"] as const;
export type QuestionResponseType = (typeof RESPONSE_TYPES)[number];

/** Collection start is the start of its day; the end is 23:59:59 of its day (district time). */
export function collectionWindow(start: string, end: string, timeZone: string) {
  return {
    saleStart: zonedInstant(start, "00:00:00", timeZone),
    saleEnd: zonedInstant(end, "23:59:59", timeZone),
  };
}

// ---- Pure helpers used by the page ----

export interface QuestionDraft {
  id?: string | number | undefined;
  question?: string | undefined;
  responseType?: string | undefined;
  answerList?: string | undefined;
  sortOrder?: string | number | undefined;
}

/**
 * Deleting a question renumbers the ones after it: every sort order above the deleted one moves
 * down by one, so the orders stay 1..n.
 */
export function renumberAfterDelete<Q extends QuestionDraft>(questions: Q[], index: number): Q[] {
  const removed = questions[index];
  if (!removed) return questions;
  return renumberAbove(
    questions.filter((_, i) => i !== index),
    numericOrder(removed.sortOrder),
  );
}

/** Moves every numeric sort order above the removed one down by one (the rest stay as typed). */
export function renumberAbove<Q extends QuestionDraft>(questions: Q[], removedOrder: number): Q[] {
  if (!Number.isFinite(removedOrder)) return questions;
  return questions.map((q) => {
    const n = numericOrder(q.sortOrder);
    if (!Number.isFinite(n) || n <= removedOrder) return q;
    return { ...q, sortOrder: typeof q.sortOrder === "number" ? n - 1 : String(n - 1) };
  });
}

function numericOrder(v: string | number | undefined): number {
  if (typeof v === "number") return v;
  return v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
}

/** The next sort order for a new question: one more than the highest, or 1. */
export function nextSortOrder(questions: QuestionDraft[]): number {
  const nums = questions.map((q) => Number(q.sortOrder)).filter((n) => Number.isFinite(n));
  return nums.length ? Math.max(...nums) + 1 : 1;
}

export interface Employee {
  id: string;
  name: string;
}

/** Sponsor search: by id or name, case-insensitive, hiding sponsors already chosen. */
export function searchEmployees(
  employees: Employee[],
  query: string,
  chosenIds: readonly string[],
): Employee[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const chosen = new Set(chosenIds);
  return employees.filter(
    (e) =>
      !chosen.has(e.id) && (e.id.toLowerCase().includes(q) || e.name.toLowerCase().includes(q)),
  );
}

/** "a, b ,,c" → ["a", "b", "c"] */
export function splitAnswerList(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

// ---- The schema ----

/** A text field; only the long texts (`multiline`) may hold tabs and line breaks. */
const str = (max: number, { multiline = false } = {}) =>
  z.preprocess(
    (v) => (v == null ? "" : typeof v === "number" ? String(v) : v),
    z
      .string()
      .max(max)
      .refine(
        (v) => !(multiline ? FORBIDDEN_CONTROL : ANY_CONTROL).test(v),
        t("feeRequest.textControl"),
      ),
  );
const flag = z.preprocess(
  (v) => v === true || v === "on" || v === "true" || v === "yes",
  z.boolean(),
);
const looseNumber = z.union([z.number(), z.string().max(40)]).nullish();

const QuestionInput = z.object({
  id: z.union([z.number(), z.string().max(40)]).nullish(),
  question: str(2000, { multiline: true }),
  responseType: str(40),
  // A list (JSON) or the comma-separated text of the form.
  answerList: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(", ") : v == null ? "" : v),
    z
      .string()
      .max(4000)
      .refine((v) => !ANY_CONTROL.test(v), t("feeRequest.textControl")),
  ),
  sortOrder: looseNumber,
});

const SponsorInput = z.object({ id: str(40), name: str(200) });

/**
 * What a fee request is made of, each field read leniently; the rules (`check`) come on top, with
 * the clock. The district API's save call declares its body with this (domain/contract).
 */
export const FeeRequestInput = z.object({
  feeRequestId: looseNumber,
  name: str(200),
  school: looseNumber,
  year: looseNumber,
  category: looseNumber,
  approvalRoute: looseNumber,
  type: str(20),
  cost: looseNumber,
  costVariable: flag,
  accountNumber: str(100),
  accountAssignedByBusinessOffice: flag,
  allowStudent: flag,
  allowEmployee: flag,
  allowCommunityMember: flag,
  allowGuest: flag,
  collectionStart: str(10),
  collectionEnd: str(10),
  description: str(10000, { multiline: true }),
  otherInformation: str(10000, { multiline: true }),
  sponsors: z.array(SponsorInput).max(50).nullish(),
  requiresAdditionalInformation: flag,
  questions: z.array(QuestionInput).max(50).nullish(),
});
type FeeRequestInput = z.infer<typeof FeeRequestInput>;

export interface FeeRequestQuestion {
  question: string;
  responseType: QuestionResponseType;
  answerList: string[];
  sortOrder: number;
}

/** A valid request, normalised: cleared fields null, money in cents, the sale window as instants. */
export interface FeeRequestValues {
  feeRequestId: number | null;
  name: string;
  school: number;
  year: number;
  category: number | null;
  approvalRoute: number;
  type: FeeType;
  cost: number;
  costCents: number;
  costVariable: boolean;
  accountNumber: string | null;
  accountAssignedByBusinessOffice: boolean;
  allowStudent: boolean;
  allowEmployee: boolean;
  allowCommunityMember: boolean;
  allowGuest: boolean;
  collectionStart: string;
  collectionEnd: string;
  saleStart: string;
  saleEnd: string;
  description: string;
  otherInformation: string;
  sponsors: Employee[];
  requiresAdditionalInformation: boolean;
  questions: FeeRequestQuestion[];
}

function idOf(v: number | string | null | undefined): number | null {
  if (v == null) return null;
  const s = String(v).trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 ? n : null;
}

function numberOf(v: number | string | null | undefined): number | null {
  if (v == null) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  const s = v.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  return Number(s);
}

function hasAtMostTwoDecimals(v: number | string): boolean {
  const s = typeof v === "number" ? String(v) : v.trim();
  if (/e/i.test(s)) return Math.round(Number(s) * 100) === Number(s) * 100;
  const frac = s.split(".")[1] ?? "";
  return frac.length <= 2;
}

export interface FeeRequestContext {
  /** The moment to check "not in the past" against (a fixed clock in tests). */
  now: Date;
  /** District time zone (IANA). */
  timeZone: string;
}

function check(input: FeeRequestInput, ctx: z.RefinementCtx, { now, timeZone }: FeeRequestContext) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
  const required = t("feeRequest.fieldRequired");

  if (input.name.trim().length < 1) issue(["name"], required);
  if (idOf(input.school) === null) issue(["school"], required);
  if (idOf(input.year) === null) issue(["year"], required);
  if (idOf(input.approvalRoute) === null) issue(["approvalRoute"], required);
  if (!FEE_TYPES.includes(input.type as FeeType)) issue(["type"], required);
  if (input.type === "Optional" && idOf(input.category) === null)
    issue(["category"], t("feeRequest.categoryRequired"));

  const cost = numberOf(input.cost);
  if (cost === null || cost < 1) issue(["cost"], t("feeRequest.required"));
  else if (cost > MAX_DOLLARS) issue(["cost"], t("feeRequest.costTooLarge"));
  else if (!hasAtMostTwoDecimals(input.cost!)) issue(["cost"], t("feeRequest.costDecimals"));

  if (!input.accountAssignedByBusinessOffice && input.accountNumber.trim() === "")
    issue(["accountNumber"], t("feeRequest.accountRequired"));

  const today = todayIn(timeZone, now);
  const dates: Record<"collectionStart" | "collectionEnd", boolean> = {
    collectionStart: false,
    collectionEnd: false,
  };
  for (const key of ["collectionStart", "collectionEnd"] as const) {
    const v = input[key].trim();
    if (v === "") issue([key], required);
    else if (!isSaneCalendarDate(v)) issue([key], t("feeRequest.dateInvalid"));
    else if (v < today) issue([key], t("feeRequest.dateInFuture"));
    else dates[key] = true;
  }
  if (dates.collectionStart && dates.collectionEnd) {
    const w = collectionWindow(input.collectionStart.trim(), input.collectionEnd.trim(), timeZone);
    if (!(w.saleStart < w.saleEnd)) issue(["collectionStart"], t("feeRequest.startBeforeEnd"));
  }

  const sponsors = (input.sponsors ?? []).filter((s) => s.id.trim() !== "");
  if (sponsors.length < 1) issue(["sponsors"], t("feeRequest.sponsorRequired"));

  if (input.requiresAdditionalInformation) {
    const questions = input.questions ?? [];
    if (questions.length < 1) issue(["questions"], t("feeRequest.questionRequired"));
    const seen = new Set<number>();
    let waiverSeen = false;
    questions.forEach((q, i) => {
      if (q.question.trim() === "") issue(["questions", i, "question"], required);
      if (!RESPONSE_TYPES.includes(q.responseType as QuestionResponseType))
        issue(["questions", i, "responseType"], t("feeRequest.responseTypeRequired"));
      else if (q.responseType === "Waiver") {
        if (waiverSeen) issue(["questions", i, "responseType"], t("feeRequest.oneWaiver"));
        waiverSeen = true;
      }
      if (q.responseType === "Value List" && splitAnswerList(q.answerList).length < 1)
        issue(["questions", i, "answerList"], t("feeRequest.valueListRequired"));
      const n = idOf(q.sortOrder);
      if (n === null) issue(["questions", i, "sortOrder"], t("feeRequest.sortOrderNumeric"));
      else if (seen.has(n))
        issue(["questions", i, "sortOrder"], t("feeRequest.duplicateSortOrder", { n }));
      else seen.add(n);
    });
  }
}

function normalise(input: FeeRequestInput, { timeZone }: FeeRequestContext): FeeRequestValues {
  const start = input.collectionStart.trim();
  const end = input.collectionEnd.trim();
  const w = collectionWindow(start, end, timeZone);
  const cost = numberOf(input.cost)!;
  const type = input.type as FeeType;
  const byBo = input.accountAssignedByBusinessOffice;
  const asksMore = input.requiresAdditionalInformation;
  const seen = new Set<string>();
  return {
    feeRequestId: idOf(input.feeRequestId),
    name: input.name.trim(),
    school: idOf(input.school)!,
    year: idOf(input.year)!,
    // Course and Enrollment fees have no category (spec: changing the type clears it).
    category: type === "Optional" ? idOf(input.category) : null,
    approvalRoute: idOf(input.approvalRoute)!,
    type,
    cost,
    costCents: toCents(cost),
    costVariable: input.costVariable,
    accountNumber: byBo ? null : input.accountNumber.trim(),
    accountAssignedByBusinessOffice: byBo,
    allowStudent: input.allowStudent,
    allowEmployee: input.allowEmployee,
    allowCommunityMember: input.allowCommunityMember,
    allowGuest: input.allowGuest,
    collectionStart: start,
    collectionEnd: end,
    saleStart: w.saleStart.toISOString(),
    saleEnd: w.saleEnd.toISOString(),
    description: input.description.trim(),
    otherInformation: input.otherInformation.trim(),
    sponsors: (input.sponsors ?? [])
      .map((s) => ({ id: s.id.trim(), name: s.name.trim() }))
      .filter((s) => s.id !== "" && !seen.has(s.id) && Boolean(seen.add(s.id))),
    requiresAdditionalInformation: asksMore,
    // "No" clears the questions.
    questions: asksMore
      ? (input.questions ?? [])
          .map((q) => ({
            question: q.question.trim(),
            responseType: q.responseType as QuestionResponseType,
            answerList: q.responseType === "Value List" ? splitAnswerList(q.answerList) : [],
            sortOrder: idOf(q.sortOrder)!,
          }))
          .sort((a, b) => a.sortOrder - b.sortOrder)
      : [],
  };
}

/** The fee request schema, checking dates against the given "now" in the district time zone. */
export function feeRequestSchema(context: FeeRequestContext) {
  return FeeRequestInput.superRefine((input, ctx) => check(input, ctx, context)).transform(
    (input) => normalise(input, context),
  );
}
export type FeeRequestSchema = ReturnType<typeof feeRequestSchema>;
