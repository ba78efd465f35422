// /admin/people: find a student or community member by ID or by the start of a name (a GET form,
// so a search is a link), 50 a page, paged on the server (decision 122).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Button, NativeSelect, TextInput } from "@mantine/core";
import { PEOPLE_QUERY_MAX, PERSON_KINDS } from "@domain/contract/admin-people";
import { t } from "@domain/messages/admin";
import { StaffListPage } from "~/components/staff/StaffListPage";
import { peoplePage } from "~/.server/admin-people";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.people.title") };

export function loader(args: LoaderFunctionArgs) {
  return peoplePage(args);
}

const kindName = (kind: string) =>
  kind === "student" ? t("admin.people.kind.student") : t("admin.people.kind.community_member");

export default function AdminPeople() {
  const { typed, errors, page, loadError } = useLoaderData<typeof loader>();
  return (
    <StaffListPage
      title={t("admin.people.title")}
      intro={t("admin.people.intro")}
      form={{
        role: "search",
        label: t("admin.people.title"),
        fields: (
          <>
            <TextInput
              name="q"
              type="search"
              label={t("admin.people.query")}
              defaultValue={typed.q}
              maxLength={PEOPLE_QUERY_MAX + 1}
              error={errors.q?.[0]}
              autoComplete="off"
            />
            <NativeSelect
              name="kind"
              label={t("admin.people.kind")}
              defaultValue={typed.kind}
              error={errors.kind?.[0]}
              data={[
                { value: "", label: t("admin.people.kind.any") },
                ...PERSON_KINDS.map((k) => ({ value: k, label: kindName(k) })),
              ]}
            />
            <Button type="submit">{t("admin.people.search")}</Button>
          </>
        ),
      }}
      loadError={loadError}
      list={
        page && {
          rows: page.people,
          caption: t("admin.people.count", { total: String(page.total) }),
          page: page.page,
          pageCount: page.pages,
        }
      }
      empty={t("admin.people.none")}
      minWidth={700}
      rowKey={(p) => p.id}
      columns={[
        { header: t("admin.people.col.id"), cell: (p) => p.id },
        {
          header: t("admin.people.col.name"),
          cell: (p) => (
            <Anchor
              component={Link}
              to={`/admin/people/${p.id}`}
              aria-label={t("admin.people.open", { name: `${p.nameFirst} ${p.nameLast}` })}
            >
              {p.nameLast}, {p.nameFirst}
            </Anchor>
          ),
        },
        { header: t("admin.people.col.kind"), cell: (p) => kindName(p.kind) },
        { header: t("admin.people.col.grade"), cell: (p) => p.grade ?? "" },
        { header: t("admin.people.col.school"), cell: (p) => p.school ?? "" },
        {
          header: t("admin.people.col.aid"),
          cell: (p) => t(`admin.people.aid.${p.financialAid ?? "none"}`),
        },
        {
          header: t("admin.people.col.pass"),
          cell: (p) => (p.activityPass ? t("admin.people.pass.yes") : t("admin.people.pass.no")),
        },
      ]}
    />
  );
}
