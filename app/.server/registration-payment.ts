// The registration payment dialog's loader and action (spec 02 §2 "Payment dialogs", §4 "Payment
// dialog flow"): what the dialog offers comes from domain/rules/payment-dialog.ts, the amount a
// person may pay from domain/rules/checkout.ts; here they meet the district API.
import { cancelRegistration } from "@domain/contract/programs";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { REASON_CLICKED_CANCEL } from "@domain/rules/cancel-reasons";
import { addRegistration } from "@domain/contract/cart";
import {
  confirmCourseCredits,
  confirmFinancialAssistance,
  confirmWaitlistPlace,
  getRegistrationPayment,
  promiseMailedCheck,
  startCheckoutSession,
  type RegistrationPayment,
} from "@domain/contract/payments";
import { PaymentDialogIntentForm, paymentDialogForm } from "@domain/forms/registration-payment";
import { t } from "@domain/messages/pages";
import { activityPayment } from "@domain/rules/checkout";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatDistrictDate } from "@domain/rules/time";
import {
  dialogMethods,
  registrationBalance,
  settledState,
  type DialogMethod,
} from "@domain/rules/payment-dialog";
import { formatCountdown } from "@domain/rules/registration";
import { hrefTo } from "~/components/PageDialog";
import { programsOpener } from "~/components/programs/openers";
import { callEndpoint, or503 } from "./api";
import { parseWithZod } from "./forms.server";
import { requireParticipant } from "./auth";
import { originOf } from "./payments";
import { programsPage } from "./programs";
import { flashNotice } from "./session";
import { loadSettings, settingText } from "./settings";
import { districtTimeZone } from "./time";

type Method = DialogMethod;

function factsOf(p: RegistrationPayment) {
  return {
    status: p.status,
    balanceCents: toCents(p.balance),
    pendingCents: toCents(p.pending),
    financialAid: p.financialAid,
    inCart: p.inCart,
  };
}

async function dialogData({ request, context, params }: LoaderFunctionArgs) {
  const id = z.string().uuid().safeParse(params.courseSelectionUUID);
  const url = new URL(request.url);
  const settings = await loadSettings(context);
  const confirmed = url.searchParams.get("confirmed");
  const confirmation = url.searchParams.get("confirmation") ?? "";
  if (confirmed === "waitlist" || confirmed === "registration" || confirmed === "payment") {
    const template = settingText(
      settings,
      confirmed === "waitlist" ? "waitlistPaymentConfirmed" : "registrationPaymentConfirmed",
    );
    const mailed = url.searchParams.get("mailed") === "1";
    return {
      view: "confirmed" as const,
      kind: confirmed,
      text: {
        ...template,
        text: (template?.text ?? "").replace(/\{confirmationNumber\}/g, confirmation),
      },
      confirmation,
      // A mailed check: the confirmation repeats where to send it, how much and by when.
      mailed,
      check: mailed && id.success ? await awaitedCheck({ request, context }, id.data) : null,
    };
  }
  if (!id.success) return { view: "missing" as const, message: null };
  const r = or503(
    await callEndpoint({ request, context }, getRegistrationPayment, {
      params: { courseSectionId: id.data },
    }),
    t("payment.loadError"),
  );
  if (!r.ok) return { view: "missing" as const, message: r.status === 410 ? r.message : null };
  return {
    view: url.searchParams.get("cancel") === "1" ? ("cancel" as const) : ("pay" as const),
    payment: r.data,
    methods: dialogMethods(factsOf(r.data)),
    settled: settledState(factsOf(r.data)),
    cancelText: settingText(settings, "cancelPaymentRegistration"),
    // The time left to pay, as on the course's card (m:ss at render; the island counts down).
    countdown:
      r.data.status === "pending_payment" && r.data.holdExpiresAt
        ? {
            deadline: r.data.holdExpiresAt,
            initial: formatCountdown(Date.parse(r.data.holdExpiresAt) - Date.now()),
            // More time once (decision 146), until it was given.
            extendable: r.data.holdExtended ? undefined : r.data.registrationId,
          }
        : null,
  };
}

/** The mailed check the registration awaits: its amount and the day it must arrive by. */
async function awaitedCheck(caller: Pick<LoaderFunctionArgs, "request" | "context">, id: string) {
  const r = or503(
    await callEndpoint(caller, getRegistrationPayment, { params: { courseSectionId: id } }),
    t("payment.loadError"),
  );
  const check = r.ok ? r.data.mailedCheck : null;
  if (!check) return null;
  return {
    amount: formatUsd(toCents(check.amount)),
    due: formatDistrictDate(check.dueAt, districtTimeZone()),
  };
}

export async function registrationPaymentPage(args: LoaderFunctionArgs) {
  await requireParticipant(args.request);
  // The dialog opens over the programs list, as the other dialogs of the list do.
  const [dialog, list] = await Promise.all([
    dialogData(args),
    programsPage(args, new URL("/programs", args.request.url)),
  ]);
  return { ...dialog, list };
}

export async function registrationPaymentAction({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const form = await request.formData();
  const posted = parseWithZod(form, { schema: PaymentDialogIntentForm });
  if (posted.status !== "success") return json({ result: posted.reply() }, { status: 400 });
  const parsedId = z.string().uuid().safeParse(params.courseSelectionUUID);
  // No such course: nothing to do; the page shows "not found" (the loader's missing view).
  if (!parsedId.success) {
    return json(
      { result: posted.reply({ formErrors: [t("paymentDialog.notFound")] }) },
      { status: 404 },
    );
  }
  const sectionId = parsedId.data;
  const caller = { request, context };
  const here = `/payment/${sectionId}`;
  if (posted.value.intent === "cancel") {
    const r = await callEndpoint(caller, cancelRegistration, {
      params: { courseSelectionUUID: sectionId },
      body: { reason: REASON_CLICKED_CANCEL },
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
  // The method first; a method that takes an amount is checked again with the balance.
  let submission = parseWithZod(form, { schema: paymentDialogForm(null) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const method: Method = submission.value.method;
  /** A refusal that is no field's (the district API's); the person's choices are kept. */
  const refused = (message: string) =>
    json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  const confirmed = (kind: string, id: string, mailed = false) =>
    redirect(
      `${here}?confirmed=${kind}&confirmation=${encodeURIComponent(id)}${mailed ? "&mailed=1" : ""}`,
    );
  /** The amount the person typed and saw, checked as the cart checks it; never another one. */
  const amountToPay = async () => {
    const info = await callEndpoint(caller, getRegistrationPayment, {
      params: { courseSectionId: sectionId },
    });
    if (!info.ok) return { refusal: refused(info.message) };
    const balance = registrationBalance(info.data);
    submission = parseWithZod(form, { schema: paymentDialogForm(balance) });
    if (submission.status !== "success") {
      return { refusal: json({ result: submission.reply() }, { status: 400 }) };
    }
    const amount = activityPayment(submission.value.amount, balance);
    return amount.ok ? { amount } : { refusal: refused(amount.error) };
  };
  if (method === "mail") {
    // A mailed check may pay part of the balance, as a card may (the rest stays payable).
    const checked = await amountToPay();
    if (!checked.amount) return checked.refusal;
    const r = await callEndpoint(caller, promiseMailedCheck, {
      body: {
        paymentType: "mail",
        courseSectionIds: [sectionId],
        payNowAmount: checked.amount.cents / 100,
      },
    });
    if (!r.ok) return refused(r.hint ?? r.message);
    const ids = r.data === true ? [] : r.data.confirmationIds;
    return confirmed("registration", ids[0] ?? "", true);
  }
  if (method === "cart") {
    const r = await callEndpoint(caller, addRegistration, { body: { courseSectionId: sectionId } });
    if (!r.ok) return refused(r.hint ?? r.message);
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
    const call = {
      fab: confirmFinancialAssistance,
      freeAfterCc: confirmCourseCredits,
      waitlist: confirmWaitlistPlace,
    }[method];
    const r = await callEndpoint(caller, call, { body: { courseSectionId: sectionId } });
    if (!r.ok) return refused(r.hint ?? r.message);
    return confirmed(method === "waitlist" ? "waitlist" : "registration", r.data.confirmationId);
  }
  // A card: without JavaScript the provider's hosted checkout takes it.
  const checked = await amountToPay();
  if (!checked.amount) return checked.refusal;
  const r = await callEndpoint(caller, startCheckoutSession, {
    auth: "student",
    body: {
      courseSectionId: sectionId,
      payNowAmount: checked.amount.cents / 100,
      paymentType: checked.amount.paymentType,
      returnBase: originOf(request),
      cancelPath: here,
      completePath: "/payment-complete",
    },
  });
  if (!r.ok) return refused(r.hint ?? r.message);
  return redirect(r.data.url);
}
