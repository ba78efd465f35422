// Resource route of the card form island (JavaScript on): creates the setup intent when the form
// loads, and pays with the confirmed card. The district API charges and fulfils server-side.
import type { ActionFunctionArgs } from "@remix-run/node";
import { cardPaymentAction } from "~/.server/payments";

export function action(args: ActionFunctionArgs) {
  return cardPaymentAction(args);
}
