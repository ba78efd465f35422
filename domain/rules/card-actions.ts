// What an activity card shows and offers, by state (spec 01 §4 "Card action by state", spec 02
// §4 "Activity card actions"). Pages render this; they hold no rule of their own.
import type { Course } from "../contract/programs";
import { t } from "../messages/programs";

export type CardActionKind =
  /** POST register (questions first when the course has any). */
  | "register"
  /** POST join waitlist (questions first). */
  | "joinWaitlist"
  /** confirmation page, then DELETE waitlist. */
  | "leaveWaitlist"
  /** DELETE registration. */
  | "cancel"
  /** link to the payment dialog /payment/{courseSelectionUUID}. */
  | "pay"
  /** link to /cart. */
  | "cart";

export interface CardAction {
  kind: CardActionKind;
  label: string;
}

export interface CardView {
  /** A status line shown on the card, if any. */
  text: string | null;
  actions: CardAction[];
  /** Show the balance-due panel. */
  balanceDue: boolean;
}

type CardInput = Pick<
  Course,
  | "status"
  | "registrationStatus"
  | "requiresPayment"
  | "paymentDue"
  | "isInCart"
  | "paidAmount"
  | "paidOrPendingAmount"
  | "waitlistPosition"
>;

export function cardView(c: CardInput): CardView {
  const none: CardView = { text: null, actions: [], balanceDue: false };
  switch (c.status) {
    case "open":
      return { ...none, actions: [{ kind: "register", label: t("card.register") }] };
    case "waitlist":
      return { ...none, actions: [{ kind: "joinWaitlist", label: t("card.joinWaitlist") }] };
    case "closed-no-waitlist":
      return { ...none, text: t("card.courseFull") };
    case "waitlisted":
      return {
        ...none,
        // The spec's words, then the place in line the district API counts, so a family sees how
        // near a seat is.
        text: c.waitlistPosition
          ? `${t("card.waitlisted")} ${t("card.waitlistPosition", { position: String(c.waitlistPosition) })}`
          : t("card.waitlisted"),
        actions: [{ kind: "leaveWaitlist", label: t("card.leaveWaitlist") }],
      };
    case "registered-with-credits":
      return { ...none, actions: [{ kind: "cancel", label: t("card.creditsCancel") }] };
    case "partial":
      // Registered: a payment keeps the seat; what is paid and owed is on the card (card-data).
      return {
        ...none,
        text: t("card.registered"),
        actions: [{ kind: "pay", label: t("card.submitPayment") }],
      };
    case "registered-with-credits-pending-payment":
      if (c.isInCart) return { ...none, actions: [{ kind: "cart", label: t("card.viewCart") }] };
      return {
        text: null,
        actions: [{ kind: "pay", label: t("card.submitPayment") }],
        balanceDue: true,
      };
    case "registered":
      break;
  }
  // Registered.
  if (!c.requiresPayment) {
    return { ...none, actions: [{ kind: "cancel", label: t("card.cancelFree") }] };
  }
  if (c.paymentDue && c.isInCart) {
    return { ...none, actions: [{ kind: "cart", label: t("card.viewCart") }] };
  }
  if (
    c.paymentDue &&
    (c.registrationStatus === "pending_payment" || c.registrationStatus === "offered")
  ) {
    // The payment window is running: pay now, or give the seat back.
    return {
      text: t("card.pending"),
      actions: [
        { kind: "pay", label: t("card.addPayment") },
        { kind: "cancel", label: t("card.cancelPending") },
      ],
      balanceDue: false,
    };
  }
  if (c.paymentDue) {
    // Registered with an unpaid balance outside a payment window.
    return {
      text: null,
      actions: [{ kind: "pay", label: t("card.submitPayment") }],
      balanceDue: true,
    };
  }
  const awaiting = c.paidOrPendingAmount - c.paidAmount > 0.001;
  return {
    ...none,
    text: `${t("card.registered")}${awaiting ? t("card.awaitingPayment") : ""}`,
  };
}
