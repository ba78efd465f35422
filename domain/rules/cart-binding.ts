// A cart is paid once (decision 101): what a payment is bound to, and whether a payment that
// settles may be kept for its cart or must be given back.

/** A cart line as the binding sees it: its own row id, kind and price in cents. */
export interface BoundLine {
  id: number;
  itemType: string;
  costCents: number;
  allowPartial: boolean;
}

/**
 * The cart's contents and total as one text: every line's row id, kind, price and partial flag.
 * A line removed and added again gets a new row id, so an emptied and refilled cart differs even
 * at the same total. The server stores a hash of it.
 */
export function cartContents(lines: readonly BoundLine[]): string {
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  const total = sorted.reduce((s, l) => s + l.costCents, 0);
  return [
    `total=${total}`,
    ...sorted.map((l) => `${l.id}:${l.itemType}:${l.costCents}:${l.allowPartial ? 1 : 0}`),
  ].join("|");
}

export type RefundReason = "cart_paid" | "cart_changed" | "cart_expired" | "registration_paid";

export type SettleVerdict = { keep: true } | { keep: false; reason: RefundReason };

/**
 * Whether a payment settling now may pay its cart. `hosted`: a hosted checkout (the cart stayed
 * OPEN while the page was open); otherwise a charge that put the cart in PROCESSING itself.
 * `others`: methods of the cart's other payments still being charged.
 */
export function settleVerdict(input: {
  cartStatus: string;
  cartExpiresAt: Date | null;
  now: Date;
  hosted: boolean;
  boundTo: string | null;
  contentsNow: string;
  lineCount: number;
  others: readonly string[];
}): SettleVerdict {
  const s = input.cartStatus;
  if (s === "PAID" || s === "MAIL") return { keep: false, reason: "cart_paid" };
  if (s === "EXPIRED") return { keep: false, reason: "cart_expired" };
  if (s !== "OPEN" && s !== "PROCESSING") return { keep: false, reason: "cart_changed" };
  if (input.lineCount === 0) return { keep: false, reason: "cart_changed" };
  if (input.boundTo !== null && input.boundTo !== input.contentsNow) {
    return { keep: false, reason: "cart_changed" };
  }
  if (s === "OPEN" && input.cartExpiresAt && input.cartExpiresAt <= input.now) {
    return { keep: false, reason: "cart_expired" };
  }
  // A cart being paid at the register (cash, check, reader) is theirs: money in hand cannot be
  // given back by the provider. A card charge in flight loses to a hosted payment that settles
  // first; it is then refunded when it settles.
  if (s === "PROCESSING" && input.hosted && input.others.some((m) => m !== "stripe")) {
    return { keep: false, reason: "cart_paid" };
  }
  return { keep: true };
}

/**
 * Whether a payment for one registration may be kept: not when it would take the registration
 * past what it owes (`owedCents`: cost less credits, paid, pending, and payments kept but not
 * yet applied to it).
 */
export function registrationVerdict(amountCents: number, owedCents: number): SettleVerdict {
  return amountCents <= owedCents ? { keep: true } : { keep: false, reason: "registration_paid" };
}
