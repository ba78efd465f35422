// A digest of every table's contents, to prove that a refused request wrote nothing.
import { sql } from "drizzle-orm";
import type { Db } from "../../district-api/db/client";

/**
 * Tables a refused request may legitimately write: failed sign-ins are counted (that is the
 * point of throttling; an address's room too, decision 136), and payment-provider event logs record what arrived. The mail queue
 * changes on its own while its worker sends earlier mail (and a sign-in lock notice follows a
 * refused sign-in), decision 130.
 */
export const WRITES_ALLOWED_ON_REFUSAL =
  /^(login_failures|provider_events|mail_queue)$|^sign_in_address|throttle|attempt|lockout/;

type Rows<T> = { rows: T[] };

export async function tableNames(db: Db): Promise<string[]> {
  const r = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as Rows<{ name: string }>;
  return r.rows.map((x) => x.name).filter((n) => !WRITES_ALLOWED_ON_REFUSAL.test(n));
}

/**
 * Per table, its row count and the sum of its rows' `xmin` (the transaction that wrote each row
 * version): any insert, update or delete that committed changes one of them.
 */
export async function databaseDigest(db: Db, tables?: string[]): Promise<Record<string, string>> {
  const names = tables ?? (await tableNames(db));
  const parts = names.map(
    (n) =>
      `select '${n}' as name, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) as h from "${n}"`,
  );
  const r = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as Rows<{
    name: string;
    h: string;
  }>;
  return Object.fromEntries(r.rows.map((x) => [x.name, String(x.h)]));
}
