// Loader and action of /cart and /instructor/cart: the same page for families and employees,
// each with their own token and cart.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "./forms.server";
import { emptyCart, getReceipt, removeCartItems, type CartItem } from "@domain/contract/cart";
import { promiseMailedCheck, startCheckoutSession, submitOrder } from "@domain/contract/payments";
import {
  CartIntentForm,
  RemoveCartItemsForm,
  checkoutForm,
  payNowCents,
} from "@domain/forms/checkout";
import { t } from "@domain/messages/pages";
import {
  afterPaymentDestination,
  cartLinesOf,
  formatCountdown,
  methodAllowed,
} from "@domain/rules/checkout";
import { loadDistrict } from "./settings";
import { callEndpoint, or503 } from "./api";
import { requireFamily, requireStaff } from "./auth";
import { loadCart, originOf, whoIsSignedIn, type Who } from "./payments";
import { inPersonOffer, loadInPersonReceipt } from "./cashier";
import { districtDate } from "./time";
import { flashNotice } from "./session";

export type CartPageKind = "family" | "staff";

async function guard(request: Request, kind: CartPageKind) {
  if (kind === "staff") {
    const s = await requireStaff(request);
    return { who: "staff" as Who, userKind: "staff" as const, desktop: !!s.desktop };
  }
  const s = await requireFamily(request);
  return { who: "student" as Who, userKind: s.userType, desktop: !!s.desktop };
}

export async function cartPageLoader({ request, context }: LoaderFunctionArgs, kind: CartPageKind) {
  const g = await guard(request, kind);
  // A cart that could not be read is a 503 with the spec's words (decision 150), not a 200.
  const r = or503(await loadCart({ request, context }, g.who), t("cart.error.load"));
  if (!r.ok)
    return json({
      cart: null,
      userKind: g.userKind,
      desktop: g.desktop,
      countdown: null,
      error: t("cart.error.load"),
    });
  const cart = withChildNames(r.data);
  const left = cart.cartTimeout ? Date.parse(cart.cartTimeout) - Date.now() : null;
  return json({
    cart,
    userKind: g.userKind,
    // Inside the desktop client the cart links to the in-person payment page (cashier) when the
    // session may take in-person payments, and otherwise says why.
    desktop: g.desktop,
    inPerson: g.desktop ? await inPersonOffer({ request, context }, g.who) : null,
    countdown:
      cart.cartTimeout && left !== null
        ? { deadline: cart.cartTimeout, initial: formatCountdown(left) }
        : null,
    error: null as string | null,
  });
}

/**
 * A household's cart (decision 167): a line for another child than the payer says whose it is in
 * its name ("Chess Club (for Ava)"), written here so the page's scripts carry no new words; the
 * remove button's label names the child with it.
 */
function withChildNames<C extends { cartItems: Parameters<typeof lineName>[0][] }>(cart: C): C {
  return { ...cart, cartItems: cart.cartItems.map((i) => ({ ...i, name: lineName(i) })) };
}

/** A line's name, with the child it is for when that is not the payer (cart and receipt alike). */
function lineName(i: { name: string; forPerson: CartItem["forPerson"] }): string {
  return i.forPerson
    ? t("household.forChild", { name: i.name, child: i.forPerson.firstName })
    : i.name;
}

export async function cartPageAction({ request, context }: ActionFunctionArgs, kind: CartPageKind) {
  const g = await guard(request, kind);
  const caller = { request, context };
  const formData = await request.formData();
  const posted = parseWithZod(formData, { schema: CartIntentForm });
  if (posted.status !== "success") {
    return json({ result: posted.reply() }, { status: 400 });
  }
  const intent = posted.value.intent;
  const url = new URL(request.url);
  const back = `${url.pathname}`;
  const notice = async (text: string, k: "success" | "error" = "success") => ({
    "Set-Cookie": await flashNotice(request, { kind: k, text }),
  });
  /** A refusal that is no field's: the district API's message, or the cart not loading. */
  const refused = (message: string, status = 400) =>
    json({ result: posted.reply({ formErrors: [message] }) }, { status });

  if (intent === "remove") {
    const removal = parseWithZod(formData, { schema: RemoveCartItemsForm });
    const ids = removal.status === "success" ? removal.value.ids : [];
    const r = ids.length
      ? await callEndpoint(caller, removeCartItems, { auth: g.who, body: { cartItemIds: ids } })
      : null;
    return redirect(back, {
      headers: await notice(
        r?.ok ? t("cart.removed") : t("cart.error.delete"),
        r?.ok ? "success" : "error",
      ),
    });
  }
  if (intent === "empty") {
    const r = await callEndpoint(caller, emptyCart, { auth: g.who });
    return redirect(back, {
      headers: await notice(
        r.ok ? t("cart.emptied") : t("cart.error.empty"),
        r.ok ? "success" : "error",
      ),
    });
  }
  const cartR = await loadCart(caller, g.who);
  if (!cartR.ok) return refused(t("cart.error.load"), 502);
  const cart = cartR.data;
  const lines = cartLinesOf(cart);
  if (intent === "submitOrder") {
    const r = await callEndpoint(caller, submitOrder, { auth: g.who, body: { cartId: cart.id } });
    if (!r.ok) return refused(r.hint ?? r.message);
    return redirect(r.data.data.redirectUrl, {
      headers: await notice(t("checkout.orderSubmitted")),
    });
  }
  const submission = parseWithZod(formData, { schema: checkoutForm(lines) });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  const pay = payNowCents(lines, v);
  // The district API's refusals keep the person's choices (the reply's values).
  const payRefused = (message: string) =>
    json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  if (!methodAllowed({ lines, desktop: g.desktop }, v.paymentType, pay, v.paymentMethod)) {
    return json(
      {
        result: submission.reply({
          fieldErrors: { paymentMethod: [t("checkout.error.methodUnavailable")] },
        }),
      },
      { status: 400 },
    );
  }
  if (v.paymentMethod === "mail") {
    const r = await callEndpoint(caller, promiseMailedCheck, {
      auth: g.who,
      body: { paymentType: "mail", courseSectionIds: [], cartId: cart.id },
    });
    if (!r.ok) return payRefused(r.hint ?? r.message);
    return redirect(
      afterPaymentDestination({ userKind: g.userKind, cartId: cart.id, hadFees: false }),
      {
        headers: await notice(
          `${t("checkout.mailSubmitted")} ${t("paymentDialog.mailAddress", await mailTo(context))}`,
        ),
      },
    );
  }
  if (v.paymentMethod === "stripe") {
    // Without JavaScript: the provider's hosted checkout takes the card and returns to us.
    const r = await callEndpoint(caller, startCheckoutSession, {
      auth: g.who,
      body: {
        cartId: cart.id,
        payNowAmount: pay / 100,
        paymentType: v.paymentType,
        returnBase: originOf(request),
        cancelPath: back,
        completePath: kind === "staff" ? "/instructor/payment-complete" : "/payment-complete",
      },
    });
    if (!r.ok) return payRefused(r.hint ?? r.message);
    return redirect(r.data.url);
  }
  return payRefused(t("checkout.error.methodUnavailable"));
}

/**
 * /cart-receipt/{cartId}: a paid cart of the signed-in family or employee (only its owner,
 * decision 102) with its in-person payment when there was one; dates of payment are the
 * district's days. `receipt` is null when the cart cannot be shown.
 */
export async function loadCartReceipt({ request, context, params }: LoaderFunctionArgs) {
  const who = await whoIsSignedIn(request);
  if (!who) await requireFamily(request);
  const id = Number(params.cartId);
  if (!Number.isSafeInteger(id) || id <= 0) return { receipt: null, inPerson: null };
  const caller = { request, context };
  // A receipt of another child of the household (decision 165) is read with that child's token.
  const child = who === "staff" ? null : new URL(request.url).searchParams.get("child");
  const r = or503(
    await callEndpoint(caller, getReceipt, {
      params: { cartId: id },
      auth: child ? { linkedChild: child } : (who ?? "student"),
    }),
    t("cart.error.load"),
  );
  if (!r.ok) return { receipt: null, inPerson: null };
  const receipt = {
    ...r.data,
    items: r.data.items.map((i) => ({
      ...i,
      name: lineName(i),
      assessedFee: i.assessedFee
        ? { payment: { ...i.assessedFee.payment, date: districtDate(i.assessedFee.payment.date) } }
        : null,
    })),
    refunds: (r.data.refunds ?? []).map((x) => ({ ...x, date: districtDate(x.date) })),
  };
  return {
    receipt,
    inPerson: child ? null : await loadInPersonReceipt(caller, who ?? "student", id),
  };
}

/** The placeholders of the mail address text, from the district's settings. */
async function mailTo(context: Parameters<typeof loadDistrict>[0]) {
  const d = await loadDistrict(context);
  return { payableTo: d.payableTo, address: d.address };
}
