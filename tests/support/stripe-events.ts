// Stripe's signed webhook events, as Stripe sends them: real event shapes (a checkout session
// completed "paid" or "unpaid", then async_payment_succeeded or async_payment_failed), signed with
// the stripe package's own webhooks.generateTestHeaderString, so the provider checks them with
// the SDK's constructEvent exactly as in production.
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_test_district";

/** The real SDK: only its webhooks (offline) are used; any network call would fail the test. */
export const stripeSdk = new Stripe(
  "sk_test_district_offline",
  {} as ConstructorParameters<typeof Stripe>[1],
);

export type CheckoutEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed";

/** A checkout session event for our payment row `paymentId`, in Stripe's shape. */
export function checkoutSessionEvent(opts: {
  eventId: string;
  type: CheckoutEventType;
  sessionId: string;
  paymentId: number;
  paymentStatus: "paid" | "unpaid";
  amountCents: number;
  paymentIntent?: string;
}): string {
  return JSON.stringify({
    id: opts.eventId,
    object: "event",
    api_version: "2024-06-20",
    created: 1795000000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: opts.type,
    data: {
      object: {
        id: opts.sessionId,
        object: "checkout.session",
        amount_total: opts.amountCents,
        currency: "usd",
        mode: "payment",
        status: "complete",
        payment_status: opts.paymentStatus,
        payment_method_types: ["card"],
        payment_intent: opts.paymentIntent ?? `pi_${opts.sessionId}`,
        metadata: { paymentId: String(opts.paymentId) },
      },
    },
  });
}

/** The Stripe-Signature header for a body, as Stripe computes it. */
export function signStripe(payload: string, secret = WEBHOOK_SECRET): string {
  return stripeSdk.webhooks.generateTestHeaderString({ payload, secret });
}
