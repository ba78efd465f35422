// Fee card state, checked in the spec's order (spec 02 §4 "Fee card state").

export type FeeCardState =
  | "payRemaining"
  | "paid"
  /** Paid, then every cent given back (decision 145): nothing is paid, nothing to pay. */
  | "refunded"
  | "inCart"
  | "criteriaError"
  | "groupBought"
  | "groupInCart"
  | "add"
  | "maxed";

export interface FeeCardFacts {
  /** Status of this person's assessed fee for the card, if any. */
  assessedStatus?: "due" | "partial" | "paid" | null;
  /** Balance left on a partial assessed fee, in cents. */
  remainingCents?: number;
  /** What is paid on the assessed fee now (net of refunds), in cents. */
  paidCents?: number;
  /** The assessed fee had money given back. */
  refunded?: boolean;
  inCart: boolean;
  criteriaError?: string | null;
  /** Another fee of the same fee group was bought already. */
  groupBought: boolean;
  /** Another fee of the same fee group is in the cart (not bought yet). */
  groupInCart?: boolean;
  /** How many were bought (plus in the cart) and the limit. */
  bought: number;
  maxQuantity: number;
  amountCents: number;
}

export function feeCardState(f: FeeCardFacts): FeeCardState {
  if (f.assessedStatus === "partial" && (f.remainingCents ?? 0) > 0) {
    return "payRemaining";
  }
  if (f.assessedStatus === "paid") {
    return f.refunded && (f.paidCents ?? 0) === 0 ? "refunded" : "paid";
  }
  if (f.inCart) return "inCart";
  if (f.criteriaError) return "criteriaError";
  if (f.groupBought) return "groupBought";
  if (f.groupInCart) return "groupInCart";
  if (f.bought < f.maxQuantity && f.amountCents >= 0) return "add";
  return "maxed";
}

/** The description preview: 120 characters, then "View More...". */
export const DESCRIPTION_PREVIEW = 120;
export function descriptionPreview(text: string): { preview: string; more: boolean } {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= DESCRIPTION_PREVIEW) return { preview: plain, more: false };
  return { preview: plain.slice(0, DESCRIPTION_PREVIEW), more: true };
}

export const MAX_QUANTITY_PER_ADD = 20;

/** Quantity options: 1.. the remaining allowance, capped at 20, never below 0 options. */
export function quantityOptions(bought: number, maxQuantity: number): number[] {
  const n = Math.max(0, Math.min(MAX_QUANTITY_PER_ADD, maxQuantity - bought));
  return Array.from({ length: n }, (_, i) => i + 1);
}

/**
 * Whether a fee card says "Requires Payment in Full": when the cart will not take part of it.
 * An assessed fee follows its assessment's own setting, which is what its cart line carries
 * (decision 145); a fee from the list follows the fee's; a donation is one amount, never split.
 */
export function requiresFullPayment(
  fee: { allowPartialPayment: boolean; isDonation: boolean },
  assessment?: { allowPartialPayment: boolean } | null,
): boolean {
  if (fee.isDonation) return false;
  return !(assessment ? assessment.allowPartialPayment : fee.allowPartialPayment);
}
