// The return page's loader: the spec's query parameters, and what the district API says about
// the payment (it may still be settling when the person arrives).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { PaymentStatusReply } from "@domain/contract/payments";
import { callApi } from "./api";
import type { Who } from "./payments";

export async function paymentCompleteLoader(
  { request, context }: LoaderFunctionArgs,
  who: Who,
  next: string,
) {
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
  let failed =
    !params.cartId && !params.courseSectionId && !params.setupIntent && !params.paymentIntent;
  let pending = false;
  if (params.paymentIntent) {
    const r = await callApi(
      { request, context },
      {
        path: `/v1/payment/status?ref=${encodeURIComponent(params.paymentIntent)}`,
        auth: who,
        reply: PaymentStatusReply,
      },
    );
    if (r.ok) {
      failed = r.data.status === "failed";
      pending = r.data.status === "pending";
    }
  }
  return json({ params, failed, pending, next });
}
