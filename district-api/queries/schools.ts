// The district's schools and school years as the administration lists them (decision 149).
import { desc, sql } from "drizzle-orm";
import type { SchoolsReply } from "@domain/contract/admin-schools";
import type { Exec } from "../db/client";
import { schoolYears, schools } from "../db/schema";

/** Every school by short name, every school year newest first. */
export async function readSchools(db: Exec): Promise<SchoolsReply> {
  const schoolRows = await db
    .select({ id: schools.id, shortName: schools.shortName, fullName: schools.fullName })
    .from(schools)
    .orderBy(sql`lower(${schools.shortName})`, schools.id);
  const yearRows = await db
    .select({ id: schoolYears.id, year: schoolYears.year })
    .from(schoolYears)
    .orderBy(desc(schoolYears.year), schoolYears.id);
  return { schools: schoolRows, schoolYears: yearRows };
}
