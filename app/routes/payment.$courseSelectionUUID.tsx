// The registration payment dialog (spec 02 §2 "Payment dialogs", §4 "Payment dialog flow"), a
// URL state: mail (confirmation id), financial assistance, free after course credits, waitlist
// confirmation and online card. Closing asks first, then cancels with "Clicked cancel on payment"
// (skipped when the course is already registered and only a balance is due).
import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useParams,
} from "@remix-run/react";
import { Alert, Anchor, Button, Group, Radio, RadioGroup, Stack, Text, TextInput } from "~/ui";
import { t } from "@domain/messages/payment-dialog";
import { activityPayment } from "@domain/rules/checkout";
import { formatUsd, toCents } from "@domain/rules/money";
import {
  methodTakesAmount,
  registrationBalance,
  type DialogMethod,
} from "@domain/rules/payment-dialog";
import { registrationPaymentAction, registrationPaymentPage } from "~/.server/registration-payment";
import { programsOpener } from "~/components/programs/openers";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { CardForm } from "~/islands/CardForm";
import { PaymentCountdown, PaymentExpiryDialog } from "~/islands/PaymentCountdown";
import { ProgramsList } from "~/components/programs/ProgramsList";
import { useHydrated } from "~/components/use-hydrated";
import { useZodForm } from "~/components/zod-form";
import { MailAddress } from "~/components/MailAddress";
import { catalogueLabels, ErrorSummary } from "~/components/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("paymentDialog.title") };

const PAYMENT_FORM_ID = "registration-payment";

/** A value of the form as conform holds it, when it is a text. */
function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

type Method = DialogMethod;

// The dialog shows what is owed now: Back after paying asks the server again instead of showing
// the page as it was (no stored copy, no back/forward cache).
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  return json(await registrationPaymentPage(args));
}

export function action(args: ActionFunctionArgs) {
  return registrationPaymentAction(args);
}

/** The dialog's fields, named in the error summary by their labels. */
const paymentFieldLabel = catalogueLabels(t, "paymentDialog");

const LABELS: Record<Method, string> = {
  mail: t("paymentDialog.mail"),
  fab: t("paymentDialog.fab"),
  freeAfterCc: t("paymentDialog.freeAfterCc"),
  waitlist: t("paymentDialog.waitlist"),
  stripe: t("paymentDialog.stripe"),
  cart: t("paymentDialog.cart"),
};

export default function PaymentDialogRoute() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <ProgramsList data={list} search="" />
      <PaymentDialog />
      <PaymentExpiryDialog />
    </Stack>
  );
}

function PaymentDialog() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const navigation = useNavigation();
  // Closing goes back to the list, the focus to the card's action.
  const list = hrefTo("/programs", programsOpener.action(useParams().courseSelectionUUID ?? ""));
  // Before the page's script runs every part of the form shows (a plain post); then what shows
  // follows the choices, which conform reads from the form (useZodForm).
  const hydrated = useHydrated();
  const shown = d.view === "pay" ? d.payment : null;
  const [form, fields, formProps] = useZodForm({
    id: PAYMENT_FORM_ID,
    lastResult: a?.result,
    // The whole balance, until the person types another amount.
    defaultValue: shown ? { amount: (toCents(shown.balance) / 100).toFixed(2) } : undefined,
    load: () => import("@domain/forms/registration-payment"),
    schema: (m) => m.paymentDialogForm(shown ? registrationBalance(shown) : null),
    shouldValidate: "onSubmit",
  });
  const method = text(fields.method.value) ?? "";
  const amount = text(fields.amount.value) ?? "";

  if (d.view === "confirmed") {
    const title = t("paymentDialog.confirmed", {
      kind: t(`paymentDialog.kind.${d.kind as "waitlist" | "registration" | "payment"}`),
    });
    return (
      <PageDialog title={title} closeHref={list} closeLabel={t("paymentDialog.close")}>
        <Stack>
          {/* The district's own confirmation text (its settings). */}
          <Text lang={d.text.lang}>{d.text.text}</Text>
          {d.confirmation ? (
            <Text fw={700}>{t("paymentDialog.confirmationNumber", { id: d.confirmation })}</Text>
          ) : null}
          {d.check ? (
            <Text fw={700}>
              {t("paymentDialog.mailCheckDue", { amount: d.check.amount, due: d.check.due })}
            </Text>
          ) : null}
          {d.mailed ? <MailAddress /> : null}
          <Group justify="flex-end">
            <Button component={Link} to={list}>
              {t("paymentDialog.close")}
            </Button>
          </Group>
        </Stack>
      </PageDialog>
    );
  }
  if (d.view === "missing") {
    return (
      <PageDialog
        title={t("paymentDialog.title")}
        closeHref={list}
        closeLabel={t("paymentDialog.close")}
      >
        <Alert color="red" role="alert">
          {d.message ?? t("paymentDialog.notFound")}
        </Alert>
      </PageDialog>
    );
  }
  const p = d.payment;
  const here = `/payment/${p.courseSectionId}`;
  // A course already registered with a balance due is not cancelled by closing the dialog.
  const closeHref = p.status === "registered" ? list : `${here}?cancel=1`;
  if (d.view === "cancel") {
    return (
      <PageDialog
        title={t("paymentDialog.confirmCancelTitle")}
        closeHref={here}
        closeLabel={t("paymentDialog.keep")}
      >
        <Stack>
          {d.cancelText ? <Text lang={d.cancelText.lang}>{d.cancelText.text}</Text> : null}
          <Form method="post" action={here}>
            <input type="hidden" name="intent" value="cancel" />
            <Group justify="flex-end">
              <Button component={Link} to={here} variant="default">
                {t("paymentDialog.keep")}
              </Button>
              <Button type="submit" color="red" loading={navigation.state === "submitting"}>
                {t("paymentDialog.confirmCancel")}
              </Button>
            </Group>
          </Form>
        </Stack>
      </PageDialog>
    );
  }
  if (d.settled) {
    // Nothing more is owed (Back after paying comes here): say so, offer nothing to pay.
    return (
      <PageDialog
        title={t("paymentDialog.title")}
        closeHref={list}
        closeLabel={t("paymentDialog.close")}
      >
        <Stack>
          <Text fw={700}>{p.courseName}</Text>
          <Alert color="green" role="status">
            {d.settled === "paid"
              ? t("paymentDialog.paid")
              : t("paymentDialog.awaitingCheck", { amount: formatUsd(toCents(p.pending)) })}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to={list}>
              {t("paymentDialog.close")}
            </Button>
          </Group>
        </Stack>
      </PageDialog>
    );
  }
  const balanceCents = toCents(p.balance);
  // With JavaScript the amount is checked as it is typed, with the rules the post applies.
  const check = activityPayment(amount, registrationBalance(p));
  const amountShown =
    p.allowPartial && balanceCents > 0 && (!hydrated || methodTakesAmount(method));
  const amountError = hydrated && methodTakesAmount(method) && !check.ok ? check.error : undefined;
  // The refusals, said once in the error summary at the dialog's top: the district API's (the
  // form's own), the method's or the amount's; the fields point at them. The amount's is said
  // beside it as it is typed (with JavaScript), and then not again here.
  const refusals = [
    ...new Set([
      ...(form.errors ?? []),
      ...(fields.method.errors ?? []),
      ...(amountError ? [] : (fields.amount.errors ?? [])),
    ]),
  ];
  // After a refused post the first invalid field takes the focus (its `autofocus` without
  // JavaScript, conform with it), or the summary when the refusal is the form's own.
  const methodInvalid = !!fields.method.errors?.length;
  const amountInvalid = !!fields.amount.errors?.length && !amountError;
  const pointsAtRefusals = (invalid: boolean) =>
    invalid ? { "aria-invalid": true as const, "aria-describedby": form.errorId } : {};
  return (
    <PageDialog
      title={t("paymentDialog.title")}
      closeHref={closeHref}
      closeLabel={t("paymentDialog.close")}
    >
      <Stack gap="xs" mb="md">
        <Text fw={700}>{p.courseName}</Text>
        <Text size="sm">
          {t("paymentDialog.cost", { amount: formatUsd(toCents(p.cost)) })} ·{" "}
          {t("paymentDialog.balance", { amount: formatUsd(balanceCents) })}
        </Text>
        {/* Outside the payment form: "More time" is a form of its own (decision 146). */}
        {d.countdown ? (
          <PaymentCountdown
            courseSelectionUUID={p.courseSectionId}
            deadline={d.countdown.deadline}
            initial={d.countdown.initial}
            extendable={d.countdown.extendable}
            back={here}
          />
        ) : null}
      </Stack>
      {p.inCart ? (
        <Alert color="blue" mb="md">
          <Text size="sm">{t("paymentDialog.inCart")}</Text>
          <Anchor component={Link} to="/cart" size="sm">
            {t("paymentDialog.goToCart")}
          </Anchor>
        </Alert>
      ) : null}
      <Form method="post" action={here} {...formProps}>
        <input type="hidden" name="intent" value="pay" />
        <Stack>
          <ErrorSummary
            form={form}
            result={a?.result}
            labelOf={paymentFieldLabel}
            messages={refusals}
          />
          <RadioGroup
            key={fields.method.key}
            id={`${fields.method.id}-group`}
            name={fields.method.name}
            label={t("paymentDialog.method")}
            defaultValue={text(fields.method.initialValue)}
          >
            {d.methods.map((m, i) => (
              <Radio
                key={m}
                // The first choice has the field's id: the summary's link leads there.
                id={i === 0 ? fields.method.id : undefined}
                value={m}
                label={LABELS[m]}
                {...pointsAtRefusals(methodInvalid)}
                autoFocus={i === 0 && methodInvalid ? true : undefined}
              />
            ))}
          </RadioGroup>
          {amountShown ? (
            <TextInput
              key={fields.amount.key}
              id={fields.amount.id}
              name={fields.amount.name}
              error={amountError}
              {...pointsAtRefusals(amountInvalid)}
              autoFocus={amountInvalid && !methodInvalid ? true : undefined}
              label={t("paymentDialog.amount")}
              description={t("paymentDialog.minimum", {
                amount: formatUsd(toCents(p.minimumPayment)),
              })}
              inputMode="decimal"
              // Shown again after another method and back: what was typed is still there.
              defaultValue={hydrated ? amount : text(fields.amount.initialValue)}
              placeholder={(balanceCents / 100).toFixed(2)}
            />
          ) : null}
          {!hydrated || method === "mail" ? <MailAddress /> : null}
          <Text size="xs" c="dimmed">
            {t("paymentDialog.payLater")}
          </Text>
          {hydrated && method === "stripe" ? (
            <CardForm
              target={{ courseSectionId: p.courseSectionId }}
              who="student"
              payNowAmount={check.ok ? (check.cents / 100).toFixed(2) : undefined}
              paymentType={check.ok ? check.paymentType : undefined}
              disabled={!check.ok}
              buttonText={
                check.ok
                  ? t("checkout.payNow", { amount: formatUsd(check.cents) })
                  : t("paymentDialog.payNow")
              }
            />
          ) : (
            <Group justify="flex-end">
              <Button component={Link} to={closeHref} variant="default">
                {t("paymentDialog.close")}
              </Button>
              <Button
                type="submit"
                loading={navigation.state === "submitting"}
                disabled={amountError !== undefined}
              >
                {t("paymentDialog.submit")}
              </Button>
            </Group>
          )}
        </Stack>
      </Form>
    </PageDialog>
  );
}
