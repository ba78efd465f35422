// Price rules (spec 02 §4 "Price rules"): integer cents, decided on the server.

export interface PricedFee {
  amountCents: number;
  freeAmountCents: number | null;
  freeQuantity: number | null;
  reducedAmountCents: number | null;
  reducedQuantity: number | null;
  activityAmountCents: number | null;
  activityQuantity: number | null;
}

export interface Buyer {
  financialAid: "free" | "reduced" | null;
  activityPass: boolean;
}

/**
 * The unit price of one more of this fee for this buyer. `alreadyCounted` is how many the buyer
 * has bought or has in the cart at a special price already (the special price applies within
 * its quantity; a missing quantity means no limit).
 */
export function unitPriceCents(
  fee: PricedFee,
  buyer: Buyer,
  opts: { assessedCostCents?: number | null; alreadyCounted?: number } = {},
): number {
  if (opts.assessedCostCents !== undefined && opts.assessedCostCents !== null) {
    return opts.assessedCostCents;
  }
  const n = opts.alreadyCounted ?? 0;
  const within = (q: number | null) => q === null || n < q;
  if (buyer.financialAid === "free" && fee.freeAmountCents !== null && within(fee.freeQuantity)) {
    return fee.freeAmountCents;
  }
  if (
    buyer.financialAid === "reduced" &&
    fee.reducedAmountCents !== null &&
    within(fee.reducedQuantity)
  ) {
    return fee.reducedAmountCents;
  }
  if (buyer.activityPass && fee.activityAmountCents !== null && within(fee.activityQuantity)) {
    return fee.activityAmountCents;
  }
  return fee.amountCents;
}

/** Unit prices of `quantity` more, each counted after the ones before it. */
export function unitPricesCents(
  fee: PricedFee,
  buyer: Buyer,
  quantity: number,
  alreadyCounted: number,
): number[] {
  return Array.from({ length: quantity }, (_, i) =>
    unitPriceCents(fee, buyer, { alreadyCounted: alreadyCounted + i }),
  );
}
