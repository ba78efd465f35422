// Settlement: applying the provider's answer to a payment (paid, refused and refunded), once. The
// payment row is claimed with a status guard, so of a hosted and a direct payment arriving
// together, or three deliveries of one webhook, on any number of processes, one changes state.
// Locks in the documented order (docs/architecture.md): the cart, then the payment, then a
// registration paid directly; fees are recorded in the same transaction, registrations confirmed
// afterwards through the registration service.
import { and, eq, ne, sql } from "drizzle-orm";
import { t } from "@domain/messages";
import { inEnglish } from "../language";
import { allocatePayment } from "@domain/rules/partial-payment";
import { providerEventAction } from "@domain/rules/provider-events";
import { registrationVerdict, settleVerdict, type RefundReason } from "@domain/rules/cart-binding";
import type { Exec } from "../db/client";
import { assessedFees, payments, providerEvents } from "../db/schema";
import type { ApiDeps } from "../deps";
import type { ProviderEvent } from "../payments/provider";
import { confirmRegistrationPayment } from "./registration";
import { cartLines } from "./cart";
import { expireAtProvider, markSessionsExpired } from "./hosted-sessions";
import { lockRows } from "./locks";
import { moveCart } from "./cart-status";
import { cartFingerprint, PAYMENT_ROW, type PaymentRow } from "./payment-records";
import { recordRefund, sendRefund } from "./refunds";
import { enqueueReceipt } from "./receipts";
import { participantOfOwner } from "./mail-queue";

/** What became of a payment handed to settlePayment ("refunded": all of it went back). */
export type SettleOutcome = "settled" | "refunded" | "duplicate";

/**
 * Fulfils a payment once. The cart row is locked first, then the payment row is claimed with a
 * status guard (pending/processing/expired → succeeded or refunded), so of a hosted and a direct
 * payment arriving together, on any number of processes, one pays the cart. A cart payment is
 * kept only if the cart is still open (or being paid by this charge), not past its time, and
 * holds what the payment was bound to when it was created; otherwise the whole payment is
 * refunded and recorded (decision 101). Fees are recorded in the same transaction, registrations
 * then confirmed through the registration service (which takes a seat back under its lock if the
 * hold lapsed, or answers "seat-lost", in which case that part is refunded automatically).
 */
export async function settlePayment(
  deps: ApiDeps,
  paymentId: number,
  providerRef: string | null,
): Promise<SettleOutcome> {
  const now = deps.clock.now();
  /** The payment is not kept: the whole of it is refunded, recorded here, sent after commit. */
  const refuse = async (tx: Exec, current: PaymentRow, reason: RefundReason) => {
    const [refused] = await tx
      .update(payments)
      .set({
        status: "refunded",
        providerRef: sql`coalesce(${providerRef}, ${payments.providerRef})`,
        providerMessage: inEnglish(() => t(`payment.refunded.${reason}`)),
        settledAt: now,
      })
      .where(eq(payments.id, current.id))
      .returning(PAYMENT_ROW);
    const refund = await recordRefund(tx, current, {
      amountCents: current.amount_cents,
      reason,
      key: `refund:${current.id}`,
      now,
    });
    return { refused: refused!, refund };
  };
  const work = await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .select({ cart_id: payments.cartId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!first) return null;
    const cart = first.cart_id
      ? (
          await lockRows<{ status: string; expires_at: Date | string | null }>(
            tx,
            "cart",
            sql`select status, expires_at from carts where id = ${first.cart_id}`,
          )
        )[0]
      : undefined;
    const [current] = await lockRows<PaymentRow>(
      tx,
      "payment",
      sql`select * from payments where id = ${paymentId}
            and status in ('processing', 'pending', 'expired')`,
    );
    if (!current) return null;
    if (cart) {
      const lines = await cartLines(tx, Number(current.cart_id));
      const others = await tx
        .select({ method: payments.method })
        .from(payments)
        .where(
          and(
            eq(payments.cartId, Number(current.cart_id)),
            ne(payments.id, current.id),
            eq(payments.status, "processing"),
          ),
        );
      const verdict = settleVerdict({
        cartStatus: cart.status,
        cartExpiresAt: cart.expires_at === null ? null : new Date(cart.expires_at),
        now,
        hosted: current.status !== "processing",
        boundTo: current.cart_fingerprint,
        contentsNow: cartFingerprint(lines),
        lineCount: lines.length,
        others: others.map((o) => o.method),
      });
      if (!verdict.keep) return refuse(tx, current, verdict.reason);
    } else if (current.registration_id) {
      // A registration takes no more than it owes: payments kept but not yet applied to it count.
      const [reg] = await lockRows<{ owed: number }>(
        tx,
        "registration",
        sql`select r.cost_cents - r.credits_applied_cents - r.paid_cents - r.pending_cents
              - coalesce((select sum(p.amount_cents) from payments p
                          where p.registration_id = r.id and p.status = 'succeeded'
                            and p.applied_at is null and p.id <> ${current.id}), 0) as owed
            from registrations r where r.id = ${current.registration_id}`,
      );
      const verdict = registrationVerdict(current.amount_cents, Number(reg?.owed ?? 0));
      if (!verdict.keep) return refuse(tx, current, verdict.reason);
    }
    const [payment] = await tx
      .update(payments)
      .set({
        status: "succeeded",
        providerRef: sql`coalesce(${providerRef}, ${payments.providerRef})`,
        settledAt: now,
      })
      .where(eq(payments.id, current.id))
      .returning(PAYMENT_ROW);
    if (!payment) return null;
    const stale = await markSessionsExpired(
      tx,
      payment.cart_id
        ? { cartId: Number(payment.cart_id) }
        : { registrationId: payment.registration_id! },
      payment.id,
    );
    const regs: { registrationId: string; cents: number }[] = [];
    if (payment.registration_id) {
      regs.push({ registrationId: payment.registration_id, cents: payment.amount_cents });
      await tx.execute(
        sql`insert into purchases (payment_id, registration_id, amount_cents, created_at)
            values (${payment.id}, ${payment.registration_id}, ${payment.amount_cents}, ${now})`,
      );
      await enqueueReceipt(tx, deps, payment.id);
      return { payment, regs, stale };
    }
    // The cart was locked above, before the payment (docs/architecture.md lock order).
    const cartId = Number(payment.cart_id);
    const lines = await cartLines(tx, cartId);
    const alloc = allocatePayment(lines, payment.amount_cents);
    for (const [i, line] of lines.entries()) {
      const cents = alloc[i] ?? 0;
      const r = line.row;
      // A household's cart (decision 167): a fee bought is the child's it was chosen for.
      const payerKey = r.for_key;
      const participant = participantOfOwner(payerKey);
      if (r.item_type === "registration") {
        if (cents > 0) regs.push({ registrationId: r.registration_id!, cents });
        await tx.execute(
          sql`insert into purchases (payment_id, cart_id, registration_id, amount_cents, created_at)
              values (${payment.id}, ${cartId}, ${r.registration_id}, ${cents}, ${now})`,
        );
        continue;
      }
      let assessedId = r.assessed_fee_id;
      if (assessedId !== null) {
        await tx.execute(
          sql`update assessed_fees
              set paid_cents = paid_cents + ${cents},
                  status = case when paid_cents + ${cents} >= assessed_cost_cents then 'paid' else 'partial' end,
                  paid_at = ${now}
              where id = ${assessedId}`,
        );
      } else {
        const [created] = await tx
          .insert(assessedFees)
          .values({
            feeId: r.fee_id!,
            payerKey,
            participantId: participant,
            status: cents >= r.cost_cents ? "paid" : "partial",
            assessedCostCents: r.cost_cents,
            paidCents: cents,
            quantity: 1,
            allowPartial: r.allow_partial,
            selfAssessed: true,
            answers: sql`${r.answers_text}::jsonb`,
            assessedAt: now,
            paidAt: now,
            cartId,
            donationCents: r.donation ? r.cost_cents : null,
          })
          .returning({ id: assessedFees.id });
        assessedId = created!.id;
      }
      await tx.execute(
        sql`insert into purchases (payment_id, cart_id, assessed_fee_id, amount_cents, created_at)
            values (${payment.id}, ${cartId}, ${assessedId}, ${cents}, ${now})`,
      );
    }
    await moveCart(
      tx,
      cartId,
      "PAID",
      sql`paid_cents = paid_cents + ${payment.amount_cents}, paid_at = ${now},
          payment_method = ${payment.method}, had_fees = ${lines.some((l) => l.itemType === "fee")}`,
    );
    // The receipt commits with the payment (decision 130).
    await enqueueReceipt(tx, deps, payment.id);
    return { payment, regs, stale };
  });
  if (!work) return "duplicate";
  if ("refused" in work) {
    if (work.refund) await sendRefund(deps, work.refund, work.refused.provider_ref);
    return "refunded";
  }
  await expireAtProvider(deps, work.stale);
  let outcomeOfAll: SettleOutcome = "settled";
  for (const reg of work.regs) {
    // A registration's own payment reaches it once (it counts as owed-for until then).
    const outcome = await confirmRegistrationPayment(
      deps,
      reg.registrationId,
      { paidCents: reg.cents },
      work.payment.registration_id ? work.payment.id : undefined,
    );
    // Never charged without a seat, nor for a balance another payment paid meanwhile: that part
    // goes back to the card (money taken at the register is left for staff to give back).
    const back =
      outcome.result === "seat-lost"
        ? work.payment.provider_ref !== null
          ? { cents: reg.cents, reason: "seat_lost" as const }
          : null
        : outcome.excessCents > 0
          ? { cents: outcome.excessCents, reason: "registration_paid" as const }
          : null;
    if (!back) continue;
    const refund = await deps.db.transaction(async (tx) => {
      await lockRows(tx, "payment", sql`select id from payments where id = ${work.payment.id}`);
      await tx.execute(
        sql`update purchases set amount_cents = amount_cents - ${back.cents}
            where payment_id = ${work.payment.id} and registration_id = ${reg.registrationId}`,
      );
      if (work.payment.registration_id && back.cents === work.payment.amount_cents) {
        outcomeOfAll = "refunded";
        await tx.execute(
          sql`update payments set status = 'refunded',
                provider_message = ${inEnglish(() => (back.reason === "seat_lost" ? t("payment.error.noSeat") : t("payment.refunded.registration_paid")))}
              where id = ${work.payment.id}`,
        );
      }
      return recordRefund(tx, work.payment, {
        amountCents: back.cents,
        reason: back.reason,
        registrationId: reg.registrationId,
        key: `refund:${work.payment.id}:${reg.registrationId}`,
        now,
      });
    });
    if (refund) await sendRefund(deps, refund, providerRef ?? work.payment.provider_ref);
  }
  return outcomeOfAll;
}

/**
 * A hosted payment the provider says did not go through (a delayed method that failed, decision
 * 140): recorded failed, once, and the cart is left as a declined card leaves it (open again if
 * this payment held it), with its seats still in it until the cart's own time runs out.
 */
export async function failProviderPayment(
  deps: ApiDeps,
  paymentId: number,
  providerRef: string | null,
): Promise<"failed" | "duplicate"> {
  return deps.db.transaction(async (tx) => {
    const [first] = await tx
      .select({ cart_id: payments.cartId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!first) return "duplicate";
    // The cart, then the payment (docs/architecture.md lock order).
    if (first.cart_id) {
      await lockRows(tx, "cart", sql`select id from carts where id = ${first.cart_id}`);
    }
    const [current] = await lockRows<PaymentRow>(
      tx,
      "payment",
      sql`select * from payments where id = ${paymentId}
            and status in ('processing', 'pending', 'expired')`,
    );
    if (!current) return "duplicate";
    await tx.execute(
      sql`update payments set status = 'failed', provider_ref = coalesce(${providerRef}, provider_ref),
            provider_message = ${inEnglish(() => t("payment.error.asyncFailed"))}
          where id = ${current.id}`,
    );
    if (current.cart_id && current.status === "processing") {
      await moveCart(tx, Number(current.cart_id), "OPEN");
    }
    return "failed";
  });
}

/**
 * Webhook: handles each event id once; a redelivered event changes nothing. A checkout session
 * is fulfilled only once paid (decision 140): completed with payment_status "paid", or the async
 * success event; the async failure event fails the payment. Events may arrive in any order: the
 * payment's status guard decides which one changes it.
 */
export async function handleProviderEvent(
  deps: ApiDeps,
  event: ProviderEvent,
): Promise<"processed" | "duplicate" | "ignored" | "waiting"> {
  const inserted = await deps.db
    .insert(providerEvents)
    .values({ id: event.id, type: event.type, receivedAt: deps.clock.now() })
    .onConflictDoNothing({ target: providerEvents.id })
    .returning({ id: providerEvents.id });
  if (!inserted.length) return "duplicate";
  const action = providerEventAction(event.type, event.paymentStatus);
  if (action === "ignore" || !event.paymentId) return "ignored";
  if (action === "wait") return "waiting";
  try {
    if (action === "fail") await failProviderPayment(deps, event.paymentId, event.providerRef);
    else await settlePayment(deps, event.paymentId, event.providerRef);
  } catch (err) {
    // Not handled: the provider delivers the event again, and then it must not be a duplicate.
    await deps.db.execute(sql`delete from provider_events where id = ${event.id}`);
    throw err;
  }
  return "processed";
}
