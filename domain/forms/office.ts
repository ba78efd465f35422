// Form schemas of the business office's pages (decision 123), used by conform in the page
// and by the action. Each field checks with the contract's own rule (domain/contract/office.ts), so
// the page, the action and the district API refuse the same values with the same words.
import { z } from "zod";
import { t } from "../messages/admin";
import {
  BounceReason,
  CheckNumber,
  DistrictDay,
  MAX_CHECK_CENTS,
  PromiseFilter,
} from "../contract/office";
import { toCents } from "../rules/money";

/** Dollars as typed ("25", "25.00", "1,250.5"), as whole cents. */
const Dollars = z
  .string({ required_error: t("office.check.amountRequired") })
  .trim()
  .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v), t("office.check.amountDollars"))
  .transform((v) => toCents(v))
  .refine((c) => c > 0, t("office.check.amountPositive"))
  .refine((c) => c <= MAX_CHECK_CENTS, t("office.check.amountTooLarge"));

export const ReceiveCheckForm = z.object({
  intent: z.literal("receive"),
  checkNumber: CheckNumber,
  amount: Dollars,
  receivedOn: DistrictDay,
});
export type ReceiveCheckForm = z.infer<typeof ReceiveCheckForm>;

const confirmed = z.boolean({ required_error: t("office.undo.confirmRequired") }).refine((v) => v, {
  message: t("office.undo.confirmRequired"),
});

/** Reverse a check recorded by mistake, or record it bounced with the reason. */
export const UndoCheckForm = z
  .object({
    intent: z.enum(["reverse", "bounce"]),
    checkId: z.coerce.number().int().positive().max(2_147_483_647),
    reason: z.string().trim().optional(),
    // Checked in the refinement below, so a missing reason and confirmation are told at once.
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "bounce") {
      const r = BounceReason.safeParse(v.reason ?? "");
      if (!r.success) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: r.error.issues[0]!.message });
      }
    }
    if (!v.confirm) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm"],
        message: t("office.undo.confirmRequired"),
      });
    }
  });
export type UndoCheckForm = z.infer<typeof UndoCheckForm>;

export const CancelPromiseForm = z.object({
  intent: z.literal("cancel"),
  confirm: confirmed,
});

/** The list's search (a GET form). */
export const PromiseSearchForm = z.object({
  q: z.string().trim().max(100).optional(),
  status: PromiseFilter.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type PromiseSearchForm = z.infer<typeof PromiseSearchForm>;
