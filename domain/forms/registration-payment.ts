// The registration payment dialog's form (spec 02 §4 "Payment dialog flow", §5): the method, and
// for a mailed check or a card the amount, checked with the registration's balance as the cart
// checks an amount (domain/rules/checkout.ts). The same schema in the page and in the action; the
// action gives it the balance the district API says, the page the one it showed.
import { z } from "zod";
import { t } from "../messages/fees";
import { activityPayment, type ActivityBalance } from "../rules/checkout";
import { methodTakesAmount, type DialogMethod } from "../rules/payment-dialog";

const METHODS = [
  "mail",
  "fab",
  "freeAfterCc",
  "waitlist",
  "stripe",
  "cart",
] as const satisfies readonly DialogMethod[];

/** The dialog's posts: pay (the methods form, the default) or cancel the registration. */
export const PaymentDialogIntentForm = z.object({
  intent: z.enum(["pay", "cancel"]).default("pay"),
});

/** The methods form; without a balance the amount is not checked (a method that takes none). */
export function paymentDialogForm(balance: ActivityBalance | null) {
  return z
    .object({
      intent: z.literal("pay").default("pay"),
      method: z.enum(METHODS, {
        // An empty or unknown choice as well as a missing one.
        message: t("checkout.error.methodRequired"),
        required_error: t("checkout.error.methodRequired"),
        invalid_type_error: t("checkout.error.methodRequired"),
      }),
      amount: z.string().max(40).optional(),
    })
    .superRefine((v, ctx) => {
      if (!balance || !methodTakesAmount(v.method)) return;
      const amount = activityPayment(v.amount, balance);
      if (!amount.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: amount.error });
    });
}
export type PaymentDialogForm = z.infer<ReturnType<typeof paymentDialogForm>>;
