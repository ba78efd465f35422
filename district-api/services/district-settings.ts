// Administrators change the district's settings and its maintenance window
// (decision 119). The row is locked for the change (services/locks.ts), only the keys that changed
// are written (a jsonb merge) and recorded in the audit trail, in one transaction.
import { eq, sql } from "drizzle-orm";
import type { SettingsChange } from "@domain/contract/admin";
import type { Db, Exec } from "../db/client";
import { settings } from "../db/schema";
import { lockRows } from "./locks";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";

type Data = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies a change; answers the keys that changed (an empty object when nothing did). */
export async function changeSettings(
  db: Db,
  actor: Actor,
  change: SettingsChange,
  now: Date,
): Promise<{ before: Data; after: Data }> {
  return db.transaction(async (tx) => {
    const [row] = await lockRows<{ data: Data }>(
      tx,
      "district-setting",
      sql`select data from settings where id = 1`,
    );
    const current: Data = row?.data ?? {};
    const before: Data = {};
    const after: Data = {};
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || same(current[key], value)) continue;
      before[key] = current[key] ?? null;
      after[key] = value;
    }
    if (Object.keys(after).length === 0) return { before, after };
    // cartCountdownTimer is the spec's name for the cart's minutes; it follows the cart hold.
    const patch: Data = { ...after };
    if (typeof after.cartHoldMinutes === "number") {
      patch.cartCountdownTimer = String(after.cartHoldMinutes);
    }
    await tx.execute(sql`insert into settings (id, data) values (1, ${JSON.stringify(patch)}::jsonb)
      on conflict (id) do update set data = settings.data || excluded.data`);
    await recordAudit(
      tx,
      actor,
      { action: AUDIT_ACTIONS.settingsChange, entity: "settings", entityId: 1, before, after },
      now,
    );
    return { before, after };
  });
}

interface Window {
  start: string | null;
  end: string | null;
}

async function lockWindow(tx: Exec): Promise<Window> {
  const [row] = await lockRows<{ start: string | null; end: string | null }>(
    tx,
    "district-setting",
    sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start,
      to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "end"
      from maintenance where id = 1`,
  );
  return { start: row?.start ?? null, end: row?.end ?? null };
}

async function writeWindow(tx: Exec, w: Window): Promise<void> {
  await tx.execute(sql`insert into maintenance (id, starts_at, ends_at)
    values (1, ${w.start}::timestamptz, ${w.end}::timestamptz)
    on conflict (id) do update set starts_at = excluded.starts_at, ends_at = excluded.ends_at`);
}

/** Schedules the maintenance window (it replaces the one on file). */
export async function scheduleMaintenance(
  db: Db,
  actor: Actor,
  window: { start: string; end: string },
  now: Date,
): Promise<Window> {
  const next = {
    start: new Date(window.start).toISOString(),
    end: new Date(window.end).toISOString(),
  };
  return db.transaction(async (tx) => {
    const before = await lockWindow(tx);
    await writeWindow(tx, next);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.maintenanceSchedule,
        entity: "maintenance",
        entityId: 1,
        before,
        after: next,
      },
      now,
    );
    return next;
  });
}

/** Cancels a window that has not ended: none is on file afterwards. Null when there is none. */
export async function cancelMaintenance(db: Db, actor: Actor, now: Date): Promise<Window | null> {
  return db.transaction(async (tx) => {
    const before = await lockWindow(tx);
    if (!before.end || Date.parse(before.end) <= now.getTime()) return null;
    const after = { start: null, end: null };
    await writeWindow(tx, after);
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.maintenanceCancel,
        entity: "maintenance",
        entityId: 1,
        before,
        after,
      },
      now,
    );
    return after;
  });
}

/** Whether the settings row exists (a fresh database has none before its seed). */
export async function hasSettingsRow(db: Db): Promise<boolean> {
  const rows = await db
    .select({ n: sql<number>`1` })
    .from(settings)
    .where(eq(settings.id, 1));
  return rows.length > 0;
}

/** Sets the district's name of a fresh database (DISTRICT_NAME, decision 122); no audit entry. */
export async function nameDistrict(db: Db, name: string): Promise<void> {
  await db.execute(sql`update settings
    set data = jsonb_set(data, '{districtName}', to_jsonb(${name}::text)) where id = 1`);
}
