// The header's language choice (decision 170): a post; a GET (a bookmark) changes nothing.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { chooseLanguageAction } from "~/.server/language";

export function loader() {
  return redirect("/");
}

export function action(args: ActionFunctionArgs) {
  return chooseLanguageAction(args);
}
