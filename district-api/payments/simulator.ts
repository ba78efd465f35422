// The built-in payment provider used without Stripe keys. It behaves like Stripe's test mode:
// 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined with Stripe's message. Its
// records live in the database (sim_objects) so every instance agrees, and idempotency keys are
// honoured the way Stripe honours them: the same key returns the first answer.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { t } from "@domain/messages";
import { cardExpiryProblem } from "@domain/rules/card-expiry";
import { systemClock, type Clock } from "../clock";
import { queryRows, type Db } from "../db/client";
import { simObjects } from "../db/schema";
import {
  RefundRefused,
  DECLINE_MESSAGE,
  providerEventType,
  TEST_CARD_DECLINED,
  TEST_CARD_OK,
  type ChargeResult,
  type PaymentProvider,
  type ProviderEvent,
} from "./provider";

const id = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

export const INVALID_CARD_MESSAGE = "Your card number is incorrect.";
/** Stripe's page for a session that expired or was already paid. */
export const SESSION_GONE_MESSAGE = "This checkout session is no longer available.";

/** Signature of a simulator webhook body: hex HMAC-SHA256 with the simulator's key. */
export function simulatorSignature(key: Uint8Array, body: string | Buffer): string {
  return createHmac("sha256", key).update(body).digest("hex");
}

/** The expiry typed with a card, and the time it is judged at. */
export interface CardExpiry {
  expiry?: string;
  now: Date;
  timeZone: string;
}

/**
 * Stripe's test mode refuses an impossible or past expiry date; so does the simulator. A blank
 * expiry is taken as not asked for (the in-page test card form has only the number).
 */
function expiryMessage(e: CardExpiry | undefined): string | null {
  if (!e?.expiry?.trim()) return null;
  const problem = cardExpiryProblem(e.expiry, e.now, e.timeZone);
  return problem ? t(`payment.expiry.${problem}`) : null;
}

export interface SimulatorProvider extends PaymentProvider {
  readonly name: "simulator";
  /** The card form of the simulator confirms a setup intent with a typed card number. */
  confirmSetup(
    setupId: string,
    cardNumber: string,
    expiry?: CardExpiry,
  ): Promise<{ ok: true; paymentMethod: string } | { ok: false; message: string }>;
  /** The hosted page's record. */
  session(sessionId: string): Promise<typeof simObjects.$inferSelect | null>;
  /** Pays a hosted session with a typed card; on success returns the event to deliver. */
  paySession(
    sessionId: string,
    cardNumber: string,
    expiry?: CardExpiry,
  ): Promise<{ ok: true; event: ProviderEvent } | { ok: false; message: string }>;
  /** How many charges succeeded (tests: the same payment five times charges once). */
  succeededCharges(): Promise<number>;
  /** A signed event body, as the simulator would deliver to the webhook. */
  signEvent(event: ProviderEvent): { body: string; signature: string };
}

function cardMethod(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (digits === TEST_CARD_OK) return "pm_card_visa";
  if (digits === TEST_CARD_DECLINED) return "pm_card_chargeDeclined";
  return null;
}

/** Stripe keeps a hosted session payable at least 30 minutes and at most 24 hours. */
const SESSION_MIN_MS = 30 * 60_000;
const SESSION_MAX_MS = 24 * 60 * 60_000;

export function createSimulator(
  db: Db,
  key: Uint8Array,
  clock: Clock = systemClock,
): SimulatorProvider {
  async function byKey(idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(simObjects)
      .where(eq(simObjects.idempotencyKey, idempotencyKey));
    return row ?? null;
  }
  async function insert(row: typeof simObjects.$inferInsert) {
    const [created] = await db
      .insert(simObjects)
      .values(row)
      .onConflictDoNothing({ target: simObjects.idempotencyKey })
      .returning();
    return created ?? (row.idempotencyKey ? await byKey(row.idempotencyKey) : null);
  }
  async function chargeMethod(
    amountCents: number,
    paymentMethod: string,
    idempotencyKey: string,
    metadata: Record<string, string>,
  ): Promise<ChargeResult> {
    const ok = paymentMethod === "pm_card_visa";
    const row = await insert({
      id: id("pi"),
      kind: "payment_intent",
      status: ok ? "succeeded" : "failed",
      amountCents,
      paymentMethod,
      idempotencyKey,
      metadata,
    });
    if (!row) throw new Error("simulator: charge not stored");
    return row.status === "succeeded"
      ? { status: "succeeded", id: row.id }
      : { status: "failed", id: row.id, message: DECLINE_MESSAGE };
  }

  function sessionExpired(metadata: Record<string, string>): boolean {
    const at = Date.parse(metadata.expiresAt ?? "");
    return Number.isFinite(at) && clock.now().getTime() >= at;
  }
  async function setSession(sessionId: string, status: "open" | "complete") {
    await db
      .update(simObjects)
      .set({ status })
      .where(and(eq(simObjects.id, sessionId), eq(simObjects.status, "paying")));
  }

  const sim: SimulatorProvider = {
    name: "simulator",
    publishableKey: null,
    async createSetupIntent({ idempotencyKey, metadata }) {
      const row = await insert({
        id: id("seti"),
        kind: "setup_intent",
        status: "requires_payment_method",
        idempotencyKey,
        metadata,
      });
      return { id: row!.id, clientSecret: `${row!.id}_secret` };
    },
    async setupPaymentMethod(setupId) {
      const [row] = await db.select().from(simObjects).where(eq(simObjects.id, setupId));
      return row?.kind === "setup_intent" && row.status === "succeeded" ? row.paymentMethod : null;
    },
    async setupIntent(setupId) {
      const [row] = await db.select().from(simObjects).where(eq(simObjects.id, setupId));
      if (row?.kind !== "setup_intent") return null;
      return {
        paymentMethod: row.status === "succeeded" ? row.paymentMethod : null,
        metadata: row.metadata,
      };
    },
    async confirmSetup(setupId, cardNumber, expiry) {
      const method = cardMethod(cardNumber);
      if (!method) return { ok: false, message: INVALID_CARD_MESSAGE };
      const expiryProblem = expiryMessage(expiry);
      if (expiryProblem) return { ok: false, message: expiryProblem };
      const [row] = await db
        .update(simObjects)
        .set({ status: "succeeded", paymentMethod: method })
        .where(eq(simObjects.id, setupId))
        .returning();
      if (!row || row.kind !== "setup_intent") return { ok: false, message: INVALID_CARD_MESSAGE };
      return { ok: true, paymentMethod: method };
    },
    charge: ({ amountCents, paymentMethod, idempotencyKey, metadata }) =>
      chargeMethod(amountCents, paymentMethod, idempotencyKey, metadata),
    async refund({ paymentRef, idempotencyKey, amountCents }) {
      // As Stripe: the same key answers the first refund; a refund needs a succeeded charge and
      // never gives back more than was charged.
      const again = await byKey(idempotencyKey);
      if (again?.kind === "refund") return { id: again.id };
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(simObjects)
          .where(and(eq(simObjects.id, paymentRef), eq(simObjects.kind, "payment_intent")))
          .for("update");
        if (!charge || charge.status !== "succeeded") {
          throw new RefundRefused(`simulator: no succeeded payment ${paymentRef} to refund`);
        }
        const [done] = await queryRows<{ cents: number }>(
          tx,
          sql`select coalesce(sum(amount_cents), 0)::int as cents from sim_objects
              where kind = 'refund' and metadata->>'payment_intent' = ${paymentRef}`,
        );
        const charged = charge.amountCents ?? 0;
        const cents = amountCents ?? charged - Number(done?.cents ?? 0);
        if (cents <= 0 || Number(done?.cents ?? 0) + cents > charged) {
          throw new RefundRefused(
            `simulator: the refund is more than is left of payment ${paymentRef}`,
          );
        }
        const [row] = await tx
          .insert(simObjects)
          .values({
            id: id("re"),
            kind: "refund",
            status: "succeeded",
            amountCents: cents,
            idempotencyKey,
            metadata: { payment_intent: paymentRef },
          })
          .returning();
        return { id: row!.id };
      });
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
      const now = clock.now().getTime();
      const expires = Math.min(
        Math.max(expiresAt.getTime(), now + SESSION_MIN_MS),
        now + SESSION_MAX_MS,
      );
      const row = await insert({
        id: id("cs"),
        kind: "checkout_session",
        status: "open",
        amountCents,
        idempotencyKey,
        metadata: {
          ...metadata,
          description,
          successUrl,
          cancelUrl,
          // As the Stripe provider asks (decision 140): the page takes cards only.
          paymentMethodTypes: "card",
          expiresAt: new Date(expires).toISOString(),
        },
      });
      return { id: row!.id, url: `/simulator/checkout/${row!.id}` };
    },
    async expireCheckoutSession(sessionId) {
      // Only an open session can be expired; a paid one stays complete.
      await db
        .update(simObjects)
        .set({ status: "expired" })
        .where(
          and(
            eq(simObjects.id, sessionId),
            eq(simObjects.kind, "checkout_session"),
            eq(simObjects.status, "open"),
          ),
        );
    },
    async session(sessionId) {
      const [row] = await db.select().from(simObjects).where(eq(simObjects.id, sessionId));
      if (row?.kind !== "checkout_session") return null;
      // Time runs out as in Stripe: past its expiry a session is expired, whoever looks.
      if (row.status === "open" && sessionExpired(row.metadata)) {
        await sim.expireCheckoutSession(sessionId);
        return sim.session(sessionId);
      }
      return row;
    },
    async paySession(sessionId, cardNumber, expiry) {
      const session = await sim.session(sessionId);
      if (!session) return { ok: false, message: INVALID_CARD_MESSAGE };
      const method = cardMethod(cardNumber);
      if (!method) return { ok: false, message: INVALID_CARD_MESSAGE };
      const expiryProblem = expiryMessage(expiry);
      if (expiryProblem) return { ok: false, message: expiryProblem };
      // The session is claimed before the card is charged, so an expiry that wins the race means
      // no charge, and two submissions of the page charge once.
      const [claimed] = await db
        .update(simObjects)
        .set({ status: "paying" })
        .where(and(eq(simObjects.id, sessionId), eq(simObjects.status, "open")))
        .returning();
      if (!claimed) return { ok: false, message: SESSION_GONE_MESSAGE };
      const result = await chargeMethod(
        session.amountCents ?? 0,
        method,
        `session:${sessionId}:${method}`,
        session.metadata,
      ).catch(async (err: unknown) => {
        await setSession(sessionId, "open");
        throw err;
      });
      if (result.status === "failed") {
        await setSession(sessionId, "open");
        return { ok: false, message: result.message };
      }
      await setSession(sessionId, "complete");
      return {
        ok: true,
        event: {
          id: `evt_${sessionId}`,
          type: "checkout.session.completed",
          paymentId: Number(session.metadata.paymentId) || null,
          providerRef: result.id,
          // A card is charged at once, so the completed session is paid, as with Stripe.
          paymentStatus: "paid",
        },
      };
    },
    async connectionToken() {
      return `pst_sim_${randomBytes(12).toString("hex")}`;
    },
    async createReaderPaymentIntent({ amountCents, idempotencyKey, metadata }) {
      const row = await insert({
        id: id("pi"),
        kind: "payment_intent",
        status: "requires_payment_method",
        amountCents,
        idempotencyKey,
        metadata,
      });
      return { id: row!.id, clientSecret: `${row!.id}_secret` };
    },
    async parseWebhook(rawBody, signature) {
      if (!signature) return null;
      const expected = Buffer.from(simulatorSignature(key, rawBody));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const e = JSON.parse(rawBody.toString("utf8")) as ProviderEvent;
        if (typeof e.id !== "string") return null;
        return {
          id: e.id,
          type: providerEventType(e.type),
          paymentId: typeof e.paymentId === "number" ? e.paymentId : null,
          providerRef: typeof e.providerRef === "string" ? e.providerRef : null,
          paymentStatus: typeof e.paymentStatus === "string" ? e.paymentStatus : null,
        };
      } catch {
        return null;
      }
    },
    async succeededCharges() {
      const rows = await db.select().from(simObjects).where(eq(simObjects.kind, "payment_intent"));
      return rows.filter((r) => r.status === "succeeded").length;
    },
    signEvent(event) {
      const body = JSON.stringify(event);
      return { body, signature: simulatorSignature(key, body) };
    },
  };
  return sim;
}
