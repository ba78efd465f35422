// The opening-morning rush through the web pages: every family signs in with the
// sign-in form, loads /programs, posts Register from its activity's card and loads
// /my-registrations, as a browser without JavaScript does it: plain form posts with an Origin
// header, redirects followed by hand, cookies kept per family.
//
//   npm run build && npm run bench:rush-web [-- --families 1000 --concurrency 50 --processes 2
//                                              --sections 10 --capacity 10 --cpu-prof]
//
// The product runs as its start runs it (`npm run serve`: the compiled `build/node/server.js`
// with NODE_ENV=production, demo mode, access log on) in child processes. Embedded PGlite by
// default: one process on a data folder made for the run. With DATABASE_URL (an admin URL), a
// fresh database is created on that server, the product runs in --processes processes sharing
// it, families go round-robin, and after the rush pgbench measures PostgreSQL's own rate for the
// seat-taking statements on a scratch table.
//
// Prints families/s, p50/p95/p99 of each step and its share of the families' time ("register" is
// the post and the page it leads to, /programs or /payment/… for a paid activity; "register (post
// only)" the post alone), the 5xx and other unexpected replies, the seats taken per section
// against capacity and the seats oversold (must be 0). A registration counts when the family sees
// it on /my-registrations and the database holds it. --cpu-prof writes a V8 profile per web
// process and prints where.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "../../district-api/db/scratch-database";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { seedStudents } from "../../district-api/db/seed/core";
import {
  addRushProgram,
  countRushSeats,
  numberArg,
  oversold,
  percentile,
  runPool,
  type RushSeats,
} from "./support";

/** What `npm run build` makes and `npm run serve` runs (decision 173). */
const COMPILED_SERVER = path.join("build", "node", "server.js");
const FAMILIES = numberArg("families", 1000);
const CONCURRENCY = numberArg("concurrency", 50);
const SECTIONS = numberArg("sections", 10);
const CAPACITY = numberArg("capacity", 10);
const CPU_PROF = process.argv.includes("--cpu-prof");
const ADMIN_URL = process.env.DATABASE_URL;
/** The embedded database serves one process only. */
const PROCESSES = ADMIN_URL ? numberArg("processes", 2) : 1;
/** Every demo student's birth date, as the sign-in form takes it. */
const DOB = "01/15/2012";
const PGBENCH_SECONDS = 5;

const STEPS = ["sign-in", "programs", "register", "register (post only)", "mine"] as const;
type Step = (typeof STEPS)[number];

// ---- The product's processes ------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface WebProcess {
  url: string;
  child: ChildProcess;
}

/**
 * Starts the compiled server as `npm run serve` does, adds it to `started` at once (so that it is stopped
 * even if another fails to start) and waits until /readyz says ready.
 */
async function startWebProcess(
  env: Record<string, string>,
  dataDir: string,
  profileDir: string,
  started: WebProcess[],
): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  // The admin URL and any deployment settings of this shell are not the product's here.
  for (const name of ["DATABASE_URL", "DISTRICT_API_URL", "APP_MODE", "PUBLIC_URL", "PORT"]) {
    delete base[name];
  }
  const child = spawn(
    process.execPath,
    [
      ...(CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      "--enable-source-maps",
      COMPILED_SERVER,
    ],
    {
      cwd: process.cwd(),
      env: {
        ...base,
        ...env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      // The access log goes where nobody reads it; errors stay visible.
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  started.push({ url, child });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`web process exited with ${code}`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/readyz`).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status === 200;
        },
        () => false,
      ),
      exited,
    ]);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`web process at ${url} not ready in 180 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM (the server drains and exits, writing its profile) and wait for the exit. */
async function stopWebProcess(p: WebProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => p.child.once("exit", () => resolve()));
  p.child.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
}

// ---- One family, as a browser without JavaScript -------------------------------------------------

/** The cookies a browser keeps for the site. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const gone = attributes.some((a) => {
        const [k, v] = a.trim().split("=");
        if (k?.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k?.toLowerCase() === "expires") return Date.parse(v ?? "") <= Date.now();
        return false;
      });
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get size(): number {
    return this.cookies.size;
  }
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const decode = (s: string) => s.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (m) => ENTITIES[m]!);

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(/([\w-]+)="([^"]*)"/g)) found.set(m[1]!, decode(m[2]!));
  return found;
}

/**
 * The fields a browser posts when the card's Register button is pressed: the card's hidden
 * inputs in document order, then the button's name and value. Null when the page shows no
 * Register button for that activity (full, or already registered).
 */
function registerForm(html: string, sectionId: string): { action: string; body: string } | null {
  for (const form of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const open = attributes(/^<form\b[^>]*>/.exec(form[0])![0]);
    if (open.get("method")?.toLowerCase() !== "post") continue;
    const fields = new URLSearchParams();
    let submit: [string, string] | null = null;
    for (const control of form[0].matchAll(/<(input|button)\b[^>]*>/g)) {
      const a = attributes(control[0]);
      const name = a.get("name");
      if (!name) continue;
      if (control[1] === "button") {
        if (a.get("type") === "submit" && name === "intent" && a.get("value") === "register") {
          submit = [name, a.get("value")!];
        }
      } else fields.append(name, a.get("value") ?? "");
    }
    if (submit && fields.get("courseSelectionUUID") === sectionId) {
      fields.append(...submit);
      return { action: open.get("action") ?? "/programs", body: fields.toString() };
    }
  }
  return null;
}

type Outcome = "registered" | "refused" | "no Register button" | "broken";

interface FamilyResult {
  outcome: Outcome;
  /** The family's activity is on /my-registrations after the rush step. */
  onMyRegistrations: boolean;
}

interface Tally {
  times: Record<Step, number[]>;
  /** Replies other than the expected one, by step and status (0: no reply). */
  unexpected: Map<string, number>;
  fiveXx: number;
}

async function family(
  base: string,
  studentId: number,
  sectionId: string,
  tally: Tally,
): Promise<FamilyResult> {
  const jar = new CookieJar();
  const expect = (step: Step, res: Response | null, ok: (status: number) => boolean) => {
    const status = res?.status ?? 0;
    if (status >= 500) tally.fiveXx += 1;
    if (ok(status)) return true;
    const key = `${step} ${status}`;
    tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
    return false;
  };
  const request = async (pathname: string, init: RequestInit = {}): Promise<Response | null> => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("Cookie", jar.header());
    const res = await fetch(new URL(pathname, base), {
      ...init,
      headers,
      redirect: "manual",
    }).catch(() => null);
    if (res) jar.keep(res);
    return res;
  };
  const post = (pathname: string, body: string) =>
    request(pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body,
    });
  /** Follows the redirects of a reply as a browser does; the last reply and its page. */
  const follow = async (first: Response | null) => {
    let res = first;
    let location: string | null = null;
    for (let hops = 0; res && res.status >= 300 && res.status < 400 && hops < 5; hops++) {
      await res.arrayBuffer();
      location = res.headers.get("location");
      if (!location) break;
      res = await request(location);
    }
    const html = res ? await res.text().catch(() => "") : "";
    return { res, html, location };
  };
  const timed = async <T>(step: Step, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    tally.times[step].push(performance.now() - t0);
    return value;
  };

  // 1. The sign-in form's post; the reply sends the family to /programs with the session cookie.
  const signedIn = await timed("sign-in", async () => {
    const res = await post(
      "/signin",
      new URLSearchParams({ intent: "login", studentId: String(studentId), dob: DOB }).toString(),
    );
    await res?.arrayBuffer().catch(() => undefined);
    return expect("sign-in", res, (s) => s === 302) ? res!.headers.get("location") : null;
  });
  if (!signedIn || !jar.size) return { outcome: "broken", onMyRegistrations: false };

  // 2. /programs, where the sign-in sent the family.
  const programs = await timed("programs", async () => {
    const res = await request(signedIn);
    const html = res ? await res.text().catch(() => "") : "";
    return expect("programs", res, (s) => s === 200) ? html : null;
  });
  if (programs === null) return { outcome: "broken", onMyRegistrations: false };

  // 3. Register from the activity's card, and the page the post leads to.
  const form = registerForm(programs, sectionId);
  let outcome: Outcome = "no Register button";
  if (form) {
    outcome = await timed("register", async () => {
      const t0 = performance.now();
      const posted = await post(form.action, form.body);
      tally.times["register (post only)"].push(performance.now() - t0);
      if (!expect("register", posted, (s) => s === 302)) {
        await posted?.arrayBuffer().catch(() => undefined);
        return "broken";
      }
      const after = await follow(posted);
      if (!expect("register", after.res, (s) => s === 200)) return "broken";
      // A refusal comes back to the page with the failed card marked (spec 01 §4).
      return after.location && /[?&]failed=/.test(after.location) ? "refused" : "registered";
    });
  }

  // 4. /my-registrations: the registration must be there, whatever the post's reply said.
  const mine = await timed("mine", async () => {
    const res = await request("/my-registrations");
    const html = res ? await res.text().catch(() => "") : "";
    return expect("mine", res, (s) => s === 200) ? html : null;
  });
  return {
    outcome,
    onMyRegistrations: mine !== null && mine.includes(`detail=${sectionId}`),
  };
}

// ---- pgbench: PostgreSQL's own rate for the seat-taking statements ------------------------------

function findPgbench(): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "pgbench"))) return path.join(dir, "pgbench");
  }
  return null;
}

/**
 * The statements of one registration's seat (registration.ts: lock the section, release expired
 * holds, take the seat under the capacity, insert the registration) on a scratch table whose
 * capacity never runs out, run by as many clients as families in flight. Transactions/s.
 */
async function pgbenchSeatRate(databaseUrl: string, workDir: string): Promise<number | null> {
  const pgbench = findPgbench();
  if (!pgbench) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`create table bench_seat_sections (id int primary key, capacity int not null,
    seats_taken int not null default 0)`);
  await client.query(`create table bench_seat_registrations (id bigserial primary key,
    section_id int not null references bench_seat_sections (id), participant_id int not null,
    status text not null, hold_expires_at timestamptz, created_at timestamptz not null default now())`);
  await client.query(`create index on bench_seat_registrations (section_id, status)`);
  await client.query(
    `insert into bench_seat_sections (id, capacity) select g, 1000000000 from generate_series(1, $1) g`,
    [SECTIONS],
  );
  await client.end();
  const script = path.join(workDir, "seat.sql");
  await writeFile(
    script,
    [
      `\\set s random(1, ${SECTIONS})`,
      `\\set p random(1, 1000000)`,
      `BEGIN;`,
      `SELECT capacity, seats_taken FROM bench_seat_sections WHERE id = :s FOR UPDATE;`,
      `UPDATE bench_seat_registrations SET status = 'cancelled' WHERE section_id = :s AND status = 'pending_payment' AND hold_expires_at <= now();`,
      `UPDATE bench_seat_sections SET seats_taken = seats_taken + 1 WHERE id = :s AND seats_taken < capacity RETURNING id;`,
      `INSERT INTO bench_seat_registrations (section_id, participant_id, status, hold_expires_at) VALUES (:s, :p, 'pending_payment', now() + interval '15 minutes');`,
      `END;`,
      ``,
    ].join("\n"),
  );
  const threads = Math.max(1, Math.min(CONCURRENCY, cpus().length));
  const output = await new Promise<string>((resolve, reject) => {
    const run = spawn(
      pgbench,
      [
        "-n",
        "-f",
        script,
        "-c",
        String(CONCURRENCY),
        "-j",
        String(threads),
        "-T",
        String(PGBENCH_SECONDS),
        databaseUrl,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let text = "";
    run.stdout.on("data", (d: Buffer) => (text += d.toString()));
    run.stderr.on("data", (d: Buffer) => (text += d.toString()));
    run.once("error", reject);
    run.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`pgbench: ${text}`)),
    );
  });
  const tps = /tps = ([\d.]+)/.exec(output);
  return tps ? Number(tps[1]) : null;
}

// ---- The run ----------------------------------------------------------------------------------

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main(): Promise<void> {
  if (!existsSync(COMPILED_SERVER)) {
    throw new Error(`no ${COMPILED_SERVER}: run \`npm run build\` first`);
  }
  const workDir = await mkdtemp(path.join(tmpdir(), "rush-web-"));
  const profileDir = path.join(workDir, "profiles");
  const secret = randomBytes(32).toString("hex");
  let scratch: ScratchDatabase | null = null;
  const web: WebProcess[] = [];
  try {
    scratch = ADMIN_URL ? await createScratchDatabase(ADMIN_URL, "rushweb") : null;
    // The embedded database lives in the (one) process's data folder, made ready here.
    const dataDirs = Array.from({ length: PROCESSES }, (_, i) => path.join(workDir, `data-${i}`));
    for (const dir of dataDirs) await mkdir(dir, { recursive: true, mode: 0o700 });
    const databaseOptions = scratch
      ? { databaseUrl: scratch.url }
      : { pgliteDir: path.join(dataDirs[0]!, "pglite") };

    // Set-up: migrate, seed the demo (as the start would), the families and the rush program.
    const setup = await startDistrictApi({
      ...databaseOptions,
      outboxDir: path.join(workDir, "outbox"),
      secret,
      logger: createLogger("silent"),
      backgroundJobs: false,
    });
    await seedStudents(setup.deps.db, FAMILIES);
    const sections = await addRushProgram(setup.deps.db, SECTIONS, CAPACITY);
    await setup.close();

    const env: Record<string, string> = { SESSION_SECRET: secret };
    if (scratch) env.DATABASE_URL = scratch.url;
    await Promise.all(dataDirs.map((dir) => startWebProcess(env, dir, profileDir, web)));

    const tally: Tally = {
      times: Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>,
      unexpected: new Map(),
      fiveXx: 0,
    };
    const results: FamilyResult[] = [];
    const families = Array.from({ length: FAMILIES }, (_, i) => 100001 + i);
    const started = performance.now();
    const clientCpu = process.cpuUsage();
    await runPool(families, CONCURRENCY, async (studentId, i) => {
      const base = web[i % web.length]!.url;
      results.push(await family(base, studentId, sections[i % sections.length]!, tally));
    });
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(clientCpu);
    const clientCpuSeconds = (user + system) / 1e6;

    await Promise.all(web.map(stopWebProcess));
    // Counted from the database, not from the replies.
    const check = await startDistrictApi({
      ...databaseOptions,
      outboxDir: path.join(workDir, "outbox"),
      secret,
      logger: createLogger("silent"),
      seed: false,
      backgroundJobs: false,
    });
    let seats: RushSeats[];
    try {
      seats = await countRushSeats(check.deps.db);
    } finally {
      await check.close();
    }
    const pgbenchTps = scratch ? await pgbenchSeatRate(scratch.url, workDir) : null;

    const count = (f: (r: FamilyResult) => boolean) => results.filter(f).length;
    const registered = count((r) => r.outcome === "registered");
    const seen = count((r) => r.onMyRegistrations);
    // Told "registered" but not on /my-registrations, or the other way round.
    const unconfirmed = count((r) => (r.outcome === "registered") !== r.onMyRegistrations);
    const held = seats.reduce((n, s) => n + s.held, 0);
    const oversoldSeats = oversold(seats);
    const unexpected = [...tally.unexpected].reduce((n, [, c]) => n + c, 0);
    const familiesPerSecond = FAMILIES / seconds;
    // Which step the families spent their time in ("register (post only)" is part of "register").
    const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
    const familyTime =
      sum(STEPS.filter((s) => s !== "register (post only)").map((s) => sum(tally.times[s]))) || 1;
    const lines = [
      `database:             ${scratch ? `PostgreSQL (scratch database), ${PROCESSES} web processes` : "embedded PGlite, 1 web process"}`,
      `families:             ${FAMILIES}  in flight: ${CONCURRENCY}`,
      `sections:             ${SECTIONS} x capacity ${CAPACITY} = ${SECTIONS * CAPACITY} seats (half free, half paid)`,
      `time:                 ${seconds.toFixed(2)} s`,
      `families/s:           ${familiesPerSecond.toFixed(1)}`,
      // On a machine of few cores the families' own work counts against the product's.
      `families' own CPU:    ${clientCpuSeconds.toFixed(1)} s (${((clientCpuSeconds / seconds) * 100).toFixed(0)} % of one core)`,
      `step                  ${"p50".padStart(8)}${"p95".padStart(8)}${"p99".padStart(8)}${"max".padStart(8)}${"share".padStart(8)}   n`,
      ...STEPS.map((step) => {
        const sorted = [...tally.times[step]].sort((a, b) => a - b);
        const cells = [50, 95, 99, 100].map((p) => ms(percentile(sorted, p)).padStart(8));
        const share = `${((sum(tally.times[step]) / familyTime) * 100).toFixed(0)} %`;
        return `  ${step.padEnd(20)}${cells.join("")}${share.padStart(8)}   ${sorted.length}`;
      }),
      `outcomes:             registered ${registered}, refused ${count((r) => r.outcome === "refused")}, no Register button ${count((r) => r.outcome === "no Register button")}, broken ${count((r) => r.outcome === "broken")}`,
      `on /my-registrations: ${seen} (registrations in the database: ${held})`,
      `unconfirmed:          ${unconfirmed}`,
      `seats per section:    ${seats.map((s) => `${s.held}/${s.capacity}`).join(" ")}`,
      `oversold:             ${oversoldSeats}`,
      `5xx:                  ${tally.fiveXx}`,
      `unexpected replies:   ${unexpected}${unexpected ? ` (${[...tally.unexpected].map(([k, c]) => `${k}: ${c}`).join(", ")})` : ""}`,
    ];
    if (scratch) {
      lines.push(
        pgbenchTps === null
          ? "pgbench:              not on PATH"
          : `pgbench seat-taking:  ${pgbenchTps.toFixed(0)} tx/s (${CONCURRENCY} clients, ${PGBENCH_SECONDS} s); families/s ÷ pgbench tx/s = ${((familiesPerSecond / pgbenchTps) * 100).toFixed(2)} %`,
      );
    }
    if (CPU_PROF) {
      const files = existsSync(profileDir) ? await readdir(profileDir) : [];
      lines.push(`CPU profiles:         ${files.map((f) => path.join(profileDir, f)).join(" ")}`);
    }
    console.log(lines.join("\n"));
    if (oversoldSeats || tally.fiveXx || unexpected || unconfirmed || seen !== held) {
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(web.map(stopWebProcess));
    await scratch?.drop().catch(() => undefined);
    // With --cpu-prof the profiles stay; the rest of the run's folder goes.
    for (const entry of existsSync(workDir) ? await readdir(workDir) : []) {
      if (!CPU_PROF || entry !== "profiles") {
        await rm(path.join(workDir, entry), { recursive: true, force: true });
      }
    }
    if (!CPU_PROF) await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
