// A fee administrator's review of a pending fee request (spec 02 §2): approve, or deny with
// notes. The same schema in the review dialog (through useZodForm) and in the action.
import { z } from "zod";
import { t } from "../messages/fee-requests";

export const FeeReviewForm = z
  .object({
    intent: z.enum(["approve", "deny"]),
    id: z.coerce.number().int().positive().safe(),
    notes: z
      .string()
      .trim()
      .default("")
      .transform((notes) => notes.slice(0, 2000)),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "deny" && !v.notes) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["notes"],
        message: t("feeRequest.denyNotesRequired"),
      });
    }
  });
export type FeeReviewForm = z.infer<typeof FeeReviewForm>;
