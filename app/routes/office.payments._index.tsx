// /office/payments: payments that took money, newest first, 50 a page on the server; a search by
// name, student number, confirmation, cart or payment number (a GET form, so a search is a link).
// Each payment opens its page with its refunds and the refund form.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { paymentListPage } from "~/.server/office-refunds";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.payments.title") };

export function loader(args: LoaderFunctionArgs) {
  return paymentListPage(args);
}

export default function OfficePayments() {
  const { q, page, loadError, openCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("office.payments.title")}
        </Title>
        <Text mb="md">{t("office.payments.intro")}</Text>
        <Form method="get" role="search" aria-label={t("office.payments.title")}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              name="q"
              type="search"
              label={t("office.payments.search")}
              description={t("office.payments.searchHint")}
              defaultValue={q}
              w={320}
            />
            <Button type="submit">{t("office.payments.submit")}</Button>
          </Group>
        </Form>
        <Anchor component={Link} to="/office/refunds" mt="md" display="inline-block">
          {t("office.payments.open")} ({openCount})
        </Anchor>
      </Paper>
      <Paper p="lg" withBorder>
        {loadError ? (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        ) : page && page.payments.length === 0 ? (
          <Text>{t("office.payments.none")}</Text>
        ) : page ? (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>{t("office.payments.count", { count: page.total })}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("office.payments.col.payment")}</Table.Th>
                    <Table.Th>{t("office.payments.col.family")}</Table.Th>
                    <Table.Th>{t("office.payments.col.method")}</Table.Th>
                    <Table.Th>{t("office.payments.col.date")}</Table.Th>
                    <Table.Th>{t("office.payments.col.paid")}</Table.Th>
                    <Table.Th>{t("office.payments.col.refunded")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/office/payments/${p.id}`}>
                          {p.label}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{p.family}</Table.Td>
                      <Table.Td>{p.method}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{p.date}</Table.Td>
                      <Table.Td>{p.paid}</Table.Td>
                      <Table.Td>{p.refunded}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={page.page}
              pageCount={page.pages}
              search={search}
              label={t("office.payments.title")}
            />
          </>
        ) : null}
      </Paper>
    </Stack>
  );
}
