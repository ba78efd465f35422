// Mailed-check promises: registrations (from the payment dialog, or a cart without fees paid in
// full) are confirmed with the amount pending until the check arrives; the cart goes to MAIL.
// One payment row per registration and promise (its idempotency key), so identical
// confirmations reach the registration once.
import { sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { activityAmountCentsError, cartTotalCents, methodAllowed } from "@domain/rules/checkout";
import { toCents } from "@domain/rules/money";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "./errors";
import { confirmRegistrationPayment } from "./registration";
import { cartLines, currentCart, releaseExpiredCarts } from "./cart";
import { moveCart } from "./cart-status";
import { PaymentErrorCode, insertPayment } from "./payment-records";
import { balanceOf, registrationFor, requireParticipant } from "./registration-payments";
import { enqueueMailedCheckMail } from "./receipts";

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
      // One e-mail with the mailing instructions and every promise's confirmation number.
      await enqueueMailedCheckMail(
        tx,
        deps,
        out.map((r) => r.paymentId),
      );
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
    const payment = await deps.db.transaction(async (tx) => {
      const p = await insertPayment(tx, {
        owner,
        registrationId: reg.id,
        method: "mail",
        amountCents: cents,
        status: "pending",
        key: `mail:reg:${reg.id}:${reg.paid_cents + reg.pending_cents}`,
        now,
      });
      // The instructions go out once per promise (identical confirmations share the row).
      if (p?.created) await enqueueMailedCheckMail(tx, deps, [p.id]);
      return p;
    });
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
