// Read-only queries of the administration pages (decision 119): staff accounts and the audit trail.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE, type AuditQuery } from "@domain/contract/admin";
import type { Db } from "../db/client";
import { auditEntries, staff } from "../db/schema";

/** A staff account as the administration shows it (no password, no sign-in lock). */
export const STAFF_ACCOUNT_COLUMNS = {
  id: staff.id,
  username: staff.username,
  employeeId: staff.employeeId,
  nameFirst: staff.nameFirst,
  nameLast: staff.nameLast,
  email: staff.email,
  roles: staff.roles,
  active: staff.active,
};

export async function listStaffAccounts(db: Db) {
  return db
    .select(STAFF_ACCOUNT_COLUMNS)
    .from(staff)
    .orderBy(desc(staff.active), sql`lower(${staff.username})`);
}

function where(f: Omit<AuditQuery, "page">): SQL | undefined {
  const e = auditEntries;
  return and(
    f.actor ? eq(sql`lower(${e.actorUsername})`, f.actor.toLowerCase()) : undefined,
    f.action ? eq(e.action, f.action) : undefined,
    f.entity ? eq(e.entity, f.entity) : undefined,
    f.from ? sql`${e.at} >= ${f.from}::timestamptz` : undefined,
    f.to ? sql`${e.at} < ${f.to}::timestamptz` : undefined,
  );
}

const COLUMNS = {
  id: auditEntries.id,
  at: sql<string>`to_char(${auditEntries.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  actorEmployeeId: auditEntries.actorEmployeeId,
  actorUsername: auditEntries.actorUsername,
  action: auditEntries.action,
  entity: auditEntries.entity,
  entityId: auditEntries.entityId,
  before: auditEntries.before,
  after: auditEntries.after,
};

const NEWEST_FIRST = [desc(auditEntries.at), desc(auditEntries.id)];

/** One page of entries, newest first, and how many match in all. */
export async function readAuditPage(db: Db, q: AuditQuery) {
  const filter = where(q);
  const [total] = await db.select({ n: count() }).from(auditEntries).where(filter);
  const entries = await db
    .select(COLUMNS)
    .from(auditEntries)
    .where(filter)
    .orderBy(...NEWEST_FIRST)
    .limit(AUDIT_PAGE_SIZE)
    .offset((q.page - 1) * AUDIT_PAGE_SIZE);
  return {
    entries,
    total: total?.n ?? 0,
    page: q.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

/** Every matching entry for a download, newest first, up to the export limit. */
export async function readAuditExport(db: Db, q: Omit<AuditQuery, "page">) {
  const rows = await db
    .select(COLUMNS)
    .from(auditEntries)
    .where(where(q))
    .orderBy(...NEWEST_FIRST)
    .limit(AUDIT_EXPORT_LIMIT + 1);
  return {
    entries: rows.slice(0, AUDIT_EXPORT_LIMIT),
    truncated: rows.length > AUDIT_EXPORT_LIMIT,
  };
}
