// The address's share of sign-in limits (decision 136): from browsers not known to the person,
// only failures count against an address, a typo of the right birth date does not, and a
// person's failures are given back when that person signs in from it. An address may have
// addressAllowance(people who signed in from it) counted failures in a window of a year; past
// that, attempts from unknown browsers there are not checked. Every decision that can fill the
// budget is one statement on the address's row, so a burst or a second process cannot slip past.
import { and, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { ADDRESS_BUDGET_WINDOW_MS, addressAllowance } from "@domain/rules/sign-in-guessing";
import type { Db } from "../db/client";
import { signInAddresses, signInAddressPeople } from "../db/schema";

function windowStart(now: Date): Date {
  return new Date(now.getTime() - ADDRESS_BUDGET_WINDOW_MS);
}

/** The counted failures this address may have now: the free ones and the room it earned. */
export async function currentAllowance(db: Db, address: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ people: sql<number>`count(*)::int` })
    .from(signInAddressPeople)
    .where(
      and(
        eq(signInAddressPeople.address, address),
        isNotNull(signInAddressPeople.signedInAt),
        gt(signInAddressPeople.signedInAt, windowStart(now)),
      ),
    );
  return addressAllowance(Number(row?.people ?? 0));
}

/** Whether an unknown browser at this address may try now (read only; decided again after). */
export async function addressHasRoom(
  db: Db,
  address: string,
  allowance: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ failures: signInAddresses.failures, firstAt: signInAddresses.firstAt })
    .from(signInAddresses)
    .where(eq(signInAddresses.address, address));
  return !row || row.firstAt <= windowStart(now) || row.failures < allowance;
}

/**
 * A right answer from an unknown browser: accepted unless the address's counted failures have
 * filled its allowance. Decided under the address row's lock (an update), so it is ordered with
 * the failures being counted at the same moment.
 */
export async function admitAddressSuccess(
  db: Db,
  address: string,
  allowance: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const { failures, firstAt } = signInAddresses;
  const expired = sql`(${firstAt} <= ${windowStart(now).toISOString()}::timestamptz)`;
  const rows = await db
    .update(signInAddresses)
    .set({
      failures: sql`case when ${expired} then 0 else ${failures} end`,
      firstAt: sql`case when ${expired} then ${at}::timestamptz else ${firstAt} end`,
    })
    .where(eq(signInAddresses.address, address))
    .returning({ admitted: sql<boolean>`${failures} < ${allowance}` });
  return rows[0]?.admitted ?? true;
}

/**
 * A wrong answer from an unknown browser that is not a typo: counted against the address, and
 * against the person at that address, unless the allowance is already full (then nothing is
 * counted and the attempt is refused). One statement on the address's row.
 */
export async function countAddressFailure(
  db: Db,
  address: string,
  account: string,
  allowance: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  // In the conflict's update the table's columns are the row already there.
  const { failures, firstAt, lastAt } = signInAddresses;
  const expired = sql`(${firstAt} <= ${windowStart(now).toISOString()}::timestamptz)`;
  const full = sql`(not ${expired} and ${failures} >= ${allowance})`;
  const rows = await db
    .insert(signInAddresses)
    .values({ address, failures: 1, firstAt: now, lastAt: now, admitted: true })
    .onConflictDoUpdate({
      target: signInAddresses.address,
      set: {
        failures: sql`case when ${full} then ${failures} when ${expired} then 1 else ${failures} + 1 end`,
        firstAt: sql`case when ${expired} then ${at}::timestamptz else ${firstAt} end`,
        lastAt: sql`case when ${full} then ${lastAt} else ${at}::timestamptz end`,
        admitted: sql`not ${full}`,
      },
    })
    .returning({ admitted: signInAddresses.admitted });
  const admitted = rows[0]?.admitted ?? false;
  if (admitted) {
    await db
      .insert(signInAddressPeople)
      .values({ address, account, failures: 1, lastAt: now })
      .onConflictDoUpdate({
        target: [signInAddressPeople.address, signInAddressPeople.account],
        set: { failures: sql`${signInAddressPeople.failures} + 1`, lastAt: now },
      });
  }
  return admitted;
}

/**
 * The person signed in from this address: their counted failures there are given back (they were
 * typos after all), and, when `earnsRoom`, the address counts them among the people who signed in
 * from it.
 */
export async function rememberAddressSignIn(
  db: Db,
  address: string,
  account: string,
  earnsRoom: boolean,
  now: Date,
): Promise<void> {
  const given = await db
    .delete(signInAddressPeople)
    .where(and(eq(signInAddressPeople.address, address), eq(signInAddressPeople.account, account)))
    .returning({ failures: signInAddressPeople.failures });
  const failures = Number(given[0]?.failures ?? 0);
  if (failures > 0) {
    await db
      .update(signInAddresses)
      .set({ failures: sql`greatest(${signInAddresses.failures} - ${failures}, 0)` })
      .where(eq(signInAddresses.address, address));
  }
  if (!earnsRoom) return;
  await db
    .insert(signInAddressPeople)
    .values({ address, account, failures: 0, signedInAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: [signInAddressPeople.address, signInAddressPeople.account],
      set: { failures: 0, signedInAt: now, lastAt: now },
    });
}

/** Drops address rows whose window and people rows whose last event are over a year old. */
export async function forgetStaleAddresses(db: Db, now: Date): Promise<void> {
  await db.delete(signInAddresses).where(lt(signInAddresses.lastAt, windowStart(now)));
  await db.delete(signInAddressPeople).where(lt(signInAddressPeople.lastAt, windowStart(now)));
}
