// Changes an administrator makes to a student or community member (decision 122):
// financial aid, the activity pass, and unlocking a sign-in the guard has locked (decision
// 100) — and unlocking a staff member's sign-in. Each runs in one transaction under the person's
// row lock and records its audit entry there; a change that changes nothing records nothing.
import { sql } from "drizzle-orm";
import type { FinancialAidChoice, SignInLock } from "@domain/contract/admin-people";
import { t } from "@domain/messages";
import type { Db, Exec } from "../db/client";
import { ApiError } from "../errors";
import { lockRows } from "./locks";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";
import { participantSignInKey, readSignInLock, staffSignInKey } from "../queries/people";

interface ParticipantRow {
  id: number;
  kind: string;
  financialAid: "free" | "reduced" | null;
  activityPass: boolean;
}

async function lockParticipant(tx: Exec, id: number): Promise<ParticipantRow> {
  const [row] = await lockRows<ParticipantRow>(
    tx,
    "participant",
    sql`select id, kind, financial_aid as "financialAid", activity_pass as "activityPass"
      from participants where id = ${id}`,
  );
  if (!row) throw new ApiError(404, t("admin.people.notFound"));
  return row;
}

/** Sets (or clears, "none") a person's financial aid; answers whether it changed. */
export async function setFinancialAid(
  db: Db,
  actor: Actor,
  id: number,
  choice: FinancialAidChoice,
  now: Date,
): Promise<{ changed: boolean }> {
  const aid = choice === "none" ? null : choice;
  return db.transaction(async (tx) => {
    const row = await lockParticipant(tx, id);
    if (row.financialAid === aid) return { changed: false };
    await tx.execute(sql`update participants set financial_aid = ${aid} where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.participantFinancialAid,
        entity: "participant",
        entityId: id,
        before: { financialAid: row.financialAid ?? "none" },
        after: { financialAid: choice },
      },
      now,
    );
    return { changed: true };
  });
}

/** Gives or takes a person's activity pass; answers whether it changed. */
export async function setActivityPass(
  db: Db,
  actor: Actor,
  id: number,
  activityPass: boolean,
  now: Date,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockParticipant(tx, id);
    if (row.activityPass === activityPass) return { changed: false };
    await tx.execute(sql`update participants set activity_pass = ${activityPass} where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.participantActivityPass,
        entity: "participant",
        entityId: id,
        before: { activityPass: row.activityPass },
        after: { activityPass },
      },
      now,
    );
    return { changed: true };
  });
}

/**
 * Clears a sign-in's counter: the lock ends and the failures start again from none. Nothing to
 * clear (no failure counted) is a 409 and records nothing.
 */
async function clearSignIn(
  tx: Exec,
  actor: Actor,
  key: string,
  audit: { action: string; entity: string; entityId: number },
  now: Date,
): Promise<{ cleared: boolean; signIn: SignInLock }> {
  const before = await readSignInLock(tx, key, now);
  if (before.failures === 0) throw new ApiError(409, t("admin.people.notLocked"));
  await tx.execute(sql`delete from sign_in_attempts where key = ${key}`);
  await recordAudit(
    tx,
    actor,
    {
      ...audit,
      before: { failures: before.failures, locked: before.locked, until: before.until },
      after: { failures: 0, locked: false, until: null },
    },
    now,
  );
  return { cleared: true, signIn: { failures: 0, locked: false, until: null } };
}

/** Unlocks a student's or community member's sign-in with their ID. */
export async function unlockParticipant(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction(async (tx) => {
    await lockParticipant(tx, id);
    return clearSignIn(
      tx,
      actor,
      participantSignInKey(id),
      { action: AUDIT_ACTIONS.participantUnlock, entity: "participant", entityId: id },
      now,
    );
  });
}

/** Unlocks a staff member's sign-in with their username. */
export async function unlockStaff(db: Db, actor: Actor, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await lockRows<{ username: string }>(
      tx,
      "staff-account",
      sql`select username from staff where id = ${id}`,
    );
    if (!row) throw new ApiError(404, t("admin.staff.notFound"));
    return clearSignIn(
      tx,
      actor,
      staffSignInKey(row.username),
      { action: AUDIT_ACTIONS.staffUnlock, entity: "staff", entityId: id },
      now,
    );
  });
}
