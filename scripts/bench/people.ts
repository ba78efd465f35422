// People search at district size (decision 122): 50,000 students, then the
// administration's search by ID prefix, exact ID, name prefix and two words, on PGlite (in
// memory) or on PostgreSQL when DATABASE_URL is set (a database the run may fill).
// Prints the median and worst of 20 searches of each kind, in milliseconds.
// Usage: npm run bench:people   (DATABASE_URL=postgres://… npm run bench:people)
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { startDistrictApi } from "../../district-api/runtime";
import { seedStudents } from "../../district-api/db/seed/core";
import { searchPeople } from "../../district-api/queries/people";
import { createLogger } from "../../district-api/logger";

const STUDENTS = 50_000;
const RUNS = 20;

const runtime = await startDistrictApi({
  databaseUrl: process.env.DATABASE_URL,
  outboxDir: "/tmp/bench-people-outbox",
  secret: "bench-people-secret-0123456789",
  logger: createLogger("silent"),
});
const db = runtime.deps.db;
const seedStart = performance.now();
await seedStudents(db, STUDENTS);
await db.execute(sql`analyze participants`);
console.log(
  `${runtime.deps.dbKind}: ${STUDENTS} students ready in ${Math.round(performance.now() - seedStart)} ms`,
);

const searches: [string, string][] = [
  ["ID prefix (1234)", "1234"],
  ["exact ID", "125000"],
  ["last name prefix (joh)", "joh"],
  ["first name prefix (MI)", "MI"],
  ["two words (ava jo)", "ava jo"],
  ["everyone, page 500", ""],
];
for (const [label, q] of searches) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const page = await searchPeople(db, { q: q || undefined, page: q ? 1 : 500 });
    times.push(performance.now() - start);
    total = page.total;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(26)} median ${times[RUNS / 2]!.toFixed(1)} ms, worst ${times[RUNS - 1]!.toFixed(1)} ms (${total} found)`,
  );
}
await runtime.close();
