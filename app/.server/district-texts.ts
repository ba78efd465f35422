// Server side of /admin/spanish, the district's texts in Spanish (decision 172): the
// list, filtered and paged by the district API, and one text's Spanish version written or removed.
// The district API decides who may and what is accepted; this reads its replies for the page.
import { createHash } from "node:crypto";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  changeDistrictText,
  listDistrictTexts,
  type DistrictText,
} from "@domain/contract/district-texts";
import { CONFIRMATION_PLACEHOLDER } from "@domain/contract/admin";
import { districtTextForm, DistrictTextFilter, filterSearch } from "@domain/forms/district-texts";
import { t, type AdminKey } from "@domain/messages/admin";
import type { FamilySettingText } from "@domain/rules/district-texts";
import { callEndpoint, or503, type ApiResult } from "./api";
import { requireAdmin } from "./admin";
import { parseWithZod } from "./forms.server";
import { readFormData } from "./form-data";
import { forgetSettings } from "./settings";
import { apiErrors, caller, withNotice } from "./staff-pages";

const HERE = "/admin/spanish";

/** The longest "what it belongs to" a row is named by (a question's context is its whole text). */
const ABOUT_MAX = 80;

/** The filter of a URL (the page's, or the one a row posted to). */
function filterOf(url: URL): DistrictTextFilter {
  return DistrictTextFilter.parse(Object.fromEntries(url.searchParams));
}

/** A row's key: its form's id and what the action's reply says it answers. */
const rowKey = (r: Pick<DistrictText, "entity" | "entityId" | "field">) =>
  `${r.entity}-${r.entityId}-${r.field}`;

/** The row as the page showed it: a changed Spanish or state is a different version. */
function versionOf(r: Pick<DistrictText, "spanish" | "state">): string {
  return createHash("sha256")
    .update(`${r.state}\n${r.spanish ?? ""}`)
    .digest("base64url")
    .slice(0, 16);
}

const shorten = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > ABOUT_MAX ? `${line.slice(0, ABOUT_MAX - 1).trimEnd()}…` : line;
};

/** A row as the page shows it, named as staff know it: "Course name, ENR 120 Chess Club". */
function rowView(r: DistrictText) {
  const title =
    r.entity === "setting"
      ? t(`admin.settings.${r.field as FamilySettingText}`)
      : t(`admin.spanish.field.${r.entity}.${r.field}` as AdminKey);
  const about = r.entity === "setting" ? t("admin.spanish.kind.setting") : shorten(r.context);
  return {
    key: rowKey(r),
    entity: r.entity,
    entityId: r.entityId,
    field: r.field,
    shape: r.shape,
    name: t("admin.spanish.rowName", { title, about }),
    english: r.english,
    spanish: r.spanish,
    state: r.state,
    writtenFrom: r.writtenFrom,
    keepsPlaceholder: r.english.includes(CONFIRMATION_PLACEHOLDER),
    version: versionOf(r),
  };
}
export type SpanishTextRow = ReturnType<typeof rowView>;

export async function spanishTextsPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const filter = filterOf(new URL(args.request.url));
  const res = or503(
    await callEndpoint(caller(args), listDistrictTexts, { query: filter }),
    t("admin.spanish.loadError"),
  );
  if (!res.ok) {
    return json({ filter, loadError: t("admin.spanish.loadError"), list: null });
  }
  const p = res.data;
  return json({
    filter,
    loadError: null,
    list: {
      rows: p.rows.map(rowView),
      total: p.total,
      page: p.page,
      pages: Math.max(1, Math.ceil(p.total / p.pageSize)),
      counts: p.counts,
    },
  });
}

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * A refusal as the row's errors: what the API says of the Spanish text (by the issues it names,
 * or the field its hint names: "spanish: …") beside the text, anything else above the row's form
 * (the record's identity is in hidden fields).
 */
function rowErrors(res: Refusal): {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
} {
  const issues = (res as { issues?: { path: string; message: string }[] }).issues ?? [];
  if (!issues.length) {
    const named = res.hint ? /^([\w.]+): /.exec(res.hint)?.[1] : undefined;
    return named === "spanish" ? { fieldErrors: { spanish: [res.message] } } : apiErrors(res);
  }
  const spanish = issues.filter((i) => i.path === "spanish").map((i) => i.message);
  const other = issues.filter((i) => i.path !== "spanish").map((i) => i.message);
  return {
    ...(spanish.length ? { fieldErrors: { spanish } } : {}),
    ...(other.length ? { formErrors: other } : {}),
  };
}

export async function spanishTextAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  // Back to the list as it was filtered (the row's form posts to the page's own URL).
  const back = `${HERE}${filterSearch(filterOf(new URL(args.request.url)))}`;
  const submission = parseWithZod(await readFormData(args.request), {
    schema: districtTextForm(),
  });
  const posted = submission.payload as Record<string, unknown>;
  if (submission.status !== "success") {
    const spanishOnly = Object.keys(submission.error ?? {}).every((k) => k === "spanish");
    // A post that does not name one of the page's rows has nowhere to show its errors.
    if (!spanishOnly) return withNotice(args.request, back, t("admin.saveFailed"), "error");
    const row = rowKey({
      entity: posted.entity as DistrictText["entity"],
      entityId: String(posted.entityId),
      field: String(posted.field),
    });
    return json({ row, result: submission.reply() }, { status: 400 });
  }
  const { entity, entityId, field, spanish, version } = submission.value;
  const res = await callEndpoint(caller(args), changeDistrictText, {
    body: { entity, entityId, field, spanish },
  });
  if (!res.ok) {
    if (res.status === 404) return withNotice(args.request, back, res.message, "error");
    return json(
      { row: rowKey({ entity, entityId, field }), result: submission.reply(rowErrors(res)) },
      { status: 400 },
    );
  }
  const changed = versionOf(res.data) !== version;
  // This instance's pages read the settings texts afresh (other instances within their minute).
  if (entity === "setting") forgetSettings();
  return withNotice(args.request, back, changed ? t("admin.saved") : t("admin.nothingChanged"));
}
