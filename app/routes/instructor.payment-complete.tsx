// /instructor/payment-complete: the employee's return page after a card payment; it goes on to
// /instructor/fees, the employee's page (spec 02 §4), not to the family's /programs.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireStaff } from "~/.server/auth";
import { nextAfterPayment, paymentCompleteLoader } from "~/.server/payment-complete";
import { completeMeta, PaymentCompletePage } from "~/components/cart/PaymentComplete";
import { t } from "@domain/messages/receipts";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("paymentComplete.title") };

export const meta: MetaFunction<typeof loader> = ({ data }) => completeMeta(data);

export async function loader(args: LoaderFunctionArgs) {
  await requireStaff(args.request);
  return paymentCompleteLoader(args, "staff", nextAfterPayment("staff", false));
}

export default function InstructorPaymentComplete() {
  return <PaymentCompletePage />;
}
