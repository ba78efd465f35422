// "Forget" a child remembered for a community account (decision 168): a post from the add page; a
// GET (a bookmark) changes nothing.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { forgetChildAction } from "~/.server/household";

export function loader() {
  return redirect("/household/add");
}

export function action(args: ActionFunctionArgs) {
  return forgetChildAction(args);
}
