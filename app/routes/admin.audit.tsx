// /admin/audit: the audit trail, newest first, paged on the server; a filter by who, action, what
// and a date range in the district's zone (a GET form, so a filtered page is a link); the same
// filter downloads as CSV (decision 119).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Button, Code, NativeSelect, TextInput } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { StaffListPage } from "~/components/staff/StaffListPage";
import { auditPage } from "~/.server/admin";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.audit.title") };

export function loader(args: LoaderFunctionArgs) {
  return auditPage(args);
}

export default function AdminAudit() {
  const { filter, errors, zone, actions, entities, page, loadError, downloadHref } =
    useLoaderData<typeof loader>();
  const any = { value: "", label: t("admin.audit.any") };
  const jsonStyle = { maxWidth: "22rem", whiteSpace: "pre-wrap" } as const;
  return (
    <StaffListPage
      title={t("admin.audit.title")}
      form={{
        label: t("admin.audit.filters"),
        fields: (
          <>
            <TextInput
              name="actor"
              label={t("admin.audit.actor")}
              defaultValue={filter.actor ?? ""}
              error={errors.actor?.[0]}
            />
            <NativeSelect
              name="action"
              label={t("admin.audit.action")}
              defaultValue={filter.action ?? ""}
              data={[any, ...actions.map((a) => ({ value: a, label: a }))]}
            />
            <NativeSelect
              name="entity"
              label={t("admin.audit.entity")}
              defaultValue={filter.entity ?? ""}
              data={[any, ...entities.map((e) => ({ value: e, label: e }))]}
            />
            <TextInput
              name="from"
              type="date"
              label={t("admin.audit.from")}
              defaultValue={filter.from ?? ""}
              error={errors.from?.[0]}
            />
            <TextInput
              name="to"
              type="date"
              label={t("admin.audit.to")}
              defaultValue={filter.to ?? ""}
              error={errors.to?.[0]}
            />
            <Button type="submit">{t("admin.audit.apply")}</Button>
            <Button component="a" href={downloadHref} variant="default" download>
              {t("admin.audit.download")}
            </Button>
          </>
        ),
      }}
      loadError={loadError}
      list={
        page && {
          rows: page.entries,
          caption: t("admin.audit.caption", { total: String(page.total), zone }),
          page: page.page,
          pageCount: page.pages,
        }
      }
      empty={t("admin.audit.none")}
      minWidth={800}
      rowKey={(e) => e.id}
      columns={[
        { header: t("admin.audit.col.at"), cell: (e) => e.at, nowrap: true },
        { header: t("admin.audit.col.actor"), cell: (e) => e.actorUsername },
        { header: t("admin.audit.col.action"), cell: (e) => e.action },
        {
          header: t("admin.audit.col.entity"),
          cell: (e) => (
            <>
              {e.entity}
              {e.entityId ? ` ${e.entityId}` : ""}
            </>
          ),
        },
        {
          header: t("admin.audit.col.before"),
          cell: (e) => (
            <Code block style={jsonStyle}>
              {e.before}
            </Code>
          ),
        },
        {
          header: t("admin.audit.col.after"),
          cell: (e) => (
            <Code block style={jsonStyle}>
              {e.after}
            </Code>
          ),
        },
      ]}
    />
  );
}
