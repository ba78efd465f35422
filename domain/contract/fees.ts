// Wire contract of fees, assessed fees and purchase history (spec 02 §3, §7). Money in dollars on
// the wire; integer cents inside.
import { z } from "zod";
import { dbId } from "./common";
import { endpoint } from "./endpoint";
import { MAX_DOLLARS } from "../rules/input";

export const FeeQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  responseType: z.enum(["Value List", "Free Form", "Waiver", "Signature"]),
  answerList: z.array(z.string()),
  sortOrder: z.number().int(),
  /** Asked for in Spanish: the district's Spanish answers, one per answer, to show (decision 172). */
  answerLabels: z.array(z.string()).optional(),
  /** Asked for in Spanish: which of "question" and "answerList" the district gave in Spanish. */
  spanish: z.array(z.string()).optional(),
});
export type FeeQuestion = z.infer<typeof FeeQuestion>;

export const Fee = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  amount: z.number(),
  /** The price of one more for the caller (spec 02 §4 price rules). */
  price: z.number(),
  feeCategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  school: z
    .object({ id: z.number().int(), shortName: z.string(), fullName: z.string() })
    .nullable(),
  quantity: z.number().int(),
  allowPartialPayment: z.boolean(),
  isDonation: z.boolean(),
  courseQuestions: z.array(FeeQuestion),
  feeGroup: z.object({ id: z.number().int() }).nullable(),
  freeAmount: z.number().nullable(),
  freeQuantity: z.number().int().nullable(),
  reducedAmount: z.number().nullable(),
  reducedQuantity: z.number().int().nullable(),
  activityAmount: z.number().nullable(),
  activityQuantity: z.number().int().nullable(),
  feeCriteriaError: z.string().nullable(),
  notes: z.string().nullable(),
  feeType: z.enum(["Course", "Enrollment", "Optional"]),
  /** Asked for in Spanish: which of name and description the district gave in Spanish. */
  spanish: z.array(z.string()).optional(),
});
export type Fee = z.infer<typeof Fee>;
export const FeesReply = z.array(Fee);

export const AssessedFee = z.object({
  id: z.number().int(),
  fee: Fee,
  status: z.enum(["due", "partial", "paid"]),
  assessedCost: z.number(),
  allowPartialPayment: z.boolean(),
  selfAssessed: z.boolean(),
  notes: z.string().nullable(),
  owed: z.number(),
  paid: z.number(),
  cost: z.number(),
  quantity: z.number().int(),
  paymentDate: z.string().nullable(),
  assessedDate: z.string(),
  studentFeePayments: z.array(
    z.object({ amount: z.number(), createdAt: z.string(), cartId: z.number().int().nullable() }),
  ),
  answers: z.array(
    z.object({ questionID: z.number().int(), answer: z.string(), cachedQuestion: z.string() }),
  ),
  /** Money given back on this fee by the business office (decision 131): amount, when. */
  refunds: z.array(z.object({ amount: z.number(), date: z.string() })).optional(),
});
export type AssessedFee = z.infer<typeof AssessedFee>;
export const StudentFeesReply = z.array(AssessedFee);

export const PurchaseHistory = z.object({
  fees: z.record(z.string(), z.number().int()),
  partialStudentFeeIdsAndAmountRemaining: z.record(z.string(), z.number()),
});
export type PurchaseHistory = z.infer<typeof PurchaseHistory>;

/** Dollars with at most two decimals (a crafted third decimal is refused, not rounded). */
export const dollars = z
  .number()
  .finite()
  .nonnegative()
  .max(MAX_DOLLARS)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "at most 2 decimals");

export const AddToCartRequest = z
  .object({
    feeId: dbId(),
    assessedFeeId: dbId().nullish(),
    courseQuestions: z
      .array(z.object({ questionID: dbId(), answer: z.string().max(5000) }).strict())
      .max(50)
      .optional(),
    quantity: z.number().int().min(1).max(20).optional(),
    donationAmount: dollars.refine((v) => v <= 10_000, "at most 10000").nullish(),
  })
  .strict();
export type AddToCartRequest = z.infer<typeof AddToCartRequest>;
export const OkReply = z.object({ ok: z.literal(true) });

// ---- The calls ------------------------------------------------------------------------------

export const listFees = endpoint({
  method: "GET",
  path: "/v1/fees",
  access: "any",
  replies: { 200: FeesReply },
  summary: "Optional fees the person may buy",
  tag: "fees",
});

export const listAssessedFees = endpoint({
  method: "GET",
  path: "/v1/student-fees",
  access: "any",
  replies: { 200: StudentFeesReply },
  summary: "Fees assessed to the student",
  tag: "fees",
});

export const getPurchaseHistory = endpoint({
  method: "GET",
  path: "/v1/purchase-history",
  access: "any",
  replies: { 200: PurchaseHistory },
  summary: "What the person bought before, per fee",
  tag: "fees",
});

// The price is decided by the district API, never taken from the body.
export const addFeeToCart = endpoint({
  method: "PUT",
  path: "/v1/fees/add-to-cart",
  access: "any",
  body: AddToCartRequest,
  replies: { 200: OkReply },
  refusals: { 404: "No such cart, fee or section, or not the caller's" },
  summary: "Add a fee (or an assessed fee) to the cart",
  tag: "fees",
});
