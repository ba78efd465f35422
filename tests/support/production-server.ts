// The production start as an operator runs it (the compiled server, `node build/node/server.js`
// with APP_MODE=production, as `npm run start:production` and the container image run it), on a
// fresh DATA_DIR, for browser tests that follow README's production section.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");

/** The compiled server `npm run build` made (scripts/build-server.ts), as the container runs it. */
export const COMPILED_SERVER = path.join(
  ROOT,
  process.env.REMIX_BUILD_DIR ?? "build",
  "node",
  "server.js",
);

export interface ProductionServer {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A complete production environment on a new, empty DATA_DIR (removed by `remove`). */
export async function freshProductionEnv(): Promise<{
  env: Record<string, string>;
  remove(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "prod-"));
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    APP_MODE: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    // Plain http on the loopback for the browser; the trial override README names.
    PUBLIC_URL: "http://127.0.0.1",
    ALLOW_HTTP_PUBLIC_URL: "true",
    PAYMENTS: "simulated",
    REMIX_BUILD_DIR: process.env.REMIX_BUILD_DIR ?? "build",
    LOG_LEVEL: "info",
  };
  return {
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Runs `npm run SCRIPT -- ARGS` as README writes it, with `input` piped; its exit and output. */
export function npmRun(
  env: Record<string, string>,
  script: string,
  args: string[],
  input = "",
): { status: number | null; output: string } {
  const r = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    input,
    encoding: "utf8",
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Starts the compiled production server and waits until it listens. */
export async function startProduction(env: Record<string, string>): Promise<ProductionServer> {
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const until = Date.now() + 120_000;
  let port: string | undefined;
  while (!port) {
    const failure =
      child.exitCode !== null
        ? `the server exited:\n${out}`
        : Date.now() > until
          ? `the server did not listen:\n${out}`
          : null;
    if (failure) {
      await stop();
      throw new Error(failure);
    }
    port = /listening on port (\d+)/.exec(out)?.[1];
    if (!port) await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => out, stop };
}
