// One process by default: static assets, the embedded district API under /v1, and the Remix app.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { startDistrictApi, type DistrictApiRuntime } from "./district-api/runtime";
import type { Clock } from "./district-api/clock";
import type { Mailer } from "./district-api/services/mail";
import { securityHeaders, sameOriginCheck } from "./app/.server/http-guards";
import { precompressedAssets } from "./app/.server/precompressed-assets";
import { refreshSessionMiddleware } from "./app/.server/session-refresh";
import { sessionResponseHeaders } from "./app/.server/session-headers";
import { webBodyLimit } from "./app/.server/body-limits";
import { maintenanceGate } from "./app/.server/maintenance";
import { t } from "./domain/messages";

export interface ServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Keep the embedded database in memory (tests). */
  inMemory?: boolean;
  districtApiUrl?: string;
  buildDir?: string;
  clock?: Clock;
  mailer?: Mailer;
  /** How long the maintenance status is cached (spec: polled every 5 minutes). */
  statusPollMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  api: DistrictApiRuntime | null;
  close(): Promise<void>;
}

/** SESSION_SECRET from the environment, or one generated once into DATA_DIR. */
function loadSecret(dataDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
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
  const secret = loadSecret(dataDir);
  process.env.SESSION_SECRET = secret;
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const externalApi = opts.districtApiUrl ?? process.env.DISTRICT_API_URL;
  const buildDir = path.resolve(opts.buildDir ?? process.env.REMIX_BUILD_DIR ?? "build");
  const port = opts.port ?? Number(process.env.PORT ?? 3000);
  const host = opts.host ?? process.env.HOST ?? "0.0.0.0";

  let api: DistrictApiRuntime | null = null;
  if (!externalApi) {
    api = await startDistrictApi({
      databaseUrl,
      pgliteDir: databaseUrl || opts.inMemory ? undefined : path.join(dataDir, "pglite"),
      outboxDir: path.join(dataDir, "outbox"),
      smtpUrl: process.env.SMTP_URL,
      secret,
      clock: opts.clock,
      mailer: opts.mailer,
      districtName: process.env.DISTRICT_NAME,
      timeZone: process.env.DISTRICT_TZ,
    });
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
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

  app.use("/build", precompressedAssets(path.join(buildDir, "assets")));
  app.use(
    "/build",
    express.static(path.join(buildDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static("public", { maxAge: "1h", index: false }));

  const build = guardActions(
    (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild,
  );
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
  app.use(maintenanceGate(apiBaseUrl, opts.statusPollMs ?? 5 * 60_000));
  app.use(sameOriginCheck);
  app.use(refreshSessionMiddleware(apiBaseUrl));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === "development" ? "development" : "production",
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? "",
        cspNonce: res.locals.cspNonce as string,
        apiBaseUrl: apiBaseUrl(),
        statusPollMs: opts.statusPollMs ?? 5 * 60_000,
      }),
    }),
  );

  await new Promise<void>((resolve) => {
    listening = app.listen(port, host, () => resolve());
  });
  const url = selfUrl();
  return {
    url,
    port: Number(new URL(url).port),
    api,
    async close() {
      await new Promise<void>((resolve) => listening?.close(() => resolve()));
      await api?.close();
    },
  };
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;
if (isMain) {
  const running = await startServer();
  console.log(`District registration is listening on http://localhost:${running.port}`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
