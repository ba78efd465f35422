// Hosted checkout sessions are bound to what they were opened for (decision 101): when a cart's
// contents change, its time runs out or it is paid another way, its open sessions are expired at
// the provider (Stripe's checkout.sessions.expire), so the page stops taking money. A session
// paid just before it could be expired settles by webhook and is refunded there.
import { and, eq, ne } from "drizzle-orm";
import type { Exec } from "../db/client";
import { payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { logSafeError } from "../logger";

/**
 * Marks the open hosted payments of a cart (or of a registration paid directly) expired, except
 * `keep`, and returns their sessions. Run it in the transaction that changed the cart; then
 * pass the sessions to expireAtProvider once it has committed.
 */
export async function markSessionsExpired(
  tx: Exec,
  target: { cartId: number } | { registrationId: string },
  keep?: number,
): Promise<string[]> {
  const rows = await tx
    .update(payments)
    .set({ status: "expired" })
    .where(
      and(
        "cartId" in target
          ? eq(payments.cartId, target.cartId)
          : eq(payments.registrationId, target.registrationId),
        eq(payments.status, "pending"),
        keep === undefined ? undefined : ne(payments.id, keep),
      ),
    )
    .returning({ provider_ref: payments.providerRef });
  return rows.map((r) => r.provider_ref).filter((r): r is string => !!r);
}

/** Asks the provider to expire the sessions; one that cannot be (already paid) is left to the webhook. */
export async function expireAtProvider(deps: ApiDeps, sessions: string[]): Promise<void> {
  if (!deps.payments) return;
  for (const id of sessions) {
    await deps.payments.expireCheckoutSession(id).catch((err: unknown) => {
      deps.logger.warn({ err: logSafeError(err) }, "checkout session not expired");
    });
  }
}
