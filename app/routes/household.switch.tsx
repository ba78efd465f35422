// The switch between the children of a household (decision 165): a post from the strip at the
// top of every family page; a GET (a bookmark) changes nothing.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { switchChildAction } from "~/.server/household";

export function loader() {
  return redirect("/programs");
}

export function action(args: ActionFunctionArgs) {
  return switchChildAction(args);
}
