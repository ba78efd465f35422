// Guards for loaders and actions: they return the session or throw a redirect to the sign-in page.
import { redirect } from "@remix-run/node";
import {
  getSession,
  validStaff,
  validStudent,
  type StaffSession,
  type StudentSession,
} from "./session";

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Any signed-in student, community member or guest (the user guard of the route map). */
export async function requireFamily(request: Request): Promise<StudentSession> {
  const s = validStudent(await getSession(request));
  if (!s) throw redirect(`/signin?redirectTo=${encodeURIComponent(here(request))}`);
  return s;
}

/** A student or community member; guests are sent to the fees page. */
export async function requireParticipant(request: Request): Promise<StudentSession> {
  const s = await requireFamily(request);
  if (s.userType === "guest_user") throw redirect("/fees");
  return s;
}

export async function requireCommunityMember(request: Request): Promise<StudentSession> {
  const s = await requireParticipant(request);
  if (s.userType !== "community_member") throw redirect("/programs");
  return s;
}

/** A signed-in staff user, optionally with one of the roles; otherwise redirected. */
export async function requireStaff(
  request: Request,
  opts: { anyRole?: string[]; otherwise?: string } = {},
): Promise<StaffSession> {
  const s = validStaff(await getSession(request));
  if (!s) throw redirect(`/instructor/sign-in?redirectTo=${encodeURIComponent(here(request))}`);
  if (opts.anyRole && !opts.anyRole.some((r) => s.role.includes(r))) {
    throw redirect(opts.otherwise ?? "/instructor/fees");
  }
  return s;
}

export async function currentUsers(request: Request) {
  const session = await getSession(request);
  return { student: validStudent(session), staff: validStaff(session), session };
}
