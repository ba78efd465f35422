// Stripe behind the provider interface, used when STRIPE_SECRET_KEY is set. The client is typed
// structurally (only the calls we make) so tests can stub it; the real one is the `stripe` SDK.
import {
  RefundRefused,
  providerEventType,
  type ChargeResult,
  type PaymentProvider,
} from "./provider";

type Meta = Record<string, string>;
interface RequestOptions {
  idempotencyKey?: string;
}

/** The subset of the Stripe SDK this provider uses. */
export interface StripeClient {
  setupIntents: {
    create(
      p: { usage: "off_session"; payment_method_types: string[]; metadata: Meta },
      o?: RequestOptions,
    ): Promise<{ id: string; client_secret: string | null }>;
    retrieve(id: string): Promise<{
      status: string;
      payment_method: string | { id: string } | null;
      metadata?: Meta | null;
    }>;
  };
  paymentIntents: {
    create(
      p: Record<string, unknown>,
      o?: RequestOptions,
    ): Promise<{ id: string; status: string; client_secret: string | null }>;
  };
  refunds: {
    create(
      p: { payment_intent: string; amount?: number },
      o?: RequestOptions,
    ): Promise<{ id: string }>;
  };
  checkout: {
    sessions: {
      create(
        p: Record<string, unknown>,
        o?: RequestOptions,
      ): Promise<{ id: string; url: string | null }>;
      expire(id: string, p?: Record<string, never>, o?: RequestOptions): Promise<{ id: string }>;
    };
  };
  terminal: {
    connectionTokens: { create(p?: Record<string, never>): Promise<{ secret: string }> };
  };
  webhooks: {
    constructEvent(
      body: Buffer,
      signature: string,
      secret: string,
    ): {
      id: string;
      type: string;
      data: {
        object: {
          metadata?: Meta | null;
          payment_intent?: unknown;
          payment_status?: unknown;
          object?: string;
          id?: string;
        };
      };
    };
  };
}

/** Stripe's error message for a declined card or other card problem, else null. */
function cardErrorMessage(err: unknown): string | null {
  const e = err as { type?: string; message?: string; raw?: { message?: string } } | null;
  if (e && (e.type === "StripeCardError" || e.type === "card_error")) {
    return e.message ?? e.raw?.message ?? null;
  }
  return null;
}

export function createStripeProvider(
  client: StripeClient,
  opts: { publishableKey: string | null; webhookSecret: string | null; currency?: string },
): PaymentProvider {
  const currency = opts.currency ?? "usd";
  return {
    name: "stripe",
    publishableKey: opts.publishableKey,
    async createSetupIntent({ idempotencyKey, metadata }) {
      const si = await client.setupIntents.create(
        { usage: "off_session", payment_method_types: ["card"], metadata },
        { idempotencyKey },
      );
      return { id: si.id, clientSecret: si.client_secret ?? "" };
    },
    async setupPaymentMethod(setupId) {
      const si = await client.setupIntents.retrieve(setupId);
      if (si.status !== "succeeded" || !si.payment_method) return null;
      return typeof si.payment_method === "string" ? si.payment_method : si.payment_method.id;
    },
    async setupIntent(setupId) {
      let si;
      try {
        si = await client.setupIntents.retrieve(setupId);
      } catch {
        return null;
      }
      const method =
        si.status !== "succeeded" || !si.payment_method
          ? null
          : typeof si.payment_method === "string"
            ? si.payment_method
            : si.payment_method.id;
      return { paymentMethod: method, metadata: si.metadata ?? {} };
    },
    async charge({ amountCents, paymentMethod, idempotencyKey, description, metadata }) {
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
            description,
            metadata,
          },
          { idempotencyKey },
        );
        const result: ChargeResult =
          pi.status === "succeeded"
            ? { status: "succeeded", id: pi.id }
            : { status: "failed", id: pi.id, message: "An unknown payment error has occurred." };
        return result;
      } catch (err) {
        const message = cardErrorMessage(err);
        if (message) return { status: "failed", id: null, message };
        throw err;
      }
    },
    async refund({ paymentRef, idempotencyKey, amountCents }) {
      let r;
      try {
        r = await client.refunds.create(
          {
            payment_intent: paymentRef,
            ...(amountCents !== undefined ? { amount: amountCents } : {}),
          },
          { idempotencyKey },
        );
      } catch (err) {
        // Stripe refuses with an invalid-request error (already refunded, more than charged, a
        // disputed charge); a connection or API error may be retried with the same key.
        const e = err as { type?: string; message?: string } | null;
        if (e && (e.type === "StripeInvalidRequestError" || e.type === "invalid_request_error")) {
          throw new RefundRefused(e.message ?? "refused");
        }
        throw err;
      }
      if ((r as { status?: string }).status === "failed") {
        throw new RefundRefused("The card's bank refused the refund.");
      }
      return { id: r.id };
    },
    async createCheckoutSession({
      amountCents,
      description,
      successUrl,
      cancelUrl,
      idempotencyKey,
      metadata,
      expiresAt,
    }) {
      // Stripe takes expires_at between 30 minutes and 24 hours from now.
      const now = Date.now();
      const expires = Math.min(
        Math.max(expiresAt.getTime(), now + 31 * 60_000),
        now + 23 * 60 * 60_000,
      );
      const s = await client.checkout.sessions.create(
        {
          mode: "payment",
          // Cards only (decision 140): a delayed method (a bank debit) would complete the
          // session before the money arrives.
          payment_method_types: ["card"],
          expires_at: Math.floor(expires / 1000),
          success_url: successUrl,
          cancel_url: cancelUrl,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: amountCents,
                product_data: { name: description },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey },
      );
      return { id: s.id, url: s.url ?? cancelUrl };
    },
    async expireCheckoutSession(sessionId) {
      await client.checkout.sessions.expire(
        sessionId,
        {},
        { idempotencyKey: `expire:${sessionId}` },
      );
    },
    async connectionToken() {
      return (await client.terminal.connectionTokens.create()).secret;
    },
    async createReaderPaymentIntent({ amountCents, idempotencyKey, metadata }) {
      const pi = await client.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          payment_method_types: ["card_present"],
          capture_method: "automatic",
          metadata,
        },
        { idempotencyKey },
      );
      return { id: pi.id, clientSecret: pi.client_secret ?? "" };
    },
    async parseWebhook(rawBody, signature) {
      if (!opts.webhookSecret || !signature) return null;
      let event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        return null;
      }
      const obj = event.data.object;
      const paymentId = Number(obj.metadata?.paymentId) || null;
      const type = providerEventType(event.type);
      const ref =
        type === "payment_intent.succeeded"
          ? (obj.id ?? null)
          : typeof obj.payment_intent === "string"
            ? obj.payment_intent
            : null;
      // Only a checkout session says whether it was paid; Stripe's fulfilment guide waits for
      // payment_status "paid" (or the async success event) before fulfilling.
      const paymentStatus =
        obj.object === "checkout.session" && typeof obj.payment_status === "string"
          ? obj.payment_status
          : null;
      return { id: event.id, type, paymentId, providerRef: ref, paymentStatus };
    },
  };
}

/** The real client from the `stripe` SDK. */
export async function stripeFromEnv(env: NodeJS.ProcessEnv): Promise<PaymentProvider | null> {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const { default: Stripe } = await import("stripe");
  // The account's API version is used; only the calls typed in StripeClient are made.
  const config = { maxNetworkRetries: 2, timeout: 20_000 } as unknown as ConstructorParameters<
    typeof Stripe
  >[1];
  const client = new Stripe(key, config) as unknown as StripeClient;
  return createStripeProvider(client, {
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
  });
}
