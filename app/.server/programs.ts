// Server side of the programs pages: loading the program list, running a card action against the
// district API, and turning its reply into the spec's one-time notice (spec 01 §4, §8).
import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import {
  ProgramsReply,
  RegisterErrorCode,
  RegisterReply,
  type Course,
  type Program,
  type RegisterRequest,
} from "@domain/contract/programs";
import { t, type MessageKey } from "@domain/messages";
import { callApi, type ApiResult } from "./api";
import { flashNotice } from "./session";

interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp">;
}

export type CardIntent = "register" | "waitlist" | "cancel" | "leaveWaitlist";

/** Spec 01 §7: the program call times out after 10 seconds. */
export async function loadPrograms(
  caller: Caller,
  scope: "eligible" | "registrations" = "eligible",
): Promise<{ programs: Program[]; error: string | null }> {
  const res = await callApi(caller, {
    path: scope === "registrations" ? "/v1/program?scope=registrations" : "/v1/program",
    auth: "student",
    reply: ProgramsReply,
    timeoutMs: 10_000,
  });
  if (res.ok) return { programs: res.data, error: null };
  return {
    programs: [],
    error: res.message === t("error.invalidResponse") ? res.message : t("register.loadError"),
  };
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
  const waitlist = intent === "waitlist" || intent === "leaveWaitlist";
  return callApi(caller, {
    path: `/v1/register/${waitlist ? "waitlist/" : ""}${encodeURIComponent(courseSelectionUUID)}`,
    method: intent === "register" || intent === "waitlist" ? "POST" : "DELETE",
    body,
    auth: "student",
    reply: RegisterReply,
    timeoutMs: 10_000,
  });
}

/** The page to go back to, marking the course whose action failed (?failed=…). */
export function withFailed(back: string, courseSelectionUUID: string): string {
  const url = new URL(back, "http://x");
  url.searchParams.set("failed", courseSelectionUUID);
  return `${url.pathname}${url.search}`;
}

/** Marks the course named by ?failed= as having a registration error. */
export function markFailed<T extends { courseSelectionUUID: string; registrationError: boolean }>(
  courses: T[],
  request: Request,
): T[] {
  const failed = new URL(request.url).searchParams.get("failed");
  return failed
    ? courses.map((c) => (c.courseSelectionUUID === failed ? { ...c, registrationError: true } : c))
    : courses;
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
  if (!res.ok) {
    const cookie = await flashNotice(caller.request, {
      kind: "error",
      text: failureText(intent, res),
    });
    // Spec 01 §4: a failed call marks the course as having a registration error.
    return redirect(withFailed(back, courseSelectionUUID), { headers: { "Set-Cookie": cookie } });
  }
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
