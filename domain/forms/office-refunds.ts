// Form schemas of the business office's refund pages (decision 131), used by
// conform in the page and by the action; each field checks with the contract's own rule
// (domain/contract/office-refunds.ts), so the page and the district API refuse with the same words.
import { z } from "zod";
import { t } from "../messages/admin";
import { MAX_CHECK_CENTS } from "../contract/office";
import {
  ByHandMethod,
  RefundCheckNumber,
  RefundKey,
  RefundReasonText,
} from "../contract/office-refunds";
import { toCents } from "../rules/money";

/** Dollars as typed ("25", "25.00", "$1,250.5"), as whole cents. */
const Dollars = z
  .string({ required_error: t("office.refund.amountRequired") })
  .trim()
  .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v), t("office.check.amountDollars"))
  .transform((v) => toCents(v))
  .refine((c) => c > 0, t("office.check.amountPositive"))
  .refine((c) => c <= MAX_CHECK_CENTS, t("office.check.amountTooLarge"));

export const RefundForm = z
  .object({
    intent: z.literal("refund"),
    key: RefundKey,
    line: z.string().trim().max(60).optional(),
    amount: Dollars,
    reason: RefundReasonText,
    /** "on" when the payment's money goes back by hand: then the method is required. */
    byHand: z.boolean().optional(),
    method: z.enum(["cash", "check"]).optional(),
    checkNumber: RefundCheckNumber.optional(),
    cancelRegistration: z.boolean().optional(),
    unassessFee: z.boolean().optional(),
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.byHand && !v.method) {
      ctx.addIssue({
        code: "custom",
        path: ["method"],
        message: t("office.refund.methodRequired"),
      });
    }
    if (v.checkNumber && v.method !== "check") {
      ctx.addIssue({
        code: "custom",
        path: ["checkNumber"],
        message: t("office.refund.checkNumberOnlyForCheck"),
      });
    }
    if (!v.confirm) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm"],
        message: t("office.refund.confirmRequired"),
      });
    }
  });
export type RefundForm = z.infer<typeof RefundForm>;

export const PaidOutForm = z
  .object({
    intent: z.literal("paidOut"),
    refundId: z.coerce.number().int().positive().max(2_147_483_647),
    method: ByHandMethod,
    checkNumber: RefundCheckNumber.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.checkNumber && v.method !== "check") {
      ctx.addIssue({
        code: "custom",
        path: ["checkNumber"],
        message: t("office.refund.checkNumberOnlyForCheck"),
      });
    }
  });

export const RetryRefundForm = z.object({
  intent: z.literal("retry"),
  refundId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The payments search (a GET form). */
export const PaymentSearchForm = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
