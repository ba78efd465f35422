// How a staff member is named wherever the district shows who did something with money
// (decision 160: refunds listed an employee ID): the name stored for their account, else their
// first and last name, else their username. Callers fall back to the employee ID when no account
// has it.
import { sql, type SQL } from "drizzle-orm";

/** The shown name of the staff row under `alias` (null when the row is missing). */
export function staffShownName(alias: string): SQL {
  const st = sql.raw(alias);
  return sql`coalesce(nullif(trim(${st}.display_name), ''),
    nullif(trim(concat_ws(' ', ${st}.name_first, ${st}.name_last)), ''), ${st}.username)`;
}
