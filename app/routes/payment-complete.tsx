// /payment-complete (spec 02 §2): reads every query parameter of the spec, shows "Payment
// Complete" for a payment of the signed-in person the district API knows, and goes to /programs
// (guests: /fees) after 5 seconds (meta refresh without JavaScript); anything else is the error
// (decision 102). It never fulfils anything: the district API did that from its webhook or
// server-side confirmation.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireFamily } from "~/.server/auth";
import { nextAfterPayment, paymentCompleteLoader } from "~/.server/payment-complete";
import { completeMeta, PaymentCompletePage } from "~/components/cart/PaymentComplete";
import { t } from "@domain/messages/receipts";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("paymentComplete.title") };

export const meta: MetaFunction<typeof loader> = ({ data }) => completeMeta(data);

export async function loader(args: LoaderFunctionArgs) {
  const s = await requireFamily(args.request);
  return paymentCompleteLoader(
    args,
    "student",
    nextAfterPayment("student", s.userType === "guest_user"),
  );
}

export default function PaymentComplete() {
  return <PaymentCompletePage />;
}
