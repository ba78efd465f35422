// Demo data, seeded once on an empty database. Each area seeds its own tables, in this order.
import type { Db } from "../client";
import { isEmpty, seedCore } from "./core";
import { seedCommunity } from "./community";
import { seedPrograms } from "./programs";
import { seedFees } from "./fees";
import { seedStaff } from "./staff";
import { seedFeeRequests } from "./fee-requests";

/** Every area's demo data; the caller runs it in one transaction (origin.ts claimDatabase). */
export async function seedDemo(db: Db): Promise<void> {
  await seedCore(db);
  await seedCommunity(db);
  await seedPrograms(db);
  await seedFees(db);
  await seedStaff(db);
  await seedFeeRequests(db);
}

/**
 * The demo data on an empty database, in one transaction, claimed for the demo (decision 135):
 * false when the database already had people. For the test suites' snapshot; a start or a
 * command calls claimDatabase, which also refuses a database the demo does not own.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const { claimDatabase } = await import("../origin");
  return (await claimDatabase(db, "demo")) === "seeded";
}
