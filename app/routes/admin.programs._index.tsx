// /admin/programs: every program, open ones first in their order, 50 a page, searched by name
// (a GET form, so a search is a link) (decision 120).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Anchor, Badge, Button, Group, Paper, Table, Text, TextInput, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { programListPage } from "~/.server/admin-catalogue";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.programs.title") };

export function loader(args: LoaderFunctionArgs) {
  return programListPage(args);
}

export default function AdminPrograms() {
  const { q, qError, programs, page, pages, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Paper p="lg" withBorder>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t("admin.programs.title")}
        </Title>
        <Group>
          <Anchor component={Link} to="/admin/programs/courses">
            {t("admin.programs.coursesLink")}
          </Anchor>
          <Button component={Link} to="/admin/programs/new">
            {t("admin.programs.new")}
          </Button>
        </Group>
      </Group>
      <Form method="get" role="search">
        <Group align="flex-end">
          <TextInput name="q" label={t("admin.programs.search")} defaultValue={q} error={qError} />
          <Button type="submit" variant="light">
            {t("admin.programs.searchButton")}
          </Button>
        </Group>
      </Form>
      {total === 0 ? (
        <Text mt="md">{t("admin.programs.none")}</Text>
      ) : (
        <>
          <Table striped mt="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.programs.name")}</Table.Th>
                <Table.Th>{t("admin.programs.status")}</Table.Th>
                <Table.Th>{t("admin.programs.sections")}</Table.Th>
                <Table.Th>{t("admin.programs.sortOrder")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programs.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/programs/${p.id}`}>
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={!p.active ? "gray" : p.open ? "green" : "yellow"} variant="light">
                      {!p.active
                        ? t("admin.programs.retired")
                        : p.open
                          ? t("admin.programs.open")
                          : t("admin.programs.closed")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.activeSections}</Table.Td>
                  <Table.Td>{p.sortOrder}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager page={page} pageCount={pages} search={search} label={t("admin.programs.title")} />
        </>
      )}
    </Paper>
  );
}
