// Server side of the cashier page (/cart/in-person, /instructor/cart/in-person) and its reader
// resource route. Reachable only with a desktop-client session that the district API accepts for
// in-person payments; anyone else is sent back to the cart.
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getCart } from "@domain/contract/cart";
import {
  createTerminalPaymentIntent,
  getConnectionToken,
  getInPersonConfig,
  getInPersonReceipt,
  presentSimulatedCard,
  recordInPersonPayment,
} from "@domain/contract/cashier";
import { t } from "@domain/messages/pages";
import { inPersonFormSchema } from "@domain/forms/in-person";
import { payNowCents, truncatedCents } from "@domain/rules/cashier";
import { cartLinesOf, partialOption } from "@domain/rules/checkout";
import { formatUsd } from "@domain/rules/money";
import { callEndpoint, or503 } from "./api";
import { parseWithZod } from "./forms.server";
import { requireFamily, requireStaff } from "./auth";
import { flashNotice } from "./session";

export type Who = "student" | "staff";

interface Caller {
  request: Request;
  context: AppLoadContext;
}

export const cartPathFor = (who: Who) => (who === "staff" ? "/instructor/cart" : "/cart");

async function requireDesktop(request: Request, who: Who) {
  const s = who === "staff" ? await requireStaff(request) : await requireFamily(request);
  if (!s.desktop) throw redirect(cartPathFor(who));
  return s;
}

async function loadCart(caller: Caller, who: Who) {
  const res = or503(await callEndpoint(caller, getCart, { auth: who }), t("cart.error.load"));
  if (!res.ok) throw new Response(t("cart.error.load"), { status: res.status >= 500 ? 502 : 404 });
  return res.data;
}

async function loadConfig(caller: Caller, who: Who) {
  const res = or503(
    await callEndpoint(caller, getInPersonConfig, { auth: who }),
    t("cart.error.load"),
  );
  return res.ok ? res.data : null;
}

/**
 * Whether the cart page offers the register to this desktop session, and if not, why (the API
 * decides: desktop client key and the employee at the register, decision 102).
 */
export async function inPersonOffer(
  caller: Caller,
  who: Who,
): Promise<{ allowed: boolean; reason: string | null }> {
  const config = await loadConfig(caller, who);
  if (config?.allowed) return { allowed: true, reason: null };
  return { allowed: false, reason: config?.reason ?? t("cashier.error.noEmployee") };
}

export async function inPersonLoader(caller: Caller, who: Who) {
  await requireDesktop(caller.request, who);
  const [config, cart] = await Promise.all([loadConfig(caller, who), loadCart(caller, who)]);
  if (!config?.allowed) throw redirect(cartPathFor(who));
  const lines = cartLinesOf(cart);
  const totalCents = lines.reduce((s, l) => s + l.costCents, 0);
  // An empty or free cart has nothing to take at the register: the cart page handles it.
  if (!cart.cartItems.length || totalCents === 0) throw redirect(cartPathFor(who));
  return json({
    who,
    cart,
    totalCents,
    partial: partialOption(lines),
    reader: { publishableKey: config.publishableKey, simulated: config.simulated },
  });
}

export async function inPersonAction(caller: Caller, who: Who) {
  await requireDesktop(caller.request, who);
  const cart = await loadCart(caller, who);
  const lines = cartLinesOf(cart);
  const formData = await caller.request.formData();
  const submission = parseWithZod(formData, { schema: inPersonFormSchema(lines) });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  const cents = payNowCents(lines, v.paymentType, v.partialPaymentAmount);
  const res = await callEndpoint(caller, recordInPersonPayment, {
    auth: who,
    timeoutMs: 20_000,
    body: {
      cartId: cart.id,
      payNowAmount: cents / 100,
      paymentType: v.paymentType,
      paymentMethod: v.paymentMethod,
      terminalId: v.terminalId || "desktop",
      ...(v.paymentMethod === "cash" ? { tenderedCents: truncatedCents(v.tendered) } : {}),
      ...(v.paymentMethod === "inPersonCheck" ? { checkNumber: v.checkNumber?.trim() } : {}),
      ...(v.paymentMethod === "terminal" ? { paymentIntentId: v.paymentIntentId } : {}),
    },
  });
  if (!res.ok) {
    // A failed payment shows the server's hint, else its message, else the default (spec 02 §8).
    const message = res.hint ?? res.message ?? t("cashier.error.default");
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const d = res.data.data;
  const text =
    d.paymentMethod === "cash"
      ? t("cashier.paid.cash", {
          tendered: formatUsd(Math.round((d.tendered ?? 0) * 100)),
          change: formatUsd(Math.round((d.change ?? 0) * 100)),
        })
      : d.paymentMethod === "inPersonCheck"
        ? t("cashier.paid.check", {
            checkNumber: d.checkNumber ?? "",
            amount: formatUsd(Math.round(d.amount * 100)),
          })
        : t("cashier.paid.terminal", { amount: formatUsd(Math.round(d.amount * 100)) });
  return redirect(d.redirectUrl, {
    headers: { "Set-Cookie": await flashNotice(caller.request, { kind: "success", text }) },
  });
}

const ReaderBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("token") }),
  z.object({
    intent: z.literal("intent"),
    payNowCents: z.number().int().positive(),
    paymentType: z.enum(["full", "partial"]),
    terminalId: z.string().max(200).optional(),
  }),
  z.object({ intent: z.literal("simulate"), paymentIntentId: z.string().max(200) }),
]);

/** The reader island's calls: connection token, the payment intent, the simulated card. */
export async function readerAction(caller: Caller) {
  const who: Who =
    new URL(caller.request.url).searchParams.get("as") === "staff" ? "staff" : "student";
  const s =
    who === "staff" ? await requireStaff(caller.request) : await requireFamily(caller.request);
  if (!s.desktop)
    return json({ ok: false, message: t("cashier.error.notDesktop") }, { status: 403 });
  const parsed = ReaderBody.safeParse(await caller.request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false, message: t("error.badRequest") }, { status: 400 });
  const body = parsed.data;
  if (body.intent === "token") {
    const res = await callEndpoint(caller, getConnectionToken, { auth: who });
    return res.ok
      ? json({ ok: true, secret: res.data.secret })
      : json({ ok: false, message: t("reader.error.connecting") }, { status: 502 });
  }
  if (body.intent === "intent") {
    const cart = await loadCart(caller, who);
    const res = await callEndpoint(caller, createTerminalPaymentIntent, {
      auth: who,
      body: {
        cartId: cart.id,
        payNowAmount: body.payNowCents / 100,
        paymentType: body.paymentType,
        terminalId: body.terminalId ?? null,
      },
    });
    return res.ok
      ? json({ ok: true, ...res.data })
      : json({ ok: false, message: res.hint ?? t("reader.error.collecting") }, { status: 400 });
  }
  const res = await callEndpoint(caller, presentSimulatedCard, {
    params: { id: body.paymentIntentId },
    auth: who,
  });
  return res.ok
    ? json({ ok: true, amount: res.data.amount })
    : json({ ok: false, message: t("reader.error.processing") }, { status: 400 });
}

/** Tendered, change and check number of a cart's in-person payment, for the receipt page. */
export async function loadInPersonReceipt(caller: Caller, who: Who, cartId: number) {
  const res = or503(
    await callEndpoint(caller, getInPersonReceipt, { params: { cartId }, auth: who }),
    t("cart.error.load"),
  );
  return res.ok ? res.data : null;
}
