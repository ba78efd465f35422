// Server side of the programs pages: loading the program list, running a card action against the
// district API, and turning its reply into the spec's one-time notice (spec 01 §4, §8).
import {
  createCookie,
  redirect,
  type AppLoadContext,
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  cancelRegistration,
  checkRegistration,
  joinWaitlist,
  leaveWaitlist,
  listPrograms,
  registerForCourse,
  RegisterErrorCode,
  submitSurvey,
  type Course,
  type RegisterReply,
  type Program,
  type RegisterRequest,
} from "@domain/contract/programs";
import { t } from "@domain/messages/pages";
import type { MessageKey } from "@domain/messages";
import { toCardData } from "~/components/programs/card-data";
import { callEndpoint, or503, type ApiResult, type CallAuth } from "./api";
import { loadSettings, settingText } from "./settings";
import { districtText, districtTextLang } from "~/components/district-text";
import { flashNotice } from "./session";
import { requireParticipant } from "./auth";
import { CourseStatus, SurveyForm, courseQuestionsForm, parseWithZod } from "./forms.server";
import { answersPayload } from "@domain/forms/course-question-fields";

interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp">;
}

export type CardIntent = "register" | "waitlist" | "cancel" | "leaveWaitlist";

/** Spec 01 §7: the program call times out after 10 seconds. */
export async function loadPrograms(
  caller: Caller,
  scope: "eligible" | "registrations" = "eligible",
  /** Whose programs: the child on screen, unless a linked child is named (decision 165). */
  auth?: CallAuth,
): Promise<{ programs: Program[]; error: string | null }> {
  // A failed call (the database down, a timeout) is a 503 with the spec's load error, not an
  // empty list; an unreadable reply is the spec's "invalid response" on the page.
  const res = or503(
    await callEndpoint(caller, listPrograms, {
      query: scope === "registrations" ? { scope } : {},
      timeoutMs: 10_000,
      auth,
    }),
    t("register.loadError"),
  );
  if (res.ok) return { programs: res.data, error: null };
  if (res.unreadable) return { programs: [], error: res.message };
  return { programs: [], error: t("register.loadError") };
}

export function findCourse(programs: Program[], id: string): Course | null {
  for (const p of programs) {
    const c = p.courses.find((x) => x.courseSelectionUUID === id);
    if (c) return c;
  }
  return null;
}

const FAILED: Record<CardIntent, MessageKey> = {
  register: "register.failed",
  cancel: "register.cancelFailed",
  leaveWaitlist: "register.waitlistCancelFailed",
  waitlist: "register.waitlistFailed",
};
const SUCCESS: Record<CardIntent, MessageKey> = {
  register: "register.success",
  cancel: "register.removed",
  leaveWaitlist: "register.waitlistRemoved",
  waitlist: "register.waitlistAdded",
};

/** Each card action's call; all four take a RegisterRequest and give a RegisterReply. */
const CARD_CALLS = {
  register: registerForCourse,
  waitlist: joinWaitlist,
  cancel: cancelRegistration,
  leaveWaitlist,
} satisfies Record<CardIntent, unknown>;

/** Spec 01 §8: the message chosen by the action (the course's prior status), hint appended. */
export function failureText(intent: CardIntent, res: Extract<ApiResult<unknown>, { ok: false }>) {
  if (res.timedOut) return t("register.highDemand");
  if (res.message === t("error.invalidResponse")) return res.message;
  let base: string;
  if (res.errorCode === RegisterErrorCode.full) base = t("register.full");
  else if (res.status >= 500 && res.status !== 504) base = t("register.callError");
  else base = t(FAILED[intent]);
  return res.hint ? `${base} ${res.hint}` : base;
}

/**
 * Runs one card action. Register calls time out after 10 seconds, and an action that does not
 * answer in time gets the high-demand message (decision 033).
 */
export async function runCardAction(
  caller: Caller,
  intent: CardIntent,
  courseSelectionUUID: string,
  body: RegisterRequest,
): Promise<ApiResult<RegisterReply>> {
  return callEndpoint(caller, CARD_CALLS[intent], {
    params: { courseSelectionUUID },
    body,
    timeoutMs: 10_000,
  });
}

/**
 * Before the course questions are asked: would the person's own schedule (or a closed program, or
 * the survey) refuse this registration? Then they hear it now, not after answering everything.
 */
export async function refusalBeforeQuestions(
  caller: Caller,
  courseSelectionUUID: string,
  back: string,
): Promise<Response | null> {
  const res = await callEndpoint(caller, checkRegistration, {
    params: { courseSelectionUUID },
    timeoutMs: 10_000,
  });
  // Only the person's own refusals stop them here; anything else (a slow or failing call) is
  // left to the register call itself.
  if (res.ok || res.status !== 409) return null;
  return failedCardRedirect(caller, "register", courseSelectionUUID, res, back);
}

async function failedCardRedirect(
  caller: Caller,
  intent: CardIntent,
  courseSelectionUUID: string,
  res: Extract<ApiResult<unknown>, { ok: false }>,
  back: string,
): Promise<Response> {
  const cookie = await flashNotice(caller.request, {
    kind: "error",
    text: failureText(intent, res),
  });
  // Spec 01 §4: a failed call marks the course as having a registration error; the reason stays
  // on its card after the notice hides.
  return redirect(withFailed(back, courseSelectionUUID, res.errorCode), {
    headers: { "Set-Cookie": cookie },
  });
}

/** The page to go back to, marking the course whose action failed (?failed=…). */
export function withFailed(back: string, courseSelectionUUID: string, errorCode?: number): string {
  const url = new URL(back, "http://x");
  url.searchParams.set("failed", courseSelectionUUID);
  url.searchParams.delete("why");
  if (errorCode !== undefined && REASON_ON_CARD[errorCode]) {
    url.searchParams.set("why", String(errorCode));
  }
  return `${url.pathname}${url.search}`;
}

/** Refusals whose reason stays written on the course's card (the notice hides after a while). */
const REASON_ON_CARD: Partial<Record<number, MessageKey>> = {
  [RegisterErrorCode.timeConflict]: "register.timeConflict",
  [RegisterErrorCode.oneSectionPerTerm]: "register.oneSectionPerTerm",
  [RegisterErrorCode.survey]: "register.surveyRequired",
  [RegisterErrorCode.full]: "register.full",
};

/** Marks the course named by ?failed= as having a registration error. */
export function markFailed<T extends { courseSelectionUUID: string; registrationError: boolean }>(
  courses: T[],
  url: URL,
): T[] {
  const failed = url.searchParams.get("failed");
  return failed
    ? courses.map((c) => (c.courseSelectionUUID === failed ? { ...c, registrationError: true } : c))
    : courses;
}

/** The reason written on the failed course's card (?why=), when it is one worth keeping. */
export function failedReason(url: URL): string | null {
  const why = Number(url.searchParams.get("why"));
  const key = Number.isInteger(why) ? REASON_ON_CARD[why] : undefined;
  return key ? t(key) : null;
}

/** Only same-site paths may be returned to after an action. */
export function safeBack(value: FormDataEntryValue | string | null | undefined): string {
  const v = typeof value === "string" ? value : "";
  return /^\/(programs|my-registrations)(\?[^\s]*)?$/.test(v) ? v : "/programs";
}

/**
 * Runs the action and answers with a redirect carrying the one-time notice: back to the page, or
 * to the payment dialog when a registration needs payment. A 406 simply reloads the list.
 */
export async function cardActionResponse(
  caller: Caller,
  intent: CardIntent,
  courseSelectionUUID: string,
  body: RegisterRequest,
  back: string,
): Promise<Response> {
  const res = await runCardAction(caller, intent, courseSelectionUUID, body);
  return cardActionReply(caller, intent, courseSelectionUUID, res, back);
}

/** True for refusals the person can answer from the questions dialog by changing their plans. */
export function isScheduleClash(res: ApiResult<unknown>): boolean {
  return (
    !res.ok &&
    (res.errorCode === RegisterErrorCode.timeConflict ||
      res.errorCode === RegisterErrorCode.oneSectionPerTerm)
  );
}

/** The redirect with the one-time notice for a card action's reply. */
export async function cardActionReply(
  caller: Caller,
  intent: CardIntent,
  courseSelectionUUID: string,
  res: ApiResult<RegisterReply>,
  back: string,
): Promise<Response> {
  if (!res.ok) return failedCardRedirect(caller, intent, courseSelectionUUID, res, back);
  const paymentNeeded = intent === "register" && res.data.status === "pending_payment";
  // A seat held for payment is not a finished registration: say that payment is due.
  const cookie = await flashNotice(caller.request, {
    kind: "success",
    text: t(paymentNeeded ? "register.heldPaymentDue" : SUCCESS[intent]),
  });
  return redirect(
    paymentNeeded ? `/payment/${encodeURIComponent(res.data.courseSectionID)}` : back,
    { headers: { "Set-Cookie": cookie } },
  );
}

/** The home message stays closed for the rest of the browser session once closed. */
export const homeMessageCookie = createCookie("programs_home_closed", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.COOKIE_SECURE === "true",
});

export async function homeMessageClosed(request: Request): Promise<boolean> {
  return (await homeMessageCookie.parse(request.headers.get("Cookie"))) === "1";
}

function matchesSearch(c: Course, q: string): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [c.name, c.description, c.courseNumber, c.category ?? "", c.programName]
    .join(" ")
    .toLowerCase()
    .includes(needle);
}

/** "View partially completed payments": registrations with money still owed. */
function isPartial(c: Course): boolean {
  return (
    c.status === "partial" || c.status === "registered-with-credits-pending-payment" || c.paymentDue
  );
}

/**
 * What the programs list shows for the filters in `url` (its query: q, program, partial,
 * detail, failed, why). The list page renders it, and so do the dialog pages that open over the
 * list at their own URLs (the payment dialog), so the list stays behind them.
 */
export async function programsPage(caller: Caller, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const program = url.searchParams.get("program") ?? "";
  const partial = url.searchParams.get("partial") === "1";
  const detailId = url.searchParams.get("detail");
  const [{ programs, error }, settings, closed] = await Promise.all([
    loadPrograms(caller),
    loadSettings(caller.context),
    homeMessageClosed(caller.request),
  ]);
  const chosen = programs.filter((p) => !program || p.programUUID === program);
  const gated = (p: Program) => p.requiresSurvey && !p.finishedSurvey;
  const courses = chosen
    .filter((p) => !gated(p))
    .flatMap((p) => p.courses)
    .filter((c) => matchesSearch(c, q))
    .filter((c) => !partial || isPartial(c));
  const now = Date.now();
  const reason = failedReason(url);
  return {
    programs: programs.map((p): { programUUID: string; name: string; lang?: "en" } => ({
      programUUID: p.programUUID,
      name: p.name,
      ...(districtTextLang(p.spanish, "name") ? { lang: "en" } : {}),
    })),
    gates: chosen.filter(gated).map((p) => ({ programUUID: p.programUUID, name: p.name })),
    // Only what the cards show (decision 094).
    cards: markFailed(courses, url).map((c) => toCardData(c, now, reason)),
    q,
    program,
    partial,
    error,
    detail: detailId ? findCourse(programs, detailId) : null,
    homeMessage:
      settings?.homeMessage.show && settings.homeMessage.message && !closed
        ? districtText(settings.homeMessage.message, settings.spanish, "homeMessage")
        : null,
    partialMessage: partial ? settingText(settings, "partiallyCompletedPaymentMessage") : null,
  };
}

export type ProgramsPageData = Awaited<ReturnType<typeof programsPage>>;

export async function surveyPage({ request, context, params }: LoaderFunctionArgs) {
  await requireParticipant(request);
  const { programs } = await loadPrograms({ request, context });
  const program = programs.find((p) => p.programUUID === params.programUUID);
  if (!program || !program.requiresSurvey || program.finishedSurvey) {
    throw redirect(program ? `/programs?program=${program.programUUID}` : "/programs");
  }
  const back = safeBack(new URL(request.url).searchParams.get("back"));
  return json({ programUUID: program.programUUID, name: program.name, back });
}

export async function surveyAction({ request, context, params }: ActionFunctionArgs) {
  await requireParticipant(request);
  const submission = parseWithZod(await request.formData(), { schema: SurveyForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const id = params.programUUID ?? "";
  const res = await callEndpoint({ request, context }, submitSurvey, {
    params: { programUUID: id },
    body: { isAtRisk: submission.value.isAtRisk === "true" },
    timeoutMs: 10_000,
  });
  if (!res.ok) {
    return json(
      { result: submission.reply({ formErrors: [t("survey.failed")] }) },
      { status: res.status >= 500 ? 502 : 400 },
    );
  }
  const cookie = await flashNotice(request, { kind: "success", text: t("survey.success") });
  return redirect(`/programs?program=${encodeURIComponent(id)}`, {
    headers: { "Set-Cookie": cookie },
  });
}

// ---- Course questions (spec 01 §5) -------------------------------------------------------

async function questionsCourse(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { programs } = await loadPrograms({ request: args.request, context: args.context });
  return findCourse(programs, args.params.courseSelectionUUID ?? "");
}

/**
 * The course questions dialog (/programs/questions/{id}): the course and its questions, or back
 * to the list with why not (not found, a clash with the person's schedule).
 */
export async function courseQuestionsPage(args: LoaderFunctionArgs) {
  await requireParticipant(args.request);
  const url = new URL(args.request.url);
  const back = safeBack(url.searchParams.get("back"));
  const intent = url.searchParams.get("intent") === "waitlist" ? "waitlist" : "register";
  const course = await questionsCourse(args);
  if (!course) {
    const cookie = await flashNotice(args.request, { kind: "error", text: t("register.notFound") });
    throw redirect(back, { headers: { "Set-Cookie": cookie } });
  }
  // A clash with the person's schedule is said before any question is asked (joining a waitlist
  // skips the time-conflict check). The dialog's own post comes back with ?asked=1: the page then
  // shows the answers and the register call's reply, whatever the check would say now.
  if (intent === "register" && url.searchParams.get("asked") !== "1") {
    const refusal = await refusalBeforeQuestions(
      { request: args.request, context: args.context },
      course.courseSelectionUUID,
      back,
    );
    if (refusal) throw refusal;
  }
  const postTo = new URL(url);
  postTo.searchParams.set("asked", "1");
  return json({ course, intent, back, postTo: `${postTo.pathname}${postTo.search}` });
}

/** The dialog's post: the answers, checked with the course's schema, then the card's action. */
export async function courseQuestionsAction(args: ActionFunctionArgs) {
  await requireParticipant(args.request);
  const url = new URL(args.request.url);
  const back = safeBack(url.searchParams.get("back"));
  const course = await questionsCourse(args);
  if (!course) {
    const cookie = await flashNotice(args.request, { kind: "error", text: t("register.notFound") });
    return redirect(back, { headers: { "Set-Cookie": cookie } });
  }
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, {
    schema: courseQuestionsForm(course.courseQuestions),
  });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const value = submission.value as Record<string, unknown>;
  const intent = value.intent === "waitlist" ? "waitlist" : "register";
  const status = CourseStatus.safeParse(value.status);
  const caller = { request: args.request, context: args.context };
  const res = await runCardAction(caller, intent, course.courseSelectionUUID, {
    activeCourse: {
      courseSelectionUUID: course.courseSelectionUUID,
      ...(status.success ? { status: status.data } : {}),
      ...answersPayload(course.courseQuestions, value),
    },
  });
  // A clash that appeared while the questions were answered (another tab registered): the
  // dialog stays, with the answers as typed and the reason, so nothing has to be typed again.
  if (!res.ok && isScheduleClash(res)) {
    return json(
      { result: submission.reply({ formErrors: [failureText(intent, res)] }) },
      { status: 409 },
    );
  }
  return cardActionReply(caller, intent, course.courseSelectionUUID, res, back);
}
