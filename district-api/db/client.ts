// One SQL dialect everywhere: PostgreSQL, embedded (PGlite in DATA_DIR) or a server (DATABASE_URL).
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs fn with one connection to itself, for multi-statement scripts and session-level locks
   * (migrations). exec returns the rows of the script's last statement.
   */
  withConnection<T>(fn: (exec: (sqlText: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // Dates stay strings: birth dates are calendar dates, not instants.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.default.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
    });
    // An idle connection that the server ends (restart, failover, a dropped test database) must
    // not crash the process: the pool discards it and the next query opens a new one.
    pool.on("error", () => undefined);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(async (text) => {
            const res = (await conn.query(text)) as unknown as
              { rows: unknown[] } | { rows: unknown[] }[];
            return Array.isArray(res) ? (res[res.length - 1]?.rows ?? []) : res.rows;
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    withConnection: (fn) =>
      fn(async (text) => {
        const res = await client.exec(text);
        return res[res.length - 1]?.rows ?? [];
      }),
    close: () => client.close(),
  };
}

/** Rows of a raw query, whichever driver answered. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
