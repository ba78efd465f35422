// The desktop client pushes a session into the page; the district API checks the token before it
// becomes the cookie session, and marks it as a desktop session.
import type { ActionFunctionArgs } from "@remix-run/node";
import { desktopSessionAction } from "~/.server/identity";

export function action(args: ActionFunctionArgs) {
  return desktopSessionAction(args);
}
