// /office/payments: payments that took money, newest first, 50 a page on the server; a search by
// name, student number, confirmation, cart or payment number (a GET form, so a search is a link).
// Each payment opens its page with its refunds and the refund form.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Button, TextInput } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { paymentListPage } from "~/.server/office-refunds";
import { StaffListPage } from "~/components/staff/StaffListPage";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.payments.title") };

export function loader(args: LoaderFunctionArgs) {
  return paymentListPage(args);
}

export default function OfficePayments() {
  const { q, page, loadError, openCount } = useLoaderData<typeof loader>();
  return (
    <StaffListPage
      title={t("office.payments.title")}
      intro={t("office.payments.intro")}
      form={{
        role: "search",
        label: t("office.payments.title"),
        fields: (
          <>
            <TextInput
              name="q"
              type="search"
              label={t("office.payments.search")}
              description={t("office.payments.searchHint")}
              defaultValue={q}
              w={320}
            />
            <Button type="submit">{t("office.payments.submit")}</Button>
          </>
        ),
      }}
      afterForm={
        <Anchor component={Link} to="/office/refunds" mt="md" display="inline-block">
          {t("office.payments.open")} ({openCount})
        </Anchor>
      }
      loadError={loadError}
      list={
        page && {
          rows: page.payments,
          caption: t("office.payments.count", { count: page.total }),
          page: page.page,
          pageCount: page.pages,
        }
      }
      empty={t("office.payments.none")}
      minWidth={720}
      rowKey={(p) => p.id}
      columns={[
        {
          header: t("office.payments.col.payment"),
          cell: (p) => (
            <Anchor component={Link} to={`/office/payments/${p.id}`}>
              {p.label}
            </Anchor>
          ),
        },
        { header: t("office.payments.col.family"), cell: (p) => p.family },
        { header: t("office.payments.col.method"), cell: (p) => p.method },
        { header: t("office.payments.col.date"), cell: (p) => p.date, nowrap: true },
        { header: t("office.payments.col.paid"), cell: (p) => p.paid },
        { header: t("office.payments.col.refunded"), cell: (p) => p.refunded },
      ]}
    />
  );
}
