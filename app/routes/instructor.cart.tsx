// /instructor/cart: an employee's own cart of fees allowed to employees.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { cartPageAction, cartPageLoader } from "~/.server/cart";
import { CartPage } from "~/components/cart/CartPage";
import { t } from "@domain/messages/fees";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cart.title") };

export const loader = (args: LoaderFunctionArgs) => cartPageLoader(args, "staff");
export const action = (args: ActionFunctionArgs) => cartPageAction(args, "staff");

export default function InstructorCartRoute() {
  return (
    <>
      <CartPage action="/instructor/cart" confirmEmptyHref="/instructor/cart/confirm-empty" />
      {/* The "Empty Cart" confirmation opens over the cart. */}
      <Outlet />
    </>
  );
}
