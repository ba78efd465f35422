// /admin/fees: every fee, 50 a page on the server, searched by name or account code (a GET form,
// so a searched page is a link), with a link to edit each and one to make another (issue 18
// point 4).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Anchor, Badge, Button, Group, Paper, Table, Text, TextInput, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { Pager } from "~/components/staff/Pager";
import { feeListPage } from "~/.server/admin-fees";

export function loader(args: LoaderFunctionArgs) {
  return feeListPage(args);
}

export default function AdminFees() {
  const { q, total, page, pages, fees } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Paper p="lg" withBorder>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t("adminFees.title")}
        </Title>
        <Button component={Link} to="/admin/fees/new">
          {t("adminFees.create")}
        </Button>
      </Group>
      <Form method="get" role="search" aria-label={t("adminFees.search")}>
        <Group align="flex-end" mb="md">
          <TextInput name="q" label={t("adminFees.search")} defaultValue={q} />
          <Button type="submit" variant="default">
            {t("adminFees.searchButton")}
          </Button>
        </Group>
      </Form>
      {fees.length === 0 ? (
        <Text>{t("adminFees.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Caption>{t("adminFees.count", { total: String(total) })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("adminFees.col.name")}</Table.Th>
                <Table.Th>{t("adminFees.col.amount")}</Table.Th>
                <Table.Th>{t("adminFees.col.type")}</Table.Th>
                <Table.Th>{t("adminFees.col.school")}</Table.Th>
                <Table.Th>{t("adminFees.col.year")}</Table.Th>
                <Table.Th>{t("adminFees.col.assessed")}</Table.Th>
                <Table.Th>{t("adminFees.col.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/admin/fees/${f.id}`}
                      aria-label={t("adminFees.open", { name: f.name })}
                    >
                      {f.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{f.amount}</Table.Td>
                  <Table.Td>{f.feeType}</Table.Td>
                  <Table.Td>{f.school ?? ""}</Table.Td>
                  <Table.Td>{f.year ?? ""}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/fees/${f.id}/assessed`}>
                      {f.assessedCount}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={f.active ? "green" : "gray"} variant="light">
                      {f.active ? t("adminFees.active") : t("adminFees.inactive")}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} pageCount={pages} search={search} label={t("adminFees.title")} />
    </Paper>
  );
}
