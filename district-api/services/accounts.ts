// The accounts people sign in with (spec 01 §7): a participant by ID and birth date, an active
// employee by user name and password, a guest by e-mail, and the names a token belongs to. The
// HTTP layer (http/identity.ts) throttles the guesses and issues the tokens.
import { and, eq, sql } from "drizzle-orm";
import type { GuestRequest, TokenClaims } from "@domain/contract/identity";
import type { z } from "zod";
import { isBirthDateTypo } from "@domain/rules/sign-in-guessing";
import type { Db } from "../db/client";
import { guests, participants, staff } from "../db/schema";
import { passwordMatches } from "./passwords";
import type { ApiDeps } from "../deps";
import { issueToken } from "./tokens";

export type ParticipantRow = typeof participants.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type GuestRow = typeof guests.$inferSelect;

/**
 * A new session of a student or community member: the sign-in's reply (a remembered child's
 * session too, decision 168), its token naming a session of its own (decision 103).
 */
export async function participantSession(
  deps: Pick<ApiDeps, "tokenKey" | "clock">,
  p: Pick<ParticipantRow, "id" | "kind" | "nameFirst" | "nameLast">,
) {
  const claims: Omit<TokenClaims, "exp"> = {
    sub: String(p.id),
    kind: p.kind,
    role: [],
    studentId: String(p.id),
  };
  const { token, expires } = await issueToken(deps.tokenKey, claims, deps.clock.now());
  return {
    accessToken: token,
    expires: expires.toISOString(),
    userType: p.kind,
    studentId: String(p.id),
    nameFirst: p.nameFirst,
    nameLast: p.nameLast,
  };
}

/** The active participant with this ID and birth date, or null (an inactive one, decision 124). */
export async function participantBySignIn(
  db: Db,
  id: number,
  dob: string,
): Promise<ParticipantRow | null> {
  const [p] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.id, id), eq(participants.dob, dob), eq(participants.active, true)));
  return p ?? null;
}

/**
 * Whether a wrong birth date typed for this participant is a typo of theirs (decision 136): such
 * a failure does not count against the address. False when there is no such participant.
 */
export async function birthDateTypo(db: Db, id: number, typed: string): Promise<boolean> {
  const [p] = await db
    .select({ dob: participants.dob })
    .from(participants)
    .where(eq(participants.id, id));
  return p ? isBirthDateTypo(typed, p.dob) : false;
}

/** The active employee with this user name (any case) and password, or null. */
export async function staffBySignIn(
  db: Db,
  username: string,
  password: string,
): Promise<StaffRow | null> {
  const [user] = await db
    .select()
    .from(staff)
    .where(and(eq(sql`lower(${staff.username})`, username), eq(staff.active, true)));
  // An imported staff member without a password yet (decision 128) never signs in. An unknown
  // name or a missing password is compared against a dummy hash, so neither answers sooner.
  const ok = await passwordMatches(password, user?.passwordHash);
  return user && ok ? user : null;
}

/** The first and last name of the person a token belongs to ("" when none is on file). */
export async function namesOf(
  db: Db,
  claims: Pick<TokenClaims, "kind" | "sub">,
): Promise<{ nameFirst: string; nameLast: string }> {
  let row: { nameFirst: string; nameLast: string } | undefined;
  if (claims.kind === "staff") {
    [row] = await db.select().from(staff).where(eq(staff.employeeId, claims.sub));
  } else if (claims.kind === "guest_user") {
    [row] = await db
      .select()
      .from(guests)
      .where(eq(guests.id, Number(claims.sub)));
  } else {
    [row] = await db
      .select()
      .from(participants)
      .where(eq(participants.id, Number(claims.sub)));
  }
  return row
    ? { nameFirst: row.nameFirst, nameLast: row.nameLast }
    : { nameFirst: "", nameLast: "" };
}

/** Up to ten accounts of this kind whose own or custodian address is `address` (lower case). */
export function accountsByAddress(
  db: Db,
  kind: "student" | "community_member",
  address: string,
): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(participants)
    .where(
      and(
        eq(participants.kind, kind),
        eq(participants.active, true),
        sql`(lower(${participants.email}) = ${address} or ${address} = any(select lower(x) from unnest(${participants.custodianEmails}) x))`,
      ),
    )
    .limit(10);
}

/**
 * A new guest for this sign-in (decision 141). A guest is only a name and an e-mail nobody has
 * proved, so a sign-in never reaches an earlier guest's carts, and the answer is the same whether
 * the address was seen before or not: nothing to learn from it, nobody to lock out. Earlier
 * receipts under the address open after a code sent to it (services/guest-receipts.ts).
 */
export async function guestAccount(db: Db, body: z.infer<typeof GuestRequest>): Promise<GuestRow> {
  const [guest] = await db
    .insert(guests)
    .values({ nameFirst: body.nameFirst, nameLast: body.nameLast, email: body.email })
    .returning();
  return guest!;
}
