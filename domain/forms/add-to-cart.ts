// The add-to-cart form of a fee card (and of the fee questions dialog), and the fee shops' posts.
import { z } from "zod";
import { t } from "../messages/fees-page";

export const AddToCartForm = z.object({
  intent: z.literal("add"),
  feeId: z.coerce.number().int().positive(),
  assessedFeeId: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  quantity: z.coerce.number().int().min(1).max(20).optional(),
  donationAmount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, t("fees.invalidAmount"))
    .optional(),
});
export type AddToCartForm = z.infer<typeof AddToCartForm>;

/**
 * The fee shops' posts (/fees, /instructor/buy-fees): add one fee (a card or the questions
 * dialog), or "Add all fees" (every assessed fee still owed, on /fees). Any other intent is
 * refused.
 */
export const FeeShopForm = z.discriminatedUnion("intent", [
  AddToCartForm,
  z.object({ intent: z.literal("addAll") }),
]);
