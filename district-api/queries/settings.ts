// Read-only queries of the settings texts and the maintenance window (spec 01 §3, §7).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { maintenance, settings } from "../db/schema";

/** The settings texts as stored (parsed against the contract by the caller). */
export async function readSettingsData(db: Db): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row?.data ?? {};
}

/** The maintenance window, start and end as ISO instants (null when none is set). */
export async function readMaintenanceWindow(
  db: Db,
): Promise<{ start: string | null; end: string | null }> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, 1));
  return { start: row?.startsAt?.toISOString() ?? null, end: row?.endsAt?.toISOString() ?? null };
}
