// One SQL dialect everywhere: PostgreSQL, embedded (PGlite in DATA_DIR) or a server (DATABASE_URL).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { lockDataDir } from "./data-dir-lock";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * Anything that runs SQL: the database or a transaction, with drizzle's query builder (whose
 * rows are typed by the schema) and `execute` for a statement written in SQL.
 */
export type Exec = Pick<
  Db,
  "execute" | "select" | "selectDistinct" | "insert" | "update" | "delete" | "$with"
>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs fn with one connection to itself, for multi-statement scripts and session-level locks
   * (migrations). exec returns the rows of the script's last statement.
   */
  withConnection<T>(fn: (exec: (sqlText: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
  /** Rows of `query` run as a prepared statement (see PreparedRows). */
  preparedRows: PreparedRows;
  /**
   * The embedded database's files as one consistent tarball (gzip), taken between statements
   * while it runs (backups, decision 112). Absent for PostgreSQL, which pg_dump backs up.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL's pool in use: connections open, idle, and callers waiting (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Calls onNotify for each NOTIFY on `channel` (delivered when the notifying transaction
   * commits, from any process); resolves to a function that stops listening. PostgreSQL listens
   * on a connection of its own, outside the pool; a lost connection only stops the calls (the
   * mail worker also polls, decision 130).
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Rows of `query` run as the prepared statement `name`: parsed, analysed and planned once per
 * connection, then only bound and executed. For the hottest statement (the program list on every
 * family's page), where planning cost as much as running. One name, one SQL text: the parameters
 * (numbers, booleans, strings, dates or null) may change, the text may not.
 */
export type PreparedRows = <T>(name: string, query: SQL) => Promise<T[]>;

type PreparedParam = number | boolean | string | Date | null;

const dialect = new PgDialect();

function preparedParams(params: unknown[]): PreparedParam[] {
  return params.map((p) => {
    if (p === null || p instanceof Date || ["number", "boolean", "string"].includes(typeof p)) {
      return p as PreparedParam;
    }
    throw new Error(`a prepared statement's parameter must be a plain value, not ${typeof p}`);
  });
}

/** The SQL type a parameter is declared with when PGlite prepares the statement. */
function paramType(p: PreparedParam): string {
  if (typeof p === "number") {
    return Number.isInteger(p) ? (Math.abs(p) < 2 ** 31 ? "integer" : "bigint") : "float8";
  }
  if (typeof p === "boolean") return "boolean";
  if (p instanceof Date) return "timestamptz";
  return "text";
}

/**
 * A parameter as an SQL literal, for PGlite's EXECUTE (which takes no bound parameters). Strings
 * are quoted by doubling quotes, which is exact while standard_conforming_strings is on (checked
 * when the database opens).
 */
function literal(p: PreparedParam): string {
  if (p === null) return "null";
  if (typeof p === "number") {
    if (!Number.isFinite(p)) throw new Error("a prepared statement's number must be finite");
    return String(p);
  }
  if (typeof p === "boolean") return p ? "true" : "false";
  const text = p instanceof Date ? p.toISOString() : p;
  if (text.includes("\0")) throw new Error("a prepared statement's text may not hold NUL");
  return `'${text.replaceAll("'", "''")}'`;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite only: start from this tarball of a data folder (a restore). */
  loadDataDir?: Blob;
  /**
   * PGlite on disk: who opens it, named to whoever is refused while it is open ("the server", or
   * the command). One process at a time (data-dir-lock.ts, decision 135).
   */
  holder?: string;
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
    // The same for a connection that is checked out (between a transaction's statements) when
    // the server goes away: the statement in flight fails, the process carries on (/readyz says
    // 503 until the database is back).
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
    });
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
      // node-postgres prepares a named statement once per pooled connection and reuses it.
      preparedRows: async <T>(name: string, query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        const res = await pool.query({ name, text, values: preparedParams(params) });
        return res.rows as T[];
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      listen: async (channel, onNotify) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
        let current: InstanceType<typeof pg.default.Client> | null = null;
        let stopped = false;
        let retry: NodeJS.Timeout | null = null;
        // A lost connection (server restart, failover) is opened again every 5 s until it is
        // back; each new one calls onNotify once, for what was queued while nobody listened.
        const connect = async (): Promise<void> => {
          const client = new pg.default.Client({ connectionString: opts.databaseUrl });
          let lostOnce = false;
          const lost = () => {
            if (lostOnce) return;
            lostOnce = true;
            if (current === client) current = null;
            void client.end().catch(() => undefined);
            if (stopped) return;
            retry = setTimeout(() => {
              connect().then(onNotify, () => undefined);
            }, 5_000);
            retry.unref();
          };
          client.on("error", lost);
          client.on("end", lost);
          client.on("notification", (n) => {
            if (n.channel === channel) onNotify();
          });
          try {
            await client.connect();
            await client.query(`listen ${channel}`);
          } catch (err) {
            lost();
            throw err;
          }
          current = client;
        };
        try {
          await connect();
        } catch (err) {
          stopped = true;
          if (retry) clearTimeout(retry);
          throw err;
        }
        return async () => {
          stopped = true;
          if (retry) clearTimeout(retry);
          await current?.end().catch(() => undefined);
        };
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // PGlite makes its own folder but not the folders above it.
  if (opts.dataDir) await mkdir(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
  const { drizzle } = await import("drizzle-orm/pglite");
  const unlock = opts.dataDir
    ? lockDataDir(path.resolve(opts.dataDir), opts.holder ?? "a command")
    : () => undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    client = opts.dataDir
      ? new PGlite(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {})
      : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  // PGlite is one session: each statement is prepared once (PREPARE), then run with EXECUTE and its
  // parameters as literals. Quoting by doubled quotes needs standard_conforming_strings.
  const [conforming] = (
    await client.query<{ on: boolean }>(
      "select current_setting('standard_conforming_strings') = 'on' as on",
    )
  ).rows;
  if (!conforming?.on) {
    await client.close();
    unlock();
    throw new Error("PGlite must run with standard_conforming_strings on");
  }
  const prepared = new Map<string, { text: string; ready: Promise<unknown> }>();
  return {
    db,
    kind: "pglite",
    preparedRows: async <T>(name: string, query: SQL) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad statement name: ${name}`);
      const { sql: text, params } = dialect.sqlToQuery(query);
      const values = preparedParams(params);
      let statement = prepared.get(name);
      if (!statement) {
        const types = values.length ? ` (${values.map(paramType).join(", ")})` : "";
        const ready = client.exec(`prepare ${name}${types} as ${text}`).catch((err: unknown) => {
          prepared.delete(name); // the next call tries again
          throw err;
        });
        statement = { text, ready };
        prepared.set(name, statement);
      } else if (statement.text !== text) {
        throw new Error(`prepared statement ${name} was given another text`);
      }
      await statement.ready;
      const args = values.length ? ` (${values.map(literal).join(", ")})` : "";
      const res = await client.query<T>(`execute ${name}${args}`);
      return res.rows;
    },
    withConnection: (fn) =>
      fn(async (text) => {
        const res = await client.exec(text);
        return res[res.length - 1]?.rows ?? [];
      }),
    dumpDataDir: () => client.dumpDataDir("gzip"),
    listen: async (channel, onNotify) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Rows of a raw query, whichever driver answered. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
