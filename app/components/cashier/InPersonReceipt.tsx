// Tendered, change and check number of an in-person payment, for the cart receipt. Data from
// loadInPersonReceipt (app/.server/cashier.ts); renders nothing for other payments.
import { Table } from "~/ui";
import type { InPersonReceiptReply } from "@domain/contract/cashier";
import { t } from "@domain/messages/cashier";
import { formatUsd } from "@domain/rules/money";

export function InPersonReceipt({ data }: { data: InPersonReceiptReply | null }) {
  const p = data?.payment;
  if (!p) return null;
  const usd = (d: number) => formatUsd(Math.round(d * 100));
  return (
    <Table aria-label={t("cashier.receipt.method")} data-testid="in-person-receipt">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>{t("cashier.receipt.method")}</Table.Th>
          <Table.Td>{t(`cashier.method.${p.paymentMethod}`)}</Table.Td>
        </Table.Tr>
        {p.tendered !== null ? (
          <Table.Tr>
            <Table.Th>{t("cashier.receipt.tendered")}</Table.Th>
            <Table.Td>{usd(p.tendered)}</Table.Td>
          </Table.Tr>
        ) : null}
        {p.change !== null ? (
          <Table.Tr>
            <Table.Th>{t("cashier.receipt.change")}</Table.Th>
            <Table.Td>{usd(p.change)}</Table.Td>
          </Table.Tr>
        ) : null}
        {p.checkNumber ? (
          <Table.Tr>
            <Table.Th>{t("cashier.receipt.checkNumber")}</Table.Th>
            <Table.Td>{p.checkNumber}</Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}
