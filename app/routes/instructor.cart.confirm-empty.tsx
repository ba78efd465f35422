// The staff cart's "Empty Cart" confirmation, over the cart.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/.server/auth";
import { ConfirmEmptyCartDialog } from "~/components/cart/ConfirmEmptyCart";
import { t } from "@domain/messages/fees";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cart.confirmEmpty.title") };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

export default function ConfirmEmptyStaffCart() {
  return <ConfirmEmptyCartDialog cartPath="/instructor/cart" />;
}
