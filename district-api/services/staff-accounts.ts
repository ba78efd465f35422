// Staff accounts, changed by administrators (decisions 119 and 122) and, for the first
// administrator, by `npm run admin:create`. Every change records an audit entry in its own
// transaction. A reset, a deactivation or a change of roles ends every session the person has at once
// (staff.sessions_ended_at, checked on each call by services/sessions.ts).
import { eq, or, sql } from "drizzle-orm";
import { DISTRICT_ADMIN_ROLE, STAFF_ROLES, type StaffAccountRequest } from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { Db, Exec } from "../db/client";
import { staff } from "../db/schema";
import { STAFF_ACCOUNT_COLUMNS } from "../queries/admin";
import { ApiError } from "../errors";
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

/** Roles are kept in the list's order, so the same set is always the same array. */
const STAFF_ROLE_ORDER: readonly string[] = STAFF_ROLES;

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
    const taken = await tx
      .select({ n: sql<number>`1` })
      .from(staff)
      .where(
        or(
          eq(sql`lower(${staff.username})`, input.username.toLowerCase()),
          eq(staff.employeeId, input.employeeId),
        ),
      );
    if (taken.length) throw new ApiError(409, t("admin.staff.taken"));
    const [row] = await tx
      .insert(staff)
      .values({
        username: input.username,
        passwordHash,
        employeeId: input.employeeId,
        displayName: `${input.nameFirst} ${input.nameLast}`,
        nameFirst: input.nameFirst,
        nameLast: input.nameLast,
        email: input.email ?? null,
        roles,
        active: true,
      })
      .onConflictDoNothing()
      .returning(STAFF_ACCOUNT_COLUMNS);
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

async function lockAccount(tx: Exec, id: number): Promise<StaffAccountRow> {
  const [row] = await lockRows<StaffAccountRow>(
    tx,
    "staff-account",
    sql`select ${COLUMNS} from staff where id = ${id}`,
  );
  if (!row) throw new ApiError(404, t("admin.staff.notFound"));
  return row;
}

/**
 * Locks an account together with every active administrator's, in id order, so that two changes
 * that could each take away an administrator (a role edit, a deactivation) wait for each other and
 * the district always keeps one. Answers the account and how many other active administrators
 * there are.
 */
async function lockAccountAndAdmins(
  tx: Exec,
  id: number,
): Promise<{ row: StaffAccountRow; otherAdmins: number }> {
  const rows = await lockRows<StaffAccountRow>(
    tx,
    "staff-account",
    sql`select ${COLUMNS} from staff
      where id = ${id} or (active and ${DISTRICT_ADMIN_ROLE} = any(roles)) order by id`,
  );
  const row = rows.find((r) => Number(r.id) === id);
  if (!row) throw new ApiError(404, t("admin.staff.notFound"));
  const otherAdmins = rows.filter(
    (r) => Number(r.id) !== id && r.active && r.roles.includes(DISTRICT_ADMIN_ROLE),
  ).length;
  return { row, otherAdmins };
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
    const { row, otherAdmins } = await lockAccountAndAdmins(tx, id);
    if (row.employeeId === actor.employeeId) throw new ApiError(409, t("admin.staff.notYourself"));
    if (!row.active) throw new ApiError(409, t("admin.staff.alreadyInactive"));
    if (row.roles.includes(DISTRICT_ADMIN_ROLE) && otherAdmins === 0) {
      throw new ApiError(409, t("admin.staff.lastAdmin"));
    }
    // An administrator's deactivation: a staff import never undoes it (decision 128).
    await tx.execute(sql`update staff set active = false, import_deactivated = false,
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

/**
 * Replaces an account's roles. A change ends every session the person has at once (decision 122):
 * their next call is refused and they sign in again with the new roles. An administrator cannot
 * take their own administrator role, and the last active administrator keeps it. The same roles
 * again change nothing and record nothing.
 */
export async function changeStaffRoles(
  db: Db,
  actor: Actor,
  id: number,
  roles: string[],
  now: Date,
): Promise<StaffAccountRow & { changed: boolean }> {
  const next = STAFF_ROLE_ORDER.filter((r) => roles.includes(r));
  return db.transaction(async (tx) => {
    const { row, otherAdmins } = await lockAccountAndAdmins(tx, id);
    const same = next.length === row.roles.length && next.every((r) => row.roles.includes(r));
    if (same) return { ...row, changed: false };
    const losesAdmin =
      row.roles.includes(DISTRICT_ADMIN_ROLE) && !next.includes(DISTRICT_ADMIN_ROLE);
    if (losesAdmin && row.employeeId === actor.employeeId) {
      throw new ApiError(409, t("admin.staff.notYourOwnAdmin"));
    }
    if (losesAdmin && row.active && otherAdmins === 0) {
      throw new ApiError(409, t("admin.staff.lastAdmin"));
    }
    await tx.execute(sql`update staff set roles = ${`{${next.join(",")}}`}::text[],
      sessions_ended_at = ${now.toISOString()}::timestamptz where id = ${id}`);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.staffRoles,
        entity: "staff",
        entityId: id,
        before: { username: row.username, roles: row.roles },
        after: { username: row.username, roles: next, sessionsEnded: true },
      },
      now,
    );
    return { ...row, roles: next, changed: true };
  });
}

/** Lets a deactivated account sign in again (its old sessions stay ended). */
export async function reactivateStaffAccount(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<StaffAccountRow> {
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, id);
    if (row.active) throw new ApiError(409, t("admin.staff.alreadyActive"));
    await tx.execute(
      sql`update staff set active = true, import_deactivated = false where id = ${id}`,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.staffReactivate,
        entity: "staff",
        entityId: id,
        before: { username: row.username, active: false },
        after: { username: row.username, active: true },
      },
      now,
    );
    return { ...row, active: true };
  });
}
