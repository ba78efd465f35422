// Browsers remembered for a person (decision 136, OWASP's device cookie): after a sign-in the
// browser is given a random token (the web app keeps it in a cookie); the attempts that later
// present it for the same person are counted on the token alone, so a person locked against
// guessing from unknown browsers still signs in from their own. Only the token's SHA-256 is
// stored; deleting the row forgets the browser.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { DEVICE_FORGET_AFTER_MS } from "@domain/rules/sign-in-guessing";
import type { Db } from "../db/client";
import { signInDevices } from "../db/schema";

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The counter key of a remembered browser's attempts. */
export function deviceAttemptKey(tokenHash: string): string {
  return `device:${tokenHash}`;
}

/**
 * The hash of a presented token that is remembered for this account (and used within the last
 * year), or null: then the attempt comes from a browser unknown to the person.
 */
export async function knownDevice(
  db: Db,
  account: string,
  tokens: readonly string[],
  now: Date,
): Promise<string | null> {
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ tokenHash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(
      and(
        inArray(signInDevices.tokenHash, tokens.map(hashOf)),
        eq(signInDevices.account, account),
        gt(signInDevices.lastUsedAt, new Date(now.getTime() - DEVICE_FORGET_AFTER_MS)),
      ),
    )
    .limit(1);
  return row?.tokenHash ?? null;
}

/**
 * After a sign-in: a known browser's token is kept (its last use noted) and nothing new is given;
 * an unknown browser gets a new token for this account, returned once.
 */
export async function rememberDevice(
  db: Db,
  account: string,
  known: string | null,
  now: Date,
): Promise<string | undefined> {
  if (known) {
    await db
      .update(signInDevices)
      .set({ lastUsedAt: now })
      .where(eq(signInDevices.tokenHash, known));
    return undefined;
  }
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(signInDevices)
    .values({ tokenHash: hashOf(token), account, createdAt: now, lastUsedAt: now });
  return token;
}

/** Forgets browsers not used for a year, so the table stays small. */
export async function forgetStaleDevices(db: Db, now: Date): Promise<void> {
  await db
    .delete(signInDevices)
    .where(lt(signInDevices.lastUsedAt, new Date(now.getTime() - DEVICE_FORGET_AFTER_MS)));
}
