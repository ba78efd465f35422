// Confirmations without money: a cart whose total is $0, financial assistance covering a course,
// a course paid in full by credits, and confirming a waitlist place. Each records one payment row
// of $0 (its idempotency key), then settles the cart or confirms the registration.
import { sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { cartTotalCents } from "@domain/rules/checkout";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { confirmRegistrationPayment } from "./registration";
import { cartLines, currentCart, releaseExpiredCarts } from "./cart";
import { cartHadFees, insertPayment, paidCartDestination } from "./payment-records";
import { registrationFor, requireParticipant } from "./registration-payments";
import { settlePayment } from "./settlement";
import { enqueueReceipt } from "./receipts";

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
    data: { redirectUrl: await paidCartDestination(deps.db, claims.kind, cartId, hadFees) },
  };
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
  const payment = await deps.db.transaction(async (tx) => {
    const p = await insertPayment(tx, {
      owner,
      registrationId: reg.id,
      method: kind,
      amountCents: 0,
      status: "succeeded",
      key: `${kind}:${reg.id}`,
      now,
    });
    // Financial assistance gets its receipt (nothing due), once per registration.
    if (p?.created && kind === "fab") await enqueueReceipt(tx, deps, p.id);
    return p;
  });
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
