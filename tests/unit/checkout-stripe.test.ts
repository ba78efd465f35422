// The Stripe provider's mapping, with a stubbed client (no network here): idempotency keys are
// passed on, a card error becomes Stripe's own message, webhooks are read only when signed.
import { describe, expect, it, vi } from "vitest";
import { createStripeProvider, type StripeClient } from "../../district-api/payments/stripe";
import { providerEventAction } from "../../domain/rules/provider-events";
import {
  checkoutSessionEvent,
  signStripe,
  stripeSdk,
  WEBHOOK_SECRET,
} from "../support/stripe-events";

function stub(overrides: Partial<Record<string, unknown>> = {}) {
  const calls: { name: string; args: unknown[] }[] = [];
  const rec =
    (name: string, result: unknown) =>
    (...args: unknown[]) => {
      calls.push({ name, args });
      return typeof result === "function"
        ? (result as (...a: unknown[]) => unknown)(...args)
        : Promise.resolve(result);
    };
  const client = {
    setupIntents: {
      create: rec("setupIntents.create", { id: "seti_1", client_secret: "seti_1_secret" }),
      retrieve: rec("setupIntents.retrieve", {
        status: "succeeded",
        payment_method: { id: "pm_1" },
      }),
    },
    paymentIntents: {
      create: rec(
        "paymentIntents.create",
        overrides.paymentIntent ?? { id: "pi_1", status: "succeeded", client_secret: "s" },
      ),
    },
    refunds: { create: rec("refunds.create", {}) },
    checkout: {
      sessions: {
        create: rec("checkout.sessions.create", {
          id: "cs_1",
          url: "https://checkout.stripe.com/c/cs_1",
        }),
        expire: rec("checkout.sessions.expire", { id: "cs_1" }),
      },
    },
    terminal: {
      connectionTokens: { create: rec("terminal.connectionTokens.create", { secret: "pst_1" }) },
    },
    webhooks: {
      constructEvent: vi.fn((_b: Buffer, sig: string) => {
        if (sig !== "good") throw new Error("bad signature");
        return {
          id: "evt_1",
          type: "checkout.session.completed",
          data: {
            object: {
              object: "checkout.session",
              metadata: { paymentId: "42" },
              payment_intent: "pi_9",
              payment_status: "paid",
            },
          },
        };
      }),
    },
  } as unknown as StripeClient;
  return { client, calls };
}

describe("Stripe provider", () => {
  it("passes idempotency keys and amounts in cents", async () => {
    const { client, calls } = stub();
    const p = createStripeProvider(client, { publishableKey: "pk_test", webhookSecret: "whsec" });
    const r = await p.charge({
      amountCents: 5000,
      paymentMethod: "pm_1",
      idempotencyKey: "charge:7",
      description: "Cart 1",
      metadata: { paymentId: "7" },
    });
    expect(r).toEqual({ status: "succeeded", id: "pi_1" });
    const call = calls.find((c) => c.name === "paymentIntents.create")!;
    expect(call.args[0]).toMatchObject({
      amount: 5000,
      currency: "usd",
      payment_method: "pm_1",
      confirm: true,
    });
    expect(call.args[1]).toEqual({ idempotencyKey: "charge:7" });
    await p.refund({ paymentRef: "pi_1", idempotencyKey: "refund:7", amountCents: 100 });
    expect(calls.find((c) => c.name === "refunds.create")!.args).toEqual([
      { payment_intent: "pi_1", amount: 100 },
      { idempotencyKey: "refund:7" },
    ]);
  });

  it("maps a declined card to Stripe's message", async () => {
    const { client } = stub({
      paymentIntent: () =>
        Promise.reject(
          Object.assign(new Error("Your card was declined."), { type: "StripeCardError" }),
        ),
    });
    const p = createStripeProvider(client, { publishableKey: null, webhookSecret: null });
    const r = await p.charge({
      amountCents: 800,
      paymentMethod: "pm_x",
      idempotencyKey: "k",
      description: "d",
      metadata: {},
    });
    expect(r).toEqual({ status: "failed", id: null, message: "Your card was declined." });
  });

  it("reads the setup intent's payment method and creates hosted checkout sessions", async () => {
    const { client, calls } = stub();
    const p = createStripeProvider(client, { publishableKey: "pk", webhookSecret: "whsec" });
    expect(await p.setupPaymentMethod("seti_1")).toBe("pm_1");
    const s = await p.createCheckoutSession({
      amountCents: 1234,
      description: "Cart 3",
      successUrl: "https://x/ok",
      cancelUrl: "https://x/no",
      idempotencyKey: "session:3",
      metadata: { paymentId: "3" },
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    expect(s.url).toBe("https://checkout.stripe.com/c/cs_1");
    const args = calls.find((c) => c.name === "checkout.sessions.create")!.args;
    expect(args[0]).toMatchObject({ mode: "payment", metadata: { paymentId: "3" } });
    expect(args[1]).toEqual({ idempotencyKey: "session:3" });
  });

  it("gives a hosted session Stripe's 30-minute minimum life and expires it on request", async () => {
    const { client, calls } = stub();
    const p = createStripeProvider(client, { publishableKey: "pk", webhookSecret: "whsec" });
    const before = Math.floor(Date.now() / 1000);
    await p.createCheckoutSession({
      amountCents: 800,
      description: "Cart 4",
      successUrl: "https://x/ok",
      cancelUrl: "https://x/no",
      idempotencyKey: "session:4",
      metadata: { paymentId: "4" },
      expiresAt: new Date(Date.now() + 60_000),
    });
    const args = calls.find((c) => c.name === "checkout.sessions.create")!.args;
    const expiresAt = (args[0] as { expires_at: number }).expires_at;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThan(before + 24 * 60 * 60);
    await p.expireCheckoutSession("cs_1");
    expect(calls.find((c) => c.name === "checkout.sessions.expire")!.args[0]).toBe("cs_1");
  });

  it("accepts only signed webhooks", async () => {
    const { client } = stub();
    const p = createStripeProvider(client, { publishableKey: null, webhookSecret: "whsec" });
    expect(await p.parseWebhook(Buffer.from("{}"), "bad")).toBeNull();
    expect(await p.parseWebhook(Buffer.from("{}"), undefined)).toBeNull();
    expect(await p.parseWebhook(Buffer.from("{}"), "good")).toEqual({
      id: "evt_1",
      type: "checkout.session.completed",
      paymentId: 42,
      providerRef: "pi_9",
      paymentStatus: "paid",
    });
    const unsigned = createStripeProvider(client, { publishableKey: null, webhookSecret: null });
    expect(await unsigned.parseWebhook(Buffer.from("{}"), "good")).toBeNull();
  });
});

describe("Stripe's signed checkout events (decision 140)", () => {
  const real = stripeSdk as unknown as StripeClient;
  const provider = createStripeProvider(
    { ...stub().client, webhooks: real.webhooks },
    { publishableKey: null, webhookSecret: WEBHOOK_SECRET },
  );
  const event = (
    type: Parameters<typeof checkoutSessionEvent>[0]["type"],
    paymentStatus: "paid" | "unpaid",
  ) =>
    checkoutSessionEvent({
      eventId: `evt_${type}`,
      type,
      sessionId: "cs_test_1",
      paymentId: 7,
      paymentStatus,
      amountCents: 800,
      paymentIntent: "pi_test_1",
    });

  it("reads each event's type and the session's payment_status", async () => {
    const cases = [
      ["checkout.session.completed", "unpaid", "wait"],
      ["checkout.session.completed", "paid", "fulfil"],
      ["checkout.session.async_payment_succeeded", "paid", "fulfil"],
      ["checkout.session.async_payment_failed", "unpaid", "fail"],
    ] as const;
    for (const [type, status, action] of cases) {
      const body = event(type, status);
      const parsed = await provider.parseWebhook(Buffer.from(body), signStripe(body));
      expect(parsed).toEqual({
        id: `evt_${type}`,
        type,
        paymentId: 7,
        providerRef: "pi_test_1",
        paymentStatus: status,
      });
      expect(providerEventAction(parsed!.type, parsed!.paymentStatus)).toBe(action);
    }
  });

  it("refuses an event signed with another secret or changed after signing", async () => {
    const body = event("checkout.session.completed", "paid");
    expect(
      await provider.parseWebhook(Buffer.from(body), signStripe(body, "whsec_other")),
    ).toBeNull();
    const changed = body.replace('"paid"', '"unpaid"');
    expect(await provider.parseWebhook(Buffer.from(changed), signStripe(body))).toBeNull();
  });

  it("asks Stripe for a card-only hosted page", async () => {
    const { client, calls } = stub();
    const p = createStripeProvider(client, { publishableKey: "pk", webhookSecret: "whsec" });
    await p.createCheckoutSession({
      amountCents: 800,
      description: "Cart 5",
      successUrl: "https://x/ok",
      cancelUrl: "https://x/no",
      idempotencyKey: "session:5",
      metadata: { paymentId: "5" },
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const args = calls.find((c) => c.name === "checkout.sessions.create")!.args;
    expect((args[0] as { payment_method_types: string[] }).payment_method_types).toEqual(["card"]);
  });

  it("fulfils only a paid session or the async success; other events change nothing", () => {
    expect(providerEventAction("checkout.session.completed", "no_payment_required")).toBe("wait");
    expect(providerEventAction("checkout.session.completed", null)).toBe("wait");
    expect(providerEventAction("payment_intent.succeeded", null)).toBe("fulfil");
    expect(providerEventAction("other", "paid")).toBe("ignore");
  });
});
