// Sign-in throttling: after 5 failures in 15 minutes for an ID/username or an address, refuse.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

export async function isThrottled(db: Db, keys: string[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  return rows.some((r) => Number(r.n) >= MAX_FAILURES);
}

export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
  // Old rows are of no use; trim them as we go so the table stays small.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - 2 * FAILURE_WINDOW_MS)));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
