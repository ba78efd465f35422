// The district's schools and school years as the administration lists them (decision 149).
import { sql } from "drizzle-orm";
import type { SchoolsReply } from "@domain/contract/admin-schools";
import { queryRows, type Exec } from "../db/client";

/** Every school by short name, every school year newest first. */
export async function readSchools(db: Exec): Promise<SchoolsReply> {
  const schools = await queryRows<SchoolsReply["schools"][number]>(
    db,
    sql`select id, short_name as "shortName", full_name as "fullName"
      from schools order by lower(short_name), id`,
  );
  const schoolYears = await queryRows<SchoolsReply["schoolYears"][number]>(
    db,
    sql`select id, year from school_years order by year desc, id`,
  );
  return { schools, schoolYears };
}
