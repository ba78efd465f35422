// The process's configuration, read and checked once at start-up from the environment (and an
// optional .env file), so a production start either has everything it needs or refuses with one
// line naming what is missing (decision 110). Two modes:
// - demo (`npm start`): embedded database with the demo data, the payment simulator, mail to the
//   outbox folder, the development desktop key; every page says it is a demo;
// - production (`npm run start:production`, the container image): no demo data, real payments
//   unless PAYMENTS=simulated is asked for, a SESSION_SECRET and PUBLIC_URL required.
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEV_DESKTOP_CLIENT_KEY } from "../district-api/services/cashier";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

export type AppMode = "demo" | "production";

export interface Config {
  mode: AppMode;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  districtApiUrl: string | null;
  buildDir: string;
  /** Null in demo mode when none is given: one is generated into the data folder. */
  sessionSecret: string | null;
  publicUrl: string | null;
  cookieSecure: boolean;
  payments: "stripe" | "simulated";
  /** In-person payments need the desktop client's key; "off" when none is set in production. */
  desktopKey: "set" | "development" | "off";
  mail: "smtp" | "outbox";
  districtName: string;
  timeZone: string;
  logLevel: string;
  /** How long to wait for PostgreSQL at start-up before giving up. */
  databaseWaitMs: number;
  /** How long to go on serving, answering /readyz 503, after SIGTERM before the listener closes. */
  graceMs: number;
  /** How long requests in flight may take to finish once the listener is closed. */
  drainMs: number;
  /** Demo data on an empty database (demo mode only). */
  seedDemo: boolean;
  /** Bearer token that GET /metrics requires; null: no /metrics. */
  metricsToken: string | null;
  /** Express's `trust proxy`, from TRUST_PROXY (loopback when unset). */
  trustProxy: TrustProxy;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
    this.name = "ConfigError";
  }
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const positiveSeconds = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback * 1000;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 86_400) {
        ctx.addIssue({ code: "custom", message: `${name} must be a number of seconds (0–86400)` });
        return z.NEVER;
      }
      return Math.round(n * 1000);
    });

/** Blank variables count as unset (an .env file copied from .env.example has many). */
function clean(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env))
    out[k] = v === undefined || v.trim() === "" ? undefined : v.trim();
  return out;
}

const EnvSchema = z.object({
  APP_MODE: z
    .enum(["demo", "production"], {
      errorMap: () => ({ message: "APP_MODE must be demo or production" }),
    })
    .default("demo"),
  PORT: z.coerce
    .number({ invalid_type_error: "PORT must be a port number" })
    .int("PORT must be a port number")
    .min(0, "PORT must be a port number")
    .max(65_535, "PORT must be a port number")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  DISTRICT_API_URL: z.string().url("DISTRICT_API_URL must be a URL").optional(),
  REMIX_BUILD_DIR: z.string().default("build"),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_URL: z
    .string()
    .url("PUBLIC_URL must be a URL such as https://register.district.org")
    .optional(),
  COOKIE_SECURE: z
    .enum(["true", "false"], {
      errorMap: () => ({ message: "COOKIE_SECURE must be true or false" }),
    })
    .optional(),
  PAYMENTS: z
    .enum(["stripe", "simulated"], {
      errorMap: () => ({ message: "PAYMENTS must be stripe or simulated" }),
    })
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  DESKTOP_CLIENT_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  DISTRICT_NAME: z.string().max(200, "DISTRICT_NAME is too long").default("School District"),
  DISTRICT_TZ: z.string().default("America/Chicago"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      errorMap: () => ({ message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }),
    })
    .default("info"),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  DATABASE_WAIT_SECONDS: positiveSeconds("DATABASE_WAIT_SECONDS", 120),
  SHUTDOWN_GRACE_SECONDS: positiveSeconds("SHUTDOWN_GRACE_SECONDS", 5),
  SHUTDOWN_DRAIN_SECONDS: positiveSeconds("SHUTDOWN_DRAIN_SECONDS", 10),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) {
        ctx.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY must be true, false, a number of proxies, or addresses and subnets (e.g. 10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas",
        });
        return z.NEVER;
      }
      return trust;
    }),
  ALLOW_HTTP_PUBLIC_URL: z
    .enum(["true", "false"], {
      errorMap: () => ({ message: "ALLOW_HTTP_PUBLIC_URL must be true or false" }),
    })
    .optional(),
});

/**
 * Bits of entropy of `text` judged from its own characters (Shannon, per character, times the
 * length): a secret of 32 identical characters has none, a word repeated few. Random secrets
 * of the README's kind (openssl rand -hex 32) have about 240; 96 is required (decision 135).
 */
export function estimatedEntropyBits(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...text].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

const MIN_SECRET_BITS = 96;

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads `.env` from the working folder into the environment when present (variables already set
 * win), as `node --env-file` would, so both starts read the same file.
 */
export function loadEnvFile(file = path.resolve(".env")): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** The configuration, or a ConfigError listing every problem (each one line, naming a variable). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Every problem at once: a variable of the wrong form is reported, then left out so the checks
  // of the rest still run (an operator fixes five settings in one go, not in two).
  const input = clean(env);
  const problems: string[] = [];
  const malformed = new Set<string>();
  let parsed = EnvSchema.safeParse(input);
  for (let pass = 0; !parsed.success && pass < 3; pass++) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (!malformed.has(name)) problems.push(issue.message);
      malformed.add(name);
      delete input[name];
    }
    parsed = EnvSchema.safeParse(input);
  }
  if (!parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const production = e.APP_MODE === "production";
  if (!validTimeZone(e.DISTRICT_TZ)) {
    problems.push("DISTRICT_TZ must be an IANA time zone such as America/Chicago");
  }
  const stripeKeys = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  const payments = e.PAYMENTS ?? (stripeKeys || production ? "stripe" : "simulated");
  if (payments === "stripe" && !stripeKeys && (production || e.PAYMENTS === "stripe")) {
    problems.push(
      "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required to take card payments (or set PAYMENTS=simulated, which takes no real money)",
    );
  }
  if (payments === "stripe" && stripeKeys && production && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET is required with Stripe keys in production");
  }
  if (payments === "simulated" && e.STRIPE_SECRET_KEY) {
    problems.push("PAYMENTS=simulated and STRIPE_SECRET_KEY are both set: choose one");
  }
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : null;
  const https = publicUrl?.protocol === "https:";
  if (production) {
    if (!e.SESSION_SECRET) {
      problems.push(
        "SESSION_SECRET is required in production: a random string of at least 32 characters, the same on every instance",
      );
    } else if (e.SESSION_SECRET.length < 32) {
      problems.push("SESSION_SECRET must be at least 32 characters");
    } else if (estimatedEntropyBits(e.SESSION_SECRET) < MIN_SECRET_BITS) {
      problems.push(
        "SESSION_SECRET is too predictable (repeated characters or a pattern): use a random one, e.g. openssl rand -hex 32",
      );
    }
    if (!publicUrl && !malformed.has("PUBLIC_URL")) {
      problems.push(
        "PUBLIC_URL is required in production: the address families open, e.g. https://register.district.org",
      );
    } else if (publicUrl && !https && e.ALLOW_HTTP_PUBLIC_URL !== "true") {
      problems.push(
        "PUBLIC_URL must be https in production (sessions and card details cross the network); for a trial without TLS set ALLOW_HTTP_PUBLIC_URL=true",
      );
    }
    if (e.DESKTOP_CLIENT_KEY === DEV_DESKTOP_CLIENT_KEY) {
      problems.push(
        "DESKTOP_CLIENT_KEY is the development key: set a secret of your own, or leave it unset to turn in-person payments off",
      );
    } else if (e.DESKTOP_CLIENT_KEY && e.DESKTOP_CLIENT_KEY.length < 24) {
      problems.push("DESKTOP_CLIENT_KEY must be at least 24 characters");
    }
  }
  if (https && e.COOKIE_SECURE === "false") {
    problems.push(
      "COOKIE_SECURE=false with an https PUBLIC_URL would send the session cookie without TLS: remove it",
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    mode: e.APP_MODE,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    districtApiUrl: e.DISTRICT_API_URL ?? null,
    buildDir: path.resolve(e.REMIX_BUILD_DIR),
    sessionSecret: e.SESSION_SECRET ?? null,
    publicUrl: publicUrl ? publicUrl.origin : null,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === "true" : https,
    payments,
    desktopKey: e.DESKTOP_CLIENT_KEY ? "set" : production ? "off" : "development",
    mail: e.SMTP_URL ? "smtp" : "outbox",
    districtName: e.DISTRICT_NAME,
    timeZone: e.DISTRICT_TZ,
    logLevel: e.LOG_LEVEL,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS,
    graceMs: e.SHUTDOWN_GRACE_SECONDS,
    drainMs: e.SHUTDOWN_DRAIN_SECONDS,
    seedDemo: !production,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY,
  };
}

/**
 * Writes what other modules still read from the environment (the cookie's Secure flag, the
 * desktop key's default, the simulator choice) so that they follow the one configuration.
 */
export function applyToEnvironment(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  env.APP_MODE = config.mode;
  env.COOKIE_SECURE = config.cookieSecure ? "true" : "false";
  env.DISTRICT_TZ = config.timeZone;
  env.LOG_LEVEL = config.logLevel;
  if (config.payments === "simulated") {
    delete env.STRIPE_SECRET_KEY;
    delete env.STRIPE_PUBLISHABLE_KEY;
  }
}

/** One log line's worth of the configuration, with no secret in it. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    mode: config.mode,
    port: config.port,
    database: config.districtApiUrl
      ? "external district API"
      : config.databaseUrl
        ? `postgresql (${new URL(config.databaseUrl).host})`
        : `embedded (${config.dataDir})`,
    districtApi: config.districtApiUrl ? new URL(config.districtApiUrl).origin : "embedded",
    publicUrl: config.publicUrl,
    cookieSecure: config.cookieSecure,
    payments: config.payments,
    inPersonPayments: config.desktopKey,
    mail: config.mail,
    districtTz: config.timeZone,
    demoData: config.seedDemo,
    metrics: config.metricsToken ? "on (/metrics, bearer token)" : "off",
    trustProxy: config.trustProxy,
  };
}
