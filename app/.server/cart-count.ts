// The header's cart badge: the number of items in the signed-in person's open cart, from the
// district API's light count call (one read, no write) rather than the whole cart on every page.
import type { AppLoadContext } from "@remix-run/node";
import { getCartCount } from "@domain/contract/cart";
import { callEndpoint } from "./api";

export async function loadCartCount(
  request: Request,
  context: AppLoadContext,
  who: "student" | "staff" | null,
): Promise<number> {
  if (!who) return 0;
  try {
    const r = await callEndpoint({ request, context }, getCartCount, {
      auth: who,
      timeoutMs: 3000,
    });
    return r.ok ? r.data.count : 0;
  } catch {
    // A redirect (signed out) is the page's business; the badge just shows 0.
    return 0;
  }
}
