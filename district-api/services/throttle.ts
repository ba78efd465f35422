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
import { queryRows, type Db, type Exec } from "../db/client";
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
  const locked = sql`(a.failures >= ${FREE_FAILURES} and a.last_at + least(
      ${FIRST_LOCK_MS}::float8 * power(2, least(a.failures - ${FREE_FAILURES}, 20)),
      ${MAX_LOCK_MS}::float8) * interval '1 millisecond' > ${at}::timestamptz)`;
  const stale = sql`(a.last_at < ${at}::timestamptz - ${FORGET_AFTER_MS}::float8 * interval '1 millisecond')`;
  const rows = await queryRows<{ failures: number; admitted: boolean }>(
    db,
    sql`insert into sign_in_attempts as a (key, failures, first_at, last_at, admitted)
        values (${key}, 1, ${at}::timestamptz, ${at}::timestamptz, true)
        on conflict (key) do update set
          failures = case when ${locked} then a.failures when ${stale} then 1 else a.failures + 1 end,
          first_at = case when ${locked} then a.first_at when ${stale} then ${at}::timestamptz else a.first_at end,
          last_at = case when ${locked} then a.last_at else ${at}::timestamptz end,
          admitted = not ${locked}
        returning failures, admitted`,
  );
  const row = rows[0]!;
  return { admitted: row.admitted, failures: Number(row.failures) };
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
  const expired = sql`(a.first_at <= ${at}::timestamptz - ${limit.windowMs}::float8 * interval '1 millisecond')`;
  const full = sql`(not ${expired} and a.failures >= ${limit.max})`;
  const rows = await queryRows<{ failures: number; admitted: boolean; first_at: Date | string }>(
    db,
    sql`insert into sign_in_attempts as a (key, failures, first_at, last_at, admitted)
        values (${key}, 1, ${at}::timestamptz, ${at}::timestamptz, true)
        on conflict (key) do update set
          failures = case when ${full} then a.failures when ${expired} then 1 else a.failures + 1 end,
          first_at = case when ${full} then a.first_at when ${expired} then ${at}::timestamptz else a.first_at end,
          last_at = case when ${full} then a.last_at else ${at}::timestamptz end,
          admitted = not ${full}
        returning failures, admitted, first_at`,
  );
  const row = rows[0]!;
  return {
    admitted: row.admitted,
    failures: Number(row.failures),
    // When the window that counted (or refused) this attempt ends: "try again at".
    windowEndsAt: new Date(new Date(row.first_at).getTime() + limit.windowMs),
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
