// One guarded sign-in attempt (decision 100): the address and the account are counted before the
// secret is checked; a success gives both back; the failure that locks an account mails the
// addresses on file.
import { and, eq, sql } from "drizzle-orm";
import { FREE_FAILURES } from "@domain/rules/sign-in-guessing";
import { formatDistrictDateTime } from "@domain/rules/time";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { participants, staff } from "../db/schema";
import { distinctAddresses, enqueueMail } from "./mail-queue";
import {
  admitAccountAttempt,
  addressOpen,
  admitAddressAttempt,
  clearAttempts,
  forgetStaleAttempts,
  lockedUntil,
} from "./throttle";
import { readDistrictName } from "../queries/settings";

export type GuardedOutcome<T> =
  | { outcome: "ok"; value: T }
  | { outcome: "failed" }
  /** Not checked: the account or the address is locked. */
  | { outcome: "locked" };

export interface GuardKeys {
  /** The account's key, e.g. `student:100037` (normalised). */
  account: string;
  /** The caller's address key, e.g. `ip:203.0.113.7`. */
  address: string;
}

/**
 * Runs `check` (which returns the signed-in thing, or null for a wrong secret) only if neither key
 * is locked, with the attempt already counted on the account (the address counts failures only). `onLock` runs when this failure is the one
 * that first locks the account, with the time the lock ends.
 */
export async function guardedAttempt<T>(
  deps: ApiDeps,
  keys: GuardKeys,
  check: () => Promise<T | null>,
  onLock?: (until: Date) => Promise<void>,
): Promise<GuardedOutcome<T>> {
  const { db } = deps;
  const now = deps.clock.now();
  // The address is asked, not counted, before the check: many right sign-ins in flight at once
  // behind one shared address (a school, a carrier) are not failures. Only a failure is counted
  // on it, atomically; a burst may overshoot the address limit by its size, never an ID's.
  if (!(await addressOpen(db, keys.address, now))) return { outcome: "locked" };
  const account = await admitAccountAttempt(db, keys.account, now);
  if (!account.admitted) return { outcome: "locked" };
  const value = await check();
  if (value !== null) {
    await clearAttempts(db, keys.account);
    return { outcome: "ok", value };
  }
  await admitAddressAttempt(db, keys.address, now);
  if (account.failures === FREE_FAILURES) {
    const until = lockedUntil(account.failures, now)!;
    deps.logger.warn({ kind: keys.account.split(":")[0] }, "sign-in locked after failures");
    if (onLock) await onLock(until);
  }
  await forgetStaleAttempts(db, now);
  return { outcome: "failed" };
}

/** Tells the student's or member's addresses on file that sign-in with their ID is paused. */
export async function mailParticipantLocked(deps: ApiDeps, id: number, until: Date): Promise<void> {
  const [p] = await deps.db.select().from(participants).where(eq(participants.id, id));
  if (!p) return;
  const district = await readDistrictName(deps.db, deps.districtName);
  for (const to of distinctAddresses([p.email, ...p.custodianEmails])) {
    await enqueueMail(deps.db, {
      kind: "sign-in-lock",
      participantId: p.id,
      ownerKey: `${p.kind}:${p.id}`,
      to,
      subject: t("signinLock.mailSubject"),
      text: t("signinLock.participantMailBody", {
        name: `${p.nameFirst} ${p.nameLast}`,
        kind: t(p.kind === "student" ? "recover.titleStudent" : "recover.titleMember"),
        id: p.id,
        until: formatDistrictDateTime(until.toISOString(), deps.timeZone),
        district,
      }),
    });
  }
}

/** Tells an active staff member's address on file that sign-in with their username is paused. */
export async function mailStaffLocked(deps: ApiDeps, username: string, until: Date): Promise<void> {
  const [u] = await deps.db
    .select()
    .from(staff)
    .where(and(eq(sql`lower(${staff.username})`, username), eq(staff.active, true)));
  if (!u) return;
  const district = await readDistrictName(deps.db, deps.districtName);
  for (const to of distinctAddresses([u.email])) {
    await enqueueMail(deps.db, {
      kind: "sign-in-lock",
      to,
      subject: t("signinLock.mailSubject"),
      text: t("signinLock.staffMailBody", {
        name: u.displayName,
        username: u.username,
        until: formatDistrictDateTime(until.toISOString(), deps.timeZone),
        district,
      }),
    });
  }
}
