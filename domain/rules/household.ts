// A household: several children linked in one family sign-in (decision 165). Each child is linked
// by their own ID and birth date, as they would sign in; the web session holds each child's own
// token, so the district API sees one child per call exactly as before.
import { safeLocalPath } from "./destinations";

/**
 * How many children one sign-in may hold, the one on screen included. Each child's token rides in
 * the signed session cookie (about 520 bytes a child with short names), which a browser keeps only
 * up to 4 KB: see `fitsInCookie`, which decides before this count when names are long.
 */
export const HOUSEHOLD_MAX = 5;

/** True when the sign-in holds as many children as it may, the one on screen and `linked` others. */
export function householdFull(linked: number): boolean {
  return linked + 1 >= HOUSEHOLD_MAX;
}

/** What a browser keeps of one cookie: its name and value together, in bytes. */
export const COOKIE_BYTES = 4096;
/** Room kept for a staff session signed in beside the family's (642 bytes measured) and slack. */
export const STAFF_SESSION_BYTES = 720;

/**
 * True when a session cookie of `bytes` (name=value) leaves a browser able to keep it, with room
 * for a staff session if there is none in it yet. A cookie over the limit is dropped by the
 * browser without a word: the person would find the sign-in unchanged.
 */
export function fitsInCookie(bytes: number, staffInIt: boolean): boolean {
  return bytes + (staffInIt ? 0 : STAFF_SESSION_BYTES) <= COOKIE_BYTES;
}

export type FamilyKind = "student" | "community_member" | "guest_user";

export interface LinkedChild {
  userType: FamilyKind;
  studentId: string;
}

/**
 * Who may link another child: a student or community member, on their own device or at a
 * cashier's register, where the cashier then takes one payment for the household's cart (decision
 * 167). A guest has no ID to add to.
 */
export function mayLinkChildren(s: { userType: FamilyKind }): boolean {
  return s.userType !== "guest_user";
}

/**
 * Who may put another linked child on screen: not a register (desktop), whose session is the
 * pushed child's with the register's claims. A linked child's own token is a plain one, which
 * cannot take in-person payments: at a register the others' carts come into the one on screen.
 */
export function maySwitchChildren(s: { userType: FamilyKind; desktop?: boolean }): boolean {
  return mayLinkChildren(s) && !s.desktop;
}

/**
 * The session after a child is added: the added child on screen and the one who was beside the
 * others, or, at a register, the register's child kept on screen and the added one beside.
 */
export function afterAdd<T extends { desktop?: boolean }>(
  onScreen: T,
  added: T,
  linked: readonly T[],
): { student?: T; household: T[] } {
  return onScreen.desktop
    ? { household: [...linked, added] }
    : { student: added, household: [...linked, onScreen] };
}

/** The same person: the ID alone is not enough, a student and a community member may share one. */
export function sameChild(a: LinkedChild, b: LinkedChild): boolean {
  return a.userType === b.userType && a.studentId === b.studentId;
}

/** The family pages a switch of child stays on, read afresh for the other child. */
const SWITCH_STAYS = ["/programs", "/my-registrations", "/fees", "/cart", "/edit-profile"];

/**
 * Where a switch of child lands: the family list it was made on (programs, registrations, fees,
 * cart, profile), without its query (an open detail was the other child's); any other page (a
 * payment, a course's questions) belongs to the child who was on screen, so it goes to programs.
 */
export function afterSwitch(from: string | null | undefined): string {
  const path = safeLocalPath(from)?.split(/[?#]/)[0];
  return path && SWITCH_STAYS.includes(path) ? path : "/programs";
}
