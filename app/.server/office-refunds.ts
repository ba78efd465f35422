// Server side of the business office's refund pages (decision 131): the
// payments search, one payment with its refunds and the refund form, and the automatic refunds to
// pay out by hand or retry. Authorisation is the district API's (every /v1/office call checks the
// role); requireOffice only sends others away.
import { randomUUID } from "node:crypto";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  getPayment,
  listOpenRefunds,
  recordPaidOut,
  refundPayment,
  retryRefund,
  searchPayments,
  type RefundView,
} from "@domain/contract/office-refunds";
import {
  PaidOutForm,
  PaymentSearchForm,
  RefundForm,
  RetryRefundForm,
} from "@domain/forms/office-refunds";
import { t, type AdminKey } from "@domain/messages/admin";
import { formatUsd } from "@domain/rules/money";
import { refundLimit } from "@domain/rules/refund-limit";
import { formatDistrictDate } from "@domain/rules/time";
import { callEndpoint, or503, endpointCall } from "./api";
import { readFormData } from "./form-data";
import { requireOffice } from "./office";
import { askStaffApi, caller, idOr404, submitStaffForm } from "./staff-pages";
import { districtTimeZone } from "./time";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

const methodName = (m: string | null) => (m ? t(`office.method.${m}` as AdminKey) : "");

function refundRow(r: RefundView, zone: string) {
  return {
    id: r.id,
    date: formatDistrictDate(r.settledAt ?? r.createdAt, zone),
    amount: formatUsd(r.amountCents),
    how: [methodName(r.paidOutMethod), r.checkNumber ? `#${r.checkNumber}` : ""]
      .filter(Boolean)
      .join(" "),
    reason: r.note ?? t(`office.refundKind.${r.kind}` as AdminKey),
    kind: t(`office.refundKind.${r.kind}` as AdminKey),
    status: t(`office.refundStatus.${r.status}`),
    rawStatus: r.status,
    by: r.employeeName ?? r.employeeId ?? "",
  };
}

// ---- The payments search ---------------------------------------------------------------------

export async function paymentListPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const parsed = PaymentSearchForm.safeParse({
    q: url.searchParams.get("q")?.trim() || undefined,
    page: url.searchParams.get("page") || undefined,
  });
  const filter = parsed.success ? parsed.data : {};
  const [res, open] = await Promise.all([
    callEndpoint(caller(args), searchPayments, {
      query: {
        q: filter.q || undefined,
        page: filter.page && filter.page > 1 ? filter.page : undefined,
      },
    }),
    callEndpoint(caller(args), listOpenRefunds, {}),
  ]);
  or503(res, t("office.payments.loadError"));
  or503(open, t("office.payments.loadError"));
  const zone = districtTimeZone();
  return json({
    q: filter.q ?? "",
    openCount: open.ok ? open.data.refunds.length : 0,
    loadError: res.ok ? null : res.message,
    page: res.ok
      ? {
          total: res.data.total,
          page: res.data.page,
          pages: Math.max(1, Math.ceil(res.data.total / res.data.pageSize)),
          payments: res.data.payments.map((p) => ({
            id: p.id,
            label: p.confirmationNumber ?? String(p.id),
            family: p.family,
            method: methodName(p.method),
            date: formatDistrictDate(p.createdAt, zone),
            paid: formatUsd(p.paidCents),
            refunded: p.refundedCents ? formatUsd(p.refundedCents) : "",
          })),
        }
      : null,
  });
}

// ---- One payment -----------------------------------------------------------------------------

const paymentId = (params: Args["params"]) => idOr404(params.id, t("office.refund.notFound"));

export async function paymentPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const id = paymentId(args.params);
  const res = or503(
    await callEndpoint(caller(args), getPayment, { params: { id } }),
    t("office.payments.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const p = res.data;
  const zone = districtTimeZone();
  // One figure per line, the one the district API holds a refund of it to; with one line (or
  // none) it is also the amount's; with several, the amount is held to the line chosen.
  const limitOf = (l: (typeof p.lines)[number] | null) => formatUsd(refundLimit(p, l));
  return json({
    payment: {
      id: p.id,
      label: p.confirmationNumber ?? String(p.id),
      family: p.family,
      email: p.email,
      method: methodName(p.method),
      date: formatDistrictDate(p.createdAt, zone),
      paid: formatUsd(p.paidCents),
      refunded: formatUsd(p.refundedCents),
      left: formatUsd(p.refundableCents),
      leftCents: p.refundableCents,
      byHand: p.byHand,
      lines: p.lines.map((l) => ({
        key: l.key,
        kind: l.kind,
        name: l.name,
        paid: formatUsd(l.paidCents),
        refunded: formatUsd(l.refundedCents),
        status: l.status,
        left: limitOf(l),
      })),
      limit: p.lines.length > 1 ? null : limitOf(p.lines[0] ?? null),
      refunds: p.refunds.map((r) => refundRow(r, zone)),
    },
    // A new key on every load: the same form sent twice refunds once; a new form, again.
    formKey: randomUUID().replace(/-/g, ""),
  });
}

export async function paymentAction(args: ActionFunctionArgs) {
  await requireOffice(args.request);
  const id = paymentId(args.params);
  const here = `/office/payments/${id}`;
  const formData = await readFormData(args.request);
  return submitStaffForm(args, formData, {
    form: "refund",
    schema: RefundForm,
    call: (v) =>
      endpointCall(refundPayment, {
        params: { id },
        body: {
          key: v.key,
          amountCents: v.amount,
          reason: v.reason,
          ...(v.line ? { line: v.line } : {}),
          ...(v.byHand && v.method ? { method: v.method } : {}),
          ...(v.byHand && v.checkNumber ? { checkNumber: v.checkNumber } : {}),
          ...(v.cancelRegistration ? { cancelRegistration: true } : {}),
          ...(v.unassessFee ? { unassessFee: true } : {}),
        },
      }),
    rename: { amountCents: "amount" },
    done: (r) => ({
      to: here,
      notice: !r.created
        ? t("office.refundForm.already")
        : r.registrationCancelled
          ? t("office.refundForm.doneCancelled", { amount: formatUsd(r.amountCents) })
          : t("office.refundForm.done", { amount: formatUsd(r.amountCents) }),
    }),
  });
}

// ---- Refunds to pay out or retry -------------------------------------------------------------

export async function openRefundsPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const res = or503(
    await callEndpoint(caller(args), listOpenRefunds, {}),
    t("office.refunds.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const zone = districtTimeZone();
  return json({
    refunds: res.data.refunds.map((r) => ({
      ...refundRow(r, zone),
      paymentId: r.paymentId,
      family: r.family,
      method: methodName(r.method),
      byHand: r.byHand,
    })),
  });
}

export async function openRefundsAction(args: ActionFunctionArgs) {
  await requireOffice(args.request);
  const here = "/office/refunds";
  const formData = await readFormData(args.request);
  if (String(formData.get("intent")) === "retry") {
    const parsed = RetryRefundForm.safeParse(Object.fromEntries(formData));
    const refundId = parsed.success ? parsed.data.refundId : 0;
    return askStaffApi(args, here, endpointCall(retryRefund, { params: { refundId } }), (r) =>
      t("office.openRefunds.retryDone", { amount: formatUsd(r.amountCents) }),
    );
  }
  return submitStaffForm(args, formData, {
    form: `paidOut-${String(formData.get("refundId") ?? "")}`,
    schema: PaidOutForm,
    call: (v) =>
      endpointCall(recordPaidOut, {
        params: { refundId: v.refundId },
        body: { method: v.method, ...(v.checkNumber ? { checkNumber: v.checkNumber } : {}) },
      }),
    done: (r) => ({
      to: here,
      notice: t("office.openRefunds.paidOutDone", { amount: formatUsd(r.amountCents) }),
    }),
  });
}
