// Read-only queries of the administration pages (decision 119): staff accounts and the audit trail.
import { sql, type SQL } from "drizzle-orm";
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE, type AuditQuery } from "@domain/contract/admin";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";

export async function listStaffAccounts(db: Db) {
  return queryRows<{
    id: number;
    username: string;
    employeeId: string;
    nameFirst: string;
    nameLast: string;
    email: string | null;
    roles: string[];
    active: boolean;
  }>(
    db,
    sql`select id, username, employee_id as "employeeId", name_first as "nameFirst",
      name_last as "nameLast", email, roles, active
      from staff order by active desc, lower(username)`,
  );
}

interface AuditRow {
  id: string | number;
  at: string;
  actorEmployeeId: string;
  actorUsername: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

function where(f: Omit<AuditQuery, "page">): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.actor) parts.push(sql`lower(actor_username) = ${f.actor.toLowerCase()}`);
  if (f.action) parts.push(sql`action = ${f.action}`);
  if (f.entity) parts.push(sql`entity = ${f.entity}`);
  if (f.from) parts.push(sql`at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`at < ${f.to}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
  actor_employee_id as "actorEmployeeId", actor_username as "actorUsername", action, entity,
  entity_id as "entityId", before, after`;

const asEntry = (r: AuditRow) => ({ ...r, id: Number(r.id) });

/** One page of entries, newest first, and how many match in all. */
export async function readAuditPage(db: Db, q: AuditQuery) {
  const filter = where(q);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_entries where ${filter}`,
  );
  const rows = await queryRows<AuditRow>(
    db,
    sql`select ${COLUMNS} from audit_entries where ${filter} order by at desc, id desc
      limit ${AUDIT_PAGE_SIZE} offset ${(q.page - 1) * AUDIT_PAGE_SIZE}`,
  );
  return {
    entries: rows.map(asEntry),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

/** Every matching entry for a download, newest first, up to the export limit. */
export async function readAuditExport(db: Db, q: Omit<AuditQuery, "page">) {
  const rows = await queryRows<AuditRow>(
    db,
    sql`select ${COLUMNS} from audit_entries where ${where(q)} order by at desc, id desc
      limit ${AUDIT_EXPORT_LIMIT + 1}`,
  );
  return {
    entries: rows.slice(0, AUDIT_EXPORT_LIMIT).map(asEntry),
    truncated: rows.length > AUDIT_EXPORT_LIMIT,
  };
}
