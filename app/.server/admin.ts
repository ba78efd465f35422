// Server side of the administration pages (/admin, decision 119): the district_admin guard, the
// district API calls and the replies of each page's loader and action. Authorisation is decided by
// the district API (every /v1/admin call checks the role); the guard only sends others away.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ENTITY_NAMES,
  cancelMaintenanceWindow,
  changeAdminSettings,
  createStaffAccount,
  deactivateStaffAccount,
  DISTRICT_ADMIN_ROLE,
  exportAudit,
  getAdminSettings,
  getMaintenanceWindow,
  listStaffAccounts,
  readAuditPage,
  resetStaffPassword,
  scheduleMaintenanceWindow,
  type AuditQuery,
  type SettingsChange,
} from "@domain/contract/admin";
import {
  AuditFilterForm,
  MaintenanceForm,
  PasswordResetForm,
  SettingsForm,
  StaffCreateForm,
} from "@domain/forms/admin";
import { t } from "@domain/messages/pages";
import { auditCsvRows } from "@domain/rules/audit-csv";
import {
  districtDateAndTime,
  districtDayBounds,
  formatAuditTime,
  formatDistrictDateTimeWithZone,
  formDateExample,
  zonedInstant,
} from "@domain/rules/time";
import { callEndpoint, or503 } from "./api";
import { requireStaff } from "./auth";
import { csvResponse, toCsv } from "./csv";
import { parseWithZod } from "./forms.server";
import { readFormData } from "./form-data";
import { resetStatusCache } from "./maintenance";
import { markdownToSafeHtml } from "./markdown";
import type { StaffSession } from "./session";
import { forgetSettings } from "./settings";
import { apiErrors, caller, idOr404, withNotice } from "./staff-pages";
import { districtTimeZone } from "./time";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** Administration pages: other staff go to their own area, others to the staff sign-in. */
export function requireAdmin(request: Request): Promise<StaffSession> {
  return requireStaff(request, { anyRole: [DISTRICT_ADMIN_ROLE], otherwise: "/instructor/" });
}

// ---- Overview --------------------------------------------------------------------------------

export async function adminLayout({ request }: LoaderFunctionArgs) {
  const staff = await requireAdmin(request);
  return json({ displayName: staff.displayName });
}

// ---- Settings --------------------------------------------------------------------------------

async function previews(instructions: string, instructorInstructions: string) {
  return {
    instructions: await markdownToSafeHtml(instructions),
    instructorInstructions: await markdownToSafeHtml(instructorInstructions),
  };
}

export async function settingsPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const res = or503(
    await callEndpoint(caller(args), getAdminSettings, {}),
    t("admin.settings.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const s = res.data;
  return json({
    settings: s,
    previews: await previews(s.instructions, s.instructorInstructions),
  });
}

function settingsChange(v: SettingsForm): SettingsChange {
  const { intent: _intent, homeMessageShow, homeMessage, ...rest } = v;
  return { ...rest, homeMessage: { show: homeMessageShow, message: homeMessage } };
}

export async function settingsAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: SettingsForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), previews: null }, { status: 400 });
  }
  const v = submission.value;
  if (v.intent === "preview") {
    return json({
      result: submission.reply(),
      previews: await previews(v.instructions, v.instructorInstructions),
    });
  }
  const res = await callEndpoint(caller(args), changeAdminSettings, { body: settingsChange(v) });
  if (!res.ok) {
    const errors = apiErrors(res, {
      "homeMessage.message": "homeMessage",
      "homeMessage.show": "homeMessageShow",
    });
    return json({ result: submission.reply(errors), previews: null }, { status: 400 });
  }
  forgetSettings();
  return withNotice(
    args.request,
    "/admin/settings",
    res.data.changed.length ? t("admin.saved") : t("admin.nothingChanged"),
  );
}

// ---- Maintenance -----------------------------------------------------------------------------

type WindowState = "none" | "past" | "scheduled" | "active";

function windowView(w: { start: string | null; end: string | null }, now: Date) {
  const zone = districtTimeZone();
  let state: WindowState = "none";
  if (w.start && w.end) {
    const start = Date.parse(w.start);
    const end = Date.parse(w.end);
    state = end <= now.getTime() ? "past" : start <= now.getTime() ? "active" : "scheduled";
  }
  return {
    state,
    start: w.start ? formatDistrictDateTimeWithZone(w.start, zone) : null,
    end: w.end ? formatDistrictDateTimeWithZone(w.end, zone) : null,
    form:
      w.start && w.end && state !== "past"
        ? {
            start: districtDateAndTime(w.start, zone),
            end: districtDateAndTime(w.end, zone),
          }
        : null,
  };
}

export async function maintenancePage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const res = or503(
    await callEndpoint(caller(args), getMaintenanceWindow, {}),
    t("admin.maintenance.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  const zone = districtTimeZone();
  const now = new Date();
  // The date hint's example is read here, in the district's zone, so the page shows one day.
  return json({ zone, dateExample: formDateExample(zone, now), window: windowView(res.data, now) });
}

/** The page families see while the window is open, as the maintenance gate writes it. */
function maintenancePreview(endIso: string): string {
  return `${t("maintenance.body")} ${formatDistrictDateTimeWithZone(endIso, districtTimeZone())}.`;
}

export async function maintenanceAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === "cancel") {
    const res = await callEndpoint(caller(args), cancelMaintenanceWindow, {});
    resetStatusCache();
    return res.ok
      ? withNotice(args.request, "/admin/maintenance", t("admin.maintenance.cancelled"))
      : withNotice(args.request, "/admin/maintenance", res.message, "error");
  }
  const submission = parseWithZod(formData, { schema: MaintenanceForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), preview: null }, { status: 400 });
  }
  const v = submission.value;
  const zone = districtTimeZone();
  const start = zonedInstant(v.startDate, `${v.startTime}:00`, zone).toISOString();
  const end = zonedInstant(v.endDate, `${v.endTime}:00`, zone).toISOString();
  if (v.intent === "preview") {
    return json({ result: submission.reply(), preview: maintenancePreview(end) });
  }
  const res = await callEndpoint(caller(args), scheduleMaintenanceWindow, {
    body: { start, end },
  });
  if (!res.ok) {
    const errors = apiErrors(res, { start: "startDate", end: "endTime" });
    return json({ result: submission.reply(errors), preview: null }, { status: 400 });
  }
  resetStatusCache();
  return withNotice(args.request, "/admin/maintenance", t("admin.maintenance.saved"));
}

// ---- Staff accounts --------------------------------------------------------------------------

export async function staffListPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const res = or503(
    await callEndpoint(caller(args), listStaffAccounts, {}),
    t("admin.staff.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return json({ accounts: res.data.accounts });
}

export async function staffCreatePage({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function staffCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: StaffCreateForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const res = await callEndpoint(caller(args), createStaffAccount, {
    body: { ...submission.value, email: submission.value.email ?? null },
  });
  if (!res.ok) {
    return json(
      { result: submission.reply({ ...apiErrors(res), hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  return withNotice(
    args.request,
    `/admin/staff/${res.data.id}`,
    t("admin.staff.created", { username: res.data.username }),
  );
}

export const accountId = (params: Args["params"]) => idOr404(params.id, t("admin.staff.notFound"));

export async function staffDetailAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = accountId(args.params);
  const formData = await readFormData(args.request);
  const here = `/admin/staff/${id}`;
  if (formData.get("intent") === "deactivate") {
    const res = await callEndpoint(caller(args), deactivateStaffAccount, { params: { id } });
    return res.ok
      ? withNotice(
          args.request,
          here,
          t("admin.staff.deactivated", { username: res.data.username }),
        )
      : withNotice(args.request, here, res.message, "error");
  }
  const submission = parseWithZod(formData, { schema: PasswordResetForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const res = await callEndpoint(caller(args), resetStaffPassword, {
    params: { id },
    body: submission.value,
  });
  if (!res.ok) {
    return json(
      { result: submission.reply({ ...apiErrors(res), hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  return withNotice(args.request, here, t("admin.staff.resetDone"));
}

// ---- Audit trail -----------------------------------------------------------------------------

/** The filter of the page's URL, as the district API's query (instants of district days). */
function auditQuery(url: URL): {
  filter: AuditFilterForm;
  query: Omit<AuditQuery, "page">;
  errors: Record<string, string[]>;
} {
  const raw = Object.fromEntries(
    ["actor", "action", "entity", "from", "to", "page"].flatMap((k) => {
      const v = url.searchParams.get(k)?.trim();
      return v ? [[k, v]] : [];
    }),
  );
  const parsed = AuditFilterForm.safeParse(raw);
  const errors: Record<string, string[]> = {};
  let filter: AuditFilterForm = {};
  if (parsed.success) filter = parsed.data;
  else {
    for (const issue of parsed.error.issues)
      (errors[String(issue.path[0])] ??= []).push(issue.message);
    // Keep what is valid.
    for (const [k, v] of Object.entries(raw)) {
      if (!errors[k]) (filter as Record<string, unknown>)[k] = k === "page" ? Number(v) : v;
    }
  }
  const zone = districtTimeZone();
  const query: Omit<AuditQuery, "page"> = {};
  if (filter.actor) query.actor = filter.actor;
  if (filter.action) query.action = filter.action;
  if (filter.entity) query.entity = filter.entity;
  if (filter.from) query.from = districtDayBounds(filter.from, zone).start.toISOString();
  if (filter.to) query.to = districtDayBounds(filter.to, zone).end.toISOString();
  return { filter, query, errors };
}

export async function auditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const url = new URL(args.request.url);
  const { filter, query, errors } = auditQuery(url);
  const page = filter.page && filter.page > 1 ? filter.page : undefined;
  const res = or503(
    await callEndpoint(caller(args), readAuditPage, { query: { ...query, page } }),
    t("admin.audit.loadError"),
  );
  const zone = districtTimeZone();
  const download = new URLSearchParams(url.searchParams);
  download.delete("page");
  return json({
    filter,
    errors,
    zone,
    // Plain string lists: the tuples' literal types are too deep for Remix's serialised types.
    actions: AUDIT_ACTION_NAMES as readonly string[],
    entities: AUDIT_ENTITY_NAMES as readonly string[],
    downloadHref: `/admin/audit/download${download.size ? `?${download}` : ""}`,
    loadError: res.ok ? null : t("admin.audit.loadError"),
    page: res.ok
      ? {
          total: res.data.total,
          page: res.data.page,
          pages: Math.max(1, Math.ceil(res.data.total / res.data.pageSize)),
          entries: res.data.entries.map((e) => ({
            ...e,
            at: formatAuditTime(e.at, zone),
            before: e.before === null || e.before === undefined ? "" : JSON.stringify(e.before),
            after: e.after === null || e.after === undefined ? "" : JSON.stringify(e.after),
          })),
        }
      : null,
  });
}

export async function auditDownload(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const { query } = auditQuery(new URL(args.request.url));
  const res = await callEndpoint(caller(args), exportAudit, { query });
  if (!res.ok) return withNotice(args.request, "/admin/audit", t("admin.audit.loadError"), "error");
  return csvResponse(
    toCsv(auditCsvRows(res.data.entries, districtTimeZone())),
    t("admin.audit.fileName"),
  );
}
