// /office/payments/:id: one payment, what it paid for, its refunds so far (automatic ones too) and
// the refund form: the line, the amount (at most what the district API allows, one figure per
// line: domain/rules/refund-limit.ts), the reason, how money taken by
// hand goes back (cash or check), whether to cancel the registration (its seat goes to the
// waitlist) or un-assess the fee, and a confirmation. The form carries a one-time key, so a double
// click refunds once. A plain post: it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { paymentAction, paymentPage } from "~/.server/office-refunds";
import { useZodForm } from "~/components/zod-form";
import { FormError, mantineFieldProps } from "~/components/fields";
import { MantineTextField } from "~/components/staff/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.payment.title") };

export function loader(args: LoaderFunctionArgs) {
  return paymentPage(args);
}

export function action(args: ActionFunctionArgs) {
  return paymentAction(args);
}

const load = () => import("@domain/forms/office-refunds");

export default function OfficePayment() {
  const { payment: p, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields, formProps] = useZodForm({
    id: "office-refund",
    lastResult: actionData?.form === "refund" ? actionData.result : undefined,
    load,
    schema: (m) => m.RefundForm,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const facts: [string, string][] = [
    [t("office.payment.family"), p.family],
    [t("office.payment.method"), p.method],
    [t("office.payment.date"), p.date],
    [t("office.payment.paid"), p.paid],
    [t("office.payment.refunded"), p.refunded],
    [t("office.payment.left"), p.left],
    [t("office.payment.email"), p.email ?? ""],
  ];
  const hasRegistration = p.lines.some((l) => l.kind === "registration");
  const hasFee = p.lines.some((l) => l.kind === "fee");
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/office/payments" size="sm">
          {t("office.payment.back")}
        </Anchor>
        <Title order={1} size="h2" my="md">
          {t("office.payment.title", { confirmation: p.label })}
        </Title>
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
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("office.payment.lines")}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("office.payment.line.name")}</Table.Th>
                <Table.Th>{t("office.payment.line.paid")}</Table.Th>
                <Table.Th>{t("office.payment.line.refunded")}</Table.Th>
                <Table.Th>{t("office.payment.line.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.lines.map((l) => (
                <Table.Tr key={l.key}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{l.paid}</Table.Td>
                  <Table.Td>{l.refunded}</Table.Td>
                  <Table.Td>{l.status}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("office.payment.refunds")}
        </Title>
        {p.refunds.length === 0 ? (
          <Text>{t("office.payment.noRefunds")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table striped verticalSpacing="xs" aria-label={t("office.payment.refunds")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("office.payment.col.date")}</Table.Th>
                  <Table.Th>{t("office.payment.col.amount")}</Table.Th>
                  <Table.Th>{t("office.payment.col.how")}</Table.Th>
                  <Table.Th>{t("office.payment.col.reason")}</Table.Th>
                  <Table.Th>{t("office.payment.col.status")}</Table.Th>
                  <Table.Th>{t("office.payment.col.by")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.refunds.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{r.date}</Table.Td>
                    <Table.Td>{r.amount}</Table.Td>
                    <Table.Td>{r.how}</Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                    <Table.Td>{r.status}</Table.Td>
                    <Table.Td>{r.by}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("office.refundForm.title")}
        </Title>
        {p.leftCents <= 0 ? (
          <Text>{t("office.refundForm.nothing")}</Text>
        ) : (
          // A refund made starts a fresh form (its typed values gone); a refusal keeps them.
          <Form method="post" {...formProps} key={`refund-${p.refunds.length}`}>
            <input type="hidden" name="key" value={formKey} readOnly />
            {p.byHand ? <input type="hidden" name="byHand" defaultValue="on" /> : null}
            <Stack maw={520}>
              <FormError errors={form.errors} id={form.errorId} />
              {p.lines.length > 1 ? (
                <NativeSelect
                  key={fields.line.key}
                  {...mantineFieldProps(fields.line, t("office.refundForm.line"))}
                  data={p.lines.map((l) => ({
                    value: l.key,
                    label: `${l.name} · ${t("office.refundForm.amountHint", { amount: l.left })}`,
                  }))}
                />
              ) : p.lines.length === 1 ? (
                <input type="hidden" name="line" defaultValue={p.lines[0]!.key} />
              ) : null}
              <MantineTextField
                meta={fields.amount}
                label={t("office.refundForm.amount")}
                description={
                  p.limit === null
                    ? t("office.refundForm.amountHintLine")
                    : t("office.refundForm.amountHint", { amount: p.limit })
                }
                inputMode="decimal"
                required
                autoComplete="off"
              />
              <MantineTextField
                meta={fields.reason}
                label={t("office.refundForm.reason")}
                required
                autoComplete="off"
              />
              {p.byHand ? (
                <>
                  <NativeSelect
                    key={fields.method.key}
                    {...mantineFieldProps(fields.method, t("office.refundForm.method"))}
                    data={[
                      { value: "", label: "" },
                      { value: "cash", label: t("office.method.cash") },
                      { value: "check", label: t("office.method.check") },
                    ]}
                    required
                  />
                  <MantineTextField
                    meta={fields.checkNumber}
                    label={t("office.refundForm.checkNumber")}
                    autoComplete="off"
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("office.refundForm.cardNote")}
                </Text>
              )}
              {hasRegistration ? (
                <Checkbox
                  key={fields.cancelRegistration.key}
                  id={fields.cancelRegistration.id}
                  name={fields.cancelRegistration.name}
                  label={t("office.refundForm.cancel")}
                  error={fields.cancelRegistration.errors?.[0]}
                  defaultChecked={fields.cancelRegistration.initialValue === "on"}
                />
              ) : null}
              {hasFee ? (
                <Checkbox
                  key={fields.unassessFee.key}
                  id={fields.unassessFee.id}
                  name={fields.unassessFee.name}
                  label={t("office.refundForm.unassess")}
                  error={fields.unassessFee.errors?.[0]}
                  defaultChecked={fields.unassessFee.initialValue === "on"}
                />
              ) : null}
              <Checkbox
                key={fields.confirm.key}
                id={fields.confirm.id}
                name={fields.confirm.name}
                label={t("office.refundForm.confirm")}
                error={fields.confirm.errors?.[0]}
              />
              <Group>
                <Button type="submit" name="intent" value="refund" color="red" loading={busy}>
                  {t("office.refundForm.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Paper>
    </Stack>
  );
}
