// Server side of the administration's fee pages (/admin/fees, decision 121):
// the district API calls and the replies of each page's loader and action. The district API
// decides who may (district_admin) and checks every value again.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  adjustAssessedFee,
  assessFee,
  createFee,
  createFeeGroup,
  getFee,
  getFeeOptions,
  listAssessed,
  listFeeGroups,
  listFees,
  previewAssessment,
  updateFee,
  waiveAssessedFee,
} from "@domain/contract/admin-fees";
import {
  AssessedActionForm,
  AssessForm,
  FeeForm,
  FeeGroupForm,
  assessTargetOf,
  feeFormValues,
  feeRequestOf,
} from "@domain/forms/admin-fees";
import { t } from "@domain/messages/admin";
import { formatUsd, toCents } from "@domain/rules/money";
import { callEndpoint, endpointCall, or503, type ApiResult } from "./api";
import { requireAdmin } from "./admin";
import { apiErrors, caller, idOr404, submitStaffForm, withNotice } from "./staff-pages";
import { parseWithZod } from "./forms.server";
import { readFormData } from "./form-data";
import { districtTimeZone } from "./time";

type Args = LoaderFunctionArgs | ActionFunctionArgs;
type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/** The form's field a district API refusal names ("target.studentIds: …" → studentIds). */
function refusalErrors(res: Refusal, rename: Record<string, string>) {
  const named = res.hint ? /^([\w.]+): /.exec(res.hint)?.[1] : undefined;
  const issues = (res as { issues?: unknown[] }).issues;
  if (named && !issues?.length && rename[named]) {
    return { fieldErrors: { [rename[named]!]: [res.message] } };
  }
  return apiErrors(res, rename);
}

const FEE_FIELDS: Record<string, string> = {
  amountCents: "amount",
  "free.amountCents": "freeAmount",
  "free.quantity": "freeQuantity",
  "reduced.amountCents": "reducedAmount",
  "reduced.quantity": "reducedQuantity",
  "activity.amountCents": "activityAmount",
  "activity.quantity": "activityQuantity",
  schoolId: "schoolId",
  schoolYearId: "schoolYearId",
  feeGroupId: "feeGroupId",
};

const feeId = (params: Args["params"]) => idOr404(params.id, t("adminFees.notFound"));

async function readFee(args: Args, id: number) {
  const res = or503(
    await callEndpoint(caller(args), getFee, { params: { id } }),
    t("adminFees.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return res.data;
}

async function readOptions(args: Args) {
  const res = or503(await callEndpoint(caller(args), getFeeOptions, {}), t("adminFees.loadError"));
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return res.data;
}

/** ?q=…&page=… of a list page, kept within bounds. */
function listQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(
    100_000,
    Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)),
  );
  const query = { q: q || undefined, page: page > 1 ? page : undefined };
  return { q, page, query };
}

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

// ---- The list --------------------------------------------------------------------------------

export async function feeListPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const { q, query } = listQuery(new URL(args.request.url));
  const [res, groups] = await Promise.all([
    callEndpoint(caller(args), listFees, { query }),
    callEndpoint(caller(args), listFeeGroups, {}),
  ]);
  or503(res, t("adminFees.loadError"));
  or503(groups, t("adminFees.loadError"));
  if (!res.ok) throw new Response(res.message, { status: res.status });
  if (!groups.ok) throw new Response(groups.message, { status: groups.status });
  return json({
    q,
    total: res.data.total,
    page: res.data.page,
    pages: pages(res.data.total, res.data.pageSize),
    fees: res.data.fees.map((f) => ({ ...f, amount: formatUsd(f.amountCents) })),
    groups: groups.data.groups,
  });
}

/** The fee list's post: a new fee group (decision 127). */
export async function feeListAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "group-create",
    schema: FeeGroupForm,
    call: ({ name }) => endpointCall(createFeeGroup, { body: { name } }),
    done: (_created, { name }) => ({
      to: "/admin/fees",
      notice: t("adminFees.groupCreated", { name }),
    }),
  });
}

// ---- New and edit ----------------------------------------------------------------------------

export async function feeCreatePage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  return json({
    options: await readOptions(args),
    values: feeFormValues(null, districtTimeZone()),
  });
}

export async function feeCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "fee",
    schema: FeeForm,
    call: (value) => endpointCall(createFee, { body: feeRequestOf(value, districtTimeZone()) }),
    errors: (refusal) => refusalErrors(refusal, FEE_FIELDS),
    done: (fee) => ({
      to: `/admin/fees/${fee.id}`,
      notice: t("adminFees.created", { name: fee.name }),
    }),
  });
}

export async function feeEditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  const [fee, options] = await Promise.all([readFee(args, id), readOptions(args)]);
  return json({
    id,
    name: fee.name,
    options,
    values: feeFormValues(fee, districtTimeZone()),
  });
}

export async function feeEditAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "fee",
    schema: FeeForm,
    call: (value) =>
      endpointCall(updateFee, { params: { id }, body: feeRequestOf(value, districtTimeZone()) }),
    errors: (refusal) => refusalErrors(refusal, FEE_FIELDS),
    done: ({ changed }) => ({
      to: `/admin/fees/${id}`,
      notice: changed.length ? t("adminFees.saved") : t("adminFees.nothingChanged"),
    }),
  });
}

// ---- Assessing -------------------------------------------------------------------------------

const TARGET_FIELDS: Record<string, string> = {
  "target.studentIds": "studentIds",
  "target.grade": "grade",
  "target.schoolId": "schoolId",
  "target.sectionId": "sectionId",
};

export async function assessPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  const [fee, options] = await Promise.all([readFee(args, id), readOptions(args)]);
  return json({ id, name: fee.name, options });
}

export async function assessAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  const submission = parseWithZod(await readFormData(args.request), { schema: AssessForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), preview: null }, { status: 400 });
  }
  const v = submission.value;
  const body = { target: assessTargetOf(v) };
  if (v.intent === "preview") {
    const res = await callEndpoint(caller(args), previewAssessment, { params: { id }, body });
    if (!res.ok) {
      return json(
        { result: submission.reply(refusalErrors(res, TARGET_FIELDS)), preview: null },
        { status: 400 },
      );
    }
    const preview = {
      count: res.data.count,
      alreadyAssessed: res.data.alreadyAssessed,
      total: formatUsd(res.data.totalCents),
      students: res.data.students.map((s) => ({ ...s, price: formatUsd(s.priceCents) })),
    };
    return json({ result: submission.reply(), preview });
  }
  const res = await callEndpoint(caller(args), assessFee, { params: { id }, body });
  if (!res.ok) {
    return json(
      { result: submission.reply(refusalErrors(res, TARGET_FIELDS)), preview: null },
      { status: 400 },
    );
  }
  return withNotice(
    args.request,
    `/admin/fees/${id}/assessed`,
    res.data.assessed
      ? t("adminFees.assessDone", {
          count: String(res.data.assessed),
          total: formatUsd(res.data.totalCents),
        })
      : t("adminFees.assessNone"),
  );
}

// ---- Assessed students -----------------------------------------------------------------------

export async function assessedPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  const { q, query } = listQuery(new URL(args.request.url));
  const [fee, res] = await Promise.all([
    readFee(args, id),
    callEndpoint(caller(args), listAssessed, { params: { id }, query }),
  ]);
  or503(res, t("adminFees.loadError"));
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return json({
    id,
    name: fee.name,
    q,
    total: res.data.total,
    page: res.data.page,
    pages: pages(res.data.total, res.data.pageSize),
    students: res.data.students.map((s) => ({
      ...s,
      assessed: formatUsd(s.assessedCents),
      paid: formatUsd(s.paidCents),
      owed: s.assessedCents > s.paidCents,
      amountValue: (s.assessedCents / 100).toFixed(2),
    })),
  });
}

export async function assessedAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = feeId(args.params);
  const submission = parseWithZod(await readFormData(args.request), {
    schema: AssessedActionForm,
  });
  const assessedId = Number((submission.payload as { assessedId?: unknown }).assessedId) || null;
  if (submission.status !== "success") {
    return json({ result: submission.reply(), assessedId }, { status: 400 });
  }
  const v = submission.value;
  const res =
    v.intent === "waive"
      ? await callEndpoint(caller(args), waiveAssessedFee, {
          params: { id: v.assessedId },
          body: { reason: v.reason },
        })
      : await callEndpoint(caller(args), adjustAssessedFee, {
          params: { id: v.assessedId },
          body: { amountCents: toCents(v.amount ?? 0), reason: v.reason },
        });
  if (!res.ok) {
    return json(
      {
        result: submission.reply(refusalErrors(res, { amountCents: "amount", reason: "reason" })),
        assessedId,
      },
      { status: 400 },
    );
  }
  const name = "assessed" in res.data ? res.data.assessed.name : res.data.name;
  const here = new URL(args.request.url);
  return withNotice(
    args.request,
    `/admin/fees/${id}/assessed${here.search}`,
    v.intent === "waive"
      ? t("adminFees.waivedDone", { name })
      : t("adminFees.adjustedDone", { name }),
  );
}
