// Refunds of money a payment must not keep (a cart that changed or ran out, a registration that
// lost its seat): recorded (pending) in the transaction that refused the payment, so a crash
// still leaves it on record, then sent to the provider with the same idempotency key after
// commit. Money taken at the register stays pending for staff to give back by hand.
import { asc, sql } from "drizzle-orm";
import type { RefundReason } from "@domain/rules/cart-binding";
import { logSafeError } from "../logger";
import type { Exec } from "../db/client";
import { paymentRefunds, payments, purchases } from "../db/schema";
import type { ApiDeps } from "../deps";
import { provider } from "./payment-records";
import { lockRows } from "./locks";
import { isByHand, readPaymentHead, readPaymentLines } from "../queries/office-refunds";

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
    reason: RefundReason | "seat_lost" | "section_cancelled";
    registrationId?: string | null;
    key: string;
    now: Date;
  },
): Promise<RefundRow | null> {
  if (refund.amountCents <= 0) return null;
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      registrationId: refund.registrationId ?? null,
      amountCents: refund.amountCents,
      reason: refund.reason,
      status: "pending",
      idempotencyKey: refund.key,
      createdAt: refund.now,
    })
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
    .returning({
      id: paymentRefunds.id,
      payment_id: paymentRefunds.paymentId,
      amount_cents: paymentRefunds.amountCents,
      idempotency_key: paymentRefunds.idempotencyKey,
    });
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

/** A refund recorded by a section's cancellation, and where it goes back. */
export interface CancelRefund {
  row: RefundRow;
  /** The provider's payment to refund; null when the money was taken by hand (the office pays out). */
  paymentRef: string | null;
}

/**
 * Records the refunds of what was paid for these registrations of a cancelled section (decision
 * 133), in the cancelling transaction: the section is locked by the caller, then the payments'
 * carts and the payments here (LOCK_ORDER), before the caller touches the registrations. Each
 * line gives back what it took in, net of every refund of it and never beyond what is left on its
 * payment; a line with nothing left gets none, so a second cancellation refunds nothing.
 */
export async function recordSectionCancelRefunds(
  tx: Exec,
  sectionId: string,
  registrationIds: string[],
  now: Date,
): Promise<CancelRefund[]> {
  if (!registrationIds.length) return [];
  const regs = sql`${`{${registrationIds.join(",")}}`}::uuid[]`;
  const paid = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(sql`${payments.registrationId} = any(${regs})`)
    .union(
      tx
        .select({ id: purchases.paymentId })
        .from(purchases)
        .where(sql`${purchases.registrationId} = any(${regs})`),
    )
    .orderBy(asc(sql`1`));
  if (!paid.length) return [];
  const ids = sql`${`{${paid.map((p) => Number(p.id)).join(",")}}`}::int[]`;
  await lockRows(
    tx,
    "cart",
    sql`select id from carts where id in (select cart_id from payments where id = any(${ids}))
        order by id`,
  );
  await lockRows(tx, "payment", sql`select id from payments where id = any(${ids}) order by id`);
  const wanted = new Set(registrationIds);
  const out: CancelRefund[] = [];
  for (const { id } of paid) {
    const head = await readPaymentHead(tx, Number(id));
    if (!head) continue;
    let left = Number(head.paid_cents) - Number(head.refunded_cents);
    const lines = await readPaymentLines(tx, {
      id: Number(head.id),
      registration_id: head.registration_id,
      paid_cents: Number(head.paid_cents),
    });
    for (const line of lines) {
      if (!line.registrationId || !wanted.has(line.registrationId)) continue;
      const amountCents = Math.min(line.paidCents - line.refundedCents, left);
      if (amountCents <= 0) continue;
      const row = await recordRefund(tx, head, {
        amountCents,
        reason: "section_cancelled",
        registrationId: line.registrationId,
        key: `section-cancelled:${sectionId}:${head.id}:${line.registrationId}`,
        now,
      });
      if (!row) continue;
      left -= amountCents;
      out.push({ row, paymentRef: isByHand(head) ? null : head.provider_ref });
    }
  }
  return out;
}
