// Starts the district API's back end: database (migrated, seeded when empty), mail, clock.
import path from "node:path";
import { createHash } from "node:crypto";
import type { Express } from "express";
import { openDatabase, type Database } from "./db/client";
import { migrate } from "./db/migrate";
import { seedIfEmpty } from "./db/seed";
import { systemClock, type Clock } from "./clock";
import { createLogger, type Logger } from "./logger";
import { outboxMailer, smtpMailer, type Mailer } from "./services/mail";
import type { ApiDeps } from "./deps";
import { createDistrictApi } from "./http/app";
import { createPaymentProvider } from "./payments";
import { startBackgroundJobs } from "./services/holds";

export interface RuntimeOptions {
  databaseUrl?: string;
  /** PGlite folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  outboxDir: string;
  smtpUrl?: string;
  secret: string;
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  seed?: boolean;
  districtName?: string;
  timeZone?: string;
  poolSize?: number;
  /** Run the expired-hold sweeper (default true); tests may turn it off and call expireHolds. */
  backgroundJobs?: boolean;
}

export interface DistrictApiRuntime {
  app: Express;
  deps: ApiDeps;
  database: Database;
  close(): Promise<void>;
}

/** The token key is derived from the one secret, so every instance with that secret agrees. */
export function tokenKeyFrom(secret: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`district-api-token:${secret}`).digest());
}

export async function startDistrictApi(opts: RuntimeOptions): Promise<DistrictApiRuntime> {
  const logger = opts.logger ?? createLogger();
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.pgliteDir,
    poolSize: opts.poolSize,
  });
  await migrate(database);
  if (opts.seed !== false) await seedIfEmpty(database.db);
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
  };
  deps.payments = await createPaymentProvider(deps.db, deps.tokenKey, process.env, deps.clock);
  const app = createDistrictApi(deps);
  const jobs = opts.backgroundJobs === false ? null : startBackgroundJobs(deps);
  return {
    app,
    deps,
    database,
    close: () => {
      jobs?.stop();
      return database.close();
    },
  };
}
