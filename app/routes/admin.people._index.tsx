// /admin/people: find a student or community member by ID or by the start of a name (a GET form,
// so a search is a link), 50 a page, paged on the server (decision 122).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { PEOPLE_QUERY_MAX, PERSON_KINDS } from "@domain/contract/admin-people";
import { t } from "@domain/messages/admin";
import { Pager } from "~/components/staff/Pager";
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
  const { search } = useLocation();
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("admin.people.title")}
        </Title>
        <Text mb="md">{t("admin.people.intro")}</Text>
        <Form method="get" role="search" aria-label={t("admin.people.title")}>
          <Group align="flex-end" wrap="wrap">
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
          </Group>
        </Form>
      </Paper>
      <Paper p="lg" withBorder>
        {loadError ? (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        ) : page && page.people.length === 0 ? (
          <Text>{t("admin.people.none")}</Text>
        ) : page ? (
          <>
            <Table.ScrollContainer minWidth={700}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>
                  {t("admin.people.count", { total: String(page.total) })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("admin.people.col.id")}</Table.Th>
                    <Table.Th>{t("admin.people.col.name")}</Table.Th>
                    <Table.Th>{t("admin.people.col.kind")}</Table.Th>
                    <Table.Th>{t("admin.people.col.grade")}</Table.Th>
                    <Table.Th>{t("admin.people.col.school")}</Table.Th>
                    <Table.Th>{t("admin.people.col.aid")}</Table.Th>
                    <Table.Th>{t("admin.people.col.pass")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.people.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.id}</Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/admin/people/${p.id}`}
                          aria-label={t("admin.people.open", {
                            name: `${p.nameFirst} ${p.nameLast}`,
                          })}
                        >
                          {p.nameLast}, {p.nameFirst}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{kindName(p.kind)}</Table.Td>
                      <Table.Td>{p.grade ?? ""}</Table.Td>
                      <Table.Td>{p.school ?? ""}</Table.Td>
                      <Table.Td>{t(`admin.people.aid.${p.financialAid ?? "none"}`)}</Table.Td>
                      <Table.Td>
                        {p.activityPass ? t("admin.people.pass.yes") : t("admin.people.pass.no")}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={page.page}
              pageCount={page.pages}
              search={search}
              label={t("admin.people.title")}
            />
          </>
        ) : null}
      </Paper>
    </Stack>
  );
}
