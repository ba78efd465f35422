// Staff accounts, changed by administrators (issue 18 point 5, decision 119) and, for the first
// administrator, by `npm run admin:create`. Every change records an audit entry in its own
// transaction. A reset or a deactivation ends every session the person has at once
// (staff.sessions_ended_at, checked on each call by services/sessions.ts).
import { sql } from "drizzle-orm";
import type { StaffAccountRequest } from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
import { ApiError } from "./errors";
import { hashPassword } from "./passwords";
import { lockRows } from "./locks";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";

export interface StaffAccountRow {
  id: number;
  username: string;
  employeeId: string;
  nameFirst: string;
  nameLast: string;
  email: string | null;
  roles: string[];
  active: boolean;
}

const COLUMNS = sql`id, username, employee_id as "employeeId", name_first as "nameFirst",
  name_last as "nameLast", email, roles, active`;

/** What the audit trail keeps of an account: everything but the password. */
function shown(a: StaffAccountRow) {
  const { id: _id, ...rest } = a;
  return rest;
}

/** Creates an account; 409 when the username (any case) or the employee id is taken. */
export async function createStaffAccount(
  db: Db,
  actor: Actor,
  input: StaffAccountRequest,
  now: Date,
): Promise<StaffAccountRow> {
  const passwordHash = await hashPassword(input.password);
  const roles = [...new Set(input.roles)];
  return db.transaction(async (tx) => {
    const taken = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from staff
        where lower(username) = ${input.username.toLowerCase()} or employee_id = ${input.employeeId}`,
    );
    if (taken.length) throw new ApiError(409, t("admin.staff.taken"));
    const [row] = await queryRows<StaffAccountRow>(
      tx,
      sql`insert into staff (username, password_hash, employee_id, display_name, name_first,
          name_last, email, roles, active)
        values (${input.username}, ${passwordHash}, ${input.employeeId},
          ${`${input.nameFirst} ${input.nameLast}`}, ${input.nameFirst}, ${input.nameLast},
          ${input.email ?? null}, ${`{${roles.join(",")}}`}::text[], true)
        on conflict do nothing
        returning ${COLUMNS}`,
    );
    if (!row) throw new ApiError(409, t("admin.staff.taken"));
    await recordAudit(
      tx,
      actor,
      { action: AUDIT_ACTIONS.staffCreate, entity: "staff", entityId: row.id, after: shown(row) },
      now,
    );
    return row;
  });
}

async function lockAccount(tx: Pick<Db, "execute">, id: number): Promise<StaffAccountRow> {
  const [row] = await lockRows<StaffAccountRow>(
    tx,
    "staff-account",
    sql`select ${COLUMNS} from staff where id = ${id}`,
  );
  if (!row) throw new ApiError(404, t("admin.staff.notFound"));
  return row;
}

/** Sets a new password and ends every session the person has. */
export async function resetStaffPassword(
  db: Db,
  actor: Actor,
  id: number,
  password: string,
  now: Date,
): Promise<StaffAccountRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, id);
    await tx.execute(sql`update staff set password_hash = ${passwordHash},
      sessions_ended_at = ${now.toISOString()}::timestamptz where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.staffResetPassword,
        entity: "staff",
        entityId: id,
        before: { username: row.username },
        after: { username: row.username, passwordChanged: true, sessionsEnded: true },
      },
      now,
    );
    return row;
  });
}

/** Deactivates an account: no sign-in, no refresh, and its open sessions end at once. */
export async function deactivateStaffAccount(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<StaffAccountRow> {
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, id);
    if (row.employeeId === actor.employeeId) throw new ApiError(409, t("admin.staff.notYourself"));
    if (!row.active) throw new ApiError(409, t("admin.staff.alreadyInactive"));
    await tx.execute(sql`update staff set active = false,
      sessions_ended_at = ${now.toISOString()}::timestamptz where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.staffDeactivate,
        entity: "staff",
        entityId: id,
        before: { username: row.username, active: true },
        after: { username: row.username, active: false, sessionsEnded: true },
      },
      now,
    );
    return { ...row, active: false };
  });
}
