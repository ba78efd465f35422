// "Pay for all children here" on the cart page (decision 167): a post from the strip brings the
// other children's carts into the one on screen; a GET (a bookmark) changes nothing.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { gatherCartAction } from "~/.server/household";

export function loader() {
  return redirect("/cart");
}

export function action(args: ActionFunctionArgs) {
  return gatherCartAction(args);
}
