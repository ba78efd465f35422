// Remembered children of a community account (decision 168). A community member who proved a
// child's ID and birth date in their own sign-in (the child's live session, decision 165) may keep
// the link; at their next sign-in a session is opened for each remembered child who is still
// active, and the link can be removed. Nothing else is stored: every child's data is still read
// with that child's own session.
import { and, asc, eq, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type { RememberedChildren } from "@domain/contract/household";
import { t } from "@domain/messages";
import { HOUSEHOLD_MAX } from "@domain/rules/household";
import type { Exec } from "../db/client";
import { householdLinks, participants } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { participantSession } from "./accounts";
import { lockRows } from "./locks";
import { liveClaims } from "./sessions";

/** The community member's own sign-in (not a register's session), or a 403. */
function accountHolder(claims: TokenClaims): number {
  if (claims.kind !== "community_member" || claims.cashier) {
    throw new ApiError(403, t("household.links.notAccount"));
  }
  return Number(claims.sub);
}

interface LinkedRow {
  id: number;
  kind: "student" | "community_member";
  name_first: string;
  name_last: string;
}

/** The holder's remembered children who are still active, in the order they were linked. */
async function remembered(db: Exec, holder: number): Promise<LinkedRow[]> {
  return db
    .select({
      id: participants.id,
      kind: participants.kind,
      name_first: participants.nameFirst,
      name_last: participants.nameLast,
    })
    .from(householdLinks)
    .innerJoin(participants, eq(participants.id, householdLinks.childId))
    .where(and(eq(householdLinks.holderId, holder), eq(participants.active, true)))
    .orderBy(asc(householdLinks.createdAt), asc(participants.id));
}

const reply = (rows: LinkedRow[]): RememberedChildren => ({
  children: rows.map((r) => ({
    childId: String(r.id),
    userType: r.kind,
    nameFirst: r.name_first,
  })),
});

/** GET /v1/household/children. */
export async function listRemembered(
  deps: ApiDeps,
  claims: TokenClaims,
): Promise<RememberedChildren> {
  return reply(await remembered(deps.db, accountHolder(claims)));
}

/**
 * POST /v1/household/children: remembers the child whose live session `childToken` is. The
 * holder's row is locked first (the "participant" kind of decision 117's order), so two adds at
 * once cannot pass the count together; remembering a child twice is one link.
 */
export async function rememberChild(
  deps: ApiDeps,
  claims: TokenClaims,
  childToken: string,
): Promise<RememberedChildren> {
  const holder = accountHolder(claims);
  const child = await liveClaims(deps, childToken);
  if (!child || (child.kind !== "student" && child.kind !== "community_member")) {
    throw new ApiError(403, t("household.cart.notLinked"));
  }
  const childId = Number(child.sub);
  if (childId === holder) throw new ApiError(409, t("household.links.self"));
  return deps.db.transaction(async (tx) => {
    await lockRows(tx, "participant", sql`select id from participants where id = ${holder}`);
    const now = await remembered(tx, holder);
    if (!now.some((r) => Number(r.id) === childId)) {
      // The holder and their children share one sign-in: as many as it may hold.
      if (now.length >= HOUSEHOLD_MAX - 1) {
        throw new ApiError(409, t("household.links.full", { max: HOUSEHOLD_MAX - 1 }));
      }
      await tx.execute(
        sql`insert into household_links (holder_id, child_id, created_at)
            values (${holder}, ${childId}, ${deps.clock.now()})
            on conflict do nothing`,
      );
    }
    return reply(await remembered(tx, holder));
  });
}

/** DELETE /v1/household/children/{childId}. */
export async function forgetChild(
  deps: ApiDeps,
  claims: TokenClaims,
  childId: number,
): Promise<RememberedChildren> {
  const holder = accountHolder(claims);
  const gone = await deps.db
    .delete(householdLinks)
    .where(and(eq(householdLinks.holderId, holder), eq(householdLinks.childId, childId)))
    .returning({ childId: householdLinks.childId });
  if (!gone.length) throw new ApiError(404, t("household.links.notFound"));
  return reply(await remembered(deps.db, holder));
}

/**
 * POST /v1/household/sessions: a new session for each remembered child still active, each with a
 * session of its own (ended by the household's sign-out, decision 103).
 */
export async function openRememberedSessions(deps: ApiDeps, claims: TokenClaims) {
  const rows = await remembered(deps.db, accountHolder(claims));
  const sessions = [];
  for (const r of rows.slice(0, HOUSEHOLD_MAX - 1)) {
    sessions.push(
      await participantSession(deps, {
        id: Number(r.id),
        kind: r.kind,
        nameFirst: r.name_first,
        nameLast: r.name_last,
      }),
    );
  }
  return { sessions };
}
