// Sessions live in one signed, httpOnly, SameSite=Lax cookie. Student and staff sessions may
// coexist, as the spec allows; each keeps its bearer token for the district API.
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { isSessionExpired } from "@domain/rules/session";
import { sameChild } from "@domain/rules/household";

export interface StudentSession {
  accessToken: string;
  /** Expiry in ms since the epoch. */
  expires: number;
  userType: "student" | "community_member" | "guest_user";
  studentId: string;
  nameFirst: string;
  nameLast: string;
  desktop?: boolean;
  /** The fees page's "Partial Payments Found" dialog has been shown in this sign-in. */
  partialDialogShown?: boolean;
  /**
   * The community member who signed in with the form: children linked in this sign-in are
   * remembered for their account and come back at their next sign-in (decision 168).
   */
  account?: true;
}

export interface StaffSession {
  accessToken: string;
  expires: number;
  role: string[];
  employeeID: string;
  displayName: string;
  desktop?: boolean;
}

export interface Notice {
  kind: "success" | "error" | "info" | "warning";
  text: string;
}

export interface SessionData {
  /** The family member on screen: every family page and call is theirs. */
  student?: StudentSession;
  /**
   * The other children linked in this sign-in (decision 165), each with their own token, in the
   * order they were added. Only ever beside a `student`.
   */
  household?: StudentSession[];
  staff?: StaffSession;
}

export interface FlashData {
  notice: Notice;
}

export type AppSession = Session<SessionData, FlashData>;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | null = null;

export function sessionStorage() {
  if (!storage) {
    const secret = process.env.SESSION_SECRET;
    if (!secret) throw new Error("SESSION_SECRET is not set");
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: process.env.COOKIE_SECURE === "true",
        secrets: [secret],
        maxAge: 60 * 60 * 12,
      },
    });
  }
  return storage;
}

export function getSession(request: Request | string | null | undefined): Promise<AppSession> {
  const cookie = typeof request === "string" || !request ? request : request.headers.get("Cookie");
  return sessionStorage().getSession(cookie ?? null);
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

/** The student session when present and not counted as expired (60 s early). */
export function validStudent(session: AppSession, now = Date.now()): StudentSession | null {
  const s = session.get("student");
  return s && !isSessionExpired(s.expires, now) ? s : null;
}

export function validStaff(session: AppSession, now = Date.now()): StaffSession | null {
  const s = session.get("staff");
  return s && !isSessionExpired(s.expires, now) ? s : null;
}

/** The children linked beside the one on screen (decision 165); none when there is no one. */
export function linkedChildren(session: AppSession): StudentSession[] {
  return session.get("student") ? (session.get("household") ?? []) : [];
}

/** The community account of this sign-in, on screen or linked (decision 168); null otherwise. */
export function accountHolder(session: AppSession): StudentSession | null {
  const onScreen = session.get("student");
  if (!onScreen) return null;
  return [onScreen, ...linkedChildren(session)].find((c) => c.account) ?? null;
}

/** How a linked child is named in a form or a call: "student:100012". */
export function childKey(c: Pick<StudentSession, "userType" | "studentId">): string {
  return `${c.userType}:${c.studentId}`;
}

/** The linked child named `key`, while their session is live; null otherwise. */
export function linkedChild(
  session: AppSession,
  key: string,
  now = Date.now(),
): StudentSession | null {
  const c = linkedChildren(session).find((x) => childKey(x) === key);
  return c && !isSessionExpired(c.expires, now) ? c : null;
}

/**
 * The one way to start, change or end sessions (a sign-in, a profile's new name, sign-out, a 401):
 * a session given is set, `null` ends it, one left out stays as it is; a notice is shown once on
 * the next page. `request` may be the Cookie header itself (the refresh middleware). Returns the
 * Set-Cookie header to send with the reply.
 *
 * The linked children stay only while the same person stays on screen: a family session ended, or
 * replaced by someone else's sign-in (a guest's, a new community member's), takes them with it,
 * unless `household` is given too (a switch of child).
 */
export async function writeSession(
  request: Request | string,
  change: {
    student?: StudentSession | null;
    household?: StudentSession[];
    staff?: StaffSession | null;
    notice?: Notice;
  },
): Promise<string> {
  const session = await getSession(request);
  const before = session.get("student");
  if (change.household) {
    if (change.household.length > 0) session.set("household", change.household);
    else session.unset("household");
  } else if (
    change.student === null ||
    (change.student && !(before && sameChild(before, change.student)))
  ) {
    session.unset("household");
  }
  if (change.student === null) session.unset("student");
  else if (change.student) session.set("student", change.student);
  if (change.staff === null) session.unset("staff");
  else if (change.staff) session.set("staff", change.staff);
  if (change.notice) session.flash("notice", change.notice);
  return commitSession(session);
}

/** Adds a one-time notice and returns the Set-Cookie header to send with the redirect. */
export function flashNotice(request: Request, notice: Notice): Promise<string> {
  return writeSession(request, { notice });
}
