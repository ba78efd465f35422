// /instructor/payment-complete: the employee's return page after a card payment.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireStaff } from "~/.server/auth";
import { paymentCompleteLoader } from "~/.server/payment-complete";
import { PaymentCompletePage } from "~/components/cart/PaymentComplete";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && !data.failed ? [{ httpEquiv: "refresh", content: `5;url=${data.next}` }] : [];

export async function loader(args: LoaderFunctionArgs) {
  await requireStaff(args.request);
  return paymentCompleteLoader(args, "staff", "/programs");
}

export default function InstructorPaymentComplete() {
  return <PaymentCompletePage />;
}
