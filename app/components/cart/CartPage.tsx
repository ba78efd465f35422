// The cart page (spec 02 §2 "Cart page"), shared by /cart and /instructor/cart: empty states,
// countdown banner, payer header, items with remove, "Ready for Submission" for a zero total,
// and the Payment Method form (domain/forms/checkout.ts through useZodForm, a plain post without
// JavaScript; the card form island adds in-page card entry).
import { Suspense, lazy, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { InPersonLink } from "~/components/cashier/InPersonLink";
import { Alert, Anchor, Button, Paper, RadioGroup, Stack, Text, Title } from "~/ui";
import { ErrorSummary, PlainTextInput, invalidFocus } from "~/components/fields";
import { useHydrated } from "~/components/use-hydrated";
import { useZodForm } from "~/components/zod-form";
import type { Cart } from "@domain/contract/cart";
import { t } from "@domain/messages/fees";
import {
  methodAvailability,
  partialAmountError,
  partialOption,
  payButtonText,
  type PaymentType,
} from "@domain/rules/checkout";
import { cartMinimumPartialCents } from "@domain/rules/partial-payment";
import { formatUsd, toCents } from "@domain/rules/money";
import { CartCountdown } from "~/islands/CartCountdown";
import { FeesStyles } from "~/components/fees/FeesStyles";
import { MailAddress } from "~/components/MailAddress";
import { districtTextLang } from "~/components/district-text";

// The card form appears only after the person picks "Online card" (with JavaScript): its code
// loads then, not with the page.
const CardForm = lazy(() => import("~/islands/CardForm").then((m) => ({ default: m.CardForm })));

interface LoaderData {
  desktop?: boolean;
  inPerson?: { allowed: boolean; reason: string | null } | null;
  cart: Cart | null;
  userKind: "student" | "community_member" | "guest_user" | "staff";
  countdown: { deadline: string; initial: string } | null;
  error: string | null;
}

interface ActionData {
  result: SubmissionResult<string[]>;
}

function payerLine(cart: Cart): string {
  const p = cart.payer;
  if (p.kind === "staff") return t("cart.payer.employee", { id: p.id, name: p.name });
  if (p.kind === "guest_user") return p.name;
  return t("cart.payer.student", { id: p.id, name: p.name });
}

function emptyLink(kind: LoaderData["userKind"]) {
  if (kind === "staff") return { to: "/instructor/fees", label: t("cart.empty.fees") };
  if (kind === "guest_user") return { to: "/fees", label: t("cart.empty.fees") };
  return { to: "/programs", label: t("cart.empty.programs") };
}

const FORM_ID = "payment-method-form";

/** A field's value kept by the action's reply (a string, or nothing). */
function initial(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
/** id of the "Empty Cart" link, which its confirmation gives the focus back to. */
export const EMPTY_CART_OPENER = "empty-cart";

const CART_LABELS = {
  paymentType: "checkout.paymentType",
  partialPaymentAmount: "checkout.partialAmount",
  paymentMethod: "checkout.method",
} as const;

/** The payment form's labels, for the error summary's links. */
function cartFieldLabel(name: string): string | undefined {
  const key = CART_LABELS[name as keyof typeof CART_LABELS];
  return key ? t(key) : undefined;
}

export function CartPage({
  action,
  confirmEmptyHref,
}: {
  action: string;
  /** The page that asks before emptying the cart; without it "Empty Cart" posts at once. */
  confirmEmptyHref?: string;
}) {
  const d = useLoaderData<LoaderData>();
  const a = useActionData<ActionData>();
  const navigation = useNavigation();
  const cart = d.cart;
  const lines = cart
    ? cart.cartItems.map((i) => ({
        costCents: toCents(i.cost),
        allowPartial: i.allowPartialPayment,
        itemType: i.itemType,
      }))
    : [];
  const totalCents = lines.reduce((s, l) => s + l.costCents, 0);
  const partial = partialOption(lines);
  // Set when the countdown ran out on this page: the emptied cart then says why (what became of
  // its registrations is the server's to say, in the reloaded cart's `expiredCart`).
  const [expired, setExpired] = useState<Cart["expiredCart"] | null>(null);
  // Before the page's script runs every part of the form shows (it works as a plain post); then
  // what shows follows the choices, which conform reads from the form (useZodForm).
  const hydrated = useHydrated();
  const [form, fields, formProps] = useZodForm({
    id: FORM_ID,
    lastResult: a?.result,
    load: () => import("@domain/forms/checkout"),
    schema: (m) => m.checkoutForm(lines),
    // The partial amount is checked as it is typed, as the payment dialog checks its amount
    // (decision 145): the schema's own rule, its message beside the field.
    shouldValidate: "onInput",
  });
  const chosenType = fields.paymentType.value;
  const paymentType: PaymentType | null = !partial.shown
    ? "full"
    : chosenType === "full" || chosenType === "partial"
      ? chosenType
      : null;
  const method = typeof fields.paymentMethod.value === "string" ? fields.paymentMethod.value : null;
  const typed = fields.partialPaymentAmount.value;
  const amount = typeof typed === "string" ? typed : "";
  const amountCents = toCents(amount);
  // With JavaScript an amount the schema refuses pays nothing: the Pay buttons say no amount and
  // are disabled (the rule is the schema's, domain/forms/checkout.ts).
  const amountRefused =
    hydrated && paymentType === "partial" && partialAmountError(amount, lines) !== null;
  const payNow =
    paymentType === "partial" && Number.isFinite(amountCents) && amountCents > 0
      ? amountCents
      : totalCents;
  const payText = amountRefused
    ? t("paymentDialog.payNow")
    : payButtonText(totalCents, payNow, true);
  const methods = methodAvailability({ lines, desktop: false }, paymentType, payNow).filter(
    (m) => m.shown && (m.method === "stripe" || m.method === "mail"),
  );
  // Spec 02 §5: Pay is disabled with no payment type, no method, or a partial payment without
  // its amount; the card form (and its own Pay button) appears only once they are there.
  const payReady =
    !!paymentType && !!method && !(paymentType === "partial" && !amount.trim()) && !amountRefused;
  const busy = navigation.state !== "idle";
  const who = d.userKind === "staff" ? "staff" : "student";

  if (d.error || !cart) {
    return (
      <Alert color="red" role="alert">
        {d.error ?? t("cart.error.load")}
      </Alert>
    );
  }
  if (!cart.cartItems.length) {
    const link = emptyLink(d.userKind);
    // Seen here as the countdown ran out, or told by the server on a page loaded afterwards.
    const ranOut = cart.expiredCart ?? expired ?? null;
    return (
      <Stack>
        <Title order={1}>{t("cart.title")}</Title>
        {ranOut ? (
          <Alert color="yellow" role="alert">
            <Stack gap={4}>
              <Text size="sm">{t("cart.expired")}</Text>
              {ranOut.registrations ? <Text size="sm">{t("paymentDialog.expired")}</Text> : null}
              {ranOut.keptRegistrations ? (
                <Text size="sm">
                  {t("cart.expiredKept")}{" "}
                  <Anchor component={Link} to="/my-registrations">
                    {t("cart.expiredKeptLink")}
                  </Anchor>
                </Text>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Text>{t("cart.empty")}</Text>
        <Anchor component={Link} to={link.to}>
          {link.label}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack>
      <FeesStyles />
      <Title order={1}>{t("cart.title")}</Title>
      {d.countdown ? (
        <CartCountdown
          deadline={d.countdown.deadline}
          initial={d.countdown.initial}
          onExpired={() => setExpired({ registrations: false })}
        />
      ) : null}
      <ErrorSummary form={form} result={a?.result} labelOf={cartFieldLabel} />
      <div className="cart-layout">
        <Paper withBorder p="md" component="section" aria-labelledby="cart-summary">
          <Title order={2} size="h4" id="cart-summary">
            {t("cart.summary")}
          </Title>
          <Text size="sm" mb="sm">
            {payerLine(cart)}
          </Text>
          <table className="cart-table">
            <tbody>
              {cart.cartItems.map((i) => (
                <tr key={i.id}>
                  <td>
                    <Text fw={600} lang={districtTextLang(i.spanish, "name")}>
                      {i.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.itemType === "registration" ? t("cart.registration") : null}
                      {i.quantity > 1 ? t("cart.quantity", { quantity: i.quantity }) : null}
                    </Text>
                  </td>
                  <td className="num">{formatUsd(toCents(i.cost))}</td>
                  <td className="num">
                    <Form method="post" action={action}>
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="ids" value={i.ids.join(",")} />
                      <Button
                        type="submit"
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t("cart.remove", { name: i.name })}
                      >
                        {t("cart.removeShort")}
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("cart.total")}</th>
                <td className="num total">{formatUsd(totalCents)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
          {confirmEmptyHref ? (
            <Button
              component={Link}
              to={confirmEmptyHref}
              id={EMPTY_CART_OPENER}
              preventScrollReset
              variant="default"
              size="xs"
              mt="sm"
            >
              {t("cart.emptyCart")}
            </Button>
          ) : (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="empty" />
              <Button type="submit" variant="default" size="xs" mt="sm">
                {t("cart.emptyCart")}
              </Button>
            </Form>
          )}
        </Paper>
        {totalCents === 0 ? (
          <Paper withBorder p="md" component="section" aria-labelledby="ready-title">
            <Title order={2} size="h4" id="ready-title">
              {t("cart.readyTitle")}
            </Title>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="submitOrder" />
              <Button type="submit" mt="md" loading={busy}>
                {t("cart.submitOrder")}
              </Button>
            </Form>
          </Paper>
        ) : (
          <Paper withBorder p="md" component="section" aria-labelledby="method-title">
            <Title order={2} size="h4" id="method-title">
              {t("cart.paymentMethod")}
            </Title>
            {d.desktop ? (
              <InPersonLink staff={d.userKind === "staff"} offer={d.inPerson ?? null} />
            ) : null}
            <Form method="post" action={action} {...formProps}>
              <input type="hidden" name="intent" value="pay" />
              <Stack mt="sm">
                {partial.shown ? (
                  <RadioGroup
                    key={fields.paymentType.key}
                    id={fields.paymentType.id}
                    name={fields.paymentType.name}
                    label={t("checkout.paymentType")}
                    error={fields.paymentType.errors?.[0]}
                    errorId={fields.paymentType.errorId}
                    defaultValue={initial(fields.paymentType.initialValue)}
                    options={[
                      { value: "full", label: t("checkout.type.full") },
                      {
                        value: "partial",
                        label: t("checkout.type.partial"),
                        disabled: !partial.enabled,
                      },
                    ]}
                  />
                ) : (
                  <input type="hidden" name="paymentType" value="full" />
                )}
                {partial.shown && (paymentType === "partial" || !hydrated) ? (
                  <PlainTextInput
                    key={fields.partialPaymentAmount.key}
                    id={fields.partialPaymentAmount.id}
                    name={fields.partialPaymentAmount.name}
                    label={t("checkout.partialAmount")}
                    description={t("checkout.minimum", {
                      amount: formatUsd(cartMinimumPartialCents(lines)),
                    })}
                    descriptionId={fields.partialPaymentAmount.descriptionId}
                    inputMode="decimal"
                    // Shown again after "Full payment" and back: what was typed is still there.
                    defaultValue={amount || initial(fields.partialPaymentAmount.initialValue)}
                    error={fields.partialPaymentAmount.errors?.[0]}
                    errorId={fields.partialPaymentAmount.errorId}
                    // Without JavaScript a refused amount takes the focus after the post.
                    autoFocus={invalidFocus(fields.partialPaymentAmount)}
                  />
                ) : null}
                <RadioGroup
                  key={fields.paymentMethod.key}
                  id={fields.paymentMethod.id}
                  name={fields.paymentMethod.name}
                  label={t("checkout.method")}
                  error={fields.paymentMethod.errors?.[0]}
                  errorId={fields.paymentMethod.errorId}
                  defaultValue={initial(fields.paymentMethod.initialValue)}
                  options={methods.map((m) => ({
                    value: m.method,
                    label: t(`checkout.method.${m.method}`),
                    disabled: !m.enabled,
                  }))}
                />
                {(hydrated ? method === "mail" : methods.some((m) => m.method === "mail")) ? (
                  // Spec 02 §2: where to send the check, wherever a mailed check is chosen.
                  <MailAddress />
                ) : null}
                {hydrated && method === "stripe" && (payReady || amountRefused) ? (
                  <Suspense fallback={null}>
                    <CardForm
                      target={{ cartId: cart.id }}
                      who={who}
                      formId={FORM_ID}
                      buttonText={payText}
                      disabled={amountRefused}
                    />
                  </Suspense>
                ) : (
                  <Button
                    type="submit"
                    loading={busy && navigation.formData?.get("intent") === "pay"}
                    disabled={hydrated && !payReady}
                  >
                    {payText}
                  </Button>
                )}
              </Stack>
            </Form>
          </Paper>
        )}
      </div>
    </Stack>
  );
}
