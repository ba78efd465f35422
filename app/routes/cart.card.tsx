// Resource route of the card form island (JavaScript on): creates the setup intent when the form
// loads, and pays with the confirmed card. The district API charges and fulfils server-side.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  CreateSetupIntentReply,
  RedirectReply,
  SimulatorConfirmReply,
} from "@domain/contract/payments";
import { checkoutForm, payNowCents } from "@domain/forms/checkout";
import { formErrorMap } from "@domain/forms/error-map";
import { t } from "@domain/messages/fees";
import { toCents } from "@domain/rules/money";
import { callApi } from "~/.server/api";
import { linesOf } from "~/.server/cart";
import { loadCart, whoIsSignedIn, type Who } from "~/.server/payments";

const Body = z.object({
  intent: z.enum(["setup", "pay"]),
  who: z.enum(["student", "staff"]).optional(),
  cartId: z.coerce.number().int().positive().optional(),
  courseSectionId: z.string().uuid().optional(),
  setupId: z.string().max(200).optional(),
  cardNumber: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  paymentType: z.string().optional(),
  partialPaymentAmount: z.string().optional(),
  payNowAmount: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = { request, context };
  const parsed = Body.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ error: t("payment.error.cartOrCourse") }, { status: 400 });
  const b = parsed.data;
  const signedIn = await whoIsSignedIn(request);
  const who: Who = b.who ?? signedIn ?? "student";
  if (!b.cartId && !b.courseSectionId)
    return json({ error: t("payment.error.cartOrCourse") }, { status: 400 });
  const target = b.cartId ? { cartId: b.cartId } : { courseSectionId: b.courseSectionId };

  if (b.intent === "setup") {
    const r = await callApi(caller, {
      path: "/v1/payment/create-setup-intent",
      method: "POST",
      auth: who,
      body: target,
      reply: CreateSetupIntentReply,
    });
    if (!r.ok) return json({ error: r.hint ?? t("payment.error.unknown") }, { status: 502 });
    return json({
      setupId: r.data.data.setupId,
      clientSecret: r.data.data.clientSecret,
      publishableKey: r.data.data.publishableKey,
    });
  }

  if (!b.setupId) return json({ error: t("payment.error.method") }, { status: 400 });
  let payNow: number;
  let paymentType: "full" | "partial";
  if (b.cartId) {
    const cart = await loadCart(caller, who);
    if (!cart.ok) return json({ error: t("cart.error.load") }, { status: 502 });
    const lines = linesOf(cart.data);
    const check = checkoutForm(lines).safeParse(
      {
        paymentType: b.paymentType,
        partialPaymentAmount: b.partialPaymentAmount,
        paymentMethod: "stripe",
      },
      { errorMap: formErrorMap },
    );
    if (!check.success)
      return json(
        { error: check.error.issues[0]?.message ?? t("payment.error.unknown") },
        { status: 400 },
      );
    payNow = payNowCents(lines, check.data);
    paymentType = check.data.paymentType;
  } else {
    payNow = toCents(b.payNowAmount ?? "");
    paymentType = b.paymentType === "partial" ? "partial" : "full";
    if (!Number.isFinite(payNow) || payNow <= 0)
      return json({ error: t("payment.error.unknown") }, { status: 400 });
  }
  if (b.cardNumber !== undefined) {
    // The simulator's own card form: the typed test card confirms the setup intent.
    const c = await callApi(caller, {
      path: `/v1/payment/simulator/setup/${encodeURIComponent(b.setupId)}/confirm`,
      method: "POST",
      auth: who,
      body: { cardNumber: b.cardNumber, expiry: b.expiry },
      reply: SimulatorConfirmReply,
    });
    if (!c.ok) return json({ error: c.hint ?? c.message }, { status: 402 });
  }
  const r = await callApi(caller, {
    path: "/v1/payment/complete-setup-intent",
    method: "POST",
    auth: who,
    timeoutMs: 30_000,
    body: { setupId: b.setupId, ...target, payNowAmount: payNow / 100, paymentType },
    reply: RedirectReply,
  });
  if (!r.ok)
    return json({ error: r.hint ?? r.message ?? t("payment.error.payment") }, { status: r.status });
  return json({ redirectUrl: r.data.data.redirectUrl });
}
