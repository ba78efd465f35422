// /office/checks/:id: one mailed-check promise: record a check received (partial amounts allowed),
// reverse a check recorded by mistake or record it bounced (the family is e-mailed), and cancel a
// promise not honoured in time (the seat goes to the waitlist). Each change asks for a
// confirmation or its details; plain posts, so it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
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
import { promiseAction, promisePage } from "~/.server/office";
import { useZodForm } from "~/components/zod-form";
import { FormError, mantineFieldProps } from "~/components/fields";
import { MantineTextField } from "~/components/staff/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.promise.title") };

export function loader(args: LoaderFunctionArgs) {
  return promisePage(args);
}

export function action(args: ActionFunctionArgs) {
  return promiseAction(args);
}

const load = () => import("@domain/forms/office");

export default function OfficePromise() {
  const { promise: p, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const resultFor = (intent: string) =>
    actionData && actionData.form === intent ? actionData.result : undefined;
  const [receive, receiveFields, receiveProps] = useZodForm({
    id: "office-receive",
    lastResult: resultFor("receive"),
    load,
    schema: (m) => m.ReceiveCheckForm,
    defaultValue: { receivedOn: today },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [undo, undoFields, undoProps] = useZodForm({
    id: "office-undo",
    lastResult: resultFor("undo"),
    load,
    schema: (m) => m.UndoCheckForm,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [cancel, cancelFields, cancelProps] = useZodForm({
    id: "office-cancel",
    lastResult: resultFor("cancel"),
    load,
    schema: (m) => m.CancelPromiseForm,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const standing = p.checks.filter((c) => c.status === "received");
  const facts: [string, string][] = [
    [t("office.promise.family"), p.family],
    [t("office.promise.student"), p.participantId ? String(p.participantId) : ""],
    [t("office.promise.activity"), p.cart ? `${p.activity} · ${p.cart}` : p.activity],
    [t("office.promise.promised"), p.promised],
    [t("office.promise.amount"), p.amount],
    [t("office.promise.received"), p.received],
    [t("office.promise.due"), p.due],
    [t("office.promise.email"), p.email ?? ""],
  ];
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/office/checks" size="sm">
          {t("office.promise.back")}
        </Anchor>
        <Group my="md" gap="sm">
          <Title order={1} size="h2">
            {t("office.promise.title", { confirmation: p.confirmation })}
          </Title>
          <Badge
            color={p.status === "received" ? "green" : p.status === "open" ? "blue" : "gray"}
            variant="light"
          >
            {p.statusName}
          </Badge>
          {p.overdue ? (
            <Badge color="orange" variant="light">
              {t("office.checks.overdue")}
            </Badge>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {standing.length ? (
          <Anchor component={Link} to={`/office/payments/${p.id}`} mt="sm" display="inline-block">
            {t("office.promise.toRefunds")}
          </Anchor>
        ) : null}
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("office.promise.checks")}
        </Title>
        {p.checks.length === 0 ? (
          <Text>{t("office.promise.noChecks")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.promise.col.number")}</Table.Th>
                  <Table.Th>{t("office.promise.col.amount")}</Table.Th>
                  <Table.Th>{t("office.promise.col.date")}</Table.Th>
                  <Table.Th>{t("office.promise.col.status")}</Table.Th>
                  <Table.Th>{t("office.promise.col.by")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.checks.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.number}</Table.Td>
                    <Table.Td>{c.amount}</Table.Td>
                    <Table.Td>{c.receivedOn}</Table.Td>
                    <Table.Td>
                      {t(`office.check.status.${c.status}`)}
                      {c.reason ? ` (${c.reason})` : ""}
                    </Table.Td>
                    <Table.Td>{c.recordedBy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {p.status === "open" ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("office.receive.title")}
          </Title>
          <Form method="post" {...receiveProps}>
            <Stack maw={480}>
              <FormError errors={receive.errors} id={receive.errorId} />
              <MantineTextField
                meta={receiveFields.checkNumber}
                label={t("office.receive.number")}
                required
                autoComplete="off"
              />
              <MantineTextField
                meta={receiveFields.amount}
                label={t("office.receive.amount")}
                description={`${t("office.promise.due")}: ${p.due}`}
                inputMode="decimal"
                required
                autoComplete="off"
              />
              <TextInput
                key={receiveFields.receivedOn.key}
                {...mantineFieldProps(receiveFields.receivedOn, t("office.receive.date"))}
                type="date"
                max={today}
                required
              />
              <Group>
                <Button type="submit" name="intent" value="receive" loading={busy}>
                  {t("office.receive.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}

      {standing.length ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("office.undo.title")}
          </Title>
          <Form method="post" {...undoProps}>
            <Stack maw={480}>
              <FormError errors={undo.errors} id={undo.errorId} />
              <NativeSelect
                key={undoFields.checkId.key}
                {...mantineFieldProps(undoFields.checkId, t("office.undo.check"))}
                data={standing.map((c) => ({
                  value: String(c.id),
                  label: `${c.number} · ${c.amount} · ${c.receivedOn}`,
                }))}
              />
              <MantineTextField
                meta={undoFields.reason}
                label={t("office.undo.reason")}
                autoComplete="off"
              />
              <Checkbox
                key={undoFields.confirm.key}
                id={undoFields.confirm.id}
                name={undoFields.confirm.name}
                label={t("office.undo.confirm")}
                error={undoFields.confirm.errors?.[0]}
                defaultChecked={undoFields.confirm.initialValue === "on"}
              />
              <Group>
                <Button
                  type="submit"
                  name="intent"
                  value="reverse"
                  variant="default"
                  disabled={busy}
                >
                  {t("office.undo.reverse")}
                </Button>
                <Button type="submit" name="intent" value="bounce" color="red" disabled={busy}>
                  {t("office.undo.bounce")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}

      {p.status === "open" && standing.length === 0 ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("office.cancel.title")}
          </Title>
          <Text mb="xs">{t("office.cancel.text")}</Text>
          <Text mb="sm" size="sm" c="dimmed">
            {t("office.cancel.from", { date: p.cancellableFrom })}
          </Text>
          <Form method="post" {...cancelProps}>
            <Stack maw={480}>
              <FormError errors={cancel.errors} id={cancel.errorId} />
              <Checkbox
                key={cancelFields.confirm.key}
                id={cancelFields.confirm.id}
                name={cancelFields.confirm.name}
                label={t("office.cancel.confirm")}
                error={cancelFields.confirm.errors?.[0]}
              />
              <Group>
                <Button type="submit" name="intent" value="cancel" color="red" disabled={busy}>
                  {t("office.cancel.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}
    </Stack>
  );
}
