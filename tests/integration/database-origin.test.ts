// The database knows which start made it (decision 135): the demo start refuses
// a database the production start created and a non-empty database it did not seed; the
// production start refuses a database holding the demo's data; the demo's seed is one transaction.
// On PGlite (in memory) and on PostgreSQL, where two processes claim an empty database at once.
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "../../district-api/db/client";
import { migrate } from "../../district-api/db/migrate";
import {
  claimDatabase,
  DatabaseOriginRefused,
  readOrigin,
  REFUSE_DEMO_DATABASE,
  REFUSE_FOREIGN_DATABASE,
  REFUSE_PRODUCTION_DATABASE,
} from "../../district-api/db/origin";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { createStaffAccount } from "../../district-api/services/staff-accounts";
import { usingPostgres } from "../support/api";

const opened: Database[] = [];
const dropped: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close().catch(() => undefined);
  for (const drop of dropped.splice(0)) await drop().catch(() => undefined);
});

/** A new, empty, migrated database; on PostgreSQL its URL, for a second process. */
async function emptyDatabase(): Promise<{ database: Database; url?: string }> {
  if (usingPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "origin");
    dropped.push(() => scratch.drop());
    const database = await openDatabase({ databaseUrl: scratch.url });
    opened.push(database);
    await migrate(database);
    return { database, url: scratch.url };
  }
  const database = await openDatabase({});
  opened.push(database);
  await migrate(database);
  return { database };
}

async function count(database: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return Number(row?.n ?? 0);
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DatabaseOriginRefused);
  return (err as Error).message;
}

describe("which start created the database", () => {
  it("the demo start refuses a database the production start created", async () => {
    const { database } = await emptyDatabase();
    expect(await claimDatabase(database.db, "production")).toBe("seeded");
    expect(await readOrigin(database.db)).toBe("production");
    expect(await refusal(claimDatabase(database.db, "demo"))).toBe(REFUSE_PRODUCTION_DATABASE);
    // Nothing of the demo went in.
    expect(await count(database, "participants")).toBe(0);
    expect(await count(database, "staff")).toBe(0);
    // The production start goes on serving it.
    expect(await claimDatabase(database.db, "production")).toBe("kept");
  });

  it("the production start refuses a database holding the demo's data", async () => {
    const { database } = await emptyDatabase();
    expect(await claimDatabase(database.db, "demo")).toBe("seeded");
    expect(await refusal(claimDatabase(database.db, "production"))).toBe(REFUSE_DEMO_DATABASE);
    expect(await readOrigin(database.db)).toBe("demo");
    // The demo start goes on serving it, without seeding twice.
    expect(await claimDatabase(database.db, "demo")).toBe("kept");
    expect(await count(database, "participants where kind = 'student'")).toBe(40);
  });

  it("the demo start refuses a database with people it did not seed; production takes it", async () => {
    const { database } = await emptyDatabase();
    // The district's first administrator, made by the command before any start.
    await createStaffAccount(
      database.db,
      { employeeId: "-", username: "command line" },
      {
        username: "firstadm",
        employeeId: "E9001",
        nameFirst: "First",
        nameLast: "Admin",
        email: null,
        roles: ["district_admin"],
        password: "first-admin-pass-123",
      },
      new Date(),
    );
    expect(await refusal(claimDatabase(database.db, "demo"))).toBe(REFUSE_FOREIGN_DATABASE);
    expect(await readOrigin(database.db)).toBeNull();
    expect(await count(database, "participants")).toBe(0);
    expect(await claimDatabase(database.db, "production")).toBe("seeded");
    expect(await count(database, "staff")).toBe(1);
  });

  it("the demo's seed is one transaction: a failure half-way leaves nothing behind", async () => {
    const { database } = await emptyDatabase();
    // A fee category the demo also seeds, after its students and staff (the crash in decision 135).
    await database.db.execute(sql`insert into fee_categories (name) values ('Athletics')`);
    const err = await claimDatabase(database.db, "demo").then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(await count(database, "participants")).toBe(0);
    expect(await count(database, "staff")).toBe(0);
    expect(await readOrigin(database.db)).toBeNull();
  });

  it("a database from before the record is recognised by the demo's data", async () => {
    const { database } = await emptyDatabase();
    expect(await claimDatabase(database.db, "demo")).toBe("seeded");
    // As the database was before migration 0031: no record of its start.
    await database.db.execute(sql`drop table database_origin`);
    await database.db.execute(
      sql`delete from schema_migrations where name = '0031_database_origin.sql'`,
    );
    await migrate(database);
    expect(await readOrigin(database.db)).toBe("demo");
    expect(await refusal(claimDatabase(database.db, "production"))).toBe(REFUSE_DEMO_DATABASE);
  });

  it.runIf(usingPostgres)(
    "two processes starting at once on an empty database: one claims it, the other is refused",
    async () => {
      const { url } = await emptyDatabase();
      const demo = await openDatabase({ databaseUrl: url });
      const production = await openDatabase({ databaseUrl: url });
      opened.push(demo, production);
      const results = await Promise.allSettled([
        claimDatabase(demo.db, "demo"),
        claimDatabase(production.db, "production"),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      const origin = await readOrigin(demo.db);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(DatabaseOriginRefused);
      if (origin === "demo") {
        expect(await count(demo, "participants where kind = 'student'")).toBe(40);
      } else {
        expect(await count(demo, "participants")).toBe(0);
        expect(await count(demo, "staff")).toBe(0);
      }
    },
  );
});
