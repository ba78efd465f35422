// What the registration payment dialog offers (spec 02 §4 "Payment dialog flow"), from what the
// district API says about the registration. Pure: the route only renders it.
import { ONLINE_MINIMUM_CENTS, type ActivityBalance } from "./checkout";
import { toCents } from "./money";

export type DialogMethod = "mail" | "fab" | "freeAfterCc" | "waitlist" | "stripe" | "cart";

export interface DialogFacts {
  status: string;
  balanceCents: number;
  pendingCents: number;
  financialAid: string | null;
  /** A line of an open cart: paying here takes it out of the cart (decision 169). */
  inCart: boolean;
}

/**
 * "paid": a registration that owes nothing more (Back after paying lands here); "awaitingCheck":
 * nothing more is owed because a mailed check is on its way; null: the dialog offers methods.
 */
export function settledState(f: DialogFacts): "paid" | "awaitingCheck" | null {
  if (f.status !== "registered" || f.balanceCents > 0) return null;
  return f.pendingCents > 0 ? "awaitingCheck" : "paid";
}

export function dialogMethods(f: DialogFacts): DialogMethod[] {
  if (f.status === "waitlisted") return ["waitlist"];
  if (settledState(f)) return [];
  const out: DialogMethod[] = [];
  if (f.financialAid === "free") out.push("fab");
  if (f.balanceCents === 0) out.push("freeAfterCc");
  if (f.balanceCents > 0) out.push("mail");
  if (f.balanceCents >= ONLINE_MINIMUM_CENTS) out.push("stripe");
  // Or into the cart, to be paid in one checkout with fees (decision 046), unless it is there.
  if (f.balanceCents > 0 && !f.inCart) out.push("cart");
  return out;
}

/** A registration's cost and balance (dollars, as the district API gives them) in cents. */
export function registrationBalance(p: {
  cost: number;
  balance: number;
  allowPartial: boolean;
}): ActivityBalance {
  return {
    costCents: toCents(p.cost),
    balanceCents: toCents(p.balance),
    allowPartial: p.allowPartial,
  };
}

/** The methods whose amount the person types (a part of the balance when partial is allowed). */
export function methodTakesAmount(method: string): boolean {
  return method === "mail" || method === "stripe";
}
