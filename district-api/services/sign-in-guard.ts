// One guarded sign-in attempt (decisions 100 and 136). From a browser the person signed in with
// before (a remembered device), the attempt is counted on that browser only. From any other
// browser it is counted on the account before the secret is checked, and on the address only as
// a failure that counts: a typo of the right birth date does not, and a success gives the person's
// failures at the address back. The failure that locks an account mails the addresses on file.
import { and, eq, sql } from "drizzle-orm";
import { inReaderLanguage } from "./participant-language";
import { FREE_FAILURES } from "@domain/rules/sign-in-guessing";
import { formatDistrictDateTime } from "@domain/rules/time";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { participants, staff } from "../db/schema";
import { distinctAddresses, enqueueMail } from "./mail-queue";
import {
  admitAccountAttempt,
  clearAttempts,
  forgetStaleAttempts,
  lockedUntil,
  uncountAttempt,
} from "./throttle";
import {
  addressHasRoom,
  admitAddressSuccess,
  countAddressFailure,
  currentAllowance,
  forgetStaleAddresses,
  rememberAddressSignIn,
} from "./sign-in-addresses";
import { deviceAttemptKey, forgetStaleDevices, knownDevice } from "./sign-in-devices";
import { readDistrictName } from "../queries/settings";

export type GuardedOutcome<T> =
  /** `device`: the remembered browser it came from (its token's hash), or null. */
  | { outcome: "ok"; value: T; device: string | null }
  | { outcome: "failed" }
  /** Not checked: the account, the browser or the address is locked. */
  | { outcome: "locked" };

export interface GuardKeys {
  /** The account's key, e.g. `student:100037` (normalised). */
  account: string;
  /** The caller's address key, e.g. `ip:203.0.113.7`. */
  address: string;
}

export interface GuardOptions<T> {
  /** Remembered-browser tokens the caller presented (the web app's device cookie). */
  deviceTokens?: readonly string[];
  /** After a wrong secret: whether it was a typo of the right one (not counted on the address). */
  isTypo?: () => Promise<boolean>;
  /** Whether this person signing in earns the address room (not a self-made account). */
  earnsRoom?: (value: T) => boolean;
}

/**
 * Runs `check` (which returns the signed-in thing, or null for a wrong secret) unless the attempt
 * is refused: from a remembered browser, when that browser is locked; otherwise when the account
 * is locked or the address has no room left. `onLock` runs when this failure is the one that
 * first locks the account, with the time the lock ends.
 */
export async function guardedAttempt<T>(
  deps: ApiDeps,
  keys: GuardKeys,
  check: () => Promise<T | null>,
  onLock?: (until: Date) => Promise<void>,
  options: GuardOptions<T> = {},
): Promise<GuardedOutcome<T>> {
  const { db } = deps;
  const now = deps.clock.now();
  const earnsRoom = (value: T) => options.earnsRoom?.(value) ?? false;
  const device = await knownDevice(db, keys.account, options.deviceTokens ?? [], now);
  if (device) {
    // The person's own browser: its own count (the same free failures and locks), so neither a
    // lock on the person nor a full address stops it, and its typos lock no one else.
    const key = deviceAttemptKey(device);
    const attempt = await admitAccountAttempt(db, key, now);
    if (!attempt.admitted) return { outcome: "locked" };
    const value = await check();
    if (value === null) return { outcome: "failed" };
    await clearAttempts(db, key);
    await rememberAddressSignIn(db, keys.address, keys.account, earnsRoom(value), now);
    return { outcome: "ok", value, device };
  }

  const allowance = await currentAllowance(db, keys.address, now);
  // Asked first so a full address costs no check; decided again, atomically, after the check.
  if (!(await addressHasRoom(db, keys.address, allowance, now))) return { outcome: "locked" };
  const account = await admitAccountAttempt(db, keys.account, now);
  if (!account.admitted) return { outcome: "locked" };
  const value = await check();
  if (value !== null) {
    if (!(await admitAddressSuccess(db, keys.address, allowance, now))) {
      // Refused like any attempt from a full address: not the person's failure.
      await uncountAttempt(db, keys.account);
      return { outcome: "locked" };
    }
    await clearAttempts(db, keys.account);
    await rememberAddressSignIn(db, keys.address, keys.account, earnsRoom(value), now);
    return { outcome: "ok", value, device: null };
  }
  const typo = options.isTypo ? await options.isTypo() : false;
  if (!typo && !(await countAddressFailure(db, keys.address, keys.account, allowance, now))) {
    // The address filled up while this was checked: the same reply as any refused attempt,
    // whether or not the secret was right, and nothing counted on the person.
    await uncountAttempt(db, keys.account);
    return { outcome: "locked" };
  }
  if (account.failures === FREE_FAILURES) {
    const until = lockedUntil(account.failures, now)!;
    deps.logger.warn({ kind: keys.account.split(":")[0] }, "sign-in locked after failures");
    if (onLock) await onLock(until);
  }
  await forgetStaleAttempts(db, now);
  await forgetStaleAddresses(db, now);
  await forgetStaleDevices(db, now);
  return { outcome: "failed" };
}

/** Tells the student's or member's addresses on file that sign-in with their ID is paused. */
export async function mailParticipantLocked(deps: ApiDeps, id: number, until: Date): Promise<void> {
  const [p] = await deps.db.select().from(participants).where(eq(participants.id, id));
  if (!p) return;
  const district = await readDistrictName(deps.db, deps.districtName);
  // In the family's language (decision 171), not the language of whoever was guessing.
  await inReaderLanguage(deps.db, p.id, async () => {
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
  });
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
