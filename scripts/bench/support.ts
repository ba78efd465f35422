// Shared by the benchmarks: the whole product on a fresh in-memory database, a program with many
// activities for the heavy pages, the rush program and its seat count, and the load helpers.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { RunningServer } from "../../server";
import { queryRows, type Db } from "../../district-api/db/client";

export async function startBenchServer(): Promise<RunningServer> {
  process.env.LOG_LEVEL ??= "silent";
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-"));
  // Loaded here, not above: the benchmarks of the district API alone (rush.ts) share this module
  // and should not load the web app.
  const { startServer } = await import("../../server");
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

/** `--name N` from the command line, a whole number above 0, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

/** Runs `fn` on every item, at most `limit` at a time, in order of the items. */
export async function runPool<T>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
}

/** The p-th percentile of numbers sorted ascending (0 for none). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The rush program's sections are in this term, so the count after the rush finds them. */
const RUSH_TERM = "RUSH";

/**
 * Adds the rush program: `sections` sections of `capacity` seats, half free, half paid, no
 * waitlist, no questions. Returns the sections' ids in order.
 */
export async function addRushProgram(
  db: Db,
  sections: number,
  capacity: number,
): Promise<string[]> {
  const [program] = await queryRows<{ id: string }>(
    db,
    sql`insert into programs (name, open, sort_order) values ('Rush Academy', true, 99) returning id`,
  );
  const ids: string[] = [];
  for (let i = 0; i < sections; i++) {
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`insert into courses (subject, course_number, name) values ('RSH', ${`RSH ${100 + i}`}, ${`Rush Course ${i + 1}`}) returning id`,
    );
    const [section] = await queryRows<{ id: string }>(
      db,
      sql`insert into course_sections (program_id, course_id, section_number, term_id, term,
            capacity, waitlist_enabled, meeting_days, date_start, date_end, time_start, time_end, cost_cents)
          values (${program!.id}, ${course!.id}, '1', ${RUSH_TERM}, 'Rush Term', ${capacity}, false,
            ARRAY['Sat']::text[], '2027-06-07', '2027-07-30', '08:00', '09:00', ${i % 2 ? 2500 : 0})
          returning id`,
    );
    ids.push(section!.id);
  }
  return ids;
}

export interface RushSeats {
  id: string;
  capacity: number;
  /** The section's counter. */
  seatsTaken: number;
  /** Registrations holding a seat (registered, held for payment, offered). */
  held: number;
}

/** The rush sections' seats as the database has them, in the order of their ids. */
export async function countRushSeats(db: Db): Promise<RushSeats[]> {
  const rows = await queryRows<{ id: string; capacity: number; seats_taken: number; held: number }>(
    db,
    sql`select s.id, s.capacity, s.seats_taken,
          (select count(*)::int from registrations r where r.course_section_id = s.id
             and r.status in ('registered', 'pending_payment', 'offered')) as held
        from course_sections s
        where s.term_id = ${RUSH_TERM}
        order by s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    capacity: Number(r.capacity),
    seatsTaken: Number(r.seats_taken),
    held: Number(r.held),
  }));
}

/** Seats held beyond capacity, plus any difference between the counter and the registrations. */
export function oversold(rows: RushSeats[]): number {
  return rows.reduce(
    (n, r) => n + Math.max(0, r.held - r.capacity) + Math.abs(r.held - r.seatsTaken),
    0,
  );
}
