// The registration payment dialog (spec 02 §2 "Payment dialogs", §4 "Payment dialog flow"), a
// URL state: mail (confirmation id), financial assistance, free after course credits, waitlist
// confirmation and online card. Closing asks first, then cancels with "Clicked cancel on payment"
// (skipped when the course is already registered and only a balance is due).
import { useState } from "react";
import {
  json,
  redirect,
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
import { Alert } from "~/ui/mantine/Alert";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Radio } from "~/ui/mantine/Radio";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { TextInput } from "~/ui/mantine/TextInput";
import { z } from "zod";
import { RegisterReply } from "@domain/contract/programs";
import { Cart } from "@domain/contract/cart";
import {
  CheckoutSessionReply,
  ConfirmMailinReply,
  ConfirmationReply,
  RegistrationPayment,
} from "@domain/contract/payments";
import { t } from "@domain/messages/fees";
import { activityPayment, type ActivityBalance } from "@domain/rules/checkout";
import { formatUsd, toCents } from "@domain/rules/money";
import {
  dialogMethods,
  methodTakesAmount,
  settledState,
  type DialogMethod,
} from "@domain/rules/payment-dialog";
import { callApi } from "~/.server/api";
import { requireParticipant } from "~/.server/auth";
import { originOf } from "~/.server/payments";
import { flashNotice } from "~/.server/session";
import { programsOpener } from "~/components/programs/openers";
import { loadSettings } from "~/.server/settings";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { CardForm } from "~/islands/CardForm";
import { PaymentCountdown, PaymentExpiryDialog } from "~/islands/PaymentCountdown";
import { ProgramsList } from "~/components/programs/ProgramsList";
import { programsPage } from "~/.server/programs";
import { formatCountdown } from "@domain/rules/registration";
import { useHydratedForm } from "~/components/use-hydrated-form";

const PAYMENT_FORM_ID = "registration-payment";

type Method = DialogMethod;
const REASON = "Clicked cancel on payment";

function factsOf(p: RegistrationPayment) {
  return {
    status: p.status,
    balanceCents: toCents(p.balance),
    pendingCents: toCents(p.pending),
    financialAid: p.financialAid,
  };
}

function balanceOf(p: RegistrationPayment): ActivityBalance {
  return {
    costCents: toCents(p.cost),
    balanceCents: toCents(p.balance),
    allowPartial: p.allowPartial,
  };
}

// The dialog shows what is owed now: Back after paying asks the server again instead of showing
// the page as it was (no stored copy, no back/forward cache).
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function dialogData({ request, context, params }: LoaderFunctionArgs) {
  const id = z.string().uuid().safeParse(params.courseSelectionUUID);
  const url = new URL(request.url);
  const settings = await loadSettings(context);
  const confirmed = url.searchParams.get("confirmed");
  const confirmation = url.searchParams.get("confirmation") ?? "";
  if (confirmed === "waitlist" || confirmed === "registration" || confirmed === "payment") {
    const template =
      confirmed === "waitlist"
        ? settings?.waitlistPaymentConfirmed
        : settings?.registrationPaymentConfirmed;
    return {
      view: "confirmed" as const,
      kind: confirmed,
      text: (template ?? "").replace(/\{confirmationNumber\}/g, confirmation),
      confirmation,
      // A mailed check: the confirmation repeats where to send it.
      mailed: url.searchParams.get("mailed") === "1",
    };
  }
  if (!id.success) return { view: "missing" as const, message: null };
  const r = await callApi(
    { request, context },
    { path: `/v1/payment/registration/${id.data}`, auth: "student", reply: RegistrationPayment },
  );
  if (!r.ok) return { view: "missing" as const, message: r.status === 410 ? r.message : null };
  return {
    view: url.searchParams.get("cancel") === "1" ? ("cancel" as const) : ("pay" as const),
    payment: r.data,
    methods: dialogMethods(factsOf(r.data)),
    settled: settledState(factsOf(r.data)),
    cancelText: settings?.cancelPaymentRegistration ?? "",
    // The time left to pay, as on the course's card (m:ss at render; the island counts down).
    countdown:
      r.data.status === "pending_payment" && r.data.holdExpiresAt
        ? {
            deadline: r.data.holdExpiresAt,
            initial: formatCountdown(Date.parse(r.data.holdExpiresAt) - Date.now()),
          }
        : null,
  };
}

export async function loader(args: LoaderFunctionArgs) {
  await requireParticipant(args.request);
  // The dialog opens over the programmes list, as the other dialogs of the list do.
  const [dialog, list] = await Promise.all([
    dialogData(args),
    programsPage(args, new URL("/programs", args.request.url)),
  ]);
  return json({ ...dialog, list });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const parsedId = z.string().uuid().safeParse(params.courseSelectionUUID);
  // No such course: nothing to do; the page shows "not found" (the loader's missing view).
  if (!parsedId.success) {
    return json({ error: t("paymentDialog.notFound") }, { status: 404 });
  }
  const sectionId = parsedId.data;
  const form = await request.formData();
  const caller = { request, context };
  const here = `/payment/${sectionId}`;
  if (form.get("intent") === "cancel") {
    const r = await callApi(caller, {
      path: `/v1/register/${sectionId}`,
      method: "DELETE",
      auth: "student",
      body: { reason: REASON },
      reply: RegisterReply,
    });
    // Back to the card, whose action (Register again) takes the focus.
    return redirect(hrefTo("/programs", programsOpener.action(sectionId)), {
      headers: {
        "Set-Cookie": await flashNotice(request, {
          kind: r.ok ? "info" : "error",
          text: r.ok ? t("paymentDialog.cancelled") : (r.hint ?? r.message),
        }),
      },
    });
  }
  const method = String(form.get("method") ?? "") as Method;
  const confirmed = (kind: string, id: string, mailed = false) =>
    redirect(
      `${here}?confirmed=${kind}&confirmation=${encodeURIComponent(id)}${mailed ? "&mailed=1" : ""}`,
    );
  if (method === "mail") {
    const info = await callApi(caller, {
      path: `/v1/payment/registration/${sectionId}`,
      auth: "student",
      reply: RegistrationPayment,
    });
    if (!info.ok) return json({ error: info.message }, { status: 400 });
    // A mailed check may pay part of the balance, as a card may (the rest stays payable).
    const amount = activityPayment(formText(form, "amount"), balanceOf(info.data));
    if (!amount.ok) return refused(amount.error, method, form);
    const r = await callApi(caller, {
      path: "/v1/payment/confirm-mailin",
      method: "POST",
      auth: "student",
      body: {
        paymentType: "mail",
        courseSectionIds: [sectionId],
        payNowAmount: amount.cents / 100,
      },
      reply: ConfirmMailinReply,
    });
    if (!r.ok) return json({ error: r.hint ?? r.message }, { status: 400 });
    const ids = r.data === true ? [] : r.data.confirmationIds;
    return confirmed("registration", ids[0] ?? "", true);
  }
  if (method === "cart") {
    const r = await callApi(caller, {
      path: "/v1/cart/add",
      method: "PUT",
      auth: "student",
      body: { courseSectionId: sectionId },
      reply: Cart,
    });
    if (!r.ok) return json({ error: r.hint ?? r.message }, { status: 400 });
    return redirect("/cart", {
      headers: {
        "Set-Cookie": await flashNotice(request, {
          kind: "success",
          text: t("paymentDialog.addedToCart"),
        }),
      },
    });
  }
  if (method === "fab" || method === "freeAfterCc" || method === "waitlist") {
    const path = {
      fab: "confirm-fab",
      freeAfterCc: "confirm-free-after-cc",
      waitlist: "confirm-waitlist",
    }[method];
    const r = await callApi(caller, {
      path: `/v1/payment/${path}`,
      method: "POST",
      auth: "student",
      body: { courseSectionId: sectionId },
      reply: ConfirmationReply,
    });
    if (!r.ok) return json({ error: r.hint ?? r.message }, { status: 400 });
    return confirmed(method === "waitlist" ? "waitlist" : "registration", r.data.confirmationId);
  }
  if (method === "stripe") {
    const info = await callApi(caller, {
      path: `/v1/payment/registration/${sectionId}`,
      auth: "student",
      reply: RegistrationPayment,
    });
    if (!info.ok) return json({ error: info.message }, { status: 400 });
    // The amount the person typed and saw, checked as the cart checks it; never another one.
    const amount = activityPayment(formText(form, "amount"), balanceOf(info.data));
    if (!amount.ok) return refused(amount.error, method, form);
    const pay = amount.cents;
    const r = await callApi(caller, {
      path: "/v1/payment/checkout-session",
      method: "POST",
      auth: "student",
      body: {
        courseSectionId: sectionId,
        payNowAmount: pay / 100,
        paymentType: amount.paymentType,
        returnBase: originOf(request),
        cancelPath: here,
        completePath: "/payment-complete",
      },
      reply: CheckoutSessionReply,
    });
    if (!r.ok) return json({ error: r.hint ?? r.message }, { status: 400 });
    return redirect(r.data.url);
  }
  return json({ error: t("checkout.error.methodRequired") }, { status: 400 });
}

/** A refused amount: the message, and the person's choices to show again (without JavaScript). */
function refused(error: string, method: Method, form: FormData) {
  return json({ error, method, amount: formText(form, "amount").slice(0, 40) }, { status: 400 });
}

function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

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
  const [method, setMethod] = useState<string>("");
  // Closing goes back to the list, the focus to the card's action.
  const list = hrefTo("/programs", programsOpener.action(useParams().courseSelectionUUID ?? ""));
  const [amount, setAmount] = useState("");
  const hydrated = useHydratedForm(PAYMENT_FORM_ID, (read) => {
    setMethod(read("method"));
    setAmount(read("amount"));
  });

  if (d.view === "confirmed") {
    const title = t("paymentDialog.confirmed", {
      kind: t(`paymentDialog.kind.${d.kind as "waitlist" | "registration" | "payment"}`),
    });
    return (
      <PageDialog title={title} closeHref={list} closeLabel={t("paymentDialog.close")}>
        <Stack>
          <Text>{d.text}</Text>
          {d.confirmation ? (
            <Text fw={700}>{t("paymentDialog.confirmationNumber", { id: d.confirmation })}</Text>
          ) : null}
          {d.mailed ? <Text size="sm">{t("paymentDialog.mailAddress")}</Text> : null}
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
          <Text>{d.cancelText}</Text>
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
  // After a refused post (without JavaScript) the person's choices are shown again.
  const kept =
    a && "method" in a && "amount" in a
      ? { method: String(a.method), amount: String(a.amount) }
      : null;
  // With JavaScript the amount is checked as it is typed, with the rules the post applies.
  const check = activityPayment(amount, balanceOf(p));
  const amountShown =
    p.allowPartial && balanceCents > 0 && (!hydrated || methodTakesAmount(method));
  const amountError = hydrated && methodTakesAmount(method) && !check.ok ? check.error : undefined;
  return (
    <PageDialog
      title={t("paymentDialog.title")}
      closeHref={closeHref}
      closeLabel={t("paymentDialog.close")}
    >
      <Form method="post" action={here} id={PAYMENT_FORM_ID}>
        <Stack>
          <Text fw={700}>{p.courseName}</Text>
          <Text size="sm">
            {t("paymentDialog.cost", { amount: formatUsd(toCents(p.cost)) })} ·{" "}
            {t("paymentDialog.balance", { amount: formatUsd(balanceCents) })}
          </Text>
          {d.countdown ? (
            <PaymentCountdown
              courseSelectionUUID={p.courseSectionId}
              deadline={d.countdown.deadline}
              initial={d.countdown.initial}
            />
          ) : null}
          {a && "error" in a ? (
            // After a failed post without JavaScript the message takes the focus.
            <Alert color="red" role="alert" tabIndex={-1} autoFocus>
              {a.error}
            </Alert>
          ) : null}
          <Radio.Group
            name="method"
            label={t("paymentDialog.method")}
            value={hydrated ? method : undefined}
            defaultValue={!hydrated && kept ? kept.method : undefined}
            onChange={setMethod}
          >
            <Stack gap={4} mt={4}>
              {d.methods.map((m) => (
                <Radio key={m} value={m} label={LABELS[m]} />
              ))}
            </Stack>
          </Radio.Group>
          {amountShown ? (
            <TextInput
              name="amount"
              error={amountError}
              label={t("paymentDialog.amount")}
              description={t("paymentDialog.minimum", {
                amount: formatUsd(toCents(p.minimumPayment)),
              })}
              inputMode="decimal"
              defaultValue={
                hydrated ? undefined : (kept?.amount ?? (balanceCents / 100).toFixed(2))
              }
              value={hydrated ? amount : undefined}
              onChange={(e) => setAmount(e.currentTarget.value)}
              placeholder={(balanceCents / 100).toFixed(2)}
            />
          ) : null}
          {!hydrated || method === "mail" ? (
            <Text size="sm">{t("paymentDialog.mailAddress")}</Text>
          ) : null}
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
