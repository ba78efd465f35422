// One process by default: static assets, the embedded district API under /v1, and the Remix app.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { startDistrictApi, type DistrictApiRuntime } from "./district-api/runtime";
import { createLogger } from "./district-api/logger";
import { DatabaseUnreachable } from "./district-api/db/wait";
import { DataDirInUse } from "./district-api/db/data-dir-lock";
import { DatabaseOriginRefused } from "./district-api/db/origin";
import { CONTROL_SOCKET } from "./district-api/db/backup";
import {
  applyToEnvironment,
  ConfigError,
  describeConfig,
  loadEnvFile,
  readConfig,
  type AppMode,
} from "./server/config";
import { externalReadiness, healthRoutes } from "./server/health";
import { createDrain, keepConnectionsAlive, type DrainTimes } from "./server/lifecycle";
import { observeWebRequests } from "./server/observe";
import { metricsRoute } from "./server/metrics-route";
import { gauge } from "./district-api/metrics";
import type { Logger } from "./district-api/logger";
import type { Clock } from "./district-api/clock";
import type { Mailer } from "./district-api/services/mail";
import { securityHeaders, sameOriginCheck } from "./server/http-guards";
import { precompressedAssets } from "./server/precompressed-assets";
import { refreshSessionMiddleware } from "./server/session-refresh";
import { sessionResponseHeaders } from "./server/session-headers";
import { webBodyLimit } from "./server/web-body-limit";
import { maintenanceGate } from "./server/maintenance-gate";
import { pagePathOf } from "./server/data-requests";
import { MAINTENANCE_READ_MS } from "./domain/rules/maintenance";
import { languageCookie, pageLanguage } from "./domain/rules/language";
import { t } from "./domain/messages";
import type { TrustProxy } from "./server/trust-proxy";

export interface ServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Keep the embedded database in memory (tests). */
  inMemory?: boolean;
  /** With inMemory: the embedded database starts from this dump (district-api/runtime.ts). */
  pgliteSnapshot?: Blob;
  districtApiUrl?: string;
  buildDir?: string;
  clock?: Clock;
  mailer?: Mailer;
  /**
   * How long a process keeps the maintenance status it read (decision 147: a second, so a window
   * holds in every process when the administrator says; the spec's 5-minute poll is the pages').
   */
  statusPollMs?: number;
  /** demo (default): demo data on an empty database; production: only the baseline (config.ts). */
  mode?: AppMode;
  /** Payments are simulated (shown on every page); the demo's are. */
  simulatedPayments?: boolean;
  /** How long to wait for PostgreSQL at start-up. */
  databaseWaitMs?: number;
  /** Bearer token for GET /metrics; without one the route does not exist. */
  metricsToken?: string | null;
  /** Express's `trust proxy` (config.ts reads TRUST_PROXY); loopback when absent. */
  trustProxy?: TrustProxy;
  logger?: Logger;
  /**
   * `npm run dev`: the pages are compiled by Vite on request from app/, and a page reloads (or
   * updates in place) when a file it uses is saved (decision 173). NODE_ENV=development sets it.
   */
  dev?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  api: DistrictApiRuntime | null;
  /**
   * Says "not ready" and goes on serving for `graceMs` (replies close their connections), then
   * stops taking requests, lets those in flight finish within `drainMs`, and closes.
   */
  drain(times: DrainTimes): Promise<void>;
  close(): Promise<void>;
}

/** SESSION_SECRET from the environment, or (demo only) one generated once into DATA_DIR. */
function loadSecret(dataDir: string, mode: AppMode): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (mode === "production") throw new ConfigError(["SESSION_SECRET is required in production"]);
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** True for the errors Request.formData()/json() throw on a body that is not what they expect. */
function isUnreadableBody(err: unknown): boolean {
  return (
    (err instanceof TypeError && /form ?data|multipart|boundary|body/i.test(err.message)) ||
    err instanceof SyntaxError
  );
}

/**
 * True for what the form library throws on a crafted `__intent__` field (not JSON of an intent,
 * or a list intent on a field that is not a list): the post is bad input, not a server fault.
 */
function isBadFormIntent(err: unknown): boolean {
  return (
    err instanceof Error && /^(Unknown form control intent|Failed to update list)/.test(err.message)
  );
}

/**
 * Every action of the web app answers 400, not 500, when the posted body cannot be read (JSON
 * posted to a form, a broken multipart body): bad input gets a clear message and changes nothing.
 */
function guardActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    routes[id] = action
      ? {
          ...route,
          module: {
            ...route.module,
            action: async (args) => {
              try {
                return await action(args);
              } catch (err) {
                if (isUnreadableBody(err) || isBadFormIntent(err)) {
                  throw new Response(t("error.badRequest"), {
                    status: 400,
                    headers: { "Content-Type": "text/plain; charset=utf-8" },
                  });
                }
                throw err;
              }
            },
          },
        }
      : route;
  }
  return { ...build, routes };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? ".data");
  const mode: AppMode =
    opts.mode ?? (process.env.APP_MODE === "production" ? "production" : "demo");
  const simulatedPayments = opts.simulatedPayments ?? !process.env.STRIPE_SECRET_KEY;
  const secret = loadSecret(dataDir, mode);
  process.env.SESSION_SECRET = secret;
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const externalApi = opts.districtApiUrl ?? process.env.DISTRICT_API_URL;
  const buildDir = path.resolve(opts.buildDir ?? process.env.REMIX_BUILD_DIR ?? "build");
  const port = opts.port ?? Number(process.env.PORT ?? 3000);
  const host = opts.host ?? process.env.HOST ?? "0.0.0.0";
  const trustProxy: TrustProxy = opts.trustProxy ?? ["loopback"];

  let api: DistrictApiRuntime | null = null;
  const logger = opts.logger ?? createLogger();
  const onDisk = !databaseUrl && !opts.inMemory;
  if (onDisk || !externalApi) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // A folder made or restored before with wider modes: its user's only from now on.
    if (onDisk) chmodSync(dataDir, 0o700);
  }
  if (!externalApi) {
    api = await startDistrictApi({
      databaseUrl,
      pgliteDir: onDisk ? path.join(dataDir, "pglite") : undefined,
      pgliteSnapshot: opts.inMemory ? opts.pgliteSnapshot : undefined,
      backupSocket: onDisk ? path.join(dataDir, CONTROL_SOCKET) : undefined,
      seed: mode === "production" ? "baseline" : "demo",
      logger,
      databaseWaitMs: opts.databaseWaitMs,
      outboxDir: path.join(dataDir, "outbox"),
      smtpUrl: process.env.SMTP_URL,
      secret,
      clock: opts.clock,
      mailer: opts.mailer,
      districtName: process.env.DISTRICT_NAME,
      timeZone: process.env.DISTRICT_TZ,
      trustProxy,
    });
  }

  const app = express();
  const httpServer = createServer(app);
  const dev = opts.dev ?? process.env.NODE_ENV === "development";
  // In development Vite compiles the pages on request (its reload socket shares this server's
  // port); otherwise they come from `npm run build`, English and Spanish (decision 170).
  const vite = dev
    ? await import("vite").then(({ createServer: createViteServer }) =>
        createViteServer({ server: { middlewareMode: true, hmr: { server: httpServer } } }),
      )
    : null;
  const devBuild = vite
    ? async () =>
        guardActions((await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
    : null;
  const build = devBuild
    ? await devBuild()
    : guardActions(
        (await import(
          pathToFileURL(path.join(buildDir, "server", "index.js")).href
        )) as ServerBuild,
      );
  const spanishIndex = path.join(buildDir, "es", "server", "index.js");
  const spanish =
    !dev && existsSync(spanishIndex)
      ? guardActions((await import(pathToFileURL(spanishIndex).href)) as ServerBuild)
      : null;
  const database = api?.database;
  gauge("db_pool_connections", "Database connections of this process by state.", ["state"], () => {
    const stats = database?.poolStats?.();
    if (!stats) return database ? [{ labels: { state: "open" }, value: 1 }] : [];
    return [
      { labels: { state: "open" }, value: stats.total },
      { labels: { state: "idle" }, value: stats.idle },
      { labels: { state: "waiting" }, value: stats.waiting },
    ];
  });

  const drain = createDrain();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(drain.closeConnections);
  app.use(observeWebRequests(logger, build));
  // Before everything else (maintenance, sessions): a load balancer polls these every few seconds.
  app.use(
    healthRoutes({
      readiness: api ? api.readiness : externalReadiness(externalApi!),
      draining: drain.draining,
    }),
  );
  app.use(metricsRoute(opts.metricsToken ?? process.env.METRICS_TOKEN ?? null));
  app.use(compression());
  app.use(securityHeaders);

  if (api) {
    const districtApi = api.app;
    app.use((req, res, next) =>
      req.path.startsWith("/v1/") || req.path === "/status.json"
        ? districtApi(req, res, next)
        : next(),
    );
  }

  if (vite) app.use(vite.middlewares);
  else {
    app.use("/build", precompressedAssets(path.join(buildDir, "client")));
    app.use(
      "/build",
      express.static(path.join(buildDir, "client"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
  }
  if (spanish) {
    const assets = path.join(buildDir, "es", "client");
    app.use("/build-es", precompressedAssets(assets));
    app.use("/build-es", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
  }
  app.use(express.static("public", { maxAge: "1h", index: false }));

  let listening: Server | null = null;
  const selfUrl = () => {
    const addr = listening?.address();
    const p = addr && typeof addr === "object" ? addr.port : port;
    return `http://127.0.0.1:${p}`;
  };
  const apiBaseUrl = () => externalApi ?? selfUrl();

  // Replies of the web app (not /v1, not static files): Secure cookies behind HTTPS, no-store for
  // sessions, and posted bodies refused over their limit before they are read (decision 103).
  app.use(sessionResponseHeaders);
  app.use(webBodyLimit);
  app.use(maintenanceGate(apiBaseUrl, opts.statusPollMs ?? MAINTENANCE_READ_MS));
  app.use(sameOriginCheck);
  app.use(refreshSessionMiddleware(apiBaseUrl));
  const handlerOf = (pages: ServerBuild, reload?: () => Promise<ServerBuild>) =>
    createRequestHandler({
      build: reload ?? pages,
      mode: process.env.NODE_ENV === "development" ? "development" : "production",
      getLoadContext: async (req, res) => ({
        clientIp: req.ip ?? "",
        cspNonce: res.locals.cspNonce as string,
        apiBaseUrl: apiBaseUrl(),
        statusPollMs: opts.statusPollMs ?? MAINTENANCE_READ_MS,
        environment: { demo: mode === "demo", simulatedPayments },
        requestId: res.locals.requestId as string | undefined,
        assets: (reload ? await reload() : pages).assets,
      }),
    });
  const english = handlerOf(build, devBuild ?? undefined);
  const inSpanish = spanish ? handlerOf(spanish) : english;
  app.all("*", (req, res, next) => {
    // Each page in its family's language (decision 170): the choice, else the browser's; a page's
    // data requests in its page's.
    const language = pageLanguage({
      pathname: pagePathOf(req.path),
      chosen: languageCookie(req.headers.cookie),
      acceptLanguage: req.headers["accept-language"],
    });
    res.vary("Accept-Language");
    res.vary("Cookie");
    return (language === "es" ? inSpanish : english)(req, res, next);
  });

  await new Promise<void>((resolve) => {
    listening = httpServer.listen(port, host, () => resolve());
  });
  const url = selfUrl();
  const server = listening as unknown as Server;
  keepConnectionsAlive(server);
  const release = async () => {
    await vite?.close();
    await api?.close();
  };
  return {
    url,
    port: Number(new URL(url).port),
    api,
    drain: (times) => drain.drain(server, times, release),
    close: () => drain.drain(server, { graceMs: 0, drainMs: 0 }, release),
  };
}

/** The production or demo start: configuration checked once, then serve until SIGTERM. */
async function main(): Promise<void> {
  // Everything the process writes (the embedded database, the outbox, the generated secret) holds
  // families' data or keys: readable by the service's user only.
  process.umask(0o077);
  loadEnvFile();
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const problem of err.problems) console.error(`cannot start: ${problem}`);
    process.exit(1);
  }
  applyToEnvironment(config);
  const logger = createLogger(config.logLevel);
  logger.info(describeConfig(config), "configuration");
  if (config.mode === "demo") {
    logger.warn(
      "DEMO: demo data and accounts, simulated payments, mail to the outbox folder. Not for real families: see README, Run it in production",
    );
  } else {
    if (config.payments === "simulated") {
      logger.warn("PAYMENTS=simulated: no card payment takes real money");
    }
    if (config.mail === "outbox") {
      logger.warn(
        "SMTP_URL is not set: mail to families (receipts, confirmations) is written to DATA_DIR/outbox and nobody receives it",
      );
    }
  }
  let running: RunningServer;
  try {
    running = await startServer({
      port: config.port,
      host: config.host,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl ?? undefined,
      districtApiUrl: config.districtApiUrl ?? undefined,
      buildDir: config.buildDir,
      mode: config.mode,
      simulatedPayments: config.payments === "simulated",
      databaseWaitMs: config.databaseWaitMs,
      metricsToken: config.metricsToken,
      trustProxy: config.trustProxy,
      logger,
    });
  } catch (err) {
    if (
      err instanceof DatabaseUnreachable ||
      err instanceof ConfigError ||
      err instanceof DataDirInUse ||
      err instanceof DatabaseOriginRefused
    ) {
      console.error(`cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  logger.info({ port: running.port }, `District registration is listening on port ${running.port}`);
  const stop = (signal: NodeJS.Signals) => {
    // SIGTERM comes from an orchestrator with a load balancer to tell; Ctrl-C (SIGINT) from a
    // person at a terminal, who has none and should not wait for it.
    const graceMs = signal === "SIGTERM" ? config.graceMs : 0;
    logger.info(
      { signal, graceMs, drainMs: config.drainMs },
      "stopping: not ready, then finishing the requests in flight",
    );
    void running.drain({ graceMs, drainMs: config.drainMs }).then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (err: unknown) => {
        console.error(`stopping failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;
if (isMain) await main();
