// Cashier rules (spec 02 §4 "Cart checkout", §5): change to give, reader status text from the
// reader states, host-script error texts, and when the pay button is disabled for the in-person
// methods. Builds on rules/checkout.ts (tenderedError, checkNumberError, methodAvailability); the
// form's schema is domain/forms/in-person.ts.
import { t } from "../messages/cashier";
import { cartTotalCents, tenderedError, type PaymentType } from "./checkout";
import { cartMinimumPartialCents, type CartLine } from "./partial-payment";

export type ConnectionStatus = "connecting" | "connected" | "not_connected";
/** Stripe Terminal's payment status: readiness (not_ready, ready) and payment progress. */
export type ReaderPaymentStatus = "not_ready" | "ready" | "waiting_for_input" | "processing";

export interface ReaderState {
  connection: ConnectionStatus;
  payment: ReaderPaymentStatus;
  /** A collection was asked of the reader and it has not yet asked for the card. */
  collecting?: boolean;
  /** The card was collected and its payment approved: only the Pay button is left. */
  collected?: boolean;
}

/** Money typed by a person, truncated (not rounded) to cents; null when not a number. */
export function truncatedCents(text: string | number | null | undefined): number | null {
  const v = String(text ?? "").trim();
  if (!/^\d*(\.\d*)?$/.test(v) || v === "" || v === ".") return null;
  const [whole = "0", frac = ""] = v.split(".");
  return Number(whole || "0") * 100 + Number(frac.slice(0, 2).padEnd(2, "0"));
}

/** Change to give for cash, or null while the tendered amount is not valid. */
export function changeCents(tenderedText: string | undefined, payNowCents: number): number | null {
  if (tenderedError(tenderedText, payNowCents) !== null) return null;
  return truncatedCents(tenderedText)! - payNowCents;
}

/** The amount paid now: the cart total in full, or the partial amount (truncated). */
export function payNowCents(
  lines: CartLine[],
  paymentType: PaymentType | null | undefined,
  partialText: string | undefined,
): number {
  const total = cartTotalCents(lines);
  if (paymentType !== "partial") return total;
  return truncatedCents(partialText) ?? 0;
}

/** The status text shown under the reader (spec 02 §4). */
export function readerStatusText(state: ReaderState): string {
  if (state.connection !== "connected") return t("reader.status.notReady");
  switch (state.payment) {
    case "processing":
      return t("reader.status.processing");
    case "waiting_for_input":
      return t("reader.status.tap");
    case "ready":
      // "Ready to pay now" once the card is in; until then the reader is ready for the card.
      return state.collected ? t("reader.status.readyToPay") : t("reader.status.readyForCard");
    default:
      return t("reader.status.notReady");
  }
}

export type HostScript =
  "patchCartInPersonTerminal" | "patchCartTenderedCents" | "patchCartInPersonCheck";

export const HOST_TIMEOUT_MS = 10_000;
export const HOST_TIMEOUT_CODE = 100;
export const HOST_CONTEXT_CODE = -1;

/** The text for a host script's answer; null when it succeeded (errorCode 0). */
export function hostErrorMessage(script: HostScript, errorCode: number): string | null {
  if (errorCode === 0) return null;
  if (errorCode === HOST_TIMEOUT_CODE) return t("host.error.timeout");
  if (errorCode === HOST_CONTEXT_CODE) return t("host.error.context");
  if (script === "patchCartInPersonTerminal") return t("host.error.terminal");
  if (script === "patchCartTenderedCents") return t("host.error.tendered");
  return t("host.error.check");
}

export interface PayButtonFacts {
  totalCents: number;
  paymentType: PaymentType | null;
  partialText?: string;
  method: "cash" | "inPersonCheck" | "terminal" | null;
  payNowCents: number;
  checkNumber?: string;
  readerConnected?: boolean;
  /** The reader finished (collected and processed) a payment ... */
  readerCompleted?: boolean;
  /** ... of this many cents. */
  capturedCents?: number | null;
  processing?: boolean;
}

/** Spec 02 §5: when the pay button is disabled, for the in-person methods. */
export function payButtonDisabled(f: PayButtonFacts): boolean {
  if (f.processing) return true;
  if (f.totalCents > 0 && !f.paymentType) return true;
  if (!f.method) return true;
  if (f.paymentType === "partial" && !(f.partialText ?? "").trim()) return true;
  if (f.method === "terminal") {
    return !(f.readerConnected && f.readerCompleted && f.capturedCents === f.payNowCents);
  }
  if (f.payNowCents <= 0) return true;
  if (f.method === "inPersonCheck") return (f.checkNumber ?? "").trim().length < 3;
  return false;
}

/** Minimum partial payment of the cart, re-exported for the page's hint. */
export { cartMinimumPartialCents };
