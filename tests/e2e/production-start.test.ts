// The production start (decisions 110 and 111), run as an operator runs it: the same
// command the container image runs (the compiled server, `node build/node/server.js`, with
// APP_MODE=production, as `npm run build` made it), on a fresh data folder and,
// when TEST_DATABASE_URL is set, a fresh PostgreSQL database. It lives with the browser tests
// because it serves the built web app (`npm run build` runs first).
import { afterAll, describe, expect, it } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "../../district-api/db/scratch-database";
import { COMPILED_SERVER, ROOT } from "../support/production-server";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "prod-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A complete production environment; each test takes one thing away or changes it. */
async function productionEnv(over: Record<string, string | undefined> = {}) {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    APP_MODE: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: await tempDir(),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: "https://register.district.example.org",
    PAYMENTS: "simulated",
    REMIX_BUILD_DIR: process.env.REMIX_BUILD_DIR ?? "build",
    LOG_LEVEL: "info",
    ...over,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  return { child, output: () => out, exited };
}

const RESET_AT_CLOSE = "reset on a new connection";

/**
 * A GET on a kept-alive agent: the status, or the error's code (ECONNREFUSED, ECONNRESET…); with
 * `details`, the status and the Connection header.
 */
function get(agent: Agent, url: string): Promise<number | string>;
function get(
  agent: Agent,
  url: string,
  details: true,
): Promise<{ status: number; connection: string | undefined }>;
function get(agent: Agent, url: string, details = false): Promise<unknown> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve(
          details ? { status: res.statusCode, connection: res.headers.connection } : res.statusCode,
        ),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) =>
      // A connection the kernel completed as the listener closed is reset before any request on
      // it was read: for the client that is a refusal at the close, not a kept-alive call cut.
      resolve(
        err.code === "ECONNRESET" && !req.reusedSocket ? RESET_AT_CLOSE : (err.code ?? err.message),
      ),
    );
    req.end();
  });
}

async function waitFor<T>(what: string, fn: () => T | null | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a production server and waits until it listens; its base URL. */
async function startServing(env: Record<string, string>): Promise<Started & { url: string }> {
  const s = start(env);
  const port = await waitFor("the listening line", () => {
    if (s.child.exitCode !== null) throw new Error(`the server exited:\n${s.output()}`);
    return /listening on port (\d+)/.exec(s.output())?.[1];
  });
  return { ...s, url: `http://127.0.0.1:${port}` };
}

describe("the production start on a database the demo made", () => {
  it("refuses with one line saying how to start clean, and changes nothing", async () => {
    const env = await productionEnv();
    // The demo's data, as `npm start` or `npm run seed` leaves it.
    const demoEnv: Record<string, string> = { ...env, APP_MODE: "demo", DATABASE_URL: "" };
    const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      cwd: ROOT,
      env: demoEnv as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    const s = start(env);
    expect(await s.exited).toBe(1);
    const lines = s
      .output()
      .split("\n")
      .filter((l) => l.startsWith("cannot start:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("this database holds the demo's people and accounts");
    expect(lines[0]).toContain("use a new DATA_DIR");
    expect(s.output()).not.toMatch(/\n\s+at /);
  }, 300_000);
});

// Each refusal of the configuration (readConfig) is a unit test in
// tests/unit/production-config.test.ts; one start here proves that a refused configuration ends
// the process with one "cannot start:" line per problem, exit code 1 and no stack trace.
describe("the production start refuses to start without what it needs", () => {
  it("no SESSION_SECRET: one line says what is missing", async () => {
    const s = start(await productionEnv({ SESSION_SECRET: undefined }));
    expect(await s.exited).toBe(1);
    const lines = s
      .output()
      .split("\n")
      .filter((l) => l.startsWith("cannot start:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("SESSION_SECRET is required in production");
    expect(s.output()).not.toMatch(/\n\s+at /); // no stack trace
  });
});

/** Health, no demo data, and the banner of simulated payments, on a server at `url`. */
async function expectFreshProduction(url: string) {
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${url}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get("cache-control")).toBe("no-store");
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { database: "ok", migrations: "ok", backgroundJobs: "ok" },
  });
  // No demo account, no demo student.
  const staff = await fetch(`${url}/v1/instructor`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "feeadmin", password: "feeadmin-demo" }),
  });
  expect(staff.status).toBe(401);
  const student = await fetch(`${url}/v1/student`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ studentId: "100001", dob: "01/15/2012" }),
  });
  expect(student.status).toBeGreaterThanOrEqual(400);
  expect(student.status).toBeLessThan(500);
  const home = await (await fetch(`${url}/signin`)).text();
  expect(home).toContain("Payments are simulated: no real money is taken.");
  expect(home).not.toContain("Demo: sample people and programs");
}

describe("a production start with PostgreSQL away", () => {
  it("gives up with one line when the database never answers", async () => {
    const s = start(
      await productionEnv({
        DATABASE_URL: "postgres://postgres@127.0.0.1:9/never",
        DATABASE_WAIT_SECONDS: "2",
      }),
    );
    expect(await s.exited).toBe(1);
    const lines = s
      .output()
      .split("\n")
      .filter((l) => l.startsWith("cannot start:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("the database did not answer");
    expect(s.output()).not.toMatch(/\n\s+at /);
  });
});

describe("a production start on a fresh embedded database", () => {
  it("serves with no demo data, says payments are simulated, and drains on SIGTERM: not ready first, no kept-alive client cut", async () => {
    const s = await startServing(await productionEnv({ SHUTDOWN_GRACE_SECONDS: "2" }));
    await expectFreshProduction(s.url);
    const log = s.output();
    expect(log).toContain('"mode":"production"');
    expect(log).toContain('"demoData":false');
    // The configuration line names no secret.
    expect(log).not.toMatch(/SESSION_SECRET=|[0-9a-f]{64}/);

    // A request in flight when SIGTERM arrives: its body is still being sent.
    const { port } = new URL(s.url);
    const socket: Socket = connect(Number(port), "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let reply = "";
    socket.on("data", (c: Buffer) => (reply += c.toString()));
    const body = JSON.stringify({ username: "nobody", password: "not-a-password" });
    socket.write(
      `POST /v1/instructor HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // A load balancer polling /readyz and a client calling the API, both on kept-alive connections.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    cleanups.push(async () => agent.destroy());
    const polls: (number | string)[] = [];
    const calls: (number | string)[] = [];
    let polling = true;
    const poll = async (path: string, into: (number | string)[]) => {
      while (polling) {
        into.push(await get(agent, `${s.url}${path}`));
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const pollers = [poll("/readyz", polls), poll("/healthz", calls)];
    await waitFor("a ready answer", () => polls.includes(200));
    s.child.kill("SIGTERM");
    await waitFor("the stop to begin", () => s.output().includes("stopping"));
    const atStop = polls.length;
    // Through the grace period the balancer's polls are answered 503 (not refused), and replies
    // close their connections.
    await waitFor("a 503 from /readyz", () => polls.slice(atStop).includes(503));
    const during = await get(agent, `${s.url}/readyz`, true);
    expect(during).toMatchObject({ status: 503, connection: "close" });
    // Then no new connection is taken.
    await waitFor("the listener to close", () => polls.slice(atStop).includes("ECONNREFUSED"));
    // The request in flight finishes and gets its answer.
    socket.write(body.slice(10));
    await waitFor("the reply", () => /^HTTP\/1\.1 \d{3}/.exec(reply));
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    // …and its connection is closed rather than kept alive.
    await new Promise((r) => (socket.destroyed ? r(null) : socket.once("close", r)));
    polling = false;
    await Promise.all(pollers);
    // Between ready and refused, only 503s: no poll found the port closed early, and no call on
    // a kept-alive connection was cut (ECONNRESET).
    const closedAt = (p: number | string) => p === "ECONNREFUSED" || p === RESET_AT_CLOSE;
    const afterStop = polls.slice(atStop);
    const firstRefused = afterStop.findIndex(closedAt);
    expect(afterStop.slice(0, firstRefused).every((p) => p === 503 || p === 200)).toBe(true);
    expect(afterStop.slice(0, firstRefused)).toContain(503);
    expect(afterStop.slice(firstRefused).every(closedAt)).toBe(true);
    expect([...polls, ...calls].filter((p) => typeof p === "string" && !closedAt(p))).toEqual([]);
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('"msg":"stopped"');
  });
});

/** A TCP relay to PostgreSQL that the test can take down and bring back. */
async function relayTo(
  target: URL,
): Promise<{ port: number; up(): Promise<void>; down(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", () => r()));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const relay = {
    port,
    async up() {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      await new Promise<void>((r) => server!.listen(port, "127.0.0.1", () => r()));
    },
    async down() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      server = null;
    },
  };
  cleanups.push(() => relay.down());
  return relay;
}

describe.runIf(process.env.TEST_DATABASE_URL)("a production start on PostgreSQL", () => {
  it("waits for the database, serves with no demo data, and is not ready while the database is away", async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const db: ScratchDatabase = await createScratchDatabase(admin, "prod_start");
    cleanups.push(() => db.drop());
    const target = new URL(db.url);
    const relay = await relayTo(target);
    const viaRelay = new URL(db.url);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    // The database is not reachable yet: the server waits and says so, without a stack trace.
    const s = start(
      await productionEnv({ DATABASE_URL: viaRelay.toString(), DATABASE_WAIT_SECONDS: "60" }),
    );
    await waitFor("a retry line", () => s.output().includes("database not reachable"));
    expect(s.child.exitCode).toBeNull();
    await relay.up();
    const port = await waitFor(
      "the listening line",
      () => /listening on port (\d+)/.exec(s.output())?.[1],
    );
    const url = `http://127.0.0.1:${port}`;
    await expectFreshProduction(url);
    expect(s.output()).not.toContain(target.password || "never-in-the-log");

    // The database goes away: not ready (503), but alive; it comes back: ready again.
    await relay.down();
    const away = await fetch(`${url}/readyz`);
    expect(away.status).toBe(503);
    expect(((await away.json()) as { checks: { database: string } }).checks.database).toBe(
      "failing",
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await relay.up();
    const back = await (async () => {
      for (let i = 0; i < 50; i++) {
        const r = await fetch(`${url}/readyz`);
        if (r.status === 200) return r.status;
        await new Promise((r2) => setTimeout(r2, 200));
      }
      return 503;
    })();
    expect(back).toBe(200);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });
});
