// The payment provider the district API talks to: Stripe with keys, the built-in simulator
// without. Every call that can move money carries an idempotency key.

export interface ProviderIntent {
  id: string;
  clientSecret: string;
}

export type ChargeResult =
  { status: "succeeded"; id: string } | { status: "failed"; id: string | null; message: string };

export interface CheckoutSession {
  id: string;
  url: string;
}

/** The provider's events the district API acts on (decision 140); every other one is "other". */
export const PROVIDER_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "payment_intent.succeeded",
] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number] | "other";

/** The event's own type when the district API acts on it, else "other". */
export function providerEventType(type: unknown): ProviderEventType {
  return (PROVIDER_EVENT_TYPES as readonly unknown[]).includes(type)
    ? (type as ProviderEventType)
    : "other";
}

/** A provider event after its signature was checked. */
export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  /** Our payment row id, from the metadata we attached. */
  paymentId: number | null;
  /** The provider's payment reference (payment intent id). */
  providerRef: string | null;
  /**
   * A checkout session's `payment_status` ("paid", "unpaid", "no_payment_required"); null for
   * an event that is not about a checkout session. Only "paid" fulfils a completed session.
   */
  paymentStatus: string | null;
}

export interface PaymentProvider {
  readonly name: "stripe" | "simulator";
  /** Publishable key the browser uses (Stripe); null for the simulator. */
  readonly publishableKey: string | null;
  /** Creates a setup intent the browser confirms with the card. */
  createSetupIntent(opts: {
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderIntent>;
  /** The payment method attached to a confirmed setup intent, or null when not confirmed. */
  setupPaymentMethod(setupId: string): Promise<string | null>;
  /**
   * A setup intent with the metadata it was created with (what it is bound to), or null when
   * there is no such setup intent.
   */
  setupIntent(
    setupId: string,
  ): Promise<{ paymentMethod: string | null; metadata: Record<string, string> } | null>;
  /** Charges a saved payment method now. */
  charge(opts: {
    amountCents: number;
    paymentMethod: string;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  /**
   * Refunds a payment (in full without an amount); returns the provider's refund id. A refund the
   * provider refuses (already refunded, more than charged, a disputed charge) throws
   * RefundRefused with the provider's words; any other error may be retried with the same key.
   */
  refund(opts: {
    paymentRef: string;
    idempotencyKey: string;
    amountCents?: number;
  }): Promise<{ id: string }>;
  /** A hosted checkout page for paying without JavaScript. */
  createCheckoutSession(opts: {
    amountCents: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
    /** When the page stops taking payments (the provider keeps it between 30 min and 24 h). */
    expiresAt: Date;
  }): Promise<CheckoutSession>;
  /**
   * Stops a hosted checkout from taking a payment (Stripe's checkout.sessions.expire). A session
   * already paid cannot be expired: its payment arrives by webhook and is dealt with there.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Reader connection token (card terminal). */
  connectionToken(): Promise<string>;
  /** A payment intent for a card reader (amount in cents). */
  createReaderPaymentIntent(opts: {
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderIntent>;
  /** Checks a webhook's signature and reads the event; null when the signature is wrong. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent | null>;
}

/** Test cards of the simulator (as in Stripe's test mode). */
export const TEST_CARD_OK = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";
export const DECLINE_MESSAGE = "Your card was declined.";

/** The provider refused a refund (nothing was given back); `message` says why, for the office. */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefused";
  }
}
