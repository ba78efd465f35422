// Server side of the administration's people pages (decision 122): finding a
// student or community member, their page (financial aid, activity pass, sign-in unlock), and a
// staff account's page (roles, reactivation, sign-in unlock beside the reset and deactivation of
// app/.server/admin.ts). The district API decides; these functions parse, call and answer.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  changeStaffRoles,
  findPeople,
  getPerson,
  getStaffAccount,
  reactivateStaffAccount,
  setActivityPass,
  setFinancialAid,
  unlockPersonSignIn,
  unlockStaffSignIn,
  type SignInLock,
} from "@domain/contract/admin-people";
import {
  ActivityPassForm,
  FinancialAidForm,
  PeopleSearchForm,
  StaffRolesForm,
} from "@domain/forms/admin-people";
import { t } from "@domain/messages/admin";
import { formatUsd } from "@domain/rules/money";
import { formatDistrictDate, formatDistrictDateTimeWithZone } from "@domain/rules/time";
import { callEndpoint, dataOr404, or503, endpointCall } from "./api";
import { readFormData } from "./form-data";
import { districtTimeZone } from "./time";
import { accountId, requireAdmin, staffDetailAction } from "./admin";
import { askStaffApi, caller, idOr404, submitStaffForm } from "./staff-pages";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A sign-in lock as administrators read it. */
function signInText(s: SignInLock): string {
  if (s.locked && s.until) {
    return t("admin.signIn.locked", {
      until: formatDistrictDateTimeWithZone(s.until, districtTimeZone()),
      failures: String(s.failures),
    });
  }
  return s.failures > 0
    ? t("admin.signIn.failures", { failures: String(s.failures) })
    : t("admin.signIn.clear");
}

// ---- Finding people ----------------------------------------------------------------------------

/** The search of the page's URL: what is valid is searched, what is not is said beside its field. */
function searchOf(url: URL) {
  const raw = Object.fromEntries(
    ["q", "kind", "page"].flatMap((k) => {
      const v = url.searchParams.get(k)?.trim();
      return v ? [[k, v]] : [];
    }),
  );
  const parsed = PeopleSearchForm.safeParse(raw);
  const errors: Record<string, string[]> = {};
  let filter: PeopleSearchForm = {};
  if (parsed.success) filter = parsed.data;
  else {
    for (const issue of parsed.error.issues) {
      (errors[String(issue.path[0])] ??= []).push(issue.message);
    }
    for (const [k, v] of Object.entries(raw)) {
      if (!errors[k]) (filter as Record<string, unknown>)[k] = k === "page" ? Number(v) : v;
    }
  }
  return { filter, errors, typed: raw as Record<string, string | undefined> };
}

export async function peoplePage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const { filter, errors, typed } = searchOf(new URL(args.request.url));
  const query = {
    q: filter.q || undefined,
    kind: filter.kind || undefined,
    page: filter.page && filter.page > 1 ? filter.page : undefined,
  };
  const res = or503(
    await callEndpoint(caller(args), findPeople, { query }),
    t("admin.people.loadError"),
  );
  return json({
    // What was typed stays in the form, even when it was refused.
    typed: { q: typed.q ?? "", kind: filter.kind ?? "" },
    filter,
    errors,
    loadError: res.ok ? null : t("admin.people.loadError"),
    page: res.ok
      ? {
          total: res.data.total,
          page: res.data.page,
          pages: Math.max(1, Math.ceil(res.data.total / res.data.pageSize)),
          people: res.data.people,
        }
      : null,
  });
}

// ---- One person ------------------------------------------------------------------------------

const personId = (params: Args["params"]) => idOr404(params.id, t("admin.people.notFound"));

export async function personPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = personId(args.params);
  const p = dataOr404(await callEndpoint(caller(args), getPerson, { params: { id } }), {
    loadError: t("admin.people.personLoadError"),
  });
  const zone = districtTimeZone();
  return json({
    person: {
      id: p.id,
      kind: p.kind,
      nameFirst: p.nameFirst,
      nameLast: p.nameLast,
      grade: p.grade,
      school: p.school,
      dob: p.dob,
      email: p.email,
      custodianEmails: p.custodianEmails,
      financialAid: p.financialAid ?? "none",
      activityPass: p.activityPass,
    },
    signIn: { ...p.signIn, text: signInText(p.signIn) },
    registrations: p.registrations.map((r) => ({
      ...r,
      cost: formatUsd(r.costCents),
      date: formatDistrictDate(r.createdAt, zone),
    })),
    assessedFees: p.assessedFees.map((a) => ({
      ...a,
      assessed: formatUsd(a.assessedCents),
      paid: formatUsd(a.paidCents),
      date: formatDistrictDate(a.assessedAt, zone),
    })),
    payments: p.payments.map((x) => ({
      ...x,
      amount: formatUsd(x.amountCents),
      date: formatDistrictDate(x.createdAt, zone),
    })),
  });
}

export async function personAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = personId(args.params);
  const here = `/admin/people/${id}`;
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  if (intent === "unlock") {
    return askStaffApi(args, here, endpointCall(unlockPersonSignIn, { params: { id } }), () =>
      t("admin.people.unlocked"),
    );
  }
  if (intent === "pass") {
    return submitStaffForm(args, formData, {
      form: "pass",
      schema: ActivityPassForm,
      call: (body) => endpointCall(setActivityPass, { params: { id }, body }),
      done: ({ changed }) => ({
        to: here,
        notice: changed ? t("admin.people.passSaved") : t("admin.people.unchanged"),
      }),
    });
  }
  return submitStaffForm(args, formData, {
    form: "aid",
    schema: FinancialAidForm,
    call: (body) => endpointCall(setFinancialAid, { params: { id }, body }),
    done: ({ changed }) => ({
      to: here,
      notice: changed ? t("admin.people.aidSaved") : t("admin.people.unchanged"),
    }),
  });
}

// ---- A staff account -------------------------------------------------------------------------

export async function staffAccountPage(args: LoaderFunctionArgs) {
  const me = await requireAdmin(args.request);
  const id = accountId(args.params);
  const res = or503(
    await callEndpoint(caller(args), getStaffAccount, { params: { id } }),
    t("admin.staff.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const { signIn, ...account } = res.data;
  return json({
    account,
    signIn: { ...signIn, text: signInText(signIn) },
    isMe: account.employeeId === me.employeeID,
  });
}

/**
 * The staff account page's posts: roles, reactivation and unlock here; a password reset and a
 * deactivation go on to app/.server/admin.ts.
 */
export async function staffAccountAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = accountId(args.params);
  const here = `/admin/staff/${id}`;
  const formData = await readFormData(args.request.clone());
  const intent = formData.get("intent");
  if (intent === "reactivate") {
    return askStaffApi(
      args,
      here,
      endpointCall(reactivateStaffAccount, { params: { id } }),
      ({ username }) => t("admin.staff.reactivated", { username }),
    );
  }
  if (intent === "unlock") {
    return askStaffApi(args, here, endpointCall(unlockStaffSignIn, { params: { id } }), () =>
      t("admin.people.unlocked"),
    );
  }
  if (intent !== "roles") return staffDetailAction(args);
  return submitStaffForm(args, formData, {
    form: "roles",
    schema: StaffRolesForm,
    call: (body) => endpointCall(changeStaffRoles, { params: { id }, body }),
    done: ({ changed, account }) => ({
      to: here,
      notice: changed
        ? t("admin.staff.rolesSaved", { username: account.username })
        : t("admin.staff.rolesUnchanged"),
    }),
  });
}
