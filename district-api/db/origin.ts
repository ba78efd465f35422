// The database remembers which start created it (decision 135), so the demo start never serves a
// district's families with simulated payments and the development key, and the production start
// never accepts the demo's `admin` / `admin-demo`. The first start of an empty database writes
// its row (database_origin, migration 0031) in the same transaction that seeds it: the demo's
// data, or the production baseline. Two instances starting at once: the second one's insert waits
// for the first one's transaction and then finds its row.
import { sql } from "drizzle-orm";
import { queryRows, type Db, type Exec } from "./client";
import { seedDemo } from "./seed";
import { seedBaseline } from "./seed/baseline";

export type DatabaseOrigin = "demo" | "production";

/** This start may not serve this database; the message says why and what to do, in one line. */
export class DatabaseOriginRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseOriginRefused";
  }
}

export const REFUSE_PRODUCTION_DATABASE =
  "this database was created by the production start (npm run start:production); the demo start does not serve it: give the demo a new DATA_DIR";
export const REFUSE_FOREIGN_DATABASE =
  "this database holds people or staff accounts the demo did not seed; the demo start serves only a database it created: give the demo a new DATA_DIR, or use npm run start:production";
export const REFUSE_DEMO_DATABASE =
  "this database holds the demo's people and accounts (admin / admin-demo); a district starts from an empty database: use a new DATA_DIR (move the old one away) or a new, empty PostgreSQL database in DATABASE_URL";

export async function readOrigin(db: Exec): Promise<DatabaseOrigin | null> {
  const [row] = await queryRows<{ created_by: DatabaseOrigin }>(
    db,
    sql`select created_by from database_origin where id = 1`,
  );
  return row?.created_by ?? null;
}

async function holdsAnything(db: Exec): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from participants) or exists (select 1 from staff) as any`,
  );
  return Boolean(row?.any);
}

/** The demo's own accounts or students (the same test as migration 0031's). */
async function holdsDemoData(db: Exec): Promise<boolean> {
  const [row] = await queryRows<{ demo: boolean }>(
    db,
    sql`select exists (select 1 from staff where username = 'admin' and employee_id = 'E1005')
      or exists (select 1 from participants
        where id = 100001 and dob = '2012-01-15' and email = 'student100001@example.org') as demo`,
  );
  return Boolean(row?.demo);
}

/**
 * Claims the database for `start`, or throws DatabaseOriginRefused. A database no start has
 * claimed is seeded in the same transaction (demo: the demo data; production: the baseline);
 * "seeded" says so. The production baseline fills what is missing on every start.
 */
export async function claimDatabase(db: Db, start: DatabaseOrigin): Promise<"seeded" | "kept"> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ created_by: string }>(
      tx,
      sql`insert into database_origin (id, created_by) values (1, ${start})
        on conflict (id) do nothing returning created_by`,
    );
    const origin = claimed.length ? start : await readOrigin(tx);
    if (start === "demo") {
      if (origin === "production") throw new DatabaseOriginRefused(REFUSE_PRODUCTION_DATABASE);
      if (!claimed.length) return "kept";
      if (await holdsAnything(tx)) throw new DatabaseOriginRefused(REFUSE_FOREIGN_DATABASE);
      await seedDemo(tx);
      return "seeded";
    }
    if (origin === "demo") throw new DatabaseOriginRefused(REFUSE_DEMO_DATABASE);
    if (claimed.length && (await holdsDemoData(tx))) {
      throw new DatabaseOriginRefused(REFUSE_DEMO_DATABASE);
    }
    await seedBaseline(tx);
    return claimed.length ? "seeded" : "kept";
  });
}
