// Shared by the page benchmarks: the whole product on a fresh in-memory database, Chromium, and a
// program with many activities for the heavy pages.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { startServer, type RunningServer } from "../../server";
import { queryRows } from "../../district-api/db/client";

export async function startBenchServer(): Promise<RunningServer> {
  process.env.LOG_LEVEL ??= "silent";
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-"));
  return startServer({ port: 0, host: "127.0.0.1", dataDir, inMemory: true });
}

/**
 * Adds an open program with `count` activities (sections) that every student may take, so that
 * /programs shows at least that many cards.
 */
export async function addManyActivities(server: RunningServer, count: number): Promise<string> {
  const db = server.api!.database.db;
  const [program] = await queryRows<{ id: string }>(
    db,
    sql`insert into programs (name, open, sort_order) values ('Benchmark Academy', true, 99) returning id`,
  );
  for (let i = 1; i <= count; i++) {
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`insert into courses (subject, course_number, name, description, category)
          values ('BEN', ${String(1000 + i)}, ${`Benchmark Activity ${i}`},
                  ${`A sample activity number ${i} with a short description of what happens in it.`}, 'Enrichment')
          returning id`,
    );
    await db.execute(sql`insert into course_sections
      (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end,
       time_start, time_end, meeting_days, cost_cents)
      values (${program!.id}, ${course!.id}, '01', 'SU27', 'Summer 2027', 30, '2027-06-07', '2027-07-30',
              ${`${String(8 + (i % 8)).padStart(2, "0")}:00`}, ${`${String(9 + (i % 8)).padStart(2, "0")}:00`},
              ARRAY['M','W']::text[], ${(i % 4) * 2500})`);
  }
  return program!.id;
}
