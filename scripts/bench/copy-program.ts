// Copying a program to a new term (decision 120): a program of N sections
// (each with two course questions and some registrations) is copied R times through the same
// service the administration call uses, in one transaction each. Prints the time of each copy and
// checks that every section and question was carried and no registration.
//
//   npm run bench:copy-program [-- --sections 200 --repeat 5]
//
// Embedded PGlite by default. With DATABASE_URL, a fresh database is created on that server.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { queryRows } from "../../district-api/db/client";
import { copyProgram } from "../../district-api/services/catalogue";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

const SECTIONS = arg("sections", 200);
const REPEAT = arg("repeat", 5);

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "copy") : null;
  const outboxDir = await mkdtemp(path.join(tmpdir(), "copy-outbox-"));
  const runtime = await startDistrictApi({
    databaseUrl: scratch?.url,
    outboxDir,
    secret: randomBytes(16).toString("hex"),
    logger: createLogger("silent"),
  });
  const db = runtime.deps.db;
  try {
    const [program] = await queryRows<{ id: string }>(
      db,
      sql`insert into programs (name, open, sort_order) values ('Copy Bench', true, 99) returning id`,
    );
    const programId = program!.id;
    await db.execute(sql`insert into courses (subject, course_number, name)
      select 'CPY', 'CPY ' || n, 'Copy Course ' || n from generate_series(1, ${SECTIONS}) n`);
    await db.execute(sql`insert into course_sections (program_id, course_id, section_number,
        term_id, term, capacity, meeting_days, date_start, date_end, time_start, time_end, cost_cents,
        eligible_grades, notes)
      select ${programId}, c.id, '1', '2027SU', 'Summer 2027', 25, array['Mon','Wed'],
        date '2027-06-07' + (c.n % 14), date '2027-07-16' + (c.n % 14), '09:00', '10:00',
        (c.n % 4) * 2500, array['5','6','7'], 'Bring water.'
      from (select id, row_number() over (order by course_number)::int as n
            from courses where subject = 'CPY') c`);
    await db.execute(sql`insert into course_questions (course_section_id, question, response_type,
        answer_list, sort_order)
      select s.id, q.question, q.type, q.answers, q.ord
      from course_sections s,
        (values ('T-shirt size?', 'Value List', array['S','M','L'], 1),
                ('Allergies?', 'Free Form', array[]::text[], 2)) q(question, type, answers, ord)
      where s.program_id = ${programId}`);
    await db.execute(sql`insert into registrations (course_section_id, participant_id, status)
      select s.id, p.id, 'registered' from course_sections s
        join lateral (select id from participants order by id limit 3) p on true
      where s.program_id = ${programId}`);

    const actor = { employeeId: "bench", username: "bench" };
    const times: number[] = [];
    for (let i = 1; i <= REPEAT; i++) {
      const started = performance.now();
      const reply = await copyProgram(
        db,
        actor,
        programId,
        {
          name: `Copy Bench ${i}`,
          termId: `2028SU${i}`,
          term: "Summer 2028",
          firstDay: "2028-06-05",
        },
        new Date(),
      );
      const ms = performance.now() - started;
      times.push(ms);
      const [regs] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from registrations r
          join course_sections s on s.id = r.course_section_id where s.program_id = ${reply.programId}`,
      );
      if (reply.sections !== SECTIONS || reply.questions !== SECTIONS * 2 || regs!.n !== 0) {
        throw new Error(`copy ${i} carried ${JSON.stringify(reply)} and ${regs!.n} registrations`);
      }
      console.log(
        `copy ${i}: ${reply.sections} sections, ${reply.questions} questions in ${ms.toFixed(1)} ms`,
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${adminUrl ? "PostgreSQL" : "PGlite"}: ${SECTIONS} sections × ${REPEAT} copies — ` +
        `min ${sorted[0]!.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
        `max ${sorted[sorted.length - 1]!.toFixed(1)} ms`,
    );
  } finally {
    await runtime.close();
    await scratch?.drop();
    await rm(outboxDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
