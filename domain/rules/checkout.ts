// Checkout rules of the cart (spec 02 §4 "Cart checkout", §5 "Checkout payment form").
import type { Cart } from "../contract/cart";
import { t } from "../messages/fees";
import { formatUsd, toCents } from "./money";
import {
  activityPaymentMinimumCents,
  cartMinimumPartial,
  cartMinimumPartialCents,
  type CartLine,
} from "./partial-payment";

export type PaymentMethod = "stripe" | "mail" | "cash" | "inPersonCheck" | "terminal";
export type PaymentType = "full" | "partial";

export const ONLINE_MINIMUM_CENTS = 50;
export const TENDERED_MAX_OVER_CENTS = 10_000;

export interface CartFacts {
  lines: (CartLine & { itemType: "fee" | "registration" })[];
  /** Inside the desktop cash-register wrapper (terminal, cash, in-person check). */
  desktop: boolean;
  readerConnected?: boolean;
}

/** A cart from the district API as lines in cents, for these rules (the web app's cart pages). */
export function cartLinesOf(cart: Pick<Cart, "cartItems">): CartFacts["lines"] {
  return cart.cartItems.map((i) => ({
    costCents: toCents(i.cost),
    allowPartial: i.allowPartialPayment,
    itemType: i.itemType,
  }));
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((s, l) => s + l.costCents, 0);
}

/** The partial option shows only when an item allows it; it is disabled below $0.50 or 10%. */
export function partialOption(lines: CartLine[]): { shown: boolean; enabled: boolean } {
  const eligible = lines.filter((l) => l.allowPartial);
  if (eligible.length === 0) return { shown: false, enabled: false };
  const total = cartTotalCents(lines);
  const remaining = total - cartMinimumPartialCents(lines);
  const enabled = remaining >= 50 && remaining * 10 >= total;
  return { shown: true, enabled };
}

export interface MethodAvailability {
  method: PaymentMethod;
  shown: boolean;
  enabled: boolean;
}

/** Which methods are shown and enabled for an amount to pay now. */
export function methodAvailability(
  facts: CartFacts,
  paymentType: PaymentType | null,
  payNowCents: number,
): MethodAvailability[] {
  const hasFees = facts.lines.some((l) => l.itemType === "fee");
  return [
    { method: "stripe", shown: true, enabled: payNowCents >= ONLINE_MINIMUM_CENTS },
    { method: "mail", shown: paymentType !== "partial" && !hasFees, enabled: payNowCents > 0 },
    {
      method: "terminal",
      shown: facts.desktop,
      enabled: payNowCents >= ONLINE_MINIMUM_CENTS && !!facts.readerConnected,
    },
    { method: "cash", shown: facts.desktop, enabled: payNowCents > 0 },
    { method: "inPersonCheck", shown: facts.desktop, enabled: payNowCents > 0 },
  ];
}

export function methodAllowed(
  facts: CartFacts,
  paymentType: PaymentType | null,
  payNowCents: number,
  method: PaymentMethod,
): boolean {
  const m = methodAvailability(facts, paymentType, payNowCents).find((x) => x.method === method);
  return !!m && m.shown && m.enabled;
}

/** 'Pay $X Now' on the cart page, 'Proceed to Checkout' elsewhere, 'Submit Order' at $0. */
export function payButtonText(totalCents: number, payNowCents: number, onCartPage: boolean) {
  if (totalCents === 0) return t("checkout.submitOrder");
  return onCartPage
    ? t("checkout.payNow", { amount: formatUsd(payNowCents) })
    : t("checkout.proceed");
}

/** Parses a money input: truncated to cents; null when not a number. */
export function hasAtMostTwoDecimals(text: string): boolean {
  return /^\d*(\.\d{0,2})?$/.test(text.trim()) && text.trim() !== "" && text.trim() !== ".";
}

/**
 * The cart's minimum as a refusal. Without items that must be paid in full the minimum is 1% of
 * the cost (or its floor) and the spec's message says so; with them, the message says what the
 * minimum is made of (decision 145).
 */
export function cartMinimumMessage(lines: CartLine[]): string {
  const m = cartMinimumPartial(lines);
  if (m.requiredCents === 0) return t("checkout.error.minimum", { amount: formatUsd(m.cents) });
  return t(
    m.part === "onePercent" ? "checkout.error.minimumOnePercent" : "checkout.error.minimumFloor",
    {
      amount: formatUsd(m.cents),
      required: formatUsd(m.requiredCents),
      part: formatUsd(m.partCents),
    },
  );
}

/** The message for a partial amount, or null when valid. */
export function partialAmountError(text: string, lines: CartLine[]): string | null {
  return amountError(
    text,
    cartMinimumPartialCents(lines),
    cartTotalCents(lines),
    cartMinimumMessage(lines),
  );
}

/**
 * A typed amount against a minimum and a maximum (cents), with the cart's messages: not a plain
 * number (a "$", a comma, a sign, letters) gets the minimum's message, as in the cart.
 */
function amountError(
  text: string,
  min: number,
  max: number,
  minimumMessage = t("checkout.error.minimum", { amount: formatUsd(min) }),
): string | null {
  const v = text.trim();
  if (!/^\d*(\.\d*)?$/.test(v) || v === "" || v === ".") return minimumMessage;
  if (!hasAtMostTwoDecimals(v)) return t("checkout.error.decimals");
  return amountCentsError(Math.round(Number(v) * 100), min, max, minimumMessage);
}

function amountCentsError(
  cents: number,
  min: number,
  max: number,
  minimumMessage = t("checkout.error.minimum", { amount: formatUsd(min) }),
): string | null {
  if (!Number.isSafeInteger(cents) || cents < min || cents <= 0) return minimumMessage;
  if (cents > max) return t("checkout.error.maximum", { amount: formatUsd(max) });
  return null;
}

export interface ActivityBalance {
  /** What the registration costs (its own price, before credits and payments). */
  costCents: number;
  /** What is still owed: cost less credits, payments and mailed checks. */
  balanceCents: number;
  allowPartial: boolean;
}

/**
 * The payment dialog's amount (spec 02 §5): without partial payments, or left empty, the whole
 * balance; otherwise the typed amount, checked as the cart checks it, with the activity minimum
 * (from the cost, never above the balance) and the balance as the maximum.
 */
export function activityPayment(
  text: string | null | undefined,
  b: ActivityBalance,
): { ok: true; cents: number; paymentType: PaymentType } | { ok: false; error: string } {
  const v = (text ?? "").trim();
  if (!b.allowPartial || v === "") {
    return { ok: true, cents: b.balanceCents, paymentType: "full" };
  }
  const error = amountError(
    v,
    activityPaymentMinimumCents(b.costCents, b.balanceCents),
    b.balanceCents,
  );
  if (error) return { ok: false, error };
  const cents = Math.round(Number(v) * 100);
  return { ok: true, cents, paymentType: cents === b.balanceCents ? "full" : "partial" };
}

/** The district API's check of an amount in cents sent for a registration (null when valid). */
export function activityAmountCentsError(
  cents: number,
  paymentType: PaymentType,
  b: ActivityBalance,
): string | null {
  if (paymentType === "full" || !b.allowPartial) {
    if (cents === b.balanceCents) return null;
    return cents > b.balanceCents
      ? t("checkout.error.maximum", { amount: formatUsd(b.balanceCents) })
      : t("checkout.error.balanceChanged");
  }
  return amountCentsError(
    cents,
    activityPaymentMinimumCents(b.costCents, b.balanceCents),
    b.balanceCents,
  );
}

/** Cash tendered: required, at least the amount, at most $100 over. */
export function tenderedError(text: string | undefined, payNowCents: number): string | null {
  const v = (text ?? "").trim();
  if (v === "" || !/^\d*(\.\d*)?$/.test(v) || v === ".")
    return t("checkout.error.tenderedRequired");
  const [whole = "0", frac = ""] = v.split(".");
  const cents = Number(whole || "0") * 100 + Number(frac.slice(0, 2).padEnd(2, "0"));
  if (cents < payNowCents) return t("checkout.error.tenderedLow");
  if (cents > payNowCents + TENDERED_MAX_OVER_CENTS) return t("checkout.error.tenderedHigh");
  return null;
}

export function checkNumberError(text: string | undefined): string | null {
  return (text ?? "").trim().length >= 3 ? null : t("checkout.error.checkNumber");
}

/** Where the person goes after paying (spec 02 §4): 'purchased' set on the last two. */
export function afterPaymentDestination(opts: {
  userKind: "student" | "community_member" | "guest_user" | "staff";
  cartId: number;
  hadFees: boolean;
  /**
   * The cart held other children's lines too (decision 167): the one receipt of the household's
   * payment, since the payer's own lists show only the payer's part.
   */
  household?: boolean;
}): string {
  if (opts.userKind === "guest_user" || opts.household) return `/cart-receipt/${opts.cartId}`;
  // The employee's fees page names the cart, for its notice and receipt link (decision 155).
  if (opts.userKind === "staff") return `/instructor/fees?purchased=${opts.cartId}`;
  return opts.hadFees ? "/fees?purchased=1" : "/my-registrations?purchased=1";
}

/** m:ss of a countdown. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
