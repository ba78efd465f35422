// The family cart's "Empty Cart" confirmation, over the cart.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFamily } from "~/.server/auth";
import { ConfirmEmptyCartDialog } from "~/components/cart/ConfirmEmptyCart";
import { t } from "@domain/messages/fees";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cart.confirmEmpty.title") };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFamily(request);
  return null;
}

export default function ConfirmEmptyCart() {
  return <ConfirmEmptyCartDialog cartPath="/cart" />;
}
