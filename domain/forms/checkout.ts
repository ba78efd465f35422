// The cart's Payment Method form (spec 02 §5 "Checkout payment form"), checked the same way in
// the browser and in the action; the cart lines come from the loader.
import { z } from "zod";
import { t } from "../messages/fees";
import { partialAmountError, type PaymentMethod } from "../rules/checkout";
import type { CartLine } from "../rules/partial-payment";
import { toCents } from "../rules/money";

/**
 * The cart page's posts (/cart, /instructor/cart), by their `intent`: remove an item, empty the
 * cart, submit a zero-total order, or pay (the Payment Method form, `checkoutForm`). Any other
 * intent is refused.
 */
export const CartIntentForm = z.object({
  intent: z.enum(["remove", "empty", "submitOrder", "pay"]),
});

/** "Remove" of an item: its cart item ids, comma-separated (the ones that are ids are taken). */
export const RemoveCartItemsForm = z.object({
  intent: z.literal("remove"),
  ids: z
    .string()
    .max(2000)
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
});

export function checkoutForm(lines: CartLine[]) {
  return z
    .object({
      paymentType: z.enum(["full", "partial"], {
        // An empty or unknown choice as well as a missing one.
        message: t("checkout.error.paymentTypeRequired"),
        required_error: t("checkout.error.paymentTypeRequired"),
        invalid_type_error: t("checkout.error.paymentTypeRequired"),
      }),
      partialPaymentAmount: z.string().trim().optional(),
      paymentMethod: z.enum(["stripe", "mail", "cash", "inPersonCheck", "terminal"], {
        message: t("checkout.error.methodRequired"),
        required_error: t("checkout.error.methodRequired"),
        invalid_type_error: t("checkout.error.methodRequired"),
      }),
      cardNumber: z.string().max(40).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.paymentType === "partial") {
        const msg = partialAmountError(v.partialPaymentAmount ?? "", lines);
        if (msg)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["partialPaymentAmount"],
            message: msg,
          });
      }
    });
}

/** What is paid now, in cents. */
export function payNowCents(
  lines: CartLine[],
  value: { paymentType?: string; partialPaymentAmount?: string },
): number {
  const total = lines.reduce((s, l) => s + l.costCents, 0);
  if (value.paymentType !== "partial") return total;
  const c = toCents(value.partialPaymentAmount ?? "");
  return Number.isFinite(c) && c > 0 ? c : total;
}

export type CheckoutMethod = PaymentMethod;
