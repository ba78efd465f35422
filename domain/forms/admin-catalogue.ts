// Form schemas of the administration's program, course and section pages (decision 120),
// used by conform in the page and by the action. Each field is checked with the
// contract's own rule (domain/contract/admin-catalogue.ts), so the page, the action and the
// district API refuse the same values with the same words.
import { z } from "zod";
import { t } from "../messages/admin";
import {
  CopyRequest,
  CourseRequest,
  ProgramFields,
  RESPONSE_TYPES,
  SectionFields,
  sectionIssues,
  type SectionUpdateRequest,
} from "../contract/admin-catalogue";
import { toCents } from "../rules/money";
import { typedCalendarDate, typedClockTime } from "../rules/typed-date-time";

/** Line breaks are stored as "\n", so an unchanged form changes nothing. */
const text = <T extends z.ZodTypeAny>(rule: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), rule).default("");
/** An optional field: empty is null. */
const orNull = <T extends z.ZodTypeAny>(rule: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? null : v), rule);
const flag = z.boolean().default(false);
/**
 * A date or time as typed, read into the API's form (YYYY-MM-DD, 24-hour HH:MM); what cannot be
 * read is left as typed, for the contract's rule to refuse with its words.
 */
const typed = <T extends z.ZodTypeAny>(read: (v: string) => string | null, rule: T) =>
  z.preprocess((v) => (typeof v === "string" ? (read(v) ?? v) : v), rule);

const p = ProgramFields.shape;
export const ProgramForm = z.object({
  name: p.name,
  open: flag,
  active: flag,
  oneSectionPerTerm: flag,
  requiresSurvey: flag,
  allowPartial: flag,
  cancellationMessage: orNull(p.cancellationMessage),
  sortOrder: z.number({ required_error: t("admin.catalogue.wholeNumber") }).pipe(p.sortOrder),
});
export type ProgramForm = z.infer<typeof ProgramForm>;

export const CopyForm = CopyRequest.extend({ intent: z.literal("copy") });

const c = CourseRequest.shape;
export const CourseForm = z.object({
  subject: c.subject,
  courseNumber: c.courseNumber,
  name: c.name,
  description: text(c.description),
  category: orNull(c.category),
});

export const SECTION_INTENTS = ["save", "cancel", "delete"] as const;

const s = SectionFields.shape;
const QuestionForm = z.object({
  id: z.number().int().positive().optional(),
  question: text(z.string().trim().min(1, t("admin.required")).max(2_000)),
  responseType: z.enum(RESPONSE_TYPES, {
    errorMap: () => ({ message: t("admin.catalogue.responseTypeRequired") }),
  }),
  answerList: z.string().max(4_000).optional(),
  sortOrder: z
    .number({
      required_error: t("admin.catalogue.sortOrderNumeric"),
      invalid_type_error: t("admin.catalogue.sortOrderNumeric"),
    })
    .int(t("admin.catalogue.sortOrderNumeric"))
    .min(0, t("admin.catalogue.sortOrderNumeric")),
});

/** "a, b ,,c" → ["a", "b", "c"] */
export const splitList = (v: string | undefined): string[] =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** Dollars as typed ("75", "75.00", "$75") → cents; NaN when it is not an amount. */
export function dollarsToCents(v: string): number {
  const clean = v.trim().replace(/^\$/, "").replace(/,/g, "");
  return /^\d+(\.\d{1,2})?$/.test(clean) ? toCents(clean) : NaN;
}

export const SectionForm = z
  .object({
    courseId: z.string({ required_error: t("admin.catalogue.courseMissing") }).pipe(s.courseId),
    sectionNumber: s.sectionNumber,
    termId: s.termId,
    term: s.term,
    instructorEmployeeId: orNull(s.instructorEmployeeId),
    schoolId: orNull(s.schoolId),
    restrictToSchool: flag,
    capacity: z
      .number({ required_error: t("admin.catalogue.capacityRange", { max: 10_000 }) })
      .pipe(s.capacity),
    waitlistEnabled: flag,
    cost: z
      .string({ required_error: t("admin.sections.badAmount") })
      .refine((v) => Number.isFinite(dollarsToCents(v)), t("admin.sections.badAmount"))
      .transform(dollarsToCents)
      .pipe(s.costCents),
    creditHours: z.number({ required_error: t("admin.catalogue.creditHours") }).pipe(s.creditHours),
    deliveryMethod: s.deliveryMethod,
    meetingDays: s.meetingDays.default([]),
    roomNumber: orNull(s.roomNumber),
    dateStart: typed(typedCalendarDate, s.dateStart),
    dateEnd: typed(typedCalendarDate, s.dateEnd),
    timeStart: orNull(typed(typedClockTime, s.timeStart)),
    timeEnd: orNull(typed(typedClockTime, s.timeEnd)),
    allowCommunity: flag,
    eligibleGrades: z
      .string()
      .max(400)
      .optional()
      .transform((v) => {
        const list = splitList(v);
        return list.length ? list : null;
      })
      .pipe(s.eligibleGrades),
    timeConflictOverride: flag,
    oneSectionPerTermOverride: flag,
    notes: orNull(s.notes),
    questions: z.array(QuestionForm).max(50).default([]),
  })
  .superRefine((v, ctx) => {
    const questions = v.questions.map((q) => ({ ...q, answerList: splitList(q.answerList) }));
    for (const i of sectionIssues({ ...v, questions })) {
      // The form shows the first rule a field breaks; the list's answers are one text field.
      ctx.addIssue({ code: "custom", ...i });
    }
  });
export type SectionForm = z.infer<typeof SectionForm>;

/** The district API's body of a parsed section form. */
export function sectionBody(v: SectionForm): SectionUpdateRequest {
  const { cost, questions, ...rest } = v;
  return {
    ...rest,
    costCents: cost,
    questions: questions.map((q) => ({
      id: q.id ?? null,
      question: q.question,
      responseType: q.responseType,
      answerList: splitList(q.answerList),
      sortOrder: q.sortOrder,
    })),
  };
}

/** A district API field path ("costCents", "questions.1.responseType") as the form's name. */
export function sectionFieldName(path: string): string {
  const name = path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
  return name === "costCents" ? "cost" : name;
}
