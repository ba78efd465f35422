// Checkout: card payments (setup intent + server-side charge, or hosted checkout), mailed checks,
// free orders, financial assistance, course credits and waitlist confirmation. Fulfilment happens
// here, from the server-side confirmation or the webhook, never from the browser's return page:
// a payment row is claimed once (status guard), so five identical submissions or three deliveries
// of one webhook change state once.
import { createHash } from "node:crypto";
import { logSafeError } from "../logger";
import { sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import {
  activityAmountCentsError,
  afterPaymentDestination,
  cartTotalCents,
  methodAllowed,
  type ActivityBalance,
  type PaymentType,
} from "@domain/rules/checkout";
import {
  activityPaymentMinimumCents,
  allocatePayment,
  cartMinimumPartialCents,
} from "@domain/rules/partial-payment";
import { toCents } from "@domain/rules/money";
import {
  cartContents,
  registrationVerdict,
  settleVerdict,
  type RefundReason,
} from "@domain/rules/cart-binding";
import { queryRows } from "../db/client";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "./errors";
import type { PaymentProvider, ProviderEvent } from "../payments/provider";
import { REASON_TIMEOUT, confirmRegistrationPayment, type Exec } from "./registration";
import { cartLines, currentCart, releaseExpiredCarts, type CartRow } from "./cart";
import { expireAtProvider, markSessionsExpired } from "./hosted-sessions";
import { lockRows } from "./locks";
import { moveCart } from "./cart-status";

/** errorCode values of payment replies (0 = fine). */
export const PaymentErrorCode = {
  ok: 0,
  missingTarget: 1,
  declined: 2,
  invalid: 3,
  inProgress: 4,
} as const;

export function provider(deps: ApiDeps): PaymentProvider {
  if (!deps.payments) throw new ApiError(503, t("payment.error.unknown"));
  return deps.payments;
}

interface PaymentRow {
  id: number;
  owner_key: string;
  cart_id: number | null;
  registration_id: string | null;
  method: string;
  payment_type: string;
  amount_cents: number;
  status: string;
  provider_ref: string | null;
  provider_message: string | null;
  confirmation_id: string | null;
  cart_fingerprint: string | null;
  expires_at: Date | string | null;
}

/** Hosted sessions stay payable at least this long (Stripe's minimum). */
const SESSION_MIN_MS = 30 * 60_000;

/** What a payment for a cart is bound to: a hash of the cart's lines and total (decision 101). */
export function cartFingerprint(
  lines: { id: number; itemType: string; costCents: number; allowPartial: boolean }[],
): string {
  return createHash("sha256").update(cartContents(lines)).digest("hex");
}

async function paymentById(db: Exec, id: number): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(db, sql`select * from payments where id = ${id}`);
  return row ?? null;
}

function confirmationFor(id: number): string {
  return `C${String(id).padStart(7, "0")}`;
}

/** A registration of the caller for a section, with what is still due on it. */
export async function registrationFor(db: Exec, participant: number, sectionId: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    cost_cents: number;
    section_cost_cents: number;
    credits_applied_cents: number;
    paid_cents: number;
    pending_cents: number;
    hold_expires_at: Date | string | null;
    financial_aid: string | null;
    participant_aid: string | null;
    allow_partial: boolean;
    in_cart: boolean;
    course_name: string;
  }>(
    db,
    sql`select r.id, r.status, r.cost_cents, s.cost_cents as section_cost_cents, r.credits_applied_cents,
          r.paid_cents, r.pending_cents, r.hold_expires_at, r.financial_aid, pa.financial_aid as participant_aid,
          p.allow_partial, r.in_cart, c.name as course_name
        from registrations r
        join course_sections s on s.id = r.course_section_id
        join courses c on c.id = s.course_id
        join programs p on p.id = s.program_id
        join participants pa on pa.id = r.participant_id
        where r.course_section_id = ${sectionId} and r.participant_id = ${participant}
          and r.status <> 'cancelled'`,
  );
  if (!row) return null;
  const due = Math.max(
    0,
    row.cost_cents - row.credits_applied_cents - row.paid_cents - row.pending_cents,
  );
  return { ...row, dueCents: due };
}

/** What the amount rules of the payment dialog need of a registration. */
function balanceOf(reg: {
  cost_cents: number;
  dueCents: number;
  allow_partial: boolean;
}): ActivityBalance {
  return { costCents: reg.cost_cents, balanceCents: reg.dueCents, allowPartial: reg.allow_partial };
}

function requireParticipant(claims: TokenClaims): number {
  if (claims.kind !== "student" && claims.kind !== "community_member") {
    throw new ApiError(403, t("error.forbidden"));
  }
  return Number(claims.sub);
}

/** POST /v1/payment/create-setup-intent. */
export async function createSetupIntent(
  deps: ApiDeps,
  claims: TokenClaims,
  body: { cartId?: number | null; courseSectionId?: string | null },
) {
  if (!body.cartId && !body.courseSectionId) {
    throw new ApiError(
      400,
      t("payment.error.cartOrCourse"),
      undefined,
      PaymentErrorCode.missingTarget,
    );
  }
  const owner = ownerKey(claims);
  let binding = "";
  if (body.cartId) {
    const [cart] = await queryRows<CartRow>(
      deps.db,
      sql`select * from carts where id = ${body.cartId}`,
    );
    if (!cart || cart.owner_key !== owner) throw new ApiError(404, t("cart.error.load"));
    binding = cartFingerprint(await cartLines(deps.db, cart.id));
  } else {
    const reg = await registrationFor(deps.db, requireParticipant(claims), body.courseSectionId!);
    if (!reg) throw new ApiError(404, t("paymentDialog.notFound"));
  }
  const p = provider(deps);
  const intent = await p.createSetupIntent({
    idempotencyKey: `setup:${owner}:${body.cartId ?? body.courseSectionId}:${deps.clock.now().getTime()}`,
    metadata: {
      owner,
      ...(body.cartId
        ? { cartId: String(body.cartId), cartContents: binding }
        : { courseSectionId: body.courseSectionId! }),
    },
  });
  return {
    errorCode: 0,
    message: "",
    data: {
      clientSecret: intent.clientSecret,
      setupId: intent.id,
      publishableKey: p.publishableKey,
    },
  };
}

interface PayTarget {
  cartId?: number | null;
  courseSectionId?: string | null;
  payNowAmount: number;
  paymentType: PaymentType;
}

/**
 * Checks the amount against the cart or registration and locks the cart for the payment:
 * returns the amount in cents and the row to pay for.
 */
async function prepare(
  tx: Exec,
  deps: ApiDeps,
  claims: TokenClaims,
  target: PayTarget,
  method: "stripe",
): Promise<{
  amountCents: number;
  cartId: number | null;
  registrationId: string | null;
  hadFees: boolean;
  description: string;
  /** The cart's contents (carts only). */
  fingerprint: string | null;
  /** When the cart's or registration's hold ends, if it does. */
  deadline: Date | null;
}> {
  const owner = ownerKey(claims);
  const payCents = toCents(target.payNowAmount);
  if (target.cartId) {
    const cart = await currentCart(tx, owner, "", { lock: true, create: false });
    if (!cart || Number(cart.id) !== target.cartId) throw new ApiError(404, t("cart.error.load"));
    if (cart.status !== "OPEN") {
      throw new ApiError(
        409,
        t("payment.error.inProgress"),
        undefined,
        PaymentErrorCode.inProgress,
      );
    }
    const lines = await cartLines(tx, cart.id);
    const total = cartTotalCents(lines);
    if (!lines.length || total === 0) throw new ApiError(409, t("checkout.error.amountChanged"));
    checkCartAmount(lines, target.paymentType, payCents);
    if (!methodAllowed({ lines, desktop: false }, target.paymentType, payCents, method)) {
      throw new ApiError(
        400,
        t("checkout.error.methodUnavailable"),
        undefined,
        PaymentErrorCode.invalid,
      );
    }
    return {
      amountCents: payCents,
      cartId: Number(cart.id),
      registrationId: null,
      hadFees: lines.some((l) => l.itemType === "fee"),
      description: `Cart ${cart.id}`,
      fingerprint: cartFingerprint(lines),
      deadline: cart.expires_at === null ? null : new Date(cart.expires_at),
    };
  }
  const reg = await registrationFor(tx, requireParticipant(claims), target.courseSectionId!);
  if (!reg || reg.dueCents <= 0) throw new ApiError(404, t("paymentDialog.notFound"));
  const amountError = activityAmountCentsError(payCents, target.paymentType, balanceOf(reg));
  if (amountError) throw new ApiError(400, amountError, undefined, PaymentErrorCode.invalid);
  if (payCents < 50)
    throw new ApiError(
      400,
      t("checkout.error.methodUnavailable"),
      undefined,
      PaymentErrorCode.invalid,
    );
  return {
    amountCents: payCents,
    cartId: null,
    registrationId: reg.id,
    hadFees: false,
    description: reg.course_name,
    fingerprint: null,
    deadline: reg.hold_expires_at === null ? null : new Date(reg.hold_expires_at),
  };
}

function checkCartAmount(
  lines: { costCents: number; allowPartial: boolean }[],
  type: PaymentType,
  payCents: number,
) {
  const total = cartTotalCents(lines);
  if (type === "full") {
    if (payCents !== total)
      throw new ApiError(
        409,
        t("checkout.error.amountChanged"),
        undefined,
        PaymentErrorCode.invalid,
      );
    return;
  }
  if (!lines.some((l) => l.allowPartial)) {
    throw new ApiError(
      400,
      t("checkout.error.methodUnavailable"),
      undefined,
      PaymentErrorCode.invalid,
    );
  }
  const min = cartMinimumPartialCents(lines);
  if (payCents < min) {
    throw new ApiError(
      400,
      t("checkout.error.minimum", { amount: `$${(min / 100).toFixed(2)}` }),
      undefined,
      PaymentErrorCode.invalid,
    );
  }
  if (payCents > total) {
    throw new ApiError(
      400,
      t("checkout.error.maximum", { amount: `$${(total / 100).toFixed(2)}` }),
      undefined,
      PaymentErrorCode.invalid,
    );
  }
}

function destination(
  claims: TokenClaims,
  payment: { cart_id: number | null; registration_id: string | null },
  hadFees: boolean,
  extra: string,
) {
  if (payment.cart_id) {
    return afterPaymentDestination({
      userKind: claims.kind,
      cartId: Number(payment.cart_id),
      hadFees,
    });
  }
  return `/payment-complete?${extra}`;
}

async function waitForOutcome(deps: ApiDeps, key: string): Promise<PaymentRow | null> {
  for (let i = 0; i < 100; i++) {
    const [row] = await queryRows<PaymentRow>(
      deps.db,
      sql`select * from payments where idempotency_key = ${key}`,
    );
    if (row && row.status !== "processing" && row.status !== "pending") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/**
 * POST /v1/payment/complete-setup-intent: charges the card saved by the setup intent. The
 * payment row's unique idempotency key and the cart lock make repeated submissions one charge.
 */
export async function completeCardPayment(
  deps: ApiDeps,
  claims: TokenClaims,
  body: PayTarget & { setupId: string },
) {
  if (!body.cartId && !body.courseSectionId) {
    throw new ApiError(
      400,
      t("payment.error.cartOrCourse"),
      undefined,
      PaymentErrorCode.missingTarget,
    );
  }
  const p = provider(deps);
  const owner = ownerKey(claims);
  const key = `card:${owner}:${body.setupId}`;
  const setup = await p.setupIntent(body.setupId);
  const method = setup?.paymentMethod ?? null;
  if (!setup || !method)
    throw new ApiError(402, t("payment.error.method"), undefined, PaymentErrorCode.invalid);
  // A setup intent pays what it was created for: this owner, this cart or course.
  const meta = setup.metadata;
  const sameTarget = body.cartId
    ? meta.cartId === String(body.cartId)
    : meta.courseSectionId === body.courseSectionId;
  if (meta.owner !== owner || !sameTarget) {
    throw new ApiError(409, t("payment.error.setupMismatch"), undefined, PaymentErrorCode.invalid);
  }
  const extra = new URLSearchParams({
    ...(body.courseSectionId ? { courseSectionId: body.courseSectionId } : {}),
    payNowAmount: String(body.payNowAmount),
    setup_intent: body.setupId,
  }).toString();

  const now = deps.clock.now();
  if (body.cartId) await releaseExpiredCarts(deps, owner);
  const claimed = await deps.db.transaction(async (tx) => {
    // Concurrent submissions queue on the cart lock, then find the first one's payment row.
    if (body.cartId)
      await lockRows(tx, "cart", sql`select id from carts where id = ${body.cartId}`);
    const [existing] = await queryRows<PaymentRow>(
      tx,
      sql`select * from payments where idempotency_key = ${key}`,
    );
    if (existing) return { existing, hadFees: false };
    const prep = await prepare(tx, deps, claims, body, "stripe");
    // The card was set up for the cart as it was then; a cart changed since is not charged.
    if (prep.fingerprint !== null && prep.fingerprint !== meta.cartContents) {
      throw new ApiError(
        409,
        t("checkout.error.amountChanged"),
        undefined,
        PaymentErrorCode.invalid,
      );
    }
    const [row] = await queryRows<PaymentRow>(
      tx,
      sql`insert into payments (owner_key, cart_id, registration_id, method, payment_type, amount_cents,
            status, idempotency_key, created_at, cart_fingerprint)
          values (${owner}, ${prep.cartId}, ${prep.registrationId}, 'stripe', ${body.paymentType},
            ${prep.amountCents}, 'processing', ${key}, ${now}, ${prep.fingerprint})
          on conflict (idempotency_key) do nothing
          returning *`,
    );
    if (!row) return { existing: null, hadFees: prep.hadFees };
    if (prep.cartId) await moveCart(tx, prep.cartId, "PROCESSING");
    return { payment: row, hadFees: prep.hadFees, description: prep.description };
  });

  if (!("payment" in claimed) || !claimed.payment) {
    // Another submission of the same payment is (or was) charging: report its outcome.
    const outcome = claimed.existing ?? (await waitForOutcome(deps, key));
    const settled =
      outcome && outcome.status !== "processing" ? outcome : await waitForOutcome(deps, key);
    if (!settled)
      throw new ApiError(
        409,
        t("payment.error.inProgress"),
        undefined,
        PaymentErrorCode.inProgress,
      );
    if (settled.status === "failed") {
      throw new ApiError(
        402,
        settled.provider_message ?? t("payment.error.payment"),
        settled.provider_message ?? undefined,
        PaymentErrorCode.declined,
      );
    }
    if (settled.status === "refunded") refusedAndRefunded(settled.provider_message);
    const hadFees = settled.cart_id ? await cartHadFees(deps.db, Number(settled.cart_id)) : false;
    return {
      errorCode: 0,
      message: "",
      data: { redirectUrl: destination(claims, settled, hadFees, extra) },
    };
  }

  const payment = claimed.payment;
  let result;
  try {
    result = await p.charge({
      amountCents: payment.amount_cents,
      paymentMethod: method,
      idempotencyKey: `charge:${payment.id}`,
      description: claimed.description ?? "Payment",
      metadata: { paymentId: String(payment.id) },
    });
  } catch (err) {
    deps.logger.error({ err: logSafeError(err), paymentId: payment.id }, "charge failed");
    result = { status: "failed" as const, id: null, message: t("payment.error.stripe") };
  }
  if (result.status === "failed") {
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update payments set status = 'failed', provider_ref = ${result.id}, provider_message = ${result.message},
              settled_at = ${deps.clock.now()}
            where id = ${payment.id}`,
      );
      // A declined card leaves the cart as it was.
      if (payment.cart_id) {
        await moveCart(tx, Number(payment.cart_id), "OPEN");
      }
    });
    throw new ApiError(402, result.message, result.message, PaymentErrorCode.declined);
  }
  if ((await settlePayment(deps, payment.id, result.id)) !== "settled") {
    // Refused here, or already settled by the provider's webhook: either way its outcome counts.
    const after = await paymentById(deps.db, payment.id);
    if (after?.status === "refunded") refusedAndRefunded(after.provider_message);
  }
  return {
    errorCode: 0,
    message: "",
    data: { redirectUrl: destination(claims, payment, claimed.hadFees, extra) },
  };
}

/** The card was charged but the cart could not take the payment: it went back to the card. */
function refusedAndRefunded(message: string | null): never {
  const text = message ?? t("payment.refunded.cart_paid");
  throw new ApiError(409, text, text, PaymentErrorCode.inProgress);
}

export async function cartHadFees(db: Exec, cartId: number): Promise<boolean> {
  const [row] = await queryRows<{ had_fees: boolean }>(
    db,
    sql`select had_fees from carts where id = ${cartId}`,
  );
  return !!row?.had_fees;
}

/** What became of a payment handed to settlePayment. */
export type SettleOutcome = "settled" | "refunded" | "duplicate";

interface RefundRow {
  id: number;
  payment_id: number;
  amount_cents: number;
  idempotency_key: string;
}

/**
 * Records a refund to be made (status pending) in the caller's transaction, so a crash after the
 * payment was refused still leaves the refund on record. Null when it is already recorded.
 */
async function recordRefund(
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
async function sendRefund(deps: ApiDeps, refund: RefundRow, paymentRef: string | null) {
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
    const [refused] = await queryRows<PaymentRow>(
      tx,
      sql`update payments set status = 'refunded', provider_ref = coalesce(${providerRef}, provider_ref),
            provider_message = ${t(`payment.refunded.${reason}`)}, settled_at = ${now}
          where id = ${current.id}
          returning *`,
    );
    const refund = await recordRefund(tx, current, {
      amountCents: current.amount_cents,
      reason,
      key: `refund:${current.id}`,
      now,
    });
    return { refused: refused!, refund };
  };
  const work = await deps.db.transaction(async (tx) => {
    const [first] = await queryRows<{ cart_id: number | null }>(
      tx,
      sql`select cart_id from payments where id = ${paymentId}`,
    );
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
      const others = await queryRows<{ method: string }>(
        tx,
        sql`select method from payments where cart_id = ${current.cart_id} and id <> ${current.id}
              and status = 'processing'`,
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
    const [payment] = await queryRows<PaymentRow>(
      tx,
      sql`update payments set status = 'succeeded', provider_ref = coalesce(${providerRef}, provider_ref),
            settled_at = ${now}
          where id = ${current.id}
          returning *`,
    );
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
      return { payment, regs, stale };
    }
    // The cart was locked above, before the payment (docs/architecture.md lock order).
    const cartId = Number(payment.cart_id);
    const lines = await cartLines(tx, cartId);
    const alloc = allocatePayment(lines, payment.amount_cents);
    const [owner] = await queryRows<{ owner_key: string }>(
      tx,
      sql`select owner_key from carts where id = ${cartId}`,
    );
    const payerKey = owner!.owner_key;
    const participant = /^(student|community_member):\d+$/.test(payerKey)
      ? Number(payerKey.split(":")[1])
      : null;
    for (const [i, line] of lines.entries()) {
      const cents = alloc[i] ?? 0;
      const r = line.row;
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
        const [created] = await queryRows<{ id: number }>(
          tx,
          sql`insert into assessed_fees (fee_id, payer_key, participant_id, status, assessed_cost_cents,
                paid_cents, quantity, allow_partial, self_assessed, answers, assessed_at, paid_at, cart_id,
                donation_cents)
              select ${r.fee_id}, ${payerKey}, ${participant},
                ${cents >= r.cost_cents ? "paid" : "partial"}, ${r.cost_cents}, ${cents}, 1, ${r.allow_partial},
                true, ${r.answers_text}::jsonb, ${now}, ${now}, ${cartId},
                ${r.donation ? r.cost_cents : null}
              returning id`,
        );
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
    return { payment, regs, stale };
  });
  if (!work) return "duplicate";
  if ("refused" in work) {
    if (work.refund) await sendRefund(deps, work.refund, work.refused.provider_ref);
    return "refunded";
  }
  await expireAtProvider(deps, work.stale);
  for (const reg of work.regs) {
    // A registration's own payment reaches it once (it counts as owed-for until then).
    const outcome = await confirmRegistrationPayment(
      deps,
      reg.registrationId,
      { paidCents: reg.cents },
      work.payment.registration_id ? work.payment.id : undefined,
    );
    if (outcome.result === "seat-lost" && work.payment.provider_ref !== null) {
      // Never charged without a seat: that part goes back to the card.
      const refund = await deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`update purchases set amount_cents = 0 where payment_id = ${work.payment.id}
                and registration_id = ${reg.registrationId}`,
        );
        if (work.payment.registration_id) {
          await tx.execute(
            sql`update payments set status = 'refunded', provider_message = ${t("payment.error.noSeat")}
                where id = ${work.payment.id}`,
          );
        }
        return recordRefund(tx, work.payment, {
          amountCents: reg.cents,
          reason: "seat_lost",
          registrationId: reg.registrationId,
          key: `refund:${work.payment.id}:${reg.registrationId}`,
          now,
        });
      });
      if (refund) await sendRefund(deps, refund, providerRef ?? work.payment.provider_ref);
    }
  }
  return "settled";
}

/** Webhook: handles each event id once; a redelivered event changes nothing. */
export async function handleProviderEvent(
  deps: ApiDeps,
  event: ProviderEvent,
): Promise<"processed" | "duplicate" | "ignored"> {
  const inserted = await queryRows<{ id: string }>(
    deps.db,
    sql`insert into provider_events (id, type, received_at) values (${event.id}, ${event.type}, ${deps.clock.now()})
        on conflict (id) do nothing returning id`,
  );
  if (!inserted.length) return "duplicate";
  if (event.type === "other" || !event.paymentId) return "ignored";
  await settlePayment(deps, event.paymentId, event.providerRef);
  return "processed";
}

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
  const owner = ownerKey(claims);
  if (body.cartId) await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const p = provider(deps);
  const prepared = await deps.db.transaction(async (tx) => {
    const prep = await prepare(tx, deps, claims, body, "stripe");
    const key = `hosted:${owner}:${prep.cartId ?? prep.registrationId}:${now.getTime()}`;
    // The page takes money until the cart's (or hold's) time is up, and at least 30 minutes as
    // Stripe does; a payment arriving for a cart that ran out meanwhile is refunded.
    const expiresAt = new Date(
      Math.max(prep.deadline?.getTime() ?? 0, now.getTime() + SESSION_MIN_MS),
    );
    const [row] = await queryRows<PaymentRow>(
      tx,
      sql`insert into payments (owner_key, cart_id, registration_id, method, payment_type, amount_cents,
            status, idempotency_key, created_at, cart_fingerprint, expires_at)
          values (${owner}, ${prep.cartId}, ${prep.registrationId}, 'stripe', ${body.paymentType},
            ${prep.amountCents}, 'pending', ${key}, ${now}, ${prep.fingerprint}, ${expiresAt})
          returning *`,
    );
    return { prep, payment: row! };
  });
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

async function insertPayment(
  tx: Exec,
  row: {
    owner: string;
    cartId?: number | null;
    registrationId?: string | null;
    method: string;
    amountCents: number;
    status: string;
    key: string;
    now: Date;
  },
): Promise<(PaymentRow & { created: boolean }) | null> {
  const [p] = await queryRows<PaymentRow>(
    tx,
    sql`insert into payments (owner_key, cart_id, registration_id, method, amount_cents, status, idempotency_key, created_at, settled_at)
        values (${row.owner}, ${row.cartId ?? null}, ${row.registrationId ?? null}, ${row.method}, ${row.amountCents},
          ${row.status}, ${row.key}, ${row.now}, ${row.status === "succeeded" ? row.now : null})
        on conflict (idempotency_key) do nothing
        returning *`,
  );
  if (!p) {
    const [existing] = await queryRows<PaymentRow>(
      tx,
      sql`select * from payments where idempotency_key = ${row.key}`,
    );
    return existing ? { ...existing, created: false } : null;
  }
  await tx.execute(
    sql`update payments set confirmation_id = ${confirmationFor(p.id)} where id = ${p.id}`,
  );
  return { ...p, confirmation_id: confirmationFor(p.id), created: true };
}

/** POST /v1/payment/submit-order: a cart whose total is $0 is submitted directly. */
export async function submitFreeOrder(deps: ApiDeps, claims: TokenClaims, cartId: number) {
  const owner = ownerKey(claims);
  await releaseExpiredCarts(deps, owner);
  const now = deps.clock.now();
  const payment = await deps.db.transaction(async (tx) => {
    const cart = await currentCart(tx, owner, "", { lock: true, create: false });
    if (!cart || Number(cart.id) !== cartId || cart.status !== "OPEN")
      throw new ApiError(404, t("cart.error.load"));
    const lines = await cartLines(tx, cart.id);
    if (!lines.length || cartTotalCents(lines) !== 0)
      throw new ApiError(409, t("checkout.error.amountChanged"));
    return insertPayment(tx, {
      owner,
      cartId,
      method: "free",
      amountCents: 0,
      status: "processing",
      key: `free:${cartId}`,
      now,
    });
  });
  await settlePayment(deps, payment!.id, null);
  const hadFees = await cartHadFees(deps.db, cartId);
  return {
    errorCode: 0,
    message: "",
    data: { redirectUrl: afterPaymentDestination({ userKind: claims.kind, cartId, hadFees }) },
  };
}

/**
 * POST /v1/payment/confirm-mailin: registrations (from the dialog, or a cart without fees paid in
 * full) are confirmed with the amount pending until the check arrives.
 */
export async function confirmMailin(
  deps: ApiDeps,
  claims: TokenClaims,
  body: { courseSectionIds: string[]; cartId?: number | null; payNowAmount?: number },
): Promise<true | { confirmationIds: string[] }> {
  const participant = requireParticipant(claims);
  const owner = ownerKey(claims);
  const now = deps.clock.now();
  if (body.cartId) {
    await releaseExpiredCarts(deps, owner);
    const regs = await deps.db.transaction(async (tx) => {
      const cart = await currentCart(tx, owner, "", { lock: true, create: false });
      if (!cart || Number(cart.id) !== body.cartId || cart.status !== "OPEN")
        throw new ApiError(404, t("cart.error.load"));
      const lines = await cartLines(tx, cart.id);
      const total = cartTotalCents(lines);
      if (!lines.length || !methodAllowed({ lines, desktop: false }, "full", total, "mail")) {
        throw new ApiError(400, t("checkout.error.methodUnavailable"));
      }
      const out: { registrationId: string; cents: number; paymentId: number }[] = [];
      for (const l of lines) {
        const p = await insertPayment(tx, {
          owner,
          cartId: cart.id,
          registrationId: l.row.registration_id,
          method: "mail",
          amountCents: l.costCents,
          status: "pending",
          key: `mail:${cart.id}:${l.row.registration_id}`,
          now,
        });
        if (p)
          out.push({ registrationId: l.row.registration_id!, cents: l.costCents, paymentId: p.id });
      }
      await moveCart(tx, Number(cart.id), "MAIL", sql`payment_method = 'mail', paid_at = ${now}`);
      return out;
    });
    for (const r of regs) {
      await confirmRegistrationPayment(
        deps,
        r.registrationId,
        { pendingCents: r.cents },
        r.paymentId,
      );
    }
    return true;
  }
  const ids: string[] = [];
  for (const sectionId of body.courseSectionIds) {
    const reg = await registrationFor(deps.db, participant, sectionId);
    if (!reg || (reg.dueCents <= 0 && reg.status !== "pending_payment"))
      throw new ApiError(404, t("paymentDialog.notFound"));
    // A check for part of the balance (one registration, partial payments allowed) leaves the
    // rest payable; otherwise the check covers the whole balance.
    let cents = reg.dueCents;
    if (body.payNowAmount !== undefined && body.courseSectionIds.length === 1) {
      cents = toCents(body.payNowAmount);
      const type = cents === reg.dueCents ? "full" : "partial";
      const error = activityAmountCentsError(cents, type, balanceOf(reg));
      if (error) throw new ApiError(400, error, undefined, PaymentErrorCode.invalid);
    }
    const payment = await deps.db.transaction((tx) =>
      insertPayment(tx, {
        owner,
        registrationId: reg.id,
        method: "mail",
        amountCents: cents,
        status: "pending",
        key: `mail:reg:${reg.id}:${reg.paid_cents + reg.pending_cents}`,
        now,
      }),
    );
    // Identical confirmations share the payment row (same key); its amount reaches the
    // registration once, whichever of them gets there first.
    const outcome = await confirmRegistrationPayment(
      deps,
      reg.id,
      { pendingCents: payment!.amount_cents },
      payment!.id,
    );
    if (outcome.result === "seat-lost") throw new ApiError(409, t("paymentDialog.expired"));
    ids.push(payment!.confirmation_id!);
  }
  return { confirmationIds: ids };
}

/** confirm-fab, confirm-free-after-cc and confirm-waitlist: a confirmation without money. */
export async function confirmWithoutPayment(
  deps: ApiDeps,
  claims: TokenClaims,
  kind: "fab" | "free_after_cc" | "waitlist",
  sectionId: string,
): Promise<{ confirmationId: string }> {
  const participant = requireParticipant(claims);
  const owner = ownerKey(claims);
  const reg = await registrationFor(deps.db, participant, sectionId);
  if (!reg) throw new ApiError(404, t("paymentDialog.notFound"));
  const eligible =
    kind === "fab"
      ? reg.participant_aid === "free" || reg.financial_aid === "free"
      : kind === "free_after_cc"
        ? reg.status !== "waitlisted" && reg.dueCents === 0
        : reg.status === "waitlisted";
  if (!eligible) throw new ApiError(409, t("payment.error.notEligible"));
  const now = deps.clock.now();
  const payment = await deps.db.transaction((tx) =>
    insertPayment(tx, {
      owner,
      registrationId: reg.id,
      method: kind,
      amountCents: 0,
      status: "succeeded",
      key: `${kind}:${reg.id}`,
      now,
    }),
  );
  if (kind === "fab") {
    // Financial assistance covers the whole cost: the registration owes nothing.
    await deps.db.execute(
      sql`update registrations set cost_cents = paid_cents + pending_cents + credits_applied_cents, financial_aid = 'free' where id = ${reg.id}`,
    );
  }
  if (kind !== "waitlist" && reg.status !== "registered") {
    const outcome = await confirmRegistrationPayment(deps, reg.id, {});
    if (outcome.result === "seat-lost") throw new ApiError(409, t("paymentDialog.expired"));
  }
  return { confirmationId: payment!.confirmation_id! };
}

/** GET /v1/payment/registration/{courseSectionId}: what the payment dialog shows. */
export async function registrationPayment(deps: ApiDeps, claims: TokenClaims, sectionId: string) {
  const participant = requireParticipant(claims);
  const reg = await registrationFor(deps.db, participant, sectionId);
  if (!reg) {
    // The payment window ran out: say so, as the expiry dialog does.
    const [last] = await queryRows<{ cancel_reason: string | null }>(
      deps.db,
      sql`select cancel_reason from registrations
          where course_section_id = ${sectionId} and participant_id = ${participant}
          order by updated_at desc limit 1`,
    );
    if (last?.cancel_reason === REASON_TIMEOUT) throw new ApiError(410, t("paymentDialog.expired"));
    throw new ApiError(404, t("paymentDialog.notFound"));
  }
  return {
    registrationId: reg.id,
    courseSectionId: sectionId,
    courseName: reg.course_name,
    status: reg.status,
    cost: reg.cost_cents / 100,
    originalCost: reg.section_cost_cents / 100,
    credits: reg.credits_applied_cents / 100,
    paid: reg.paid_cents / 100,
    pending: reg.pending_cents / 100,
    balance: reg.dueCents / 100,
    minimumPayment: activityPaymentMinimumCents(reg.cost_cents, reg.dueCents) / 100,
    allowPartial: reg.allow_partial,
    financialAid: reg.participant_aid ?? reg.financial_aid,
    holdExpiresAt: reg.hold_expires_at ? new Date(reg.hold_expires_at).toISOString() : null,
    inCart: reg.in_cart,
  };
}
