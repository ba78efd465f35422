// /office/checks: the mailed-check promises, newest first, 50 a page on the server; a search by
// name, student number, activity, confirmation or check number and a status (a GET form, so a
// filtered page is a link).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Badge, Button, NativeSelect, TextInput } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { promiseListPage } from "~/.server/office";
import { StaffListPage } from "~/components/staff/StaffListPage";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.checks.title") };

export function loader(args: LoaderFunctionArgs) {
  return promiseListPage(args);
}

export default function OfficeChecks() {
  const { filter, statuses, page, loadError } = useLoaderData<typeof loader>();
  return (
    <StaffListPage
      title={t("office.checks.title")}
      form={{
        role: "search",
        label: t("office.checks.title"),
        fields: (
          <>
            <TextInput
              name="q"
              type="search"
              label={t("office.checks.search")}
              description={t("office.checks.searchHint")}
              defaultValue={filter.q}
              w={320}
            />
            <NativeSelect
              name="status"
              label={t("office.checks.status")}
              defaultValue={filter.status}
              data={statuses}
            />
            <Button type="submit">{t("office.checks.apply")}</Button>
          </>
        ),
      }}
      loadError={loadError}
      list={
        page && {
          rows: page.promises,
          caption: t("office.checks.count", { total: page.total }),
          page: page.page,
          pageCount: page.pages,
        }
      }
      empty={t("office.checks.none")}
      minWidth={760}
      rowKey={(p) => p.id}
      columns={[
        {
          header: t("office.checks.col.confirmation"),
          cell: (p) => (
            <Anchor component={Link} to={`/office/checks/${p.id}`}>
              {p.confirmation}
            </Anchor>
          ),
        },
        {
          header: t("office.checks.col.family"),
          cell: (p) => (
            <>
              {p.family}
              {p.participantId ? ` (${p.participantId})` : ""}
            </>
          ),
        },
        {
          header: t("office.checks.col.activity"),
          cell: (p) => (
            <>
              {p.activity}
              {p.cart ? ` · ${p.cart}` : ""}
            </>
          ),
        },
        { header: t("office.checks.col.promised"), cell: (p) => p.promised, nowrap: true },
        { header: t("office.checks.col.amount"), cell: (p) => p.amount },
        { header: t("office.checks.col.received"), cell: (p) => p.received },
        {
          header: t("office.checks.col.status"),
          cell: (p) => (
            <>
              {p.status}{" "}
              {p.overdue ? (
                <Badge color="orange" variant="light">
                  {t("office.checks.overdue")}
                </Badge>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
