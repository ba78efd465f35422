// /instructor/cart: an employee's own cart of fees allowed to employees.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { cartPageAction, cartPageLoader } from "~/.server/cart";
import { CartPage } from "~/components/cart/CartPage";

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
