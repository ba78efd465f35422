// Read-only queries of the settings texts and the maintenance window (spec 01 §3, §7).
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db, type Exec } from "../db/client";
import { maintenance, settings } from "../db/schema";
import { textLanguage } from "./spanish-texts";
import { AdminSettings, MAILED_CHECK_DAYS } from "@domain/contract/admin";
import { Settings } from "@domain/contract/identity";
import { paymentWindowMinutes } from "@domain/rules/registration";
import { mailedCheckSharePercent } from "@domain/rules/mailed-check-promises";

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

/** The settings as an administrator reads them: the texts and the two durations (decision 119). */
/** Days a mailed-check promise waits (decision 123): the setting, or the default. */
export function mailedCheckDays(value: unknown): number {
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value >= MAILED_CHECK_DAYS.min &&
    value <= MAILED_CHECK_DAYS.max
    ? value
    : MAILED_CHECK_DAYS.default;
}

export async function readAdminSettings(db: Db): Promise<AdminSettings> {
  const data = ((await readSettingsData(db)) ?? {}) as Record<string, unknown>;
  const legacy = data.cartCountdownTimer as string | undefined;
  return AdminSettings.parse({
    ...Settings.parse(data),
    cartHoldMinutes: paymentWindowMinutes((data.cartHoldMinutes as number | undefined) ?? legacy),
    paymentWindowMinutes: paymentWindowMinutes(
      (data.paymentWindowMinutes as number | undefined) ?? legacy,
    ),
    mailedCheckDays: mailedCheckDays(data.mailedCheckDays),
    mailedCheckSharePercent: mailedCheckSharePercent(data.mailedCheckSharePercent),
  });
}

/**
 * The district's name as mail, receipts and reports print it: the settings row's `districtName`
 * (edited by administrators, decision 119; its Spanish version in a Spanish reader's mail,
 * decision 172), or `fallback` (the DISTRICT_NAME of the server's environment) when the row has
 * none. Read with the caller's executor, so a transaction reads it.
 */
export async function readDistrictName(db: Exec, fallback: string): Promise<string> {
  // One row whether or not either table has one: a SELECT without FROM, which the builder lacks.
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select coalesce(
        (select text from district_texts where entity = 'setting' and entity_id = '1'
          and field = 'districtName' and language = ${textLanguage()}),
        (select data->>'districtName' from settings where id = 1)) as name`,
  );
  const name = row?.name?.trim();
  return name ? name : fallback;
}
