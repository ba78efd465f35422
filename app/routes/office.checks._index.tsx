// /office/checks: the mailed-check promises, newest first, 50 a page on the server; a search by
// name, student number, activity, confirmation or check number and a status (a GET form, so a
// filtered page is a link).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Badge,
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
import { t } from "@domain/messages/admin";
import { promiseListPage } from "~/.server/office";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.checks.title") };

export function loader(args: LoaderFunctionArgs) {
  return promiseListPage(args);
}

export default function OfficeChecks() {
  const { filter, statuses, page, loadError } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="md">
          {t("office.checks.title")}
        </Title>
        <Form method="get" role="search" aria-label={t("office.checks.title")}>
          <Group align="flex-end" wrap="wrap">
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
          </Group>
        </Form>
      </Paper>
      <Paper p="lg" withBorder>
        {loadError ? (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        ) : page && page.promises.length === 0 ? (
          <Text>{t("office.checks.none")}</Text>
        ) : page ? (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>{t("office.checks.count", { total: page.total })}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("office.checks.col.confirmation")}</Table.Th>
                    <Table.Th>{t("office.checks.col.family")}</Table.Th>
                    <Table.Th>{t("office.checks.col.activity")}</Table.Th>
                    <Table.Th>{t("office.checks.col.promised")}</Table.Th>
                    <Table.Th>{t("office.checks.col.amount")}</Table.Th>
                    <Table.Th>{t("office.checks.col.received")}</Table.Th>
                    <Table.Th>{t("office.checks.col.status")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.promises.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/office/checks/${p.id}`}>
                          {p.confirmation}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        {p.family}
                        {p.participantId ? ` (${p.participantId})` : ""}
                      </Table.Td>
                      <Table.Td>
                        {p.activity}
                        {p.cart ? ` · ${p.cart}` : ""}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{p.promised}</Table.Td>
                      <Table.Td>{p.amount}</Table.Td>
                      <Table.Td>{p.received}</Table.Td>
                      <Table.Td>
                        {p.status}{" "}
                        {p.overdue ? (
                          <Badge color="orange" variant="light">
                            {t("office.checks.overdue")}
                          </Badge>
                        ) : null}
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
              label={t("office.checks.title")}
            />
          </>
        ) : null}
      </Paper>
    </Stack>
  );
}
