// What a production database needs before anyone uses it, and nothing of the demo: the settings
// texts (the spec's defaults, edited later by the district), the maintenance row (no window) and
// the fee categories. Idempotent: run on every production start, it only fills what is missing.
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { feeCategories, maintenance, settings } from "../schema";
import { DEFAULT_SETTINGS, PAST_MAINTENANCE_WINDOW } from "./core";

export const FEE_CATEGORIES = [
  "Athletics",
  "Clubs",
  "Donations",
  "Field Trips",
  "Supplies",
  "Yearbook",
];

export async function seedBaseline(db: Db): Promise<void> {
  await db.insert(settings).values({ id: 1, data: DEFAULT_SETTINGS }).onConflictDoNothing();
  await db
    .insert(maintenance)
    .values({ id: 1, ...PAST_MAINTENANCE_WINDOW })
    .onConflictDoNothing();
  const res = (await db.execute(sql`select count(*)::int as n from fee_categories`)) as unknown as {
    rows: { n: number }[];
  };
  if (Number(res.rows[0]?.n ?? 0) === 0) {
    await db.insert(feeCategories).values(FEE_CATEGORIES.map((name) => ({ name })));
  }
}
