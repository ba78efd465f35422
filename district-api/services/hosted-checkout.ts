// Hosted checkout (no JavaScript): the payment row is recorded pending with the amount, the
// provider's page takes the card until the cart's (or hold's) time is up, and the webhook settles
// it (settlement.ts). Sessions of a cart that changes are expired by hosted-sessions.ts.
import { and, eq, sql } from "drizzle-orm";
import { expireAtProvider } from "./hosted-sessions";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { releaseExpiredCarts } from "./cart";
import { PAYMENT_ROW, PaymentErrorCode, provider } from "./payment-records";
import { preparePayment, type PayTarget } from "./payment-targets";

/**
 * Whether the payment a hosted session was opened for is the caller's own: the simulator's page is
 * shown and paid only by the person who opened it (decision 140).
 */
export async function ownsHostedPayment(
  deps: ApiDeps,
  claims: TokenClaims,
  paymentId: string | undefined,
): Promise<boolean> {
  const id = Number(paymentId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return false;
  const rows = await deps.db
    .select({ n: sql<number>`1` })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.ownerKey, ownerKey(claims))));
  return rows.length > 0;
}

/** Hosted sessions stay payable at least this long (Stripe's minimum). */
const SESSION_MIN_MS = 30 * 60_000;

/**
 * A hosted checkout (no JavaScript): the payment row is recorded pending with the amount, the
 * provider's page takes the card, and the webhook settles it.
 */
export async function createHostedCheckout(
  deps: ApiDeps,
  claims: TokenClaims,
  body: PayTarget & { returnBase: string; cancelPath: string; completePath: string },
): Promise<{ url: string }> {
  if (!body.cartId && !body.courseSectionId) {
    throw new ApiError(
      400,
      t("payment.error.cartOrCourse"),
      undefined,
      PaymentErrorCode.missingTarget,
    );
  }
  // The provider's page sends the browser back to returnBase: only the web app's own address
  // (PUBLIC_URL) when one is configured (decision 140).
  if (deps.publicOrigin && new URL(body.returnBase).origin !== deps.publicOrigin) {
    throw new ApiError(400, t("payment.error.returnBase"), t("payment.error.returnBase"));
  }
  const owner = ownerKey(claims);
  if (body.cartId) await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const p = provider(deps);
  const prepared = await deps.db.transaction(async (tx) => {
    const prep = await preparePayment(tx, deps, claims, body, "stripe");
    const key = `hosted:${owner}:${prep.cartId ?? prep.registrationId}:${now.getTime()}`;
    // The page takes money until the cart's (or hold's) time is up, and at least 30 minutes as
    // Stripe does; a payment arriving for a cart that ran out meanwhile is refunded.
    const expiresAt = new Date(
      Math.max(prep.deadline?.getTime() ?? 0, now.getTime() + SESSION_MIN_MS),
    );
    const [row] = await tx
      .insert(payments)
      .values({
        ownerKey: owner,
        cartId: prep.cartId,
        registrationId: prep.registrationId,
        method: "stripe",
        paymentType: body.paymentType,
        amountCents: prep.amountCents,
        status: "pending",
        idempotencyKey: key,
        createdAt: now,
        cartFingerprint: prep.fingerprint,
        expiresAt,
      })
      .returning(PAYMENT_ROW);
    return { prep, payment: row! };
  });
  await expireAtProvider(deps, prepared.prep.stale);
  const q = new URLSearchParams({
    ...(prepared.prep.cartId ? { cartId: String(prepared.prep.cartId) } : {}),
    ...(body.courseSectionId ? { courseSectionId: body.courseSectionId } : {}),
    payNowAmount: String(body.payNowAmount),
  });
  const base = body.returnBase.replace(/\/$/, "");
  const session = await p.createCheckoutSession({
    amountCents: prepared.payment.amount_cents,
    description: prepared.prep.description,
    successUrl: `${base}${body.completePath}?${q.toString()}&payment_intent=${encodeURIComponent(`pay_${prepared.payment.id}`)}`,
    cancelUrl: `${base}${body.cancelPath}`,
    idempotencyKey: `session:${prepared.payment.id}`,
    metadata: { paymentId: String(prepared.payment.id) },
    expiresAt: new Date(prepared.payment.expires_at!),
  });
  await deps.db.execute(
    sql`update payments set provider_ref = ${session.id} where id = ${prepared.payment.id}`,
  );
  return { url: session.url };
}
