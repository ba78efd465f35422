// Card payments in the page: a setup intent saves the card for the caller's cart or registration,
// then the server charges it once (the payment row's idempotency key and the cart lock make five
// identical submissions one charge) and hands the answer to settlement. A declined card opens
// the cart again. Fulfilment happens in settlement.ts, never from the browser's return page.
import { eq, sql } from "drizzle-orm";
import { expireAtProvider } from "./hosted-sessions";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { logSafeError } from "../logger";
import { carts, payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { cartLines, releaseExpiredCarts } from "./cart";
import { lockRows } from "./locks";
import { moveCart } from "./cart-status";
import {
  PaymentErrorCode,
  cartFingerprint,
  cartHadFees,
  paidCartDestination,
  PAYMENT_ROW,
  paymentById,
  provider,
  waitForOutcome,
} from "./payment-records";
import { registrationFor, requireParticipant } from "./registration-payments";
import { preparePayment, type PayTarget } from "./payment-targets";
import { settlePayment } from "./settlement";

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
    const [cart] = await deps.db
      .select({ id: carts.id, owner_key: carts.ownerKey })
      .from(carts)
      .where(eq(carts.id, body.cartId));
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

async function destination(
  deps: ApiDeps,
  claims: TokenClaims,
  payment: { cart_id: number | null; registration_id: string | null },
  hadFees: boolean,
  extra: string,
) {
  if (payment.cart_id) {
    return paidCartDestination(deps.db, claims.kind, Number(payment.cart_id), hadFees);
  }
  return `/payment-complete?${extra}`;
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
    // Concurrent submissions queue on the cart lock, then find the first one's payment row. Only
    // the caller's own cart is locked: another person's cart id locks nothing (and is refused).
    if (body.cartId) {
      await lockRows(
        tx,
        "cart",
        sql`select id from carts where id = ${body.cartId} and owner_key = ${owner}`,
      );
    }
    const [existing] = await tx
      .select(PAYMENT_ROW)
      .from(payments)
      .where(eq(payments.idempotencyKey, key));
    if (existing) return { existing, hadFees: false, stale: [] };
    const prep = await preparePayment(tx, deps, claims, body, "stripe");
    // The card was set up for the cart as it was then; a cart changed since is not charged.
    if (prep.fingerprint !== null && prep.fingerprint !== meta.cartContents) {
      throw new ApiError(
        409,
        t("checkout.error.amountChanged"),
        undefined,
        PaymentErrorCode.invalid,
      );
    }
    const [row] = await tx
      .insert(payments)
      .values({
        ownerKey: owner,
        cartId: prep.cartId,
        registrationId: prep.registrationId,
        method: "stripe",
        paymentType: body.paymentType,
        amountCents: prep.amountCents,
        status: "processing",
        idempotencyKey: key,
        createdAt: now,
        cartFingerprint: prep.fingerprint,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning(PAYMENT_ROW);
    if (!row) return { existing: null, hadFees: prep.hadFees, stale: prep.stale };
    if (prep.cartId) await moveCart(tx, prep.cartId, "PROCESSING");
    return {
      payment: row,
      hadFees: prep.hadFees,
      description: prep.description,
      stale: prep.stale,
    };
  });
  await expireAtProvider(deps, claimed.stale);
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
      data: { redirectUrl: await destination(deps, claims, settled, hadFees, extra) },
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
      // The cart before the payment (docs/architecture.md lock order): a webhook settling this
      // cart at the same moment takes them in the same order, so the two queue, never deadlock.
      if (payment.cart_id) {
        await lockRows(
          tx,
          "cart",
          sql`select id from carts where id = ${payment.cart_id} and owner_key = ${owner}`,
        );
      }
      await lockRows(tx, "payment", sql`select id from payments where id = ${payment.id}`);
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
    data: { redirectUrl: await destination(deps, claims, payment, claimed.hadFees, extra) },
  };
}

/** The card was charged but the cart could not take the payment: it went back to the card. */
function refusedAndRefunded(message: string | null): never {
  const text = message ?? t("payment.refunded.cart_paid");
  throw new ApiError(409, text, text, PaymentErrorCode.inProgress);
}
