// Sign-in throttling (decision 100). Every attempt is counted in one statement BEFORE its secret
// is checked, on a counter row per key that every process shares through the database, so no
// burst and no second process gets past the limit. The public actions' limits (decision 137,
// services/public-limits.ts) use the same counters.
import { eq, lt, sql } from "drizzle-orm";
import {
  FIRST_LOCK_MS,
  FORGET_AFTER_MS,
  FREE_FAILURES,
  MAX_LOCK_MS,
  lockAfterFailureMs,
} from "@domain/rules/sign-in-guessing";
import type { Db, Exec } from "../db/client";
import { signInAttempts } from "../db/schema";

export interface Admission {
  /** Whether the attempt may check its secret. */
  admitted: boolean;
  /** Failures counted on the key, this attempt included when admitted. */
  failures: number;
}

/**
 * Counts an attempt on a per-account key (an ID, a username, a desktop-key holder) and says
 * whether it may go ahead: refused while the key is locked (nothing counted), otherwise counted
 * as a failure until it succeeds. The lock after the n-th failure is lockAfterFailureMs(n), from
 * that failure on; a key quiet for FORGET_AFTER_MS starts from nothing.
 */
export async function admitAccountAttempt(db: Db, key: string, now: Date): Promise<Admission> {
  const at = now.toISOString();
  // The same doubling as lockAfterFailureMs, in SQL, so the decision is made under the row lock.
  const a = signInAttempts;
  const locked = sql`(${a.failures} >= ${FREE_FAILURES} and ${a.lastAt} + least(
      ${FIRST_LOCK_MS}::float8 * power(2, least(${a.failures} - ${FREE_FAILURES}, 20)),
      ${MAX_LOCK_MS}::float8) * interval '1 millisecond' > ${at}::timestamptz)`;
  const stale = sql`(${a.lastAt} < ${at}::timestamptz - ${FORGET_AFTER_MS}::float8 * interval '1 millisecond')`;
  const rows = await db
    .insert(a)
    .values({ key, failures: 1, firstAt: now, lastAt: now, admitted: true })
    .onConflictDoUpdate({
      target: a.key,
      set: {
        failures: sql`case when ${locked} then ${a.failures} when ${stale} then 1 else ${a.failures} + 1 end`,
        firstAt: sql`case when ${locked} then ${a.firstAt} when ${stale} then ${at}::timestamptz else ${a.firstAt} end`,
        lastAt: sql`case when ${locked} then ${a.lastAt} else ${at}::timestamptz end`,
        admitted: sql`not ${locked}`,
      },
    })
    .returning({ failures: a.failures, admitted: a.admitted });
  const row = rows[0]!;
  return { admitted: row.admitted, failures: row.failures };
}

/** When a key whose n-th failure was just counted at `now` opens again (null: not locked). */
export function lockedUntil(failures: number, now: Date): Date | null {
  const ms = lockAfterFailureMs(failures);
  return ms > 0 ? new Date(now.getTime() + ms) : null;
}

/**
 * Counts an attempt on a key that allows `max` failures in a window of `windowMs` from the
 * window's first failure, then refuses until the window ends. One statement, so a burst or a
 * second process cannot slip past the limit.
 */
export async function admitWindowedAttempt(
  db: Exec,
  key: string,
  now: Date,
  limit: { max: number; windowMs: number },
): Promise<Admission & { windowEndsAt: Date }> {
  const at = now.toISOString();
  const a = signInAttempts;
  const expired = sql`(${a.firstAt} <= ${at}::timestamptz - ${limit.windowMs}::float8 * interval '1 millisecond')`;
  const full = sql`(not ${expired} and ${a.failures} >= ${limit.max})`;
  const rows = await db
    .insert(a)
    .values({ key, failures: 1, firstAt: now, lastAt: now, admitted: true })
    .onConflictDoUpdate({
      target: a.key,
      set: {
        failures: sql`case when ${full} then ${a.failures} when ${expired} then 1 else ${a.failures} + 1 end`,
        firstAt: sql`case when ${full} then ${a.firstAt} when ${expired} then ${at}::timestamptz else ${a.firstAt} end`,
        lastAt: sql`case when ${full} then ${a.lastAt} else ${at}::timestamptz end`,
        admitted: sql`not ${full}`,
      },
    })
    .returning({ failures: a.failures, admitted: a.admitted, firstAt: a.firstAt });
  const row = rows[0]!;
  return {
    admitted: row.admitted,
    failures: row.failures,
    // When the window that counted (or refused) this attempt ends: "try again at".
    windowEndsAt: new Date(row.firstAt.getTime() + limit.windowMs),
  };
}

/** Takes back one counted attempt that turned out not to be a failure (or was not checked). */
export async function uncountAttempt(db: Pick<Db, "update">, key: string): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ failures: sql`greatest(${signInAttempts.failures} - 1, 0)` })
    .where(eq(signInAttempts.key, key));
}

/** A success: the account's key starts again from nothing. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** Drops counters that no longer lock or count anything, so the table stays small. */
export async function forgetStaleAttempts(db: Db, now: Date): Promise<void> {
  await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.lastAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}
