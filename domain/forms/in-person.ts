// The cashier's in-person payment form (spec 02 §4 "Cart checkout", §5): payment type, partial
// amount and the in-person method with what it needs (cash tendered, check number, the reader's
// payment). The same schema in the page (through useZodForm) and in the action; the rules it
// applies are domain/rules/checkout.ts and cashier.ts.
import { z } from "zod";
import { t } from "../messages/cashier";
import {
  cartTotalCents,
  checkNumberError,
  partialAmountError,
  tenderedError,
} from "../rules/checkout";
import { payNowCents } from "../rules/cashier";
import type { CartLine } from "../rules/partial-payment";

/** The in-person payment form, validated the same way on the page and in the action. */
export function inPersonFormSchema(lines: CartLine[]) {
  const total = cartTotalCents(lines);
  const partialAllowed = lines.some((l) => l.allowPartial);
  return z
    .object({
      paymentType: z.enum(["full", "partial"], {
        errorMap: () => ({ message: t("checkout.error.paymentTypeRequired") }),
      }),
      partialPaymentAmount: z.string().max(20).optional(),
      paymentMethod: z.enum(["cash", "inPersonCheck", "terminal"], {
        errorMap: () => ({ message: t("checkout.error.methodRequired") }),
      }),
      tendered: z.string().max(20).optional(),
      checkNumber: z.string().max(40).optional(),
      paymentIntentId: z.string().max(200).optional(),
      terminalId: z.string().max(200).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.paymentType === "partial") {
        const msg = partialAllowed
          ? partialAmountError(v.partialPaymentAmount ?? "", lines)
          : t("checkout.error.methodUnavailable");
        if (msg) ctx.addIssue({ code: "custom", path: ["partialPaymentAmount"], message: msg });
      }
      const now = payNowCents(lines, v.paymentType, v.partialPaymentAmount);
      if (v.paymentMethod === "cash") {
        const msg = tenderedError(v.tendered, now);
        if (msg) ctx.addIssue({ code: "custom", path: ["tendered"], message: msg });
      }
      if (v.paymentMethod === "inPersonCheck") {
        const msg = checkNumberError(v.checkNumber);
        if (msg) ctx.addIssue({ code: "custom", path: ["checkNumber"], message: msg });
      }
      if (v.paymentMethod === "terminal" && !v.paymentIntentId) {
        ctx.addIssue({
          code: "custom",
          path: ["paymentMethod"],
          message: t("reader.error.cardNotReady"),
        });
      }
      if (total > 0 && now <= 0) {
        ctx.addIssue({
          code: "custom",
          path: ["paymentMethod"],
          message: t("checkout.error.methodUnavailable"),
        });
      }
    });
}
