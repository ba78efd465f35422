// /cart: the family's cart and checkout (spec 02 §2 "Cart page").
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cartPageAction, cartPageLoader } from "~/.server/cart";
import { Outlet } from "@remix-run/react";
import { CartPage } from "~/components/cart/CartPage";
import { t } from "@domain/messages/fees";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cart.title") };

export const loader = (args: LoaderFunctionArgs) => cartPageLoader(args, "family");
export const action = (args: ActionFunctionArgs) => cartPageAction(args, "family");

export default function CartRoute() {
  return (
    <>
      <CartPage action="/cart" confirmEmptyHref="/cart/confirm-empty" />
      {/* The "Empty Cart" confirmation opens over the cart. */}
      <Outlet />
    </>
  );
}
