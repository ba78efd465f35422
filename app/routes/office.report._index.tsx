// /office/report: the payments report (decision 132) — a GET form of a range of
// district days and filters, the totals per day, per method and per account code, and the rows,
// 100 a page on the server; the same figures as the CSV and PDF downloads. Works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { paymentsReportPage } from "~/.server/office-report";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.report.title") };

export function loader(args: LoaderFunctionArgs) {
  return paymentsReportPage(args);
}

interface Sum {
  key: string;
  amount: string;
  count: number;
}

function SumTable({ caption, sums }: { caption: string; sums: Sum[] }) {
  return (
    <Table striped verticalSpacing="xs" aria-label={caption}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{caption}</Table.Th>
          <Table.Th scope="col">{t("office.report.count")}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: "right" }}>
            {t("office.report.col.amount")}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sums.map((s) => (
          <Table.Tr key={s.key}>
            <Table.Th scope="row">{s.key}</Table.Th>
            <Table.Td>{s.count}</Table.Td>
            <Table.Td style={{ textAlign: "right" }}>{s.amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function OfficePayments() {
  const { filter, methods, errors, report, download, zone } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const text = (name: keyof typeof filter, label: string, type = "text") => (
    <TextInput
      name={name}
      type={type}
      label={label}
      defaultValue={filter[name]}
      error={errors[name]}
      w={type === "date" ? 170 : 150}
    />
  );
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("office.report.title")}
        </Title>
        <Text mb="md">{t("office.report.intro", { zone })}</Text>
        <Form method="get" aria-label={t("office.report.title")}>
          <Group align="flex-start" wrap="wrap">
            {text("from", t("office.report.from"), "date")}
            {text("to", t("office.report.to"), "date")}
            <NativeSelect
              name="method"
              label={t("office.report.method")}
              defaultValue={filter.method}
              error={errors.method}
              data={[{ value: "", label: t("office.report.any") }, ...methods]}
            />
            {text("account", t("office.report.account"))}
            {text("school", t("office.report.school"))}
            {text("fee", t("office.report.fee"))}
            {text("program", t("office.report.program"))}
            {text("cashier", t("office.report.cashier"))}
            {text("terminal", t("office.report.terminal"))}
          </Group>
          <Group mt="md">
            <Button type="submit">{t("office.report.show")}</Button>
          </Group>
        </Form>
        {errors.form ? (
          <Alert color="red" role="alert" mt="md">
            {errors.form}
          </Alert>
        ) : null}
      </Paper>
      {report ? (
        <>
          <Paper p="lg" withBorder>
            <Group justify="space-between" mb="md">
              <Title order={2} size="h3">
                {t("office.report.total")}:{" "}
                <span data-testid="report-total">{report.total.amount}</span>
              </Title>
              <Group>
                <Anchor href={`/office/report/csv?${download}`} download>
                  {t("office.report.csv")}
                </Anchor>
                <Anchor href={`/office/report/pdf?${download}`} download>
                  {t("office.report.pdf")}
                </Anchor>
              </Group>
            </Group>
            {report.total.count === 0 ? <Text>{t("office.report.empty")}</Text> : null}
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <SumTable caption={t("office.report.byDay")} sums={report.byDay} />
              <SumTable caption={t("office.report.byMethod")} sums={report.byMethod} />
              <SumTable caption={t("office.report.byAccount")} sums={report.byAccount} />
            </SimpleGrid>
          </Paper>
          {report.rows.length ? (
            <Paper p="lg" withBorder>
              {/* Rows have nothing to focus: the wide table scrolls in a focusable, named region,
                  so a keyboard can scroll it too (WCAG 2.1.1, axe scrollable-region-focusable). */}
              <Table.ScrollContainer
                minWidth={960}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t("office.report.lines")}
              >
                <Table striped verticalSpacing="xs" aria-label={t("office.report.lines")}>
                  <Table.Caption>
                    {t("office.report.rows", { count: report.total.count })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("office.report.col.time")}</Table.Th>
                      <Table.Th>{t("office.report.col.kind")}</Table.Th>
                      <Table.Th>{t("office.report.col.method")}</Table.Th>
                      <Table.Th style={{ textAlign: "right" }}>
                        {t("office.report.col.amount")}
                      </Table.Th>
                      <Table.Th>{t("office.report.col.payment")}</Table.Th>
                      <Table.Th>{t("office.report.col.providerId")}</Table.Th>
                      <Table.Th>{t("office.report.col.payer")}</Table.Th>
                      <Table.Th>{t("office.report.col.item")}</Table.Th>
                      <Table.Th>{t("office.report.col.account")}</Table.Th>
                      <Table.Th>{t("office.report.col.cashier")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rows.map((r) => (
                      <Table.Tr key={r.key}>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>{r.time}</Table.Td>
                        <Table.Td>{r.kind}</Table.Td>
                        <Table.Td>{r.method}</Table.Td>
                        <Table.Td
                          style={{ textAlign: "right", whiteSpace: "nowrap" }}
                          c={r.negative ? "red.8" : undefined}
                        >
                          {r.amount}
                        </Table.Td>
                        <Table.Td>{r.paymentId}</Table.Td>
                        <Table.Td>{r.reference}</Table.Td>
                        <Table.Td>{r.payer}</Table.Td>
                        <Table.Td>{r.item}</Table.Td>
                        <Table.Td>{r.account}</Table.Td>
                        <Table.Td>{r.cashier}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager
                page={report.page}
                pageCount={report.pages}
                search={search}
                label={t("office.report.lines")}
              />
            </Paper>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
