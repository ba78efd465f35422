// Limits on the public actions that write or mail (decision 137): counted in the database on the
// sign-in counters (throttle.ts), one statement per key, so neither a burst nor a second process
// gets past them. Keys name the action and the client address (addressKey: an IPv4 address, an
// IPv6 /56, decision 136), or a recipient mailbox by a hash of its address, never the address itself.
import { createHash } from "node:crypto";
import type { Exec } from "../db/client";
import { t } from "@domain/messages";
import { addressKey } from "@domain/rules/sign-in-guessing";
import { PUBLIC_LIMITS, mailboxOf, type WindowLimit } from "@domain/rules/public-limits";
import { formatDistrictDateTimeWithZone } from "@domain/rules/time";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { admitWindowedAttempt, uncountAttempt } from "./throttle";

export interface LimitCheck {
  key: string;
  limit: WindowLimit;
}

/** The counter key of an action from a client address. */
export function addressLimitKey(action: string, ip: string | undefined): string {
  return `public:${action}:${addressKey(ip)}`;
}

/** The counter key of the mail public actions send to one mailbox (see mailboxOf). */
export function mailboxLimitKey(address: string): string {
  const digest = createHash("sha256").update(mailboxOf(address)).digest("hex");
  return `public:mailbox:${digest}`;
}

/** The mailbox check of an address: mail public actions send to it. */
export function mailboxCheck(address: string): LimitCheck {
  return { key: mailboxLimitKey(address), limit: PUBLIC_LIMITS.mailPerMailbox };
}

/**
 * Counts the action on every key, in order, and refuses it with 429 "Too many attempts. Please
 * try again at …" (the district's time the refusing window ends) when one of them is full; the
 * keys counted before the full one are taken back, so a refused action costs nothing.
 */
export async function admitPublicAction(
  deps: Pick<ApiDeps, "db" | "clock" | "timeZone">,
  checks: readonly LimitCheck[],
): Promise<void> {
  const now = deps.clock.now();
  const counted: string[] = [];
  for (const check of checks) {
    const admission = await admitWindowedAttempt(deps.db, check.key, now, check.limit);
    if (!admission.admitted) {
      for (const key of counted) await uncountAttempt(deps.db, key);
      throw new ApiError(
        429,
        t("limit.tryAgainAt", {
          time: formatDistrictDateTimeWithZone(admission.windowEndsAt, deps.timeZone),
        }),
      );
    }
    counted.push(check.key);
  }
}

/**
 * Counts one mail to `address` from a public action and says whether it may go. Used where a
 * refusal must not be told (the mail concerns someone other than the caller): the mail is
 * simply not sent.
 */
export async function mailboxAdmits(exec: Exec, address: string, now: Date): Promise<boolean> {
  const check = mailboxCheck(address);
  return (await admitWindowedAttempt(exec, check.key, now, check.limit)).admitted;
}
