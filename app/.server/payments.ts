// Server helpers of the fee, cart and payment pages: whose token to send, and the calls.
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getCart } from "@domain/contract/cart";
import { getPurchaseHistory, listAssessedFees, listFees } from "@domain/contract/fees";
import { callEndpoint, or503 } from "./api";
import { getSession, validStaff, validStudent } from "./session";
import { json, type ActionFunctionArgs, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import {
  completeSetupIntent,
  confirmSimulatorCard,
  createSetupIntent,
  getSimulatorCheckout,
  paySimulatorCheckout,
} from "@domain/contract/payments";
import { checkoutForm, payNowCents } from "@domain/forms/checkout";
import { cartLinesOf } from "@domain/rules/checkout";
import { formErrorMap } from "@domain/forms/error-map";
import { t } from "@domain/messages/pages";
import { toCents } from "@domain/rules/money";
import { requireFamily } from "./auth";

export interface Caller {
  request: Request;
  context: AppLoadContext;
}

/** Staff pages use the staff token; everything else the family token. */
export type Who = "student" | "staff";

export async function whoIsSignedIn(request: Request): Promise<Who | null> {
  const session = await getSession(request);
  if (validStudent(session)) return "student";
  if (validStaff(session)) return "staff";
  return null;
}

export function loadCart(caller: Caller, auth: Who) {
  return callEndpoint(caller, getCart, { auth });
}

export function loadFees(caller: Caller, auth: Who) {
  return callEndpoint(caller, listFees, { auth });
}

export function loadStudentFees(caller: Caller, auth: Who) {
  return callEndpoint(caller, listAssessedFees, { auth });
}

export function loadPurchaseHistory(caller: Caller, auth: Who) {
  return callEndpoint(caller, getPurchaseHistory, { auth });
}

export const Ok = z.object({ ok: z.literal(true) });

/** The origin the person's browser used, for the hosted checkout's return addresses. */
export function originOf(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

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

export async function cardPaymentAction({ request, context }: ActionFunctionArgs) {
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
    const r = await callEndpoint(caller, createSetupIntent, { auth: who, body: target });
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
    const lines = cartLinesOf(cart.data);
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
    const c = await callEndpoint(caller, confirmSimulatorCard, {
      params: { id: b.setupId },
      auth: who,
      body: { cardNumber: b.cardNumber, expiry: b.expiry },
    });
    if (!c.ok) return json({ error: c.hint ?? c.message }, { status: 402 });
  }
  const r = await callEndpoint(caller, completeSetupIntent, {
    auth: who,
    timeoutMs: 30_000,
    body: { setupId: b.setupId, ...target, payNowAmount: payNow / 100, paymentType },
  });
  if (!r.ok)
    return json({ error: r.hint ?? r.message ?? t("payment.error.payment") }, { status: r.status });
  return json({ redirectUrl: r.data.data.redirectUrl });
}

export async function simulatorCheckoutPage({ request, context, params }: LoaderFunctionArgs) {
  const auth = await who(request);
  const r = or503(
    await callEndpoint({ request, context }, getSimulatorCheckout, {
      params: { id: params.sessionId ?? "" },
      auth,
    }),
    t("payment.loadError"),
  );
  if (!r.ok) return json({ session: null });
  return json({ session: { ...r.data, cancelUrl: localPath(r.data.cancelUrl) } });
}

export async function simulatorCheckoutAction({ request, context, params }: ActionFunctionArgs) {
  const auth = await who(request);
  const form = await request.formData();
  const cardNumber = String(form.get("cardNumber") ?? "").slice(0, 40);
  const expiry = String(form.get("expiry") ?? "").slice(0, 10);
  const cvc = String(form.get("cvc") ?? "").slice(0, 6);
  const r = await callEndpoint({ request, context }, paySimulatorCheckout, {
    params: { id: params.sessionId ?? "" },
    auth,
    body: { cardNumber, expiry, cvc },
    timeoutMs: 30_000,
  });
  if (!r.ok) return json({ error: r.hint ?? r.message }, { status: r.status });
  return redirect(localPath(r.data.redirectUrl));
}

async function who(request: Request) {
  const w = await whoIsSignedIn(request);
  if (!w) await requireFamily(request);
  return w ?? "student";
}

/** Only our own pages are return addresses (never an open redirect). */
function localPath(url: string): string {
  try {
    const u = new URL(url, "http://local");
    return `${u.pathname}${u.search}`;
  } catch {
    return "/";
  }
}
