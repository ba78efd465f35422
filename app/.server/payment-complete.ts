// The return page's loader: the spec's query parameters, and what the district API says about
// the payment (it may still be settling when the person arrives).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PaymentStatusReply, RegistrationPayment } from "@domain/contract/payments";
import { safeLocalPath } from "@domain/rules/destinations";
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
  // A paid cart goes where the in-page checkout sends it (fees, my registrations, the guest's
  // receipt); a registration's payment goes to `next`.
  let destination = next;
  let creditsApplied = false;
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
      destination = safeLocalPath(r.data.destination) ?? next;
    }
  }
  const section = z.string().uuid().safeParse(params.courseSectionId);
  if (who === "student" && !failed && !pending && section.success) {
    // A registration's balance paid with course credits applied: the spec's success message.
    const reg = await callApi(
      { request, context },
      {
        path: `/v1/payment/registration/${section.data}`,
        auth: who,
        reply: RegistrationPayment,
      },
    );
    creditsApplied = reg.ok && reg.data.credits > 0;
  }
  return json({ params, failed, pending, next: destination, creditsApplied });
}
