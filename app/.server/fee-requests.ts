// Server helpers of the fee request pages: lookups, the proposal list, save and review calls.
import { whoAmI } from "@domain/contract/identity";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import {
  approveFeeRequest,
  denyFeeRequest,
  FEE_ADMIN_ROLE,
  FEE_PROPOSER_ROLE,
  listApprovalRoutes,
  listEmployees,
  listFeeCategories,
  listFeeProposals,
  listSchoolYears,
  listSchools,
  saveFeeRequest as saveFeeRequestCall,
  type FeeProposal,
} from "@domain/contract/fee-requests";
import { feeRequestSchema, renumberAbove, type FeeRequestValues } from "@domain/forms/fee-request";
import { FeeReviewForm } from "@domain/forms/fee-review";
import { t } from "@domain/messages/pages";
import { callEndpoint, or503 } from "./api";
import { parseAsTyped, parseWithZod } from "./forms.server";
import { districtTimeZone } from "./time";
import { flashNotice } from "./session";
import { requireStaff } from "./auth";
import { loadSettings } from "./settings";

interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp">;
}

export const PROPOSER_ROLE = FEE_PROPOSER_ROLE;
export const ADMIN_ROLE = FEE_ADMIN_ROLE;

/** Every lookup of the form, or null when any failed ("Error fetching data."). */
export async function loadLookups(caller: Caller) {
  const error = t("feeRequest.fetchError");
  const [schools, years, routes, employees, categories] = await Promise.all([
    callEndpoint(caller, listSchools, {}).then((r) => or503(r, error)),
    callEndpoint(caller, listSchoolYears, {}).then((r) => or503(r, error)),
    callEndpoint(caller, listApprovalRoutes, {}).then((r) => or503(r, error)),
    callEndpoint(caller, listEmployees, {}).then((r) => or503(r, error)),
    callEndpoint(caller, listFeeCategories, {}).then((r) => or503(r, error)),
  ]);
  if (!schools.ok || !years.ok || !routes.ok || !employees.ok || !categories.ok) return null;
  return {
    schools: schools.data,
    years: years.data,
    routes: routes.data,
    employees: employees.data,
    categories: categories.data,
  };
}
export type Lookups = NonNullable<Awaited<ReturnType<typeof loadLookups>>>;

/**
 * Asks the district API whether the staff session in the cookie is still live, for a page that
 * would otherwise render from the cookie alone: a session signed out elsewhere (or ended by an
 * administrator) answers 401, and the person is sent to the home page signed out (decision 140).
 */
export async function confirmStaffSession(caller: Caller): Promise<void> {
  await callEndpoint(caller, whoAmI, { auth: "staff" });
}

export async function loadProposals(caller: Caller): Promise<FeeProposal[] | null> {
  // Proposals that could not be read are a 503 with the spec's words (decision 150); a refusal is
  // the page's own alert (null).
  const r = or503(await callEndpoint(caller, listFeeProposals, {}), t("feeRequest.fetchError"));
  return r.ok ? r.data : null;
}

/** The save call's body (spec 02 §7) from the checked form values. */
export function saveBody(v: FeeRequestValues) {
  return {
    feeRequestId: v.feeRequestId,
    name: v.name,
    school: v.school,
    year: v.year,
    category: v.category,
    approvalRoute: v.approvalRoute,
    type: v.type,
    cost: v.cost,
    costVariable: v.costVariable,
    accountNumber: v.accountNumber,
    allowStudent: v.allowStudent,
    allowEmployee: v.allowEmployee,
    allowCommunityMember: v.allowCommunityMember,
    allowGuest: v.allowGuest,
    accountAssignedByBusinessOffice: v.accountAssignedByBusinessOffice,
    collectionStart: v.collectionStart,
    collectionEnd: v.collectionEnd,
    description: v.description,
    otherInformation: v.otherInformation,
    sponsors: v.sponsors,
    requiresAdditionalInformation: v.requiresAdditionalInformation,
    questions: v.questions,
  };
}

export function saveFeeRequest(caller: Caller, v: FeeRequestValues) {
  return callEndpoint(caller, saveFeeRequestCall, { body: saveBody(v) });
}

export function reviewFeeRequest(
  caller: Caller,
  id: number,
  decision: "approve" | "deny",
  notes: string,
) {
  const review = decision === "approve" ? approveFeeRequest : denyFeeRequest;
  return callEndpoint(caller, review, { params: { id }, body: { notes } });
}

/** The form's starting values from a saved request (edit keeps its id; duplicate drops it). */
export function formDefaults(p: FeeProposal, keepId: boolean) {
  return {
    feeRequestId: keepId ? String(p.id) : undefined,
    name: p.feeName,
    school: String(p.school.id),
    year: String(p.schoolYear.id),
    category: p.feeCategory ? String(p.feeCategory.id) : "",
    approvalRoute: String(p.approvalRoute.id),
    type: p.feeType,
    cost: p.cost.toFixed(2),
    costVariable: p.costVariable ? "on" : undefined,
    accountNumber: p.accountCode ?? "",
    accountAssignedByBusinessOffice: p.accountAssignedByBusinessOffice ? "on" : undefined,
    allowStudent: p.allowStudent ? "on" : undefined,
    allowEmployee: p.allowEmployee ? "on" : undefined,
    allowCommunityMember: p.allowCommunityMember ? "on" : undefined,
    allowGuest: p.allowGuest ? "on" : undefined,
    collectionStart: p.collectionStart,
    collectionEnd: p.collectionEnd,
    description: p.feeDescription,
    otherInformation: p.otherInformation,
    sponsors: p.facultySponsors,
    requiresAdditionalInformation: p.courseQuestions.length ? "yes" : "no",
    questions: p.courseQuestions.map((q) => ({
      question: q.question,
      responseType: q.responseType,
      answerList: q.answerList.join(", "),
      sortOrder: String(q.sortOrder),
    })),
  };
}
export type FormDefaults = ReturnType<typeof formDefaults>;

/**
 * The form's action, shared by the new, edit and duplicate pages. Non-submit intents (add or
 * remove a sponsor or question, search employees) answer with the form as typed, so the form works
 * as plain posts without JavaScript; a submit is checked with the same schema, then saved.
 */
export async function feeRequestFormAction(caller: Caller, formData: FormData) {
  const sponsorQuery = String(formData.get("sponsorQuery") ?? "").slice(0, 100);
  const schema = feeRequestSchema({ now: new Date(), timeZone: districtTimeZone() });
  if (formData.get("_search") !== null) {
    // Searching is not submitting: keep everything typed, show no errors (the names posted are
    // still the form's own).
    const submission = parseAsTyped(formData, z.object({}).passthrough(), schema);
    return json({ result: submission.reply(), sponsorQuery, saveError: null });
  }
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
  if (submission.status === undefined) {
    // A list intent. Deleting a question renumbers the ones after it (spec 02 §5).
    const intent = parseIntent(formData.get("__intent__"));
    if (intent?.type === "remove" && intent.payload.name === "questions") {
      const raw = formData.get(`questions[${intent.payload.index}].sortOrder`);
      const removed = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
      const payload = submission.payload as { questions?: { sortOrder?: string }[] };
      if (Array.isArray(payload.questions)) {
        payload.questions = renumberAbove(payload.questions, removed);
      }
    }
    return json({ result: submission.reply(), sponsorQuery, saveError: null });
  }
  if (submission.status !== "success") {
    return json({ result: submission.reply(), sponsorQuery, saveError: null }, { status: 400 });
  }
  const res = await saveFeeRequest(caller, submission.value);
  if (!res.ok) {
    const issues = (res as { issues?: { path: string; message: string }[] }).issues ?? [];
    const fieldErrors: Record<string, string[]> = {};
    for (const i of issues) (fieldErrors[toFieldName(i.path)] ??= []).push(i.message);
    return json(
      {
        result: submission.reply({ fieldErrors }),
        sponsorQuery,
        saveError: { warning: issues.length ? null : res.message },
      },
      { status: res.status >= 500 ? 502 : 400 },
    );
  }
  return redirect("/instructor/fees", {
    headers: {
      "Set-Cookie": await flashNotice(caller.request, {
        kind: "success",
        text: t("feeRequest.saved"),
      }),
    },
  });
}

/**
 * A fee administrator's review (/instructor/fee-proposals): approve, or deny with notes. A refusal
 * is conform's reply; the district API's is the form's own message.
 */
export async function feeReviewAction(caller: Caller) {
  const submission = parseWithZod(await caller.request.formData(), { schema: FeeReviewForm });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { id, intent, notes } = submission.value;
  const res = await reviewFeeRequest(caller, id, intent, notes);
  if (!res.ok) {
    const message = res.message || t("feeRequest.reviewError");
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const text = t(intent === "approve" ? "feeRequest.approved" : "feeRequest.denied");
  return redirect("/instructor/fee-proposals", {
    headers: { "Set-Cookie": await flashNotice(caller.request, { kind: "success", text }) },
  });
}

/** "questions.1.sortOrder" → "questions[1].sortOrder" (conform's field names). */
function toFieldName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

function parseIntent(
  value: FormDataEntryValue | null,
): { type: string; payload: { name?: string; index?: number } } | null {
  if (typeof value !== "string") return null;
  try {
    const v = JSON.parse(value) as { type?: unknown; payload?: unknown };
    return typeof v.type === "string" && v.payload && typeof v.payload === "object"
      ? (v as { type: string; payload: { name?: string; index?: number } })
      : null;
  } catch {
    return null;
  }
}

/** Loader of the new, edit and duplicate pages. Only proposers; others go to /instructor/fees. */
export async function loadFormPage(
  caller: Caller,
  mode: { kind: "new" } | { kind: "edit"; id: number },
) {
  const staff = await requireStaff(caller.request, { anyRole: [PROPOSER_ROLE] });
  const [lookups, settings] = await Promise.all([
    loadLookups(caller),
    loadSettings(caller.context),
  ]);
  const me = {
    id: staff.employeeID,
    name: lookups?.employees.find((e) => e.id === staff.employeeID)?.name ?? staff.displayName,
  };
  const base = {
    me,
    timeZone: districtTimeZone(),
    instructions: settings?.feeRequestInstructions ?? null,
  };
  if (!lookups) return { ...base, lookups: null, defaultValue: null, warning: null };
  const url = new URL(caller.request.url);
  const from = mode.kind === "edit" ? mode.id : Number(url.searchParams.get("from") ?? NaN);
  let warning: string | null = null;
  let defaultValue: Record<string, unknown> = {
    sponsors: [me],
    requiresAdditionalInformation: "no",
    allowStudent: "on",
    questions: [],
  };
  if (Number.isSafeInteger(from) && from > 0) {
    const proposals = await loadProposals(caller);
    if (!proposals) return { ...base, lookups: null, defaultValue: null, warning: null };
    const p = proposals.find((x) => x.id === from);
    const visible = p && (mode.kind !== "edit" || p.createdBy.id === me.id);
    if (!p || !visible) {
      throw redirect("/instructor/fees", {
        headers: {
          "Set-Cookie": await flashNotice(caller.request, {
            kind: "warning",
            text: t(p ? "feeRequest.notYours" : "feeRequest.notFound"),
          }),
        },
      });
    }
    // An approved request is shown with a warning rather than sent away, so a save refused
    // because it was approved meanwhile still shows what was typed and why.
    if (mode.kind === "edit" && p.requestStatus === "Approved")
      warning = t("feeRequest.notEditable");
    const d = formDefaults(p, mode.kind === "edit");
    // The signed-in employee is always a sponsor, first.
    d.sponsors = [me, ...d.sponsors.filter((s) => s.id !== me.id)];
    defaultValue = d;
  }
  return { ...base, lookups, defaultValue, warning };
}
