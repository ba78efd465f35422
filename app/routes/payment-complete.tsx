// /payment-complete (spec 02 §2): reads every query parameter of the spec, shows "Payment
// Complete" and goes to /programs after 5 seconds (meta refresh without JavaScript). It never
// fulfils anything: the district API did that from its webhook or server-side confirmation.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireFamily } from "~/.server/auth";
import { paymentCompleteLoader } from "~/.server/payment-complete";
import { PaymentCompletePage } from "~/components/cart/PaymentComplete";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data && !data.failed ? [{ httpEquiv: "refresh", content: `5;url=${data.next}` }] : [];

export async function loader(args: LoaderFunctionArgs) {
  await requireFamily(args.request);
  return paymentCompleteLoader(args, "student", "/programs");
}

export default function PaymentComplete() {
  return <PaymentCompletePage />;
}
