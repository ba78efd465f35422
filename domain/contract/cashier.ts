// Wire contract of the cashier calls (spec 02 §7): the card reader's payment intent and the
// in-person transaction (cash, in-person check, card reader), plus what the web app needs to
// know about the in-person methods and what the receipt shows of them.
import { z } from "zod";
import { CartIdParams } from "./cart";
import { dbId } from "./common";
import { endpoint } from "./endpoint";
import { dollars } from "./fees";
import { ConnectionTokenReply, PaymentTypeField } from "./payments";

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

/** A simulated reader's payment intent. */
export const SimulatedIntentParams = z.object({ id: z.string().regex(/^pi_sim_[0-9a-f]+$/) });

// ---- The calls ------------------------------------------------------------------------------

const declined = { 402: "The card was declined or cannot be used; nothing was taken" } as const;

// Any token reaches the handler, which gives the token to staff and to a desktop cashier session
// of any kind (a cashier may have signed the student in), and refuses everyone else.
export const getConnectionToken = endpoint({
  method: "GET",
  path: "/v1/payment/connectionToken",
  access: "any",
  replies: { 200: ConnectionTokenReply },
  refusals: { 403: "Neither a staff member nor a desktop cashier session" },
  summary: "A card reader connection token (staff, desktop client)",
  tag: "in-person payments",
});

export const getInPersonConfig = endpoint({
  method: "GET",
  path: "/v1/payment/in-person",
  access: "any",
  replies: { 200: InPersonConfigReply },
  summary: "Whether this session may take in-person payments, and why not",
  tag: "in-person payments",
});

export const getInPersonReceipt = endpoint({
  method: "GET",
  path: "/v1/payment/in-person/:cartId",
  access: "any",
  params: CartIdParams,
  replies: { 200: InPersonReceiptReply },
  summary: "An in-person payment's receipt details",
  tag: "in-person payments",
});

export const createTerminalPaymentIntent = endpoint({
  method: "POST",
  path: "/v1/payment/create-terminal-payment-intent",
  access: "any",
  body: CreateTerminalIntentRequest,
  replies: { 200: CreateTerminalIntentReply },
  summary: "Start a card reader payment for the cart",
  tag: "in-person payments",
});

export const recordInPersonPayment = endpoint({
  method: "POST",
  path: "/v1/payment/complete-in-person-transaction",
  access: "any",
  body: CompleteInPersonRequest,
  replies: { 200: CompleteInPersonReply },
  refusals: declined,
  summary: "Record a cash, check or card reader payment for the cart (once)",
  tag: "in-person payments",
});

export const presentSimulatedCard = endpoint({
  method: "POST",
  path: "/v1/payment/simulator/reader/:id/process",
  access: "any",
  params: SimulatedIntentParams,
  replies: { 200: SimulatedReaderProcessReply },
  refusals: declined,
  summary: "The payment simulator's card reader presents a card",
  tag: "simulator",
});
