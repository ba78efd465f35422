// Sessions ended on the server (decision 103). A token names its session (`sid`); sign-out records
// the session as ended, and every authenticated call refuses a token whose session has ended. The
// check is one primary-key lookup, prepared once per connection, because it runs on every call.
import { and, eq, lt, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type { Db, PreparedRows } from "../db/client";
import { endedSessions, guests, participants, staff } from "../db/schema";
import type { ApiDeps } from "../deps";
import { TOKEN_TTL_SECONDS, verifyToken } from "./tokens";

/**
 * True when the session `sid` was ended (signed out), in any process sharing the database, or
 * when the token is a staff member's issued at or before the end of all their sessions
 * (deactivation or a password reset, decision 119). A register's session (decision 140) also ends
 * with its cashier's: `cashier` names the employee signed in at the register and their session,
 * checked the same two ways. One statement, four index probes.
 */
export async function isSessionEnded(
  preparedRows: PreparedRows,
  sid: string,
  staffToken?: { employeeId: string; issuedAt: number },
  cashier?: { employeeId: string; sid: string; issuedAt: number },
): Promise<boolean> {
  const rows = await preparedRows<{ ended: number }>(
    "session_ended",
    sql`select 1 as ended from ended_sessions where sid = ${sid}::uuid
      union all
      select 1 as ended from ended_sessions where sid = ${cashier?.sid ?? sid}::uuid
      union all
      select 1 as ended from staff
       where employee_id = ${staffToken?.employeeId ?? ""}
         and sessions_ended_at >= to_timestamp(${staffToken?.issuedAt ?? 0})
      union all
      select 1 as ended from staff
       where employee_id = ${cashier?.employeeId ?? ""}
         and sessions_ended_at >= to_timestamp(${cashier?.issuedAt ?? 0})`,
  );
  return rows.length > 0;
}

/**
 * The claims of a token that is genuine, unexpired and of a session that has not ended (signed
 * out, decision 103); otherwise null. A token without a session id cannot be signed out, so it is
 * refused too. A register's token whose cashier's session ended is refused (decision 140).
 */
export async function liveClaims(deps: ApiDeps, token: string): Promise<TokenClaims | null> {
  const claims = await verifyToken(deps.tokenKey, token, deps.clock.now());
  if (!claims?.sid) return null;
  const staffToken =
    claims.kind === "staff" ? { employeeId: claims.sub, issuedAt: claims.iat ?? 0 } : undefined;
  const cashier =
    claims.cashier && claims.cashierEmployeeId && claims.cashierSid
      ? { employeeId: claims.cashierEmployeeId, sid: claims.cashierSid, issuedAt: claims.iat ?? 0 }
      : undefined;
  return (await isSessionEnded(deps.preparedRows, claims.sid, staffToken, cashier)) ? null : claims;
}

/**
 * Ends the session `sid`: no token of it is accepted again. Answers false when it had already
 * ended. Tokens of the session expire at the latest one token lifetime from now (no refresh is
 * accepted after this), so the row is kept that long; rows past that are deleted as we go.
 */
export async function endSession(db: Db, sid: string, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000);
  const inserted = await db
    .insert(endedSessions)
    .values({ sid, endedAt: now, expiresAt })
    .onConflictDoNothing()
    .returning({ sid: endedSessions.sid });
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now));
  return inserted.length > 0;
}

/**
 * What a refresh takes from the account on file: staff must still be active, and their roles are
 * read afresh; a student, community member or guest must still exist as that kind. Null when the
 * account is gone or deactivated.
 */
export async function currentAccount(
  db: Db,
  claims: Pick<TokenClaims, "kind" | "sub">,
): Promise<Pick<TokenClaims, "role"> | null> {
  if (claims.kind === "staff") {
    const [user] = await db
      .select({ roles: staff.roles })
      .from(staff)
      .where(and(eq(staff.employeeId, claims.sub), eq(staff.active, true)));
    return user ? { role: user.roles } : null;
  }
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  if (claims.kind === "guest_user") {
    const [guest] = await db.select({ id: guests.id }).from(guests).where(eq(guests.id, id));
    return guest ? { role: [] } : null;
  }
  const [p] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.id, id),
        eq(participants.kind, claims.kind),
        eq(participants.active, true),
      ),
    );
  return p ? { role: [] } : null;
}
