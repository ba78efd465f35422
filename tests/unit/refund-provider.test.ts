// The Stripe provider's refunds (decision 131), with a stubbed client: a refund Stripe refuses
// (an invalid-request error, or a refund that failed) is RefundRefused with Stripe's words, so the
// office is told why and nothing is kept; any other error (the network) is passed on, to retry
// with the same key.
import { describe, expect, it } from "vitest";
import { createStripeProvider, type StripeClient } from "../../district-api/payments/stripe";
import { RefundRefused } from "../../district-api/payments/provider";

function provider(create: () => Promise<unknown>) {
  const client = { refunds: { create } } as unknown as StripeClient;
  return createStripeProvider(client, { publishableKey: null, webhookSecret: null });
}

describe("Stripe refunds", () => {
  it("an invalid request is a refusal with Stripe's message", async () => {
    const p = provider(() =>
      Promise.reject(
        Object.assign(new Error("Charge ch_1 has already been refunded."), {
          type: "StripeInvalidRequestError",
        }),
      ),
    );
    const err = await p
      .refund({ paymentRef: "pi_1", idempotencyKey: "k", amountCents: 100 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefundRefused);
    expect((err as Error).message).toBe("Charge ch_1 has already been refunded.");
  });

  it("a refund that failed at once is a refusal", async () => {
    const p = provider(() => Promise.resolve({ id: "re_1", status: "failed" }));
    await expect(p.refund({ paymentRef: "pi_1", idempotencyKey: "k" })).rejects.toBeInstanceOf(
      RefundRefused,
    );
  });

  it("a connection error is not a refusal (the refund may be retried with its key)", async () => {
    const p = provider(() =>
      Promise.reject(Object.assign(new Error("socket hang up"), { type: "StripeConnectionError" })),
    );
    const err = await p.refund({ paymentRef: "pi_1", idempotencyKey: "k" }).catch((e) => e);
    expect(err).not.toBeInstanceOf(RefundRefused);
  });

  it("a refund accepted answers its id", async () => {
    const p = provider(() => Promise.resolve({ id: "re_9", status: "succeeded" }));
    await expect(p.refund({ paymentRef: "pi_1", idempotencyKey: "k" })).resolves.toEqual({
      id: "re_9",
    });
  });
});
