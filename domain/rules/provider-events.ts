// What the provider's webhook events do to a payment (decision 140). Stripe's fulfilment guide:
// a completed checkout session is fulfilled only when its payment_status is "paid"; one paid by a
// delayed method completes "unpaid" and is followed by async_payment_succeeded or
// async_payment_failed. The provider interface narrows every other event type to "other".

/** fulfil: settle the payment; fail: the payment did not go through; wait: nothing yet. */
export type ProviderEventAction = "fulfil" | "fail" | "wait" | "ignore";

export function providerEventAction(
  type: string,
  paymentStatus: string | null,
): ProviderEventAction {
  switch (type) {
    case "checkout.session.completed":
      // "unpaid" (a delayed method) and "no_payment_required" take no money now.
      return paymentStatus === "paid" ? "fulfil" : "wait";
    case "checkout.session.async_payment_succeeded":
    case "payment_intent.succeeded":
      return "fulfil";
    case "checkout.session.async_payment_failed":
      return "fail";
    default:
      return "ignore";
  }
}
