// npm run bench:import [-- --students N]: a generated OneRoster 1.1 set of N students (50,000 by
// default; made-up people, one guardian each) imported into a fresh database: the dry run, the
// real run, and a second run (nothing to change), each timed, with the process's peak resident
// memory sampled every 20 ms. Embedded PGlite by default; with DATABASE_URL (an admin connection
// string) a scratch PostgreSQL database is created on that server and dropped after.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../district-api/db/client";
import { migrate } from "../../district-api/db/migrate";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { importStudents, type ImportSource } from "../../district-api/services/imports";

const { values } = parseArgs({ options: { students: { type: "string", default: "50000" } } });
const count = Number(values.students);

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) {
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

const GRADES = ["KG", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];

async function generate(dir: string) {
  await writeLines(path.join(dir, "orgs.csv"), [
    "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n",
    "d1,,,Bench District,district,BD,\n",
    "s1,,,Lincoln High School,school,LHS,d1\n",
    "s2,,,Washington Middle School,school,WMS,d1\n",
  ]);
  await writeLines(
    path.join(dir, "users.csv"),
    (function* () {
      yield "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\r\n";
      for (let i = 1; i <= count; i++) {
        const school = i % 2 ? "s1" : "s2";
        yield `stu-${i},,,true,${school},student,s${i},,Given${i},"Family, ${i}",,${500000 + i},s${i}@example.org,,,par-${i},${GRADES[i % GRADES.length]},\r\n`;
        yield `par-${i},,,true,${school},parent,p${i},,Parent${i},Family${i},,,p${i}@example.org,,,stu-${i},,\r\n`;
      }
    })(),
  );
  await writeLines(
    path.join(dir, "demographics.csv"),
    (function* () {
      yield "sourcedId,status,dateLastModified,birthDate,sex\n";
      for (let i = 1; i <= count; i++) {
        const day = String((i % 28) + 1).padStart(2, "0");
        yield `stu-${i},,,${2008 + (i % 12)}-0${(i % 9) + 1}-${day},${i % 2 ? "female" : "male"}\n`;
      }
    })(),
  );
}

function sampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
const adminUrl = process.env.DATABASE_URL;
const scratch = adminUrl ? await createScratchDatabase(adminUrl, "bench_import") : null;
const database = await openDatabase({
  databaseUrl: scratch?.url,
  dataDir: scratch ? undefined : path.join(dir, "pglite"),
});
try {
  await migrate(database);
  await database.db.execute(sql`insert into schools (short_name, full_name)
    values ('LHS', 'Lincoln High School'), ('WMS', 'Washington Middle School')`);
  await generate(dir);
  const sizes = await Promise.all(
    ["users.csv", "orgs.csv", "demographics.csv"].map(
      async (f) => (await stat(path.join(dir, f))).size,
    ),
  );
  const sources: ImportSource[] = ["users.csv", "orgs.csv", "demographics.csv"].map((f) => ({
    name: f,
    open: () => createReadStream(path.join(dir, f)),
  }));
  console.log(
    `${database.kind}: ${count} students, files ${mb(sizes.reduce((a, b) => a + b, 0))}, ` +
      `rss before ${mb(process.memoryUsage().rss)}`,
  );
  const actor = { employeeId: "-", username: "bench" };
  for (const [label, dryRun] of [
    ["dry run", true],
    ["import", false],
    ["second import", false],
  ] as const) {
    const s = sampler();
    const started = performance.now();
    const report = await importStudents(
      database.db,
      actor,
      sources,
      { dryRun, full: false },
      new Date(),
    );
    const ms = performance.now() - started;
    const sum = report.summary;
    console.log(
      `${label.padEnd(14)} ${(ms / 1000).toFixed(1).padStart(6)} s  peak rss ${mb(s.stop()).padStart(7)}  ` +
        `${report.status}: ${sum.created} created, ${sum.updated} updated, ${sum.unchanged} unchanged, ${sum.refused} refused`,
    );
  }
} finally {
  await database.close();
  await scratch?.drop();
  await rm(dir, { recursive: true, force: true });
}
