// Starts the district API's back end: database (migrated, seeded when empty), mail, clock.
import path from "node:path";
import { createHash } from "node:crypto";
import type { Express } from "express";
import { openDatabase, type Database } from "./db/client";
import { migrate, pendingMigrations } from "./db/migrate";
import { claimDatabase } from "./db/origin";
import { hasSettingsRow, nameDistrict } from "./services/district-settings";
import { databaseAnswers, waitForDatabase } from "./db/wait";
import { serveBackups } from "./db/backup";
import { systemClock, type Clock } from "./clock";
import { createLogger, type Logger } from "./logger";
import { outboxMailer, smtpMailer, type Mailer } from "./services/mail";
import type { ApiDeps } from "./deps";
import type { TrustProxy } from "./http/app";
import { createDistrictApi } from "./http/app";
import { createPaymentProvider } from "./payments";
import { startBackgroundJobs, type BackgroundJobs } from "./services/holds";
import { startMailWorker, type MailWorker, type MailWorkerOptions } from "./services/mail-queue";

export interface RuntimeOptions {
  databaseUrl?: string;
  /** PGlite folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  /**
   * PGlite in memory only: start from this dump of a data folder instead of an empty database.
   * The test suites dump one migrated, seeded database per run and start each file's from it.
   */
  pgliteSnapshot?: Blob;
  outboxDir: string;
  /** The web app's address (PUBLIC_URL); the hosted checkout returns only to its origin. */
  publicUrl?: string;
  smtpUrl?: string;
  secret: string;
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  /**
   * What an empty database gets: the demo data (default, `true`), or in production only the
   * baseline a district starts from (settings texts, fee categories), or nothing (`false`).
   */
  seed?: boolean | "demo" | "baseline";
  /** How long to wait for the database at start-up (PostgreSQL may come up later). */
  databaseWaitMs?: number;
  /** Embedded database on disk: where to answer the backup command (a Unix socket path). */
  backupSocket?: string;
  districtName?: string;
  timeZone?: string;
  poolSize?: number;
  /** Run the expired-hold sweeper (default true); tests may turn it off and call expireHolds. */
  backgroundJobs?: boolean;
  /**
   * The mail queue's worker (decision 130): on by default; `false` leaves queued mail for another
   * process (tests of a restart), or its retry and polling times.
   */
  mailWorker?: false | MailWorkerOptions;
  /** Express's `trust proxy` for people's requests to /v1 (TRUST_PROXY); loopback is added. */
  trustProxy?: TrustProxy;
}

export interface DistrictApiRuntime {
  app: Express;
  deps: ApiDeps;
  database: Database;
  /** This process's mail worker (null when turned off). */
  mail: MailWorker | null;
  /** What /readyz reports: the database answers, migrations applied, background jobs alive. */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface Readiness {
  database: boolean;
  migrations: boolean;
  backgroundJobs: boolean;
}

/** Background jobs are alive when a pass ended well lately (three periods), or they just began. */
function jobsAlive(jobs: BackgroundJobs | null, now = Date.now()): boolean {
  if (!jobs) return true;
  const s = jobs.state();
  const grace = 3 * s.everyMs + 5_000;
  if (s.lastSuccessAt !== null) return now - s.lastSuccessAt <= grace;
  return !s.lastFailed && now - s.startedAt <= grace;
}

/** The token key is derived from the one secret, so every instance with that secret agrees. */
/** The origin of a configured public address, or null when none (or none readable) is given. */
function publicOriginOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function tokenKeyFrom(secret: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`district-api-token:${secret}`).digest());
}

export async function startDistrictApi(opts: RuntimeOptions): Promise<DistrictApiRuntime> {
  const logger = opts.logger ?? createLogger();
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.pgliteDir,
    poolSize: opts.poolSize,
    loadDataDir: opts.databaseUrl || opts.pgliteDir ? undefined : opts.pgliteSnapshot,
    holder: "the server",
  });
  try {
    await waitForDatabase(database, logger, opts.databaseWaitMs ?? 0);
    await migrate(database);
    const seed = opts.seed === undefined || opts.seed === true ? "demo" : opts.seed;
    const fresh = !(await hasSettingsRow(database.db));
    // The demo start and the production start each serve only a database they created
    // (decision 135); the first start of an empty one seeds it in one transaction.
    if (seed === "demo") await claimDatabase(database.db, "demo");
    else if (seed === "baseline") await claimDatabase(database.db, "production");
    // DISTRICT_NAME names the district of a fresh database; afterwards the settings row does
    // (administrators edit it; mail, receipts and reports read it, decision 122).
    if (fresh && opts.districtName) await nameDistrict(database.db, opts.districtName);
  } catch (err) {
    // The embedded database is given back (its lock too) before the start reports why it stops.
    await database.close().catch(() => undefined);
    throw err;
  }
  const mailer =
    opts.mailer ??
    (opts.smtpUrl
      ? await smtpMailer(opts.smtpUrl, "no-reply@district.example.org")
      : outboxMailer(path.resolve(opts.outboxDir)));
  const deps: ApiDeps = {
    db: database.db,
    dbKind: database.kind,
    preparedRows: database.preparedRows,
    clock: opts.clock ?? systemClock,
    mailer,
    logger,
    tokenKey: tokenKeyFrom(opts.secret),
    districtName: opts.districtName ?? "School District",
    timeZone: opts.timeZone ?? "America/Chicago",
    publicOrigin: publicOriginOf(opts.publicUrl ?? process.env.PUBLIC_URL),
  };
  deps.payments = await createPaymentProvider(deps.db, deps.tokenKey, process.env, deps.clock);
  const app = createDistrictApi(deps, { trustProxy: opts.trustProxy });
  const jobs = opts.backgroundJobs === false ? null : startBackgroundJobs(deps);
  const mail =
    opts.mailWorker === false
      ? null
      : await startMailWorker(deps, database.listen, opts.mailWorker ?? {});
  const backups =
    opts.backupSocket && database.dumpDataDir
      ? await serveBackups(database, opts.backupSocket, logger)
      : null;
  return {
    app,
    deps,
    database,
    mail,
    readiness: async () => {
      const reachable = await databaseAnswers(database);
      const pending = reachable ? await pendingMigrations(database).catch(() => null) : null;
      return {
        database: reachable,
        migrations: pending !== null && pending.length === 0,
        backgroundJobs: jobsAlive(jobs),
      };
    },
    close: async () => {
      await backups?.close();
      await jobs?.stop();
      await mail?.stop();
      await database.close();
    },
  };
}
