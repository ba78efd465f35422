// The desktop client's payment page for the cart: the Payment Method form with the in-person
// methods (card reader, cash, in-person check) and payment type full/partial as on the cart.
// Without JavaScript cash and check are plain form posts recorded by the server; with
// JavaScript the host scripts run first and the reader is driven by the CardReader island.
import { useCallback, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { Cart } from "@domain/contract/cart";
import { t } from "@domain/messages/cashier";
import { changeCents, payButtonDisabled, payNowCents, truncatedCents } from "@domain/rules/cashier";
import {
  checkNumberError,
  methodAvailability,
  partialAmountError,
  tenderedError,
} from "@domain/rules/checkout";
import { cartMinimumPartialCents } from "@domain/rules/partial-payment";
import { formatUsd, toCents } from "@domain/rules/money";
import { FormError } from "~/components/fields";
import { CardReader, type Captured } from "~/islands/CardReader";
import { HostScripts } from "~/islands/HostScripts";
import { callHostScript, hostReplyError } from "~/islands/host-scripts";
import { useHydrated } from "~/components/use-hydrated";
import { useZodForm } from "~/components/zod-form";

export interface InPersonData {
  who: "student" | "staff";
  cart: Cart;
  totalCents: number;
  partial: { shown: boolean; enabled: boolean };
  reader: { publishableKey: string | null; simulated: boolean };
}

type Method = "cash" | "inPersonCheck" | "terminal";

function payerLine(cart: Cart): string {
  const p = cart.payer;
  if (p.kind === "staff") return t("cart.payer.employee", { id: p.id, name: p.name });
  if (p.kind === "guest_user") return p.name;
  return t("cart.payer.student", { id: p.id, name: p.name });
}

export function InPersonPage({
  data,
  lastResult,
}: {
  data: InPersonData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { cart, totalCents, partial, who } = data;
  const lines = cart.cartItems.map((i) => ({
    costCents: toCents(i.cost),
    allowPartial: i.allowPartialPayment,
    itemType: i.itemType,
  }));
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields, formProps] = useZodForm({
    id: "in-person-payment",
    lastResult,
    defaultValue: { paymentType: partial.shown ? undefined : "full" },
    load: () => import("@domain/forms/in-person"),
    schema: (m) => m.inPersonFormSchema(lines),
    shouldValidate: "onSubmit",
  });
  const [paymentType, setPaymentType] = useState<"full" | "partial" | null>(
    (fields.paymentType.initialValue as "full" | "partial" | undefined) ??
      (partial.shown ? null : "full"),
  );
  const [partialText, setPartialText] = useState(
    (fields.partialPaymentAmount.initialValue as string | undefined) ?? "",
  );
  const [method, setMethod] = useState<Method | null>(
    (fields.paymentMethod.initialValue as Method | undefined) ?? null,
  );
  const [tendered, setTendered] = useState((fields.tendered.initialValue as string) ?? "");
  const [checkNumber, setCheckNumber] = useState((fields.checkNumber.initialValue as string) ?? "");
  // The tendered amount and the check number are judged as the cashier leaves them (and again as
  // they correct them), with the schema's own rules, not only once Pay is pressed. Only these two:
  // checking the whole form on leaving a field would name the reader's card before it is collected.
  const [left, setLeft] = useState({ tendered: false, checkNumber: false });
  const [readerConnected, setReaderConnected] = useState(false);
  const [captured, setCaptured] = useState<Captured | null>(null);
  const [hostError, setHostError] = useState<string | null>(null);
  const [hostBusy, setHostBusy] = useState(false);

  const now = payNowCents(lines, paymentType, partialText);
  const availability = methodAvailability(
    { lines, desktop: true, readerConnected: hydrated && readerConnected },
    paymentType,
    now,
  );
  const enabled = (m: Method) => availability.find((a) => a.method === m)?.enabled ?? false;
  const change = changeCents(tendered, now);
  const processing = navigation.state !== "idle" || hostBusy;
  const disabled =
    hydrated &&
    payButtonDisabled({
      totalCents,
      paymentType,
      partialText,
      method,
      payNowCents: now,
      checkNumber,
      readerConnected,
      readerCompleted: !!captured,
      capturedCents: captured?.amountCents ?? null,
      processing,
    });
  // The reader only collects for an amount the form accepts (spec 02 §8 "Fix form Error...").
  const partialValid = paymentType !== "partial" || partialAmountError(partialText, lines) === null;
  const onConnected = useCallback((c: boolean) => setReaderConnected(c), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const el = event.currentTarget;
    const script =
      method === "cash"
        ? ("patchCartTenderedCents" as const)
        : method === "inPersonCheck"
          ? ("patchCartInPersonCheck" as const)
          : null;
    // The host is told about cash and checks before the server records them. A page without the
    // host object gets the host's own error (-1) and records nothing (spec 02 §8, decision 102).
    if (!script) return;
    event.preventDefault();
    setHostError(null);
    setHostBusy(true);
    const reply =
      script === "patchCartTenderedCents"
        ? await callHostScript(script, {
            cartId: cart.id,
            tenderedCents: truncatedCents(tendered) ?? 0,
          })
        : await callHostScript(script, {
            cartId: cart.id,
            checkNumber: checkNumber.trim(),
            payNowAmount: now / 100,
          });
    setHostBusy(false);
    const message = hostReplyError(script, reply);
    if (message) {
      setHostError(message);
      return;
    }
    submit(el, { method: "post" });
  }

  return (
    <Stack maw={960} mx="auto" p="md">
      <HostScripts />
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("cashier.title")}
        </Title>
        <Anchor component={Link} to={who === "staff" ? "/instructor/cart" : "/cart"}>
          {t("cashier.back")}
        </Anchor>
      </Group>
      <Text size="sm">{t("cashier.intro")}</Text>
      <Group align="flex-start" grow wrap="wrap">
        <Paper withBorder p="md" miw={300}>
          <Title order={2} size="h3" mb="sm">
            {t("cart.paymentMethod")}
          </Title>
          <Form method="post" ref={formRef} {...formProps} onSubmit={(e) => void onSubmit(e)}>
            <Stack>
              <FormError errors={form.errors} id={form.errorId} />
              {hostError ? (
                <Alert color="red" role="alert">
                  {hostError}
                </Alert>
              ) : null}
              {partial.shown ? (
                <Radio.Group
                  name={fields.paymentType.name}
                  label={t("checkout.paymentType")}
                  defaultValue={paymentType ?? undefined}
                  onChange={(v) => setPaymentType(v as "full" | "partial")}
                  error={fields.paymentType.errors?.[0]}
                >
                  <Stack gap={6} mt={4}>
                    <Radio value="full" label={t("checkout.type.full")} />
                    <Radio
                      value="partial"
                      label={t("checkout.type.partial")}
                      disabled={!partial.enabled}
                    />
                  </Stack>
                </Radio.Group>
              ) : (
                <input type="hidden" name={fields.paymentType.name} value="full" />
              )}
              {partial.shown && (!hydrated || paymentType === "partial") ? (
                <TextInput
                  name={fields.partialPaymentAmount.name}
                  label={t("checkout.partialAmount")}
                  description={t("checkout.minimum", {
                    amount: formatUsd(cartMinimumPartialCents(lines)),
                  })}
                  inputMode="decimal"
                  defaultValue={partialText}
                  onChange={(e) => setPartialText(e.currentTarget.value)}
                  error={fields.partialPaymentAmount.errors?.[0]}
                />
              ) : null}
              <Radio.Group
                name={fields.paymentMethod.name}
                label={t("checkout.method")}
                defaultValue={method ?? undefined}
                onChange={(v) => {
                  setMethod(v as Method);
                  setHostError(null);
                }}
                error={fields.paymentMethod.errors?.[0]}
              >
                <Stack gap={6} mt={4}>
                  <Radio
                    value="terminal"
                    label={t("checkout.method.terminal")}
                    disabled={!hydrated || !enabled("terminal")}
                  />
                  <Radio
                    value="cash"
                    label={t("checkout.method.cash")}
                    disabled={hydrated && !enabled("cash")}
                  />
                  <Radio
                    value="inPersonCheck"
                    label={t("checkout.method.inPersonCheck")}
                    disabled={hydrated && !enabled("inPersonCheck")}
                  />
                </Stack>
              </Radio.Group>
              {!hydrated ? (
                <Text size="xs" c="dimmed">
                  {t("reader.needsJs")}
                </Text>
              ) : null}
              {hydrated ? (
                <Paper
                  withBorder
                  p="sm"
                  display={method && method !== "terminal" ? "none" : undefined}
                >
                  <Title order={3} size="h5" mb={4}>
                    {t("reader.title")}
                  </Title>
                  <CardReader
                    cartId={cart.id}
                    as={who}
                    payNowCents={now}
                    paymentType={paymentType}
                    formValid={partialValid && now > 0}
                    publishableKey={data.reader.publishableKey}
                    simulated={data.reader.simulated}
                    captured={captured}
                    onConnected={onConnected}
                    onCaptured={setCaptured}
                  />
                </Paper>
              ) : null}
              {captured ? (
                <>
                  <input type="hidden" name="paymentIntentId" value={captured.paymentIntentId} />
                  <input type="hidden" name="terminalId" value={captured.readerId} />
                </>
              ) : null}
              {!hydrated || method === "cash" ? (
                <Stack gap={4}>
                  <TextInput
                    name={fields.tendered.name}
                    label={t("checkout.tendered")}
                    description={t("cashier.tenderedHelp")}
                    inputMode="decimal"
                    defaultValue={tendered}
                    onChange={(e) => setTendered(e.currentTarget.value)}
                    onBlur={() => setLeft((l) => ({ ...l, tendered: true }))}
                    error={
                      fields.tendered.errors?.[0] ??
                      (left.tendered ? (tenderedError(tendered, now) ?? undefined) : undefined)
                    }
                  />
                  {hydrated ? (
                    <Text size="sm" aria-live="polite" data-testid="change">
                      {t("cashier.changeAmount", {
                        amount: change === null ? "—" : formatUsd(change),
                      })}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              {!hydrated || method === "inPersonCheck" ? (
                <TextInput
                  name={fields.checkNumber.name}
                  label={t("checkout.checkNumber")}
                  defaultValue={checkNumber}
                  onChange={(e) => setCheckNumber(e.currentTarget.value)}
                  onBlur={() => setLeft((l) => ({ ...l, checkNumber: true }))}
                  error={
                    fields.checkNumber.errors?.[0] ??
                    (left.checkNumber ? (checkNumberError(checkNumber) ?? undefined) : undefined)
                  }
                />
              ) : null}
              <Divider />
              <Button type="submit" disabled={disabled} loading={processing}>
                {t("checkout.payNow", { amount: formatUsd(now || totalCents) })}
              </Button>
            </Stack>
          </Form>
        </Paper>
        <Paper withBorder p="md" miw={280}>
          <Title order={2} size="h3">
            {t("cart.summary")}
          </Title>
          <Text size="sm" mb="xs">
            {payerLine(cart)}
          </Text>
          <Table>
            <Table.Tbody>
              {cart.cartItems.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.name}
                    {i.quantity > 1 ? ` (${t("cart.quantity", { quantity: i.quantity })})` : ""}
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(toCents(i.cost))}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th>{t("cart.total")}</Table.Th>
                <Table.Th ta="right">{formatUsd(totalCents)}</Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="sm">
            {t("cashier.payingNow", { amount: formatUsd(now) })}
          </Text>
        </Paper>
      </Group>
    </Stack>
  );
}
