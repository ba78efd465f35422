// /cart-receipt/{cartId} (spec 02 §2 "Cart receipt"): a PAID cart of the signed-in person (only
// its owner, decision 102), printable; otherwise "There was an error loading the cart".
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/receipts";
import { FeesStyles } from "~/components/fees/FeesStyles";
import { formatUsd, toCents } from "@domain/rules/money";
import { loadCartReceipt } from "~/.server/cart";
import { InPersonReceipt } from "~/components/cashier/InPersonReceipt";
import type { PageHandle } from "~/components/page-title";
import { districtTextLang } from "~/components/district-text";

export const handle: PageHandle = {
  title: (data: { receipt?: { payer: { name: string } } } | undefined) =>
    data?.receipt ? t("receipt.titleGuest", { name: data.receipt.payer.name }) : undefined,
};

export async function loader(args: LoaderFunctionArgs) {
  return json(await loadCartReceipt(args));
}

export default function CartReceipt() {
  const { receipt, inPerson } = useLoaderData<typeof loader>();
  // ?print=1 is the printable receipt (the Print link's target without JavaScript): the same
  // receipt without the site's header and navigation, ready for the browser's Print command.
  const printable = useSearchParams()[0].get("print") === "1";
  if (!receipt) {
    return (
      <Alert color="red" role="alert">
        {t("cart.error.load")}
      </Alert>
    );
  }
  return (
    <Stack className={printable ? "receipt receipt-printable" : "receipt"}>
      <FeesStyles />
      {printable ? (
        <Group className="no-print" justify="space-between">
          <Text>{t("receipt.printHint")}</Text>
          <Anchor component={Link} to=".">
            {t("receipt.backToReceipt")}
          </Anchor>
        </Group>
      ) : (
        <Group className="no-print" justify="flex-end">
          <PrintButton />
        </Group>
      )}
      <Title order={1}>
        {receipt.payer.kind === "guest_user"
          ? // A guest has no ID of their own to show: the payer's id is an internal number.
            t("receipt.titleGuest", { name: receipt.payer.name })
          : t("receipt.title", { name: receipt.payer.name, id: receipt.payer.id })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {receipt.items.map((i, n) => (
          <Card key={n} withBorder component="article" aria-label={i.name}>
            <Group justify="space-between">
              <Title order={2} size="h4" lang={districtTextLang(i.spanish, "name")}>
                {i.name}
              </Title>
              {i.quantity > 1 ? (
                <Badge>{t("cart.quantity", { quantity: i.quantity })}</Badge>
              ) : null}
            </Group>
            {i.registration ? (
              <Text size="sm">
                {t("receipt.course")}:{" "}
                <span lang={districtTextLang(i.spanish, "courseName")}>
                  {i.registration.courseName}
                </span>
              </Text>
            ) : null}
            <Text size="sm">
              {t("receipt.line", {
                quantity: i.quantity,
                price: formatUsd(toCents(i.unitPrice)),
                total: formatUsd(toCents(i.lineTotal)),
              })}
            </Text>
            <ReceiptLinePaid item={i} />
          </Card>
        ))}
      </SimpleGrid>
      {receipt.refunds.length ? (
        <section aria-label={t("receipt.refunds")}>
          <Title order={2} size="h4">
            {t("receipt.refunds")}
          </Title>
          {receipt.refunds.map((r, n) => (
            <Text key={n} size="sm">
              {r.name ? `${r.name}: ` : ""}
              {t("receipt.refundLine", { amount: formatUsd(toCents(r.amount)), date: r.date })}
            </Text>
          ))}
        </section>
      ) : null}
      <Text fw={700}>
        {receipt.refunds.length ? t("receipt.netPaid") : t("receipt.totalPaid")}:{" "}
        {formatUsd(toCents(receipt.totalPaid))}
      </Text>
      <InPersonReceipt data={inPerson} />
      <Text>
        {t("receipt.cartId")}: {receipt.id}
      </Text>
    </Stack>
  );
}

/**
 * What the payment gave a line (decision 144): the amount and its date, what it left to pay,
 * or that it gave the line nothing (no "$0.00 paid" with a date).
 */
function ReceiptLinePaid({
  item,
}: {
  item: {
    amountPaid: number;
    lineTotal: number;
    assessedFee: { payment: { date: string } } | null;
  };
}) {
  const paid = toCents(item.amountPaid);
  const left = formatUsd(Math.max(toCents(item.lineTotal) - paid, 0));
  if (paid === 0) return <Text size="sm">{t("receipt.nothingPaid", { left })}</Text>;
  return (
    <>
      <Text size="sm">
        {t("fees.amountPaid")}: {formatUsd(paid)}
        {item.assessedFee ? (
          <>
            {" "}
            · {t("fees.datePaid")}: {item.assessedFee.payment.date}
          </>
        ) : null}
      </Text>
      {paid < toCents(item.lineTotal) ? (
        <Text size="sm">{t("receipt.leftToPay", { left })}</Text>
      ) : null}
    </>
  );
}

function PrintButton() {
  // A link to the printable receipt, so it works without JavaScript; with it, it prints at once.
  return (
    <Button
      component={Link}
      to="?print=1"
      variant="default"
      onClick={(event) => {
        event.preventDefault();
        window.print();
      }}
    >
      {t("receipt.print")}
    </Button>
  );
}
