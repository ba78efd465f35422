// The header's cart badge: the number of items in the signed-in person's open cart.
import type { AppLoadContext } from "@remix-run/node";
import { Cart } from "@domain/contract/cart";
import { callApi } from "./api";

export async function loadCartCount(
  request: Request,
  context: AppLoadContext,
  who: "student" | "staff" | null,
): Promise<number> {
  if (!who) return 0;
  try {
    const r = await callApi(
      { request, context },
      { path: "/v1/cart/", auth: who, reply: Cart, timeoutMs: 3000 },
    );
    return r.ok ? r.data.cartItems.reduce((n, i) => n + i.quantity, 0) : 0;
  } catch (err) {
    // A redirect (signed out) is the page's business; the badge just shows 0.
    if (err instanceof Response) return 0;
    return 0;
  }
}
