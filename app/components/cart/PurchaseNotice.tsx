// The notice on the page an employee lands on after paying their own cart (decision 155):
// the Payment Complete page's texts, the amount and what it paid for, and the receipt's link.
import { Link } from "@remix-run/react";
import { Alert, Anchor, Text } from "~/ui";
import { formatUsd } from "@domain/rules/money";
import { t } from "@domain/messages/receipts";

export function PurchaseNotice({
  paid,
}: {
  paid: { amountCents: number; paidFor: string; cartId: number };
}) {
  return (
    <Alert color="green" role="status" title={t("paymentComplete.title")}>
      <Text>
        {t("paymentComplete.paid", { amount: formatUsd(paid.amountCents), what: paid.paidFor })}
      </Text>
      <Anchor component={Link} to={`/cart-receipt/${paid.cartId}`}>
        {t("paymentComplete.receipt")}
      </Anchor>
    </Alert>
  );
}
