// /office/day-sheet: a cashier's (or terminal's) end-of-day sheet (decision 132):
// cash received, change given, net, cash refunds paid out, checks listed by number, and what the
// card reader took. A GET form; works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { daySheetPage } from "~/.server/office-report";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.sheet.title") };

export function loader(args: LoaderFunctionArgs) {
  return daySheetPage(args);
}

export default function OfficeDaySheet() {
  const { filter, errors, sheet, download, zone } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("office.sheet.title")}
        </Title>
        <Text mb="md">{t("office.sheet.intro", { zone })}</Text>
        <Form method="get" aria-label={t("office.sheet.title")}>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              name="day"
              type="date"
              label={t("office.sheet.day")}
              defaultValue={filter.day}
              error={errors.day}
            />
            <TextInput
              name="cashier"
              label={t("office.report.cashier")}
              defaultValue={filter.cashier}
              error={errors.cashier}
            />
            <TextInput
              name="terminal"
              label={t("office.report.terminal")}
              defaultValue={filter.terminal}
              error={errors.terminal ?? errors.form}
            />
          </Group>
          <Group mt="md">
            <Button type="submit">{t("office.report.show")}</Button>
          </Group>
        </Form>
      </Paper>
      {sheet ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="xs">
            {sheet.heading}
          </Title>
          <Group justify="flex-end" mb="md">
            <Anchor href={`/office/day-sheet/pdf?${download}`} download>
              {t("office.sheet.pdf")}
            </Anchor>
          </Group>
          <Table verticalSpacing="xs" aria-label={t("office.sheet.title")} maw={480}>
            <Table.Tbody>
              {sheet.sums.map(([label, amount]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td style={{ textAlign: "right" }}>{amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h3" mt="lg" mb="xs">
            {t("office.sheet.cash")}
          </Title>
          {sheet.cash.length ? (
            <Table striped verticalSpacing="xs" aria-label={t("office.sheet.cash")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.report.col.time")}</Table.Th>
                  {sheet.byTerminal ? <Table.Th>{t("office.report.col.cashier")}</Table.Th> : null}
                  <Table.Th>{t("office.report.col.payer")}</Table.Th>
                  <Table.Th>{t("office.sheet.tendered")}</Table.Th>
                  <Table.Th>{t("office.sheet.change")}</Table.Th>
                  <Table.Th>{t("office.sheet.net")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheet.cash.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>{c.time}</Table.Td>
                    {sheet.byTerminal ? <Table.Td>{c.cashier}</Table.Td> : null}
                    <Table.Td>{c.payer}</Table.Td>
                    <Table.Td>{c.tendered}</Table.Td>
                    <Table.Td>{c.change}</Table.Td>
                    <Table.Td>{c.net}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text>{t("office.sheet.noCash")}</Text>
          )}
          <Title order={2} size="h3" mt="lg" mb="xs">
            {t("office.sheet.checks")}
          </Title>
          {sheet.checks.length ? (
            <Table striped verticalSpacing="xs" aria-label={t("office.sheet.checks")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.report.col.check")}</Table.Th>
                  <Table.Th>{t("office.report.col.method")}</Table.Th>
                  <Table.Th>{t("office.report.col.kind")}</Table.Th>
                  {sheet.byTerminal ? <Table.Th>{t("office.report.col.cashier")}</Table.Th> : null}
                  <Table.Th>{t("office.report.col.payer")}</Table.Th>
                  <Table.Th>{t("office.report.col.amount")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheet.checks.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>{c.number}</Table.Td>
                    <Table.Td>{c.method}</Table.Td>
                    <Table.Td>{c.kind}</Table.Td>
                    {sheet.byTerminal ? <Table.Td>{c.cashier}</Table.Td> : null}
                    <Table.Td>{c.payer}</Table.Td>
                    <Table.Td>{c.amount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text>{t("office.sheet.noChecks")}</Text>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
