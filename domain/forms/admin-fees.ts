// Form schemas of the administration's fee pages (decision 121), used by conform
// in the page and by the action. Amounts are typed in dollars and sent in cents; sale dates are
// the district's calendar days (the sale runs from the first day's start to the last day's end).
// The district API checks the same rules again (domain/contract/admin-fees.ts).
import { z } from "zod";
import { t } from "../messages/admin";
import {
  FeeFields,
  FeeGroupRequest,
  MAX_FEE_CENTS,
  MAX_STUDENT_IDS,
  checkFee,
  type AdminFee,
  type AssessTarget,
  type FeeRequest,
} from "../contract/admin-fees";
import { RESPONSE_TYPES, splitAnswerList } from "./fee-request";
import { isSaneCalendarDate } from "../rules/input";
import { toCents } from "../rules/money";
import { districtDateAndTime, districtDayBounds } from "../rules/time";

const f = FeeFields.shape;

/** Dollars as typed: at most two decimals, from 0 to the highest fee. */
const dollars = z
  .number({
    invalid_type_error: t("adminFees.centsWhole"),
    required_error: t("admin.required"),
  })
  .min(0, t("adminFees.centsRange"))
  .max(MAX_FEE_CENTS / 100, t("adminFees.centsRange"))
  .refine((v) => Math.abs(toCents(v) - v * 100) < 1e-6, t("adminFees.centsWhole"));
const quantity = f.maxQuantity;
const day = z.string().trim().refine(isSaneCalendarDate, t("adminFees.badDate"));
const text = <T extends z.ZodTypeAny>(rule: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), rule).default("");

const QuestionRow = z.object({
  question: z.string().max(2_000).optional(),
  responseType: z.enum(RESPONSE_TYPES).default("Free Form"),
  answerList: z.string().max(10_000).optional(),
  sortOrder: z.number().int().min(1).max(1_000).optional(),
});

export const FeeForm = z
  .object({
    name: text(f.name),
    description: text(f.description),
    feeType: f.feeType,
    schoolId: z.number().int().positive().optional(),
    schoolYearId: z.number().int().positive().optional(),
    feeGroupId: z.number().int().positive().optional(),
    accountCode: z.string().trim().max(100).optional(),
    amount: dollars,
    isDonation: z.boolean().default(false),
    maxQuantity: quantity,
    allowPartial: z.boolean().default(false),
    freeAmount: dollars.optional(),
    freeQuantity: quantity.optional(),
    reducedAmount: dollars.optional(),
    reducedQuantity: quantity.optional(),
    activityAmount: dollars.optional(),
    activityQuantity: quantity.optional(),
    allowStudent: z.boolean().default(false),
    allowEmployee: z.boolean().default(false),
    allowCommunityMember: z.boolean().default(false),
    allowGuest: z.boolean().default(false),
    saleStart: day.optional(),
    saleEnd: day.optional(),
    active: z.boolean().default(false),
    questions: z.array(QuestionRow).max(51).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.saleStart && v.saleEnd && v.saleEnd < v.saleStart) {
      ctx.addIssue({ code: "custom", path: ["saleEnd"], message: t("adminFees.saleEndBefore") });
    }
    // The questions as the contract checks them (order, one waiver, a value list's answers).
    checkFee({ questions: questionsOf(v.questions) }, ctx);
  });
export type FeeForm = z.infer<typeof FeeForm>;

/** The filled question rows (an empty row is no question); a missing order follows the others. */
function questionsOf(rows: z.infer<typeof QuestionRow>[]): FeeRequest["questions"] {
  let next = Math.max(0, ...rows.map((r) => r.sortOrder ?? 0));
  return rows
    .filter((r) => r.question?.trim())
    .map((r) => ({
      question: r.question!.replace(/\r\n?/g, "\n").trim(),
      responseType: r.responseType,
      answerList: r.responseType === "Value List" ? splitAnswerList(r.answerList ?? "") : [],
      sortOrder: r.sortOrder ?? ++next,
    }));
}

const special = (amount: number | undefined, qty: number | undefined) =>
  amount === undefined ? null : { amountCents: toCents(amount), quantity: qty ?? null };

/** The form's values as the district API's fee. */
export function feeRequestOf(v: FeeForm, timeZone: string): FeeRequest {
  return {
    name: v.name,
    description: v.description,
    feeType: v.feeType,
    schoolId: v.schoolId ?? null,
    schoolYearId: v.schoolYearId ?? null,
    feeGroupId: v.feeGroupId ?? null,
    accountCode: v.accountCode ? v.accountCode : null,
    amountCents: toCents(v.amount),
    isDonation: v.isDonation,
    maxQuantity: v.maxQuantity,
    allowPartial: v.allowPartial,
    free: special(v.freeAmount, v.freeQuantity),
    reduced: special(v.reducedAmount, v.reducedQuantity),
    activity: special(v.activityAmount, v.activityQuantity),
    allowStudent: v.allowStudent,
    allowEmployee: v.allowEmployee,
    allowCommunityMember: v.allowCommunityMember,
    allowGuest: v.allowGuest,
    saleStart: v.saleStart ? districtDayBounds(v.saleStart, timeZone).start.toISOString() : null,
    // The last second of the last day.
    saleEnd: v.saleEnd
      ? new Date(districtDayBounds(v.saleEnd, timeZone).end.getTime() - 1000).toISOString()
      : null,
    active: v.active,
    questions: questionsOf(v.questions),
  };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** A fee as the form's starting values (a blank question row follows its questions). */
export function feeFormValues(fee: AdminFee | null, timeZone: string) {
  const blank = { question: "", responseType: "Free Form", answerList: "", sortOrder: "" };
  if (!fee) {
    return {
      feeType: "Optional",
      maxQuantity: "1",
      allowStudent: "on",
      active: "on",
      questions: [blank],
    };
  }
  const on = (b: boolean) => (b ? "on" : undefined);
  const sp = (s: AdminFee["free"]) => ({
    amount: s ? money(s.amountCents) : "",
    quantity: s?.quantity ? String(s.quantity) : "",
  });
  const free = sp(fee.free);
  const reduced = sp(fee.reduced);
  const activity = sp(fee.activity);
  return {
    name: fee.name,
    description: fee.description,
    feeType: fee.feeType,
    schoolId: fee.schoolId ? String(fee.schoolId) : "",
    schoolYearId: fee.schoolYearId ? String(fee.schoolYearId) : "",
    feeGroupId: fee.feeGroupId ? String(fee.feeGroupId) : "",
    accountCode: fee.accountCode ?? "",
    amount: money(fee.amountCents),
    isDonation: on(fee.isDonation),
    maxQuantity: String(fee.maxQuantity),
    allowPartial: on(fee.allowPartial),
    freeAmount: free.amount,
    freeQuantity: free.quantity,
    reducedAmount: reduced.amount,
    reducedQuantity: reduced.quantity,
    activityAmount: activity.amount,
    activityQuantity: activity.quantity,
    allowStudent: on(fee.allowStudent),
    allowEmployee: on(fee.allowEmployee),
    allowCommunityMember: on(fee.allowCommunityMember),
    allowGuest: on(fee.allowGuest),
    saleStart: fee.saleStart ? districtDateAndTime(fee.saleStart, timeZone).date : "",
    saleEnd: fee.saleEnd ? districtDateAndTime(fee.saleEnd, timeZone).date : "",
    active: on(fee.active),
    questions: [
      ...fee.questions.map((q) => ({
        question: q.question,
        responseType: q.responseType,
        answerList: q.answerList.join(", "),
        sortOrder: String(q.sortOrder),
      })),
      blank,
    ],
  };
}

// ---- Fee groups (decision 127) ---------------------------------------------------------------

/** A new fee group, posted from the fee list (intent "group-create"); the API checks the name too. */
export const FeeGroupForm = z.object({
  intent: z.literal("group-create"),
  name: text(FeeGroupRequest.shape.name),
});
export type FeeGroupForm = z.infer<typeof FeeGroupForm>;

// ---- Assessing -------------------------------------------------------------------------------

export const ASSESS_BY = ["students", "group", "section"] as const;

/** Student IDs as typed: numbers separated by spaces, commas or lines. */
export function parseStudentIds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,10}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

export const AssessForm = z
  .object({
    intent: z.enum(["preview", "assess"]).default("preview"),
    by: z.enum(ASSESS_BY).default("group"),
    studentIds: z
      .string()
      .max(MAX_STUDENT_IDS * 12)
      .optional(),
    grade: z.string().trim().max(20).optional(),
    schoolId: z.number().int().positive().optional(),
    sectionId: z.string().trim().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.by === "students") {
      const ids = parseStudentIds(v.studentIds ?? "");
      if (ids === null) {
        ctx.addIssue({
          code: "custom",
          path: ["studentIds"],
          message: t("adminFees.badStudentIds"),
        });
      } else if (ids.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["studentIds"],
          message: t("adminFees.studentIdsRequired"),
        });
      } else if (ids.length > MAX_STUDENT_IDS) {
        ctx.addIssue({
          code: "custom",
          path: ["studentIds"],
          message: t("adminFees.tooManyStudentIds", { max: MAX_STUDENT_IDS }),
        });
      }
    }
    if (v.by === "group" && !v.grade && !v.schoolId) {
      ctx.addIssue({ code: "custom", path: ["grade"], message: t("adminFees.gradeOrSchool") });
    }
    if (v.by === "section" && !/^[0-9a-f-]{36}$/i.test(v.sectionId ?? "")) {
      ctx.addIssue({ code: "custom", path: ["sectionId"], message: t("adminFees.unknownSection") });
    }
  });
export type AssessForm = z.infer<typeof AssessForm>;

/** The form's target as the district API's. */
export function assessTargetOf(v: AssessForm): AssessTarget {
  if (v.by === "students")
    return { by: "students", studentIds: parseStudentIds(v.studentIds ?? "") ?? [] };
  if (v.by === "section") return { by: "section", sectionId: (v.sectionId ?? "").toLowerCase() };
  return { by: "group", grade: v.grade ? v.grade : null, schoolId: v.schoolId ?? null };
}

/** Waiving or adjusting one assessed fee, with its reason. */
export const AssessedActionForm = z
  .object({
    intent: z.enum(["waive", "adjust"]),
    assessedId: z.number().int().positive(),
    reason: z
      .string({ required_error: t("admin.required") })
      .trim()
      .min(1, t("admin.required"))
      .max(500),
    amount: dollars.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "adjust" && v.amount === undefined) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: t("admin.required") });
    }
  });
export type AssessedActionForm = z.infer<typeof AssessedActionForm>;
