// What a card payment pays for: the caller's own open cart (locked, with the amount checked
// against its lines and the methods it allows) or the caller's registration (the amount checked
// against what it still owes). Card payments and hosted checkouts start here, in their
// transaction, before they record a payment row.
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import {
  activityAmountCentsError,
  cartMinimumMessage,
  cartTotalCents,
  methodAllowed,
  type PaymentType,
} from "@domain/rules/checkout";
import { cartMinimumPartialCents } from "@domain/rules/partial-payment";
import { toCents } from "@domain/rules/money";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { cartLines, currentCart, takeRegistrationOutOfCarts } from "./cart";
import { chargeDescription } from "@domain/rules/receipt-lines";
import { PaymentErrorCode, cartFingerprint } from "./payment-records";
import { balanceOf, registrationFor, requireParticipant } from "./registration-payments";
import type { Exec } from "../db/client";

export interface PayTarget {
  cartId?: number | null;
  courseSectionId?: string | null;
  payNowAmount: number;
  paymentType: PaymentType;
}

/** The cart's lines as names with quantities (identical items counted once). */
function namesWithQuantities(lines: readonly { name: string }[]) {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l.name, (counts.get(l.name) ?? 0) + 1);
  return [...counts].map(([name, quantity]) => ({ name, quantity }));
}

/** A card charge's description in the catalogue's words (decision 144). */
export function describeCharge(items: readonly { name: string; quantity: number }[]): string {
  return chargeDescription(items, (count) => t("payment.description.more", { count }));
}

/**
 * Checks the amount against the cart or registration and locks the cart for the payment:
 * returns the amount in cents and the row to pay for.
 */
export async function preparePayment(
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
  /** Hosted sessions made stale here, to expire at the provider after commit. */
  stale: string[];
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
      // What the family sees on the card's checkout and statement: the things paid for.
      description: describeCharge(namesWithQuantities(lines)),
      fingerprint: cartFingerprint(lines),
      deadline: cart.expires_at === null ? null : new Date(cart.expires_at),
      stale: [],
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
  // Paid here, it is no longer the cart's to pay (decision 169).
  const stale = await takeRegistrationOutOfCarts(tx, reg.id);
  return {
    amountCents: payCents,
    cartId: null,
    registrationId: reg.id,
    hadFees: false,
    description: reg.course_name,
    fingerprint: null,
    deadline: reg.hold_expires_at === null ? null : new Date(reg.hold_expires_at),
    stale,
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
    throw new ApiError(400, cartMinimumMessage(lines), undefined, PaymentErrorCode.invalid);
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
