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

/**
 * A mark that moves whenever some transaction that wrote has ended: the snapshot's xmax, one past
 * the latest ended transaction id. An insert, update or delete always takes a transaction id; a
 * read never does. So an unmoved mark means no table changed, and a digest is not needed.
 * (Sequences and other databases of a PostgreSQL server move it too: a digest then says that
 * nothing watched changed, so the mark errs only towards taking one.)
 */
export async function writeMark(db: Db): Promise<string> {
  const r = (await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
  )) as unknown as Rows<{ mark: string }>;
  return r.rows[0]!.mark;
}

export interface WriteWatch {
  /**
   * Whether a watched table changed since the watch began or this was last asked. The digest of
   * every watched table is taken only when the write mark moved.
   */
  wroteSinceLast(): Promise<boolean>;
  /** Digests taken so far (the first, at the start, included). */
  readonly digests: number;
}

/** Watches `tables` for writes, cheaply between writes (see writeMark). */
export async function watchWrites(db: Db, tables: string[]): Promise<WriteWatch> {
  let digests = 0;
  const take = async () => {
    // The mark first: a write that ends between the two is in the digest and moves the next mark,
    // so it is compared again rather than missed.
    const mark = await writeMark(db);
    digests++;
    return { mark, digest: JSON.stringify(await databaseDigest(db, tables)) };
  };
  let last = await take();
  return {
    get digests() {
      return digests;
    },
    async wroteSinceLast() {
      if ((await writeMark(db)) === last.mark) return false;
      const now = await take();
      const wrote = now.digest !== last.digest;
      last = now;
      return wrote;
    },
  };
}
