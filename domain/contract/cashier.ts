// Wire contract of the cashier calls (spec 02 §7): the card reader's payment intent and the
// in-person transaction (cash, in-person check, card reader), plus what the web app needs to
// know about the in-person methods and what the receipt shows of them.
import { z } from "zod";
import { dbId } from "./common";
import { dollars } from "./fees";
import { PaymentTypeField } from "./payments";

export const InPersonMethod = z.enum(["cash", "inPersonCheck", "terminal"]);
export type InPersonMethod = z.infer<typeof InPersonMethod>;

export const CreateTerminalIntentRequest = z
  .object({
    cartId: dbId(),
    payNowAmount: dollars,
    paymentType: PaymentTypeField.default("full"),
    terminalId: z.string().max(200).nullish(),
  })
  .strict();
export const CreateTerminalIntentReply = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** What the reader shows (spec 02 §4): USD, total in cents, line items. */
  cart: z.object({
    currency: z.literal("usd"),
    total: z.number().int(),
    lineItems: z.array(
      z.object({ amount: z.number().int(), description: z.string(), quantity: z.number().int() }),
    ),
  }),
});
export type CreateTerminalIntentReply = z.infer<typeof CreateTerminalIntentReply>;

export const CompleteInPersonRequest = z
  .object({
    cartId: dbId(),
    payNowAmount: dollars,
    paymentType: PaymentTypeField.default("full"),
    /** The register station, or the reader that took the card. */
    terminalId: z.string().max(200).nullish(),
    paymentMethod: InPersonMethod,
    /** Cash handed over, in cents (spec 02 §5: tendered is sent in cents). */
    tenderedCents: z.number().int().nonnegative().max(100_000_000).nullish(),
    checkNumber: z.string().trim().max(40).nullish(),
    /** The reader payment intent that was collected and processed (terminal only). */
    paymentIntentId: z.string().max(200).nullish(),
  })
  .strict();
export type CompleteInPersonRequest = z.infer<typeof CompleteInPersonRequest>;

export const CompleteInPersonReply = z.object({
  errorCode: z.number().int(),
  message: z.string(),
  data: z.object({
    redirectUrl: z.string(),
    cartId: z.number().int(),
    paymentMethod: InPersonMethod,
    amount: z.number(),
    tendered: z.number().nullable(),
    change: z.number().nullable(),
    checkNumber: z.string().nullable(),
  }),
});
export type CompleteInPersonReply = z.infer<typeof CompleteInPersonReply>;

/** GET /v1/payment/in-person: whether this session may take in-person payments. */
export const InPersonConfigReply = z.object({
  allowed: z.boolean(),
  /** Publishable key for the reader SDK; null means the simulated reader. */
  publishableKey: z.string().nullable(),
  /** Simulated readers are also discovered (test key or simulator). */
  simulated: z.boolean(),
  /** Why this session cannot take in-person payments (null when it can). */
  reason: z.string().nullable().optional(),
});
export type InPersonConfigReply = z.infer<typeof InPersonConfigReply>;

/** GET /v1/payment/in-person/{cartId}: what the receipt shows of an in-person payment. */
export const InPersonReceiptReply = z.object({
  cartId: z.number().int(),
  payment: z
    .object({
      paymentMethod: InPersonMethod,
      amount: z.number(),
      tendered: z.number().nullable(),
      change: z.number().nullable(),
      checkNumber: z.string().nullable(),
    })
    .nullable(),
});
export type InPersonReceiptReply = z.infer<typeof InPersonReceiptReply>;

export const SimulatedReaderProcessReply = z.object({
  status: z.enum(["succeeded", "failed"]),
  amount: z.number().int(),
});
