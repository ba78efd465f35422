import type { MaintenanceStatus } from "../contract/identity";

/** The site is offline while now is within start and end of a normal (state 1) status. */
export function isInMaintenance(status: MaintenanceStatus, now: Date): boolean {
  if (status.state !== 1 || !status.start || !status.end) return false;
  const start = Date.parse(status.start);
  const end = Date.parse(status.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  const t = now.getTime();
  return t >= start && t <= end;
}

/** How often an open page asks for the status, and checks the window it has (spec 01 §4, §9). */
export const MAINTENANCE_POLL_MS = 5 * 60_000;
export const MAINTENANCE_CHECK_MS = 10_000;

/**
 * How long a server process keeps the window it read (decision 147): an administrator's change,
 * made in any process, holds in every process within this time, not after a 5-minute cache.
 */
export const MAINTENANCE_READ_MS = 1_000;

/**
 * The web pages a maintenance window leaves open (decision 119): the administration, so an
 * administrator can end the window early, and the staff sign-in that leads there. The pages check
 * the role, and the district API every call. Nothing else of the site is served in a window,
 * but the files those pages need: their scripts and Remix's route discovery, which tells a page
 * the routes its links lead to (decision 173; the build's route table, no one's data).
 */
export function webPathOpenDuringMaintenance(path: string): boolean {
  return (
    path === "/admin" ||
    path.startsWith("/admin/") ||
    path === "/instructor/sign-in" ||
    path.startsWith("/build/") ||
    path === "/__manifest" ||
    path === "/favicon.ico"
  );
}

/** The district API's calls a family makes before any token: sign-in, guest, joining, ID recovery. */
export const FAMILY_ENTRY_CALLS: readonly string[] = [
  "POST /student",
  "PUT /community/register-guest",
  "PUT /community/register-member",
  "PUT /student/recover-student",
  "PUT /community/recover-member",
];

/**
 * Whether the district API refuses a call during a maintenance window: every call of a family's
 * token (student, community member, guest) and the families' entry calls. Staff calls, their
 * sign-in, the public reads and the payment provider's webhook stay open, so the administrator can
 * end the window and payments taken before it still settle. Signing out is always allowed.
 */
export function closedDuringMaintenance(call: {
  method: string;
  path: string;
  tokenKind: string | null;
}): boolean {
  const name = `${call.method.toUpperCase()} ${call.path.replace(/\/+$/, "")}`;
  if (name === "POST /identity/sign-out") return false;
  if (FAMILY_ENTRY_CALLS.includes(name)) return true;
  return call.tokenKind !== null && call.tokenKind !== "staff";
}
