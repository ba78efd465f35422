// /office/refunds: automatic refunds still to be made. Money taken by hand (cash, a check) that a
// payment must not keep waits here until the office gives it back and records it paid out (how,
// and the check's number); a card refund the provider did not make is retried with its own key.
// Plain posts: it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
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
import { t } from "@domain/messages/admin";
import { openRefundsAction, openRefundsPage } from "~/.server/office-refunds";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.openRefunds.title") };

export function loader(args: LoaderFunctionArgs) {
  return openRefundsPage(args);
}

export function action(args: ActionFunctionArgs) {
  return openRefundsAction(args);
}

export default function OfficeOpenRefunds() {
  const { refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refusal = actionData?.result as
    { error?: Record<string, string[] | null> | null } | undefined;
  const errors = Object.values(refusal?.error ?? {})
    .flat()
    .filter(Boolean);
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("office.openRefunds.title")}
        </Title>
        <Text>{t("office.openRefunds.intro")}</Text>
      </Paper>
      <Paper p="lg" withBorder>
        {errors.length ? (
          <Alert color="red" role="alert" mb="md">
            {errors.join(" ")}
          </Alert>
        ) : null}
        {refunds.length === 0 ? (
          <Text>{t("office.payments.openNone")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.openRefunds.col.payment")}</Table.Th>
                  <Table.Th>{t("office.openRefunds.col.family")}</Table.Th>
                  <Table.Th>{t("office.openRefunds.col.amount")}</Table.Th>
                  <Table.Th>{t("office.openRefunds.col.kind")}</Table.Th>
                  <Table.Th>{t("office.openRefunds.col.status")}</Table.Th>
                  <Table.Th>{t("office.openRefunds.col.action")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refunds.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/office/payments/${r.paymentId}`}>
                        {r.paymentId}
                      </Anchor>{" "}
                      · {r.method}
                    </Table.Td>
                    <Table.Td>{r.family}</Table.Td>
                    <Table.Td>{r.amount}</Table.Td>
                    <Table.Td>{r.kind}</Table.Td>
                    <Table.Td>{r.status}</Table.Td>
                    <Table.Td>
                      <Form method="post" aria-label={`${r.kind} ${r.amount}`}>
                        <input type="hidden" name="refundId" value={r.id} />
                        {r.byHand ? (
                          <Group align="flex-end" gap="xs" wrap="wrap">
                            <NativeSelect
                              name="method"
                              label={t("office.openRefunds.method")}
                              data={[
                                { value: "cash", label: t("office.method.cash") },
                                { value: "check", label: t("office.method.check") },
                              ]}
                            />
                            <TextInput
                              name="checkNumber"
                              label={t("office.refundForm.checkNumber")}
                              w={140}
                              autoComplete="off"
                            />
                            <Button type="submit" name="intent" value="paidOut" disabled={busy}>
                              {t("office.openRefunds.paidOut")}
                            </Button>
                          </Group>
                        ) : (
                          <Button type="submit" name="intent" value="retry" disabled={busy}>
                            {t("office.openRefunds.retry")}
                          </Button>
                        )}
                      </Form>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
