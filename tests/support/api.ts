// Starts the district API over HTTP on a fresh database for one test file: embedded PGlite in
// memory, or (INTEGRATION_DB=postgres) a database created on TEST_DATABASE_URL and dropped after.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { demoSnapshot } from "./pglite-snapshot";
import { TestClock } from "../../district-api/clock";
import { createLogger } from "../../district-api/logger";
import { queryRows } from "../../district-api/db/client";
import { sql } from "drizzle-orm";
import { statusesByOperation } from "../../district-api/http/openapi";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { observeReplies, undeclaredReplies } from "./contract-replies";

export interface TestApi {
  baseUrl: string;
  /** The PostgreSQL database's connection string (undefined on PGlite). */
  databaseUrl?: string;
  /** The secret its tokens are signed with. */
  secret: string;
  clock: TestClock;
  runtime: DistrictApiRuntime;
  outboxDir: string;
  /**
   * Messages written to the outbox so far, once the mail queue has nothing due left (up to ten
   * seconds, for busy machines); with `atLeast`, also waits until that many are there.
   */
  outbox(opts?: { atLeast?: number }): Promise<{ to: string; subject: string; text: string }[]>;
  close(): Promise<void>;
}

export const usingPostgres = process.env.INTEGRATION_DB === "postgres";

async function createPgDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("INTEGRATION_DB=postgres needs TEST_DATABASE_URL");
  return createScratchDatabase(adminUrl, "it");
}

export async function startTestApi(
  opts: {
    seed?: boolean;
    /**
     * Another test API on PostgreSQL: this one is a second process on its database (neither
     * creating nor dropping it) with the same signing secret, as two instances of one deployment.
     */
    shareWith?: TestApi;
    /** Run the sweeper (default true); a test that calls its passes itself turns it off. */
    backgroundJobs?: boolean;
  } = {},
): Promise<TestApi> {
  if (opts.shareWith && !opts.shareWith.databaseUrl) {
    throw new Error("only a test API on PostgreSQL can be shared by a second process");
  }
  const outboxDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
  const clock = new TestClock();
  const pgDb = usingPostgres && !opts.shareWith ? await createPgDatabase() : null;
  const databaseUrl = opts.shareWith?.databaseUrl ?? pgDb?.url;
  const secret = opts.shareWith?.secret ?? randomBytes(16).toString("hex");
  const runtime = await startDistrictApi({
    databaseUrl,
    outboxDir,
    secret,
    clock,
    logger: createLogger("silent"),
    seed: opts.seed,
    poolSize: 20,
    backgroundJobs: opts.backgroundJobs,
    // A seeded database on PGlite starts from the run's dump of one (tests/support/pglite-snapshot.ts).
    pgliteSnapshot: databaseUrl || opts.seed === false ? undefined : await demoSnapshot(),
  });
  const server = runtime.app.listen(0, "127.0.0.1");
  const observedReplies = observeReplies(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    secret,
    clock,
    runtime,
    outboxDir,
    async outbox({ atLeast = 0 } = {}) {
      // Mail is queued and sent by the worker (decision 130): wait until nothing due is left in
      // the queue, so the count read here does not grow later with mail of earlier steps.
      const deadline = Date.now() + 10_000;
      await new Promise((r) => setTimeout(r, 50));
      while (Date.now() < deadline && (await mailDue(runtime, clock)) > 0) {
        await new Promise((r) => setTimeout(r, 25));
      }
      let files = (await readdir(outboxDir)).sort();
      while (files.length < atLeast && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        files = (await readdir(outboxDir)).sort();
      }
      return Promise.all(
        files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), "utf8"))),
      );
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const undeclared = undeclaredReplies(statusesByOperation(ENDPOINTS), observedReplies());
      await runtime.close();
      await pgDb?.drop();
      await rm(outboxDir, { recursive: true, force: true });
      if (undeclared.length && !process.env.CONTRACT_REPLIES_LOG) {
        throw new Error(
          `replies the OpenAPI description (the endpoint values of domain/contract) does not list:\n${undeclared.join("\n")}`,
        );
      }
    },
  };
}

/** Messages queued and due now, or being sent, on this test API's database. */
async function mailDue(runtime: DistrictApiRuntime, clock: TestClock): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    runtime.deps.db,
    sql`select count(*)::int as n from mail_queue where status = 'sending'
        or (status = 'queued'
          and next_attempt_at <= greatest(${clock.now().toISOString()}::timestamptz, now()))`,
  );
  return Number(row?.n ?? 0);
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call to the district API. `body` of a string is sent as is (for malformed JSON). */
export async function call<T = any>(
  api: { baseUrl: string },
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  }
  const res = await fetch(api.baseUrl + pathname, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function studentToken(api: TestApi, studentId = "100001", dob = "2012-01-15") {
  const r = await call(api, "POST", "/v1/student", { body: { studentId, dob } });
  if (r.status !== 200) throw new Error(`student login failed: ${r.status}`);
  return r.body.accessToken as string;
}

export async function staffToken(api: TestApi, username: string, password = `${username}-demo`) {
  const r = await call(api, "POST", "/v1/instructor", { body: { username, password } });
  if (r.status !== 200) throw new Error(`staff login failed: ${r.status}`);
  return r.body.accessToken as string;
}

export async function guestToken(api: TestApi, email = "guest@example.org") {
  const r = await call(api, "PUT", "/v1/community/register-guest", {
    body: { nameFirst: "Gail", nameLast: "Guest", email },
  });
  if (r.status !== 200) throw new Error(`guest login failed: ${r.status}`);
  return r.body.accessToken as string;
}
