// /admin/programs: every program, open ones first in their order, 50 a page, searched by name
// (a GET form, so a search is a link) (decision 120).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Badge, Button } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { programListPage } from "~/.server/admin-catalogue";
import { StaffListPage } from "~/components/staff/StaffListPage";
import { CatalogueSearchFields } from "~/components/admin/catalogue-fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.programs.title") };

export function loader(args: LoaderFunctionArgs) {
  return programListPage(args);
}

export default function AdminPrograms() {
  const { q, qError, programs, page, pages } = useLoaderData<typeof loader>();
  return (
    <StaffListPage
      title={t("admin.programs.title")}
      actions={
        <>
          <Anchor component={Link} to="/admin/programs/courses">
            {t("admin.programs.coursesLink")}
          </Anchor>
          <Button component={Link} to="/admin/programs/new">
            {t("admin.programs.new")}
          </Button>
        </>
      }
      form={{
        role: "search",
        fields: <CatalogueSearchFields q={q} error={qError} />,
      }}
      list={{ rows: programs, page, pageCount: pages }}
      empty={t("admin.programs.none")}
      minWidth={600}
      rowKey={(p) => p.id}
      columns={[
        {
          header: t("admin.programs.name"),
          cell: (p) => (
            <Anchor component={Link} to={`/admin/programs/${p.id}`}>
              {p.name}
            </Anchor>
          ),
        },
        {
          header: t("admin.programs.status"),
          cell: (p) => (
            <Badge color={!p.active ? "gray" : p.open ? "green" : "yellow"} variant="light">
              {!p.active
                ? t("admin.programs.retired")
                : p.open
                  ? t("admin.programs.open")
                  : t("admin.programs.closed")}
            </Badge>
          ),
        },
        { header: t("admin.programs.sections"), cell: (p) => p.activeSections },
        { header: t("admin.programs.sortOrder"), cell: (p) => p.sortOrder },
      ]}
    />
  );
}
