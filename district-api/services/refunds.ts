// Refunds of money a payment must not keep (a cart that changed or ran out, a registration that
// lost its seat): recorded (pending) in the transaction that refused the payment, so a crash
// still leaves it on record, then sent to the provider with the same idempotency key after
// commit. Money taken at the register stays pending for staff to give back by hand.
import { sql } from "drizzle-orm";
import type { RefundReason } from "@domain/rules/cart-binding";
import { logSafeError } from "../logger";
import { queryRows } from "../db/client";
import type { ApiDeps } from "../deps";
import type { Exec } from "./registration";
import { provider } from "./payment-records";

export interface RefundRow {
  id: number;
  payment_id: number;
  amount_cents: number;
  idempotency_key: string;
}

/**
 * Records a refund to be made (status pending) in the caller's transaction, so a crash after the
 * payment was refused still leaves the refund on record. Null when it is already recorded.
 */
export async function recordRefund(
  tx: Exec,
  payment: { id: number },
  refund: {
    amountCents: number;
    reason: RefundReason | "seat_lost";
    registrationId?: string | null;
    key: string;
    now: Date;
  },
): Promise<RefundRow | null> {
  if (refund.amountCents <= 0) return null;
  const [row] = await queryRows<RefundRow>(
    tx,
    sql`insert into payment_refunds (payment_id, registration_id, amount_cents, reason, status,
          idempotency_key, created_at)
        values (${payment.id}, ${refund.registrationId ?? null}, ${refund.amountCents},
          ${refund.reason}, 'pending', ${refund.key}, ${refund.now})
        on conflict (idempotency_key) do nothing
        returning id, payment_id, amount_cents, idempotency_key`,
  );
  return row ?? null;
}

/** Asks the provider for a recorded refund (same idempotency key) and records the answer. */
export async function sendRefund(deps: ApiDeps, refund: RefundRow, paymentRef: string | null) {
  if (!paymentRef) {
    // Money taken at the register goes back by hand: the refund stays pending for staff.
    deps.logger.warn({ paymentId: refund.payment_id }, "refund left for staff");
    return;
  }
  try {
    const r = await provider(deps).refund({
      paymentRef,
      idempotencyKey: refund.idempotency_key,
      amountCents: refund.amount_cents,
    });
    await deps.db.execute(
      sql`update payment_refunds set status = 'succeeded', provider_ref = ${r.id},
            settled_at = ${deps.clock.now()}
          where id = ${refund.id}`,
    );
  } catch (err) {
    deps.logger.error({ err: logSafeError(err), paymentId: refund.payment_id }, "refund failed");
    await deps.db.execute(
      sql`update payment_refunds set status = 'failed' where id = ${refund.id}`,
    );
  }
}
