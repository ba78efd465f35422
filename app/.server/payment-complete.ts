// The return page's loader: the spec's query parameters, and what the district API says about
// the payment. "Payment Complete" is shown only for a payment of the signed-in person that the
// district API knows (decision 102): by the reference in the return address (payment id or card
// setup id), or, with a cart id alone, a paid cart of that person. Invented values, someone
// else's payment, or a cart id that is not the payment's cart are refused.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getReceipt } from "@domain/contract/cart";
import { getPaymentStatus, getRegistrationPayment } from "@domain/contract/payments";
import { safeLocalPath } from "@domain/rules/destinations";
import { toCents } from "@domain/rules/money";
import { chargeDescription } from "@domain/rules/receipt-lines";
import { t } from "@domain/messages/pages";
import { callEndpoint, or503 } from "./api";
import type { Who } from "./payments";

type Outcome = "complete" | "pending" | "failed";

/** Where the page goes on: employees to their fees page, guests to the fees, others to programs. */
export function nextAfterPayment(who: Who, guest: boolean): string {
  if (who === "staff") return "/instructor/fees";
  return guest ? "/fees" : "/programs";
}

/**
 * What the caller paid for a cart of theirs: the amount and what it paid for, from its receipt.
 * Null for a cart that is not the caller's or not paid (the district API's 404, decision 102).
 */
export async function paidCart(
  caller: { request: Request; context: LoaderFunctionArgs["context"] },
  who: Who,
  cartId: number,
): Promise<{ amountCents: number; paidFor: string; cartId: number } | null> {
  if (!Number.isSafeInteger(cartId) || cartId <= 0) return null;
  const r = or503(
    await callEndpoint(caller, getReceipt, { params: { cartId }, auth: who }),
    t("payment.loadError"),
  );
  if (!r.ok) return null;
  return {
    amountCents: toCents(r.data.totalPaid),
    paidFor: chargeDescription(r.data.items, (count) => t("payment.description.more", { count })),
    cartId,
  };
}

export async function paymentCompleteLoader(
  { request, context }: LoaderFunctionArgs,
  who: Who,
  next: string,
) {
  const caller = { request, context };
  const q = new URL(request.url).searchParams;
  const params = {
    cartId: q.get("cartId"),
    courseSectionId: q.get("courseSectionId"),
    payNowAmount: Number(q.get("payNowAmount") ?? 1) || 1,
    setupIntent: q.get("setup_intent"),
    setupIntentClientSecret: q.get("setup_intent_client_secret"),
    paymentIntent: q.get("payment_intent"),
    paymentIntentClientSecret: q.get("payment_intent_client_secret"),
  };
  const cartId = params.cartId === null ? null : Number(params.cartId);
  if (cartId !== null && (!Number.isSafeInteger(cartId) || cartId <= 0)) {
    return json({ params, outcome: "failed" as Outcome, next, creditsApplied: false });
  }
  // "Stay on this page" (decision 144): the same address with stay=1 shows the page without
  // its countdown, with and without JavaScript.
  const stay = q.get("stay") === "1";
  const ref = params.paymentIntent ?? params.setupIntent;
  let outcome: Outcome = "failed";
  let paid: { amountCents: number; paidFor: string; cartId: number | null } | null = null;
  // A paid cart goes where the in-page checkout sends it (fees, my registrations, the guest's
  // receipt); a registration's payment goes to `next`.
  let destination = next;
  if (ref) {
    // A status that could not be read is a 503, not a payment that failed (decision 150).
    const r = or503(
      await callEndpoint(caller, getPaymentStatus, {
        query: { ref: ref.slice(0, 100) },
        auth: who,
      }),
      t("payment.loadError"),
    );
    const s = r.ok ? r.data : null;
    // The payment must be the caller's, and of the cart the address names (if it names one).
    if (s && s.status !== "unknown" && (cartId === null || s.cartId === cartId)) {
      outcome =
        s.status === "succeeded" ? "complete" : s.status === "pending" ? "pending" : "failed";
      destination = safeLocalPath(s.destination) ?? next;
      if (s.amountCents != null && s.paidFor != null) {
        paid = { amountCents: s.amountCents, paidFor: s.paidFor, cartId: s.cartId };
      }
    }
  } else if (cartId !== null) {
    // A cart id alone: the caller's receipt exists only for a paid cart of theirs.
    paid = await paidCart(caller, who, cartId);
    outcome = paid ? "complete" : "failed";
  }
  let creditsApplied = false;
  const section = z.string().uuid().safeParse(params.courseSectionId);
  if (who === "student" && outcome === "complete" && section.success) {
    // A registration's balance paid with course credits applied: the spec's success message.
    const reg = or503(
      await callEndpoint(caller, getRegistrationPayment, {
        params: { courseSectionId: section.data },
        auth: who,
      }),
      t("payment.loadError"),
    );
    creditsApplied = reg.ok && reg.data.credits > 0;
  }
  const here = new URL(request.url);
  here.searchParams.set("stay", "1");
  return json({
    params,
    outcome,
    next: destination,
    creditsApplied,
    stay,
    stayHref: `${here.pathname}${here.search}`,
    paid: outcome === "complete" ? paid : null,
  });
}
