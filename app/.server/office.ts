// Server side of the business office's pages (/office, decision 123): the role guard,
// the district API calls and the replies of each page's loader and action. Authorisation is
// decided by the district API (every /v1/office call checks the role); the guard only sends
// others away.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import {
  OFFICE_ROLES,
  bounceCheck,
  cancelPromise,
  getOfficeSummary,
  getPromise,
  listPromises,
  receiveCheck,
  reverseCheck,
  type PromiseFilter,
} from "@domain/contract/office";

import {
  CancelPromiseForm,
  PromiseSearchForm,
  ReceiveCheckForm,
  UndoCheckForm,
} from "@domain/forms/office";
import { t } from "@domain/messages/admin";
import { formatUsd } from "@domain/rules/money";
import { formatDistrictDate, todayIn } from "@domain/rules/time";
import { callEndpoint, or503, endpointCall } from "./api";
import { requireStaff } from "./auth";
import { readFormData } from "./form-data";
import type { StaffSession } from "./session";
import { caller, idOr404, submitStaffForm } from "./staff-pages";
import { districtTimeZone } from "./time";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** Business office pages: business_office or district_admin; other staff go to their fees. */
export function requireOffice(request: Request): Promise<StaffSession> {
  return requireStaff(request, { anyRole: [...OFFICE_ROLES], otherwise: "/instructor/fees" });
}

// ---- Layout and overview ---------------------------------------------------------------------

export async function officeLayout({ request }: LoaderFunctionArgs) {
  const staff = await requireOffice(request);
  return json({ displayName: staff.displayName });
}

export async function officeOverview(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const res = or503(
    await callEndpoint(caller(args), getOfficeSummary, {}),
    t("office.overview.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return json({
    open: res.data.open,
    overdue: res.data.overdue,
    due: formatUsd(res.data.openCents),
    days: res.data.mailedCheckDays,
  });
}

// ---- The list of promises --------------------------------------------------------------------

const STATUS_NAMES: Record<PromiseFilter, string> = {
  open: t("office.checks.status.open"),
  overdue: t("office.checks.status.overdue"),
  received: t("office.checks.status.received"),
  cancelled: t("office.checks.status.cancelled"),
  released: t("office.checks.status.released"),
  all: t("office.checks.status.all"),
};

export async function promiseListPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const url = new URL(args.request.url);
  const raw = Object.fromEntries(
    ["q", "status", "page"].flatMap((k) => {
      const v = url.searchParams.get(k)?.trim();
      return v ? [[k, v]] : [];
    }),
  );
  const parsed = PromiseSearchForm.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const res = or503(
    await callEndpoint(caller(args), listPromises, {
      query: {
        q: filter.q || undefined,
        status: filter.status ?? "open",
        page: filter.page && filter.page > 1 ? filter.page : undefined,
      },
    }),
    t("office.checks.loadError"),
  );
  const zone = districtTimeZone();
  return json({
    filter: { q: filter.q ?? "", status: filter.status ?? "open" },
    statuses: Object.entries(STATUS_NAMES).map(([value, label]) => ({ value, label })),
    loadError: res.ok ? null : res.message,
    page: res.ok
      ? {
          total: res.data.total,
          page: res.data.page,
          pages: Math.max(1, Math.ceil(res.data.total / res.data.pageSize)),
          promises: res.data.promises.map((p) => ({
            id: p.id,
            confirmation: p.confirmationNumber ?? String(p.id),
            family: p.family,
            participantId: p.participantId,
            activity: p.course ?? "",
            cart: p.cartId === null ? null : t("office.checks.cart", { id: p.cartId }),
            promised: formatDistrictDate(p.promisedAt, zone),
            amount: formatUsd(p.amountCents),
            received: formatUsd(p.receivedCents),
            status: STATUS_NAMES[p.status],
            overdue: p.overdue,
          })),
        }
      : null,
  });
}

// ---- One promise -----------------------------------------------------------------------------

const promiseId = (params: Args["params"]) => idOr404(params.id, t("office.notFound"));

export async function promisePage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const id = promiseId(args.params);
  const res = or503(
    await callEndpoint(caller(args), getPromise, { params: { id } }),
    t("office.checks.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const p = res.data;
  const zone = districtTimeZone();
  return json({
    promise: {
      id: p.id,
      confirmation: p.confirmationNumber ?? String(p.id),
      family: p.family,
      participantId: p.participantId,
      email: p.email,
      activity: p.course ?? "",
      cart: p.cartId === null ? null : t("office.checks.cart", { id: p.cartId }),
      promised: formatDistrictDate(p.promisedAt, zone),
      amount: formatUsd(p.amountCents),
      received: formatUsd(p.receivedCents),
      due: formatUsd(p.amountCents - p.receivedCents),
      dueDollars: ((p.amountCents - p.receivedCents) / 100).toFixed(2),
      status: p.status,
      statusName: STATUS_NAMES[p.status],
      overdue: p.overdue,
      cancellableFrom: p.cancellableFrom,
      checks: p.checks.map((c) => ({
        id: c.id,
        number: c.checkNumber,
        amount: formatUsd(c.amountCents),
        receivedOn: c.receivedOn,
        status: c.status,
        reason: c.reason,
        recordedBy: c.recordedBy,
      })),
    },
    today: todayIn(zone, new Date()),
  });
}

export async function promiseAction(args: ActionFunctionArgs) {
  await requireOffice(args.request);
  const id = promiseId(args.params);
  const here = `/office/checks/${id}`;
  const formData = await readFormData(args.request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "receive") {
    return submitStaffForm(args, formData, {
      form: "receive",
      schema: ReceiveCheckForm,
      call: (v) =>
        endpointCall(receiveCheck, {
          params: { id },
          body: { checkNumber: v.checkNumber, amountCents: v.amount, receivedOn: v.receivedOn },
        }),
      rename: { amountCents: "amount" },
      done: (check) => ({
        to: here,
        notice: check.created
          ? t("office.receive.done", {
              number: check.checkNumber,
              amount: formatUsd(check.amountCents),
            })
          : t("office.receive.already", { number: check.checkNumber }),
      }),
    });
  }

  if (intent === "reverse" || intent === "bounce") {
    return submitStaffForm(args, formData, {
      form: "undo",
      schema: UndoCheckForm,
      call: (v) =>
        v.intent === "bounce"
          ? // The form's refinement holds a bounce to a reason.
            endpointCall(bounceCheck, {
              params: { id, checkId: v.checkId },
              body: { reason: v.reason ?? "" },
            })
          : endpointCall(reverseCheck, { params: { id, checkId: v.checkId } }),
      done: ({ checkNumber }, v) => ({
        to: here,
        notice: t(v.intent === "bounce" ? "office.undo.bounced" : "office.undo.reversed", {
          number: checkNumber,
        }),
      }),
    });
  }

  return submitStaffForm(args, formData, {
    form: "cancel",
    schema: CancelPromiseForm,
    call: () => endpointCall(cancelPromise, { params: { id } }),
    done: ({ registrationCancelled }) => ({
      to: here,
      notice: registrationCancelled ? t("office.cancel.doneReleased") : t("office.cancel.done"),
    }),
  });
}
