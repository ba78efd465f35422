// Wire contract of the payment calls (spec 02 §7): setup intents, completion, mailed checks,
// financial assistance, course credits, waitlist confirmation, hosted checkout and webhooks.
import { z } from "zod";
import { dbId } from "./common";
import { endpoint } from "./endpoint";
import { dollars } from "./fees";

/** Replies of the payment calls carry errorCode (0 = fine) and message. */
export const PaymentEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ errorCode: z.number().int(), message: z.string(), data });

export const CreateSetupIntentRequest = z
  .object({
    cartId: dbId().nullish(),
    courseSectionId: z.string().uuid().nullish(),
  })
  .strict();
export const CreateSetupIntentReply = PaymentEnvelope(
  z.object({
    clientSecret: z.string(),
    setupId: z.string(),
    publishableKey: z.string().nullable(),
  }),
);

export const PaymentTypeField = z.enum(["full", "partial"]);

export const CompleteSetupIntentRequest = z
  .object({
    setupId: z.string().min(1).max(200),
    paymentMethod: z.string().max(200).nullish(),
    cartId: dbId().nullish(),
    courseSectionId: z.string().uuid().nullish(),
    paymentIntentId: z.string().max(200).nullish(),
    payNowAmount: dollars,
    paymentType: PaymentTypeField,
    terminalId: z.string().max(200).nullish(),
  })
  .strict();
export const RedirectReply = PaymentEnvelope(z.object({ redirectUrl: z.string() }));
export type RedirectReply = z.infer<typeof RedirectReply>;

/** An http(s) origin with nothing after it: no user, path, query or fragment. */
function isBareOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === "https:" || u.protocol === "http:") &&
      !u.username &&
      !u.password &&
      (u.pathname === "/" || u.pathname === "") &&
      !u.search &&
      !u.hash &&
      !value.includes("?") &&
      !value.includes("#")
    );
  } catch {
    return false;
  }
}

export const CheckoutSessionRequest = z
  .object({
    cartId: dbId().nullish(),
    courseSectionId: z.string().uuid().nullish(),
    payNowAmount: dollars,
    paymentType: PaymentTypeField,
    /** Origin of the web app, for the hosted page's return addresses: an origin, nothing more. */
    returnBase: z
      .string()
      .url()
      .max(300)
      .refine(isBareOrigin, "must be the web app's origin, such as https://register.district.org"),
    /** Path to return to on cancel (same origin). */
    cancelPath: z
      .string()
      .max(300)
      .refine((p) => /^\/(?![/\\])/.test(p), "must be a path on this site"),
    /** Path of the payment-complete page (/payment-complete or /instructor/payment-complete). */
    completePath: z.enum(["/payment-complete", "/instructor/payment-complete"]),
  })
  .strict();
export const CheckoutSessionReply = z.object({ url: z.string() });

export const ConfirmMailinRequest = z
  .object({
    paymentType: z.literal("mail"),
    courseSectionIds: z.array(z.string().uuid()).max(50).default([]),
    cartId: dbId().nullish(),
    /** From the payment dialog: the amount of the check, when it pays part of the balance. */
    payNowAmount: z.number().positive().max(1_000_000).optional(),
  })
  .strict();
export const ConfirmMailinReply = z.union([
  z.literal(true),
  z.object({ confirmationIds: z.array(z.string()) }),
]);

export const ConfirmCourseRequest = z
  .object({
    courseSectionId: z.string().uuid(),
    studentId: z.union([z.string(), z.number()]).nullish(),
  })
  .strict();
export const ConfirmationReply = z.object({ confirmationId: z.string() });

export const SubmitOrderRequest = z.object({ cartId: dbId() }).strict();

export const SimulatorCardRequest = z
  .object({
    cardNumber: z.string().max(40),
    expiry: z.string().max(10).optional(),
    cvc: z.string().max(6).optional(),
  })
  .strict();
export const SimulatorConfirmReply = z.object({ paymentMethod: z.string() });
export const SimulatorSession = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  description: z.string(),
  cancelUrl: z.string(),
  successUrl: z.string(),
});
export type SimulatorSession = z.infer<typeof SimulatorSession>;

export const ConnectionTokenReply = z.object({ secret: z.string() });

/** What the payment dialog of an activity needs about the person's registration. */
export const RegistrationPayment = z.object({
  registrationId: z.string(),
  courseSectionId: z.string(),
  courseName: z.string(),
  status: z.string(),
  cost: z.number(),
  originalCost: z.number(),
  credits: z.number(),
  paid: z.number(),
  pending: z.number(),
  balance: z.number(),
  minimumPayment: z.number(),
  allowPartial: z.boolean(),
  financialAid: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  /** The payment window was extended already: it cannot be again (decision 146). */
  holdExtended: z.boolean().optional(),
  inCart: z.boolean(),
  /** The mailed check promised and still awaited: its amount and the day it must arrive by. */
  mailedCheck: z
    .object({ confirmation: z.string(), amount: z.number(), dueAt: z.string() })
    .nullable(),
});
export type RegistrationPayment = z.infer<typeof RegistrationPayment>;

export const PaymentStatusReply = z.object({
  status: z.enum(["succeeded", "pending", "failed", "unknown"]),
  cartId: z.number().int().nullable(),
  message: z.string().nullable(),
  /** Where a paid cart checkout goes next (spec 02 §4); absent for a registration's payment. */
  destination: z.string().nullish(),
  /** What a succeeded payment paid (cents) and for what, named as its charge is (decision 144). */
  amountCents: z.number().int().nullish(),
  paidFor: z.string().nullish(),
});

/** What the provider's signed event came to (services/settlement.ts). */
export const WebhookReply = z.object({
  received: z.literal(true),
  outcome: z.enum(["processed", "duplicate", "ignored", "waiting"]),
});

/** Where the browser goes once the simulator's hosted page took the card. */
export const SimulatorPayReply = z.object({ redirectUrl: z.string() });

export const PaymentStatusQuery = z.object({ ref: z.string().max(100) });
export const RegistrationPaymentParams = z.object({ courseSectionId: z.string().uuid() });
/** A simulator object's id: a setup intent or a hosted checkout session. */
export const SimulatorIdParams = z.object({ id: z.string().regex(/^[a-z]+_sim_[0-9a-f]+$/) });

// ---- The calls ------------------------------------------------------------------------------

const notTheCallers = { 404: "No such cart, fee or section, or not the caller's" } as const;
const declined = { 402: "The card was declined or cannot be used; nothing was taken" } as const;

export const createSetupIntent = endpoint({
  method: "POST",
  path: "/v1/payment/create-setup-intent",
  access: "any",
  body: CreateSetupIntentRequest,
  replies: { 200: CreateSetupIntentReply },
  refusals: { ...notTheCallers, ...declined },
  summary: "Start the in-page card form for a cart or a registration",
  tag: "payments",
});

export const completeSetupIntent = endpoint({
  method: "POST",
  path: "/v1/payment/complete-setup-intent",
  access: "any",
  body: CompleteSetupIntentRequest,
  replies: { 200: RedirectReply },
  refusals: { ...notTheCallers, ...declined },
  summary: "Charge the card entered in the in-page form (once)",
  tag: "payments",
});

export const startCheckoutSession = endpoint({
  method: "POST",
  path: "/v1/payment/checkout-session",
  access: "any",
  body: CheckoutSessionRequest,
  replies: { 200: CheckoutSessionReply },
  refusals: notTheCallers,
  summary: "Start a hosted card checkout",
  tag: "payments",
});

// Only the caller's own payment, by payment id or card setup id (decision 102).
export const getPaymentStatus = endpoint({
  method: "GET",
  path: "/v1/payment/status",
  access: "any",
  query: PaymentStatusQuery,
  replies: { 200: PaymentStatusReply },
  summary: "The outcome of a hosted checkout",
  tag: "payments",
});

export const submitOrder = endpoint({
  method: "POST",
  path: "/v1/payment/submit-order",
  access: "any",
  body: SubmitOrderRequest,
  replies: { 200: RedirectReply },
  refusals: { ...notTheCallers, ...declined },
  summary: "Submit a cart that costs nothing",
  tag: "payments",
});

export const promiseMailedCheck = endpoint({
  method: "POST",
  path: "/v1/payment/confirm-mailin",
  access: "participant",
  body: ConfirmMailinRequest,
  replies: { 200: ConfirmMailinReply },
  refusals: notTheCallers,
  summary: "Promise a mailed check for registrations or a cart",
  tag: "payments",
});

export const confirmFinancialAssistance = endpoint({
  method: "POST",
  path: "/v1/payment/confirm-fab",
  access: "participant",
  body: ConfirmCourseRequest,
  replies: { 200: ConfirmationReply },
  refusals: notTheCallers,
  summary: "Confirm a registration paid by financial assistance",
  tag: "payments",
});

export const confirmCourseCredits = endpoint({
  method: "POST",
  path: "/v1/payment/confirm-free-after-cc",
  access: "participant",
  body: ConfirmCourseRequest,
  replies: { 200: ConfirmationReply },
  refusals: notTheCallers,
  summary: "Confirm a registration paid by course credits",
  tag: "payments",
});

export const confirmWaitlistPlace = endpoint({
  method: "POST",
  path: "/v1/payment/confirm-waitlist",
  access: "participant",
  body: ConfirmCourseRequest,
  replies: { 200: ConfirmationReply },
  refusals: notTheCallers,
  summary: "Confirm a waitlist place",
  tag: "payments",
});

export const getRegistrationPayment = endpoint({
  method: "GET",
  path: "/v1/payment/registration/:courseSectionId",
  access: "participant",
  params: RegistrationPaymentParams,
  replies: { 200: RegistrationPayment },
  refusals: { 410: "The payment window ended and the seat went back to the section" },
  summary: "What a registration costs and owes, for the payment dialog",
  tag: "payments",
});

// The provider calls this; it is trusted only by its signature over the raw body.
export const receiveProviderEvent = endpoint({
  method: "POST",
  path: "/v1/payment/webhook",
  access: "public",
  replies: { 200: WebhookReply },
  summary: "The payment provider's signed events",
  tag: "payments",
});

export const confirmSimulatorCard = endpoint({
  method: "POST",
  path: "/v1/payment/simulator/setup/:id/confirm",
  access: "any",
  params: SimulatorIdParams,
  body: SimulatorCardRequest,
  replies: { 200: SimulatorConfirmReply },
  refusals: declined,
  summary: "The payment simulator's in-page card form confirms a card",
  tag: "simulator",
});

export const getSimulatorCheckout = endpoint({
  method: "GET",
  path: "/v1/payment/simulator/checkout/:id",
  access: "any",
  params: SimulatorIdParams,
  replies: { 200: SimulatorSession },
  summary: "The payment simulator's hosted checkout session",
  tag: "simulator",
});

export const paySimulatorCheckout = endpoint({
  method: "POST",
  path: "/v1/payment/simulator/checkout/:id/pay",
  access: "any",
  params: SimulatorIdParams,
  body: SimulatorCardRequest,
  replies: { 200: SimulatorPayReply },
  refusals: declined,
  summary: "Pay the payment simulator's hosted checkout with a test card",
  tag: "simulator",
});
