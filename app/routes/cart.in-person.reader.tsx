// POST /cart/in-person/reader?as=student|staff: the card reader island's calls (connection token,
// reader payment intent, the simulated card). Resource route: JSON only, desktop sessions only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { readerAction } from "~/.server/cashier";

export const action = ({ request, context }: ActionFunctionArgs) =>
  readerAction({ request, context });
