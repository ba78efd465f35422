// Demo data, seeded once on an empty database. Each area seeds its own tables, in this order.
import type { Db } from "../client";
import { isEmpty, seedCore } from "./core";
import { seedCommunity } from "./community";
import { seedPrograms } from "./programs";
import { seedFees } from "./fees";
import { seedStaff } from "./staff";
import { seedFeeRequests } from "./fee-requests";

export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedCore(db);
  await seedCommunity(db);
  await seedPrograms(db);
  await seedFees(db);
  await seedStaff(db);
  await seedFeeRequests(db);
  return true;
}
