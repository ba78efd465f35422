// npm run seed -- --students N: adds demo students up to 100000+N to the configured database
// (DATABASE_URL, or the embedded PGlite in DATA_DIR), migrating first. Existing rows are kept.
import { parseArgs } from "node:util";
import { queryRows } from "../district-api/db/client";
import { openCommandDatabase, refuse } from "./command-database";
import { migrate } from "../district-api/db/migrate";
import { claimDatabase, DatabaseOriginRefused } from "../district-api/db/origin";
import { seedStudents } from "../district-api/db/seed/core";
import { sql } from "drizzle-orm";

const MAX_STUDENTS = 899_999; // IDs stay below 1000000, clear of community member IDs' range

function usage(message?: string): never {
  if (message) console.error(message);
  console.error("usage: npm run seed -- [--students N]");
  process.exit(2);
}

const { values } = parseArgs({
  options: { students: { type: "string" }, help: { type: "boolean", short: "h" } },
  strict: true,
});
if (values.help) usage();
const students = values.students === undefined ? 0 : Number(values.students);
if (!Number.isInteger(students) || students < 0 || students > MAX_STUDENTS) {
  usage(`--students must be a whole number from 0 to ${MAX_STUDENTS}`);
}

const { database, databaseUrl, pgliteDir } = await openCommandDatabase("npm run seed");
try {
  const applied = await migrate(database);
  if (applied.length) console.log(`applied migrations: ${applied.join(", ")}`);
  // Demo students go only into a database the demo created (decision 135).
  if ((await claimDatabase(database.db, "demo")) === "seeded") console.log("seeded the demo data");
  if (students > 0) {
    await seedStudents(database.db, students);
  }
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from participants where kind = 'student'`,
  );
  console.log(`${Number(row?.n ?? 0)} students in ${databaseUrl ? "PostgreSQL" : pgliteDir}`);
} catch (err) {
  if (!(err instanceof DatabaseOriginRefused)) throw err;
  await database.close();
  refuse(err.message);
} finally {
  await database.close();
}
