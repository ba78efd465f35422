// /office/mail: a family's mail log (decision 130) by student ID, member number
// or e-mail address (a GET form, so a search is a link), newest first, with "Resend" on receipts
// and confirmations (a plain form post per message: works without JavaScript).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Badge,
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
import { mailLogAction, mailLogPage } from "~/.server/office-mail";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.mail.title") };

export function loader(args: LoaderFunctionArgs) {
  return mailLogPage(args);
}

export function action(args: ActionFunctionArgs) {
  return mailLogAction(args);
}

export default function OfficeMail() {
  const { q, queryError, loadError, messages } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="xs">
          {t("office.mail.title")}
        </Title>
        <Text mb="md">{t("office.mail.intro")}</Text>
        <Form method="get" role="search" aria-label={t("office.mail.title")}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              name="q"
              type="search"
              label={t("office.mail.search")}
              description={t("office.mail.searchHint")}
              defaultValue={q}
              error={queryError ?? undefined}
              w={320}
            />
            <Button type="submit">{t("office.mail.find")}</Button>
          </Group>
        </Form>
      </Paper>
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : null}
      {messages && messages.length === 0 ? (
        <Paper p="lg" withBorder>
          <Text>{t("office.mail.none", { q })}</Text>
        </Paper>
      ) : null}
      {messages && messages.length > 0 ? (
        <Paper p="lg" withBorder>
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>{t("office.mail.title")}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.mail.colWhen")}</Table.Th>
                  <Table.Th>{t("office.mail.colKind")}</Table.Th>
                  <Table.Th>{t("office.mail.colTo")}</Table.Th>
                  <Table.Th>{t("office.mail.colSubject")}</Table.Th>
                  <Table.Th>{t("office.mail.colStatus")}</Table.Th>
                  <Table.Th>{t("office.mail.colSent")}</Table.Th>
                  <Table.Th>{t("office.mail.colAttempts")}</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">{t("office.mail.resend")}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{m.queued}</Table.Td>
                    <Table.Td>{m.kind}</Table.Td>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>
                      {m.failed ? (
                        <Badge color="red" variant="light">
                          {m.status}
                        </Badge>
                      ) : (
                        m.status
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{m.sent}</Table.Td>
                    <Table.Td>{m.attempts}</Table.Td>
                    <Table.Td>
                      {m.resendable ? (
                        <Form method="post">
                          <input type="hidden" name="id" value={m.id} />
                          <input type="hidden" name="q" value={q} />
                          <Button
                            type="submit"
                            name="intent"
                            value="resend"
                            size="xs"
                            variant="light"
                            disabled={busy}
                            aria-label={t("office.mail.resendLabel", {
                              subject: m.subject,
                              to: m.to,
                            })}
                          >
                            {t("office.mail.resend")}
                          </Button>
                        </Form>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </Stack>
  );
}
