// Registration rush: N students sign in and register at once, through the district API over HTTP.
// Prints attempts, seats held per section (must equal capacity), oversold (must be 0), 5xx (must
// be 0), throughput and latency percentiles.
//
//   npm run bench:rush [-- --students 2000 --concurrency 100 --sections 20 --capacity 25]
//
// Embedded PGlite by default (one process). With DATABASE_URL, a fresh database is created on that
// server and the district API runs in 2 child processes sharing it; requests go round-robin.
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { seedStudents } from "../../district-api/db/seed/core";
import {
  addRushProgram,
  countRushSeats,
  numberArg,
  oversold,
  percentile,
  runPool,
} from "./support";

const STUDENTS = numberArg("students", 2000);
const CONCURRENCY = numberArg("concurrency", 100);
const SECTIONS = numberArg("sections", 20);
const CAPACITY = numberArg("capacity", 25);
const PROCESSES = 2;

async function listen(runtime: DistrictApiRuntime): Promise<{ server: Server; url: string }> {
  const server = runtime.app.listen(0, "127.0.0.1");
  // Longer than any pause between requests, so a client never reuses a socket being closed.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

/** Child mode: one district API process on the shared PostgreSQL database. */
async function child(): Promise<void> {
  const runtime = await startDistrictApi({
    databaseUrl: process.env.RUSH_DATABASE_URL,
    outboxDir: path.join(tmpdir(), "rush-outbox"),
    secret: process.env.RUSH_SECRET!,
    logger: createLogger("silent"),
    poolSize: 20,
  });
  const { url } = await listen(runtime);
  process.send?.({ url });
}

function createDatabase(adminUrl: string) {
  return createScratchDatabase(adminUrl, "rush");
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const secret = randomBytes(16).toString("hex");
  const outboxDir = await mkdtemp(path.join(tmpdir(), "rush-"));
  const pgDb = adminUrl ? await createDatabase(adminUrl) : null;
  const children: ChildProcess[] = [];
  let local: { runtime: DistrictApiRuntime; server: Server } | null = null;
  try {
    // Set-up runs in this process: migrate, seed, add students and the rush program.
    const setup = await startDistrictApi({
      databaseUrl: pgDb?.url,
      outboxDir,
      secret,
      logger: createLogger("silent"),
      poolSize: 20,
      backgroundJobs: !pgDb,
    });
    await seedStudents(setup.deps.db, STUDENTS);
    const sections = await addRushProgram(setup.deps.db, SECTIONS, CAPACITY);
    let urls: string[];
    if (pgDb) {
      await setup.close();
      const self = fileURLToPath(import.meta.url);
      urls = await Promise.all(
        Array.from({ length: PROCESSES }, () => {
          const c = fork(self, ["--child"], {
            env: { ...process.env, RUSH_DATABASE_URL: pgDb.url, RUSH_SECRET: secret },
            stdio: ["ignore", "inherit", "inherit", "ipc"],
          });
          children.push(c);
          return new Promise<string>((resolve, reject) => {
            c.once("message", (m: { url: string }) => resolve(m.url));
            c.once("exit", (code) => reject(new Error(`API process exited with ${code}`)));
          });
        }),
      );
    } else {
      const { server, url } = await listen(setup);
      local = { runtime: setup, server };
      urls = [url];
    }
    let turn = 0;
    const base = () => urls[turn++ % urls.length]!;
    const students = Array.from({ length: STUDENTS }, (_, i) => 100001 + i);

    // Everyone signs in first (as families do before the opening minute).
    const tokens = new Map<number, string>();
    await runPool(students, CONCURRENCY, async (id) => {
      const res = await fetch(`${base()}/v1/student`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ studentId: String(id), dob: "2012-01-15" }),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${id} failed: ${res.status}`);
      tokens.set(id, ((await res.json()) as { accessToken: string }).accessToken);
    });

    // The rush: every student registers for one section, CONCURRENCY requests in flight.
    const latencies: number[] = [];
    let networkErrors = 0;
    const byStatus = new Map<number, number>();
    const started = performance.now();
    await runPool(students, CONCURRENCY, async (id, i) => {
      const section = sections[i % sections.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base()}/v1/register/${section}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${tokens.get(id)}`,
          },
          body: JSON.stringify({ reason: "", activeCourse: { status: "open" } }),
        });
        await res.arrayBuffer();
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
      } catch {
        networkErrors += 1;
      }
      latencies.push(performance.now() - t0);
    });
    const seconds = (performance.now() - started) / 1000;

    // Count from the database, not from the replies.
    const check = pgDb
      ? await startDistrictApi({
          databaseUrl: pgDb.url,
          outboxDir,
          secret,
          logger: createLogger("silent"),
          seed: false,
          backgroundJobs: false,
        })
      : local!.runtime;
    const rows = await countRushSeats(check.deps.db);
    if (pgDb) await check.close();
    const ok = byStatus.get(200) ?? 0;
    const fivexx = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const oversoldSeats = oversold(rows);
    latencies.sort((a, b) => a - b);
    const perSection = rows.map((r) => r.held);
    console.log(
      [
        `database:            ${pgDb ? `PostgreSQL, district API in ${PROCESSES} processes` : "embedded PGlite, 1 process"}`,
        `students:            ${STUDENTS}  in flight: ${CONCURRENCY}`,
        `sections:            ${SECTIONS} x capacity ${CAPACITY} = ${SECTIONS * CAPACITY} seats`,
        `attempts:            ${students.length}`,
        `replies:             ${[...byStatus].map(([s, c]) => `${s}: ${c}`).join(", ")}`,
        `registered:          ${ok}`,
        `registered/section:  ${perSection.join(" ")}`,
        `all sections full:   ${perSection.every((n) => n === CAPACITY) ? "yes" : "NO"}`,
        `oversold:            ${oversoldSeats}`,
        `5xx:                 ${fivexx}`,
        `network errors:      ${networkErrors}`,
        `throughput:          ${(students.length / seconds).toFixed(1)} requests/s, ${(ok / seconds).toFixed(1)} registrations/s (${seconds.toFixed(2)} s)`,
        `latency ms:          p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}`,
      ].join("\n"),
    );
    if (oversoldSeats !== 0 || fivexx !== 0 || networkErrors !== 0) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill("SIGTERM");
    if (local) {
      await new Promise<void>((resolve) => local!.server.close(() => resolve()));
      await local.runtime.close();
    }
    await pgDb?.drop().catch(() => undefined);
    await rm(outboxDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--child")) {
  child().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
