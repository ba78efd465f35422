// Minimum partial payments (spec 02 §5 "Minimum partial payment"), in cents.

export interface CartLine {
  costCents: number;
  allowPartial: boolean;
}

/**
 * What the cart's minimum partial payment is made of: the items that must be paid in full
 * (`requiredCents`) and the part of the rest (`partCents`): 1% of it ("onePercent"), the $0.50
 * floor ("floor"), or all of a total under $1 ("whole"). `cents` is their sum, never more than
 * the total.
 */
export interface CartMinimum {
  cents: number;
  requiredCents: number;
  partCents: number;
  part: "onePercent" | "floor" | "whole";
}

/**
 * Cart: the required (non-partial) total plus 1% of the partial-eligible total when that exceeds
 * $0.50; otherwise the whole total when it is under $1, else $0.50 on top of the required total.
 * Never more than the total. 1% is rounded up to the cent so the minimum is never under 1%.
 */
export function cartMinimumPartial(lines: CartLine[]): CartMinimum {
  const total = lines.reduce((s, l) => s + l.costCents, 0);
  const required = lines.filter((l) => !l.allowPartial).reduce((s, l) => s + l.costCents, 0);
  const eligible = total - required;
  const onePercent = Math.ceil(eligible / 100);
  const of = (cents: number, part: CartMinimum["part"]): CartMinimum => {
    const capped = Math.min(cents, total);
    return { cents: capped, requiredCents: required, partCents: capped - required, part };
  };
  if (onePercent > 50) return of(required + onePercent, "onePercent");
  if (total < 100) return of(total, "whole");
  return of(required + 50, "floor");
}

export function cartMinimumPartialCents(lines: CartLine[]): number {
  return cartMinimumPartial(lines).cents;
}

/** Activity dialog: cost/100 when cost is $50 or more, the cost itself below $1, else $0.50. */
export function activityMinimumPartialCents(costCents: number): number {
  if (costCents >= 5000) return Math.ceil(costCents / 100);
  if (costCents < 100) return costCents;
  return 50;
}

/**
 * The payment dialog's minimum for a registration: from its cost (not from what is left, so a
 * second payment has the same minimum as the first), never more than the balance.
 */
export function activityPaymentMinimumCents(costCents: number, balanceCents: number): number {
  return Math.min(activityMinimumPartialCents(costCents), balanceCents);
}

/**
 * Splits a payment over the lines: lines that do not allow partial payment are paid in full
 * first, the rest goes to partial-eligible lines in order. Returns cents per line.
 */
export function allocatePayment(lines: CartLine[], payCents: number): number[] {
  const out = lines.map(() => 0);
  let left = payCents;
  lines.forEach((l, i) => {
    if (!l.allowPartial) {
      const take = Math.min(l.costCents, left);
      out[i] = take;
      left -= take;
    }
  });
  lines.forEach((l, i) => {
    if (l.allowPartial) {
      const take = Math.min(l.costCents, left);
      out[i] = take;
      left -= take;
    }
  });
  return out;
}
