// The commands an administrator runs on the server's machine (decision 135):
// beside a running server on the embedded database, each either goes through the server (backup)
// or refuses at once with one line and changes nothing; the server refuses a DATA_DIR a command
// holds; after a restart everything the server kept is there and people sign in. On PostgreSQL
// the same commands work beside the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { DataDirInUse } from "../../district-api/db/data-dir-lock";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "../../district-api/db/scratch-database";
import { call, usingPostgres } from "../support/api";

const ROOT = path.resolve(__dirname, "../..");
const SECRET = "commands-test-secret-commands-test-secret";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `scripts/<script>.ts` with `args` on the environment `env`, stdin from `input`. */
async function command(
  script: string,
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<Ran> {
  const child = execFile(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  child.stdin!.end(input);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

async function serve(
  opts: { pgliteDir?: string; databaseUrl?: string; dataDir: string },
  seed: "demo" | "baseline" = "demo",
): Promise<{ runtime: DistrictApiRuntime; baseUrl: string; stop(): Promise<void> }> {
  const runtime = await startDistrictApi({
    pgliteDir: opts.pgliteDir,
    databaseUrl: opts.databaseUrl,
    backupSocket: opts.pgliteDir ? path.join(opts.dataDir, "control.sock") : undefined,
    outboxDir: path.join(opts.dataDir, "outbox"),
    secret: SECRET,
    logger: createLogger("silent"),
    backgroundJobs: false,
    mailWorker: false,
    seed,
  });
  const server: Server = runtime.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    runtime,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

const STUDENTS_CSV =
  "student_id,first_name,last_name,birth_date,grade\n300001,Nia,Okafor,2013-04-05,7\n";

async function staffSignIn(baseUrl: string, username: string, password: string) {
  return call({ baseUrl }, "POST", "/v1/instructor", { body: { username, password } });
}

async function studentSignIn(baseUrl: string, studentId: string, dob: string) {
  return call({ baseUrl }, "POST", "/v1/student", { body: { studentId, dob } });
}

// Each test runs several processes, each loading the code and opening the database.
describe.skipIf(usingPostgres)(
  "commands beside a server on the embedded database",
  { timeout: 600_000 },
  () => {
    let dir = "";
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "commands-"));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("each command goes through the server or refuses in one line; a restart keeps everything", async () => {
      const dataDir = path.join(dir, "live");
      const pgliteDir = path.join(dataDir, "pglite");
      const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      const csv = path.join(dir, "students.csv");
      await writeFile(csv, STUDENTS_CSV);
      const backupFile = path.join(dir, "live.tar.gz");

      let live = await serve({ pgliteDir, dataDir });
      try {
        // The backup goes through the running server.
        const backup = await command("backup", [backupFile], env);
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toContain("the running server took the backup");
        // Only its user may read it (it holds families' data).
        expect((await stat(backupFile)).mode & 0o077).toBe(0);

        const refusals: [string, string[], string][] = [
          [
            "admin-create",
            ["--username", "firstadm", "--employee-id", "E9001", "--name", "First Admin"],
            "first-admin-pass-123\n",
          ],
          ["import", ["students", csv], ""],
          ["seed", ["--students", "45"], ""],
          ["restore", [backupFile], ""],
        ];
        for (const [script, args, input] of refusals) {
          const ran = await command(script, args, env, input);
          expect(ran.code, `${script}: ${ran.stdout}${ran.stderr}`).toBe(1);
          const lines = ran.stderr.trim().split("\n");
          expect(lines, `${script}: ${ran.stderr}`).toHaveLength(1);
          expect(lines[0]).toMatch(/^cannot run: the server is running on this DATA_DIR/);
          // Never a success line for a write that is not kept.
          expect(ran.stdout).not.toMatch(/created|seeded|students in|restored/);
        }
        // The server still serves, and audits an administrator's change.
        const admin = await staffSignIn(live.baseUrl, "admin", "admin-demo");
        expect(admin.status).toBe(200);
      } finally {
        await live.stop();
      }

      // A restart opens the same folder cleanly, with nothing of the refused commands in it.
      live = await serve({ pgliteDir, dataDir });
      try {
        expect((await studentSignIn(live.baseUrl, "100001", "2012-01-15")).status).toBe(200);
        expect((await studentSignIn(live.baseUrl, "300001", "2013-04-05")).status).not.toBe(200);
        expect((await staffSignIn(live.baseUrl, "firstadm", "first-admin-pass-123")).status).toBe(
          401,
        );
      } finally {
        await live.stop();
      }

      // With the server stopped the same commands run, and the next start serves what they wrote.
      const created = await command(
        "admin-create",
        ["--username", "firstadm", "--employee-id", "E9001", "--name", "First Admin"],
        env,
        "first-admin-pass-123\n",
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain("created the district administrator firstadm");
      const imported = await command("import", ["students", csv], env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain("1 created");
      live = await serve({ pgliteDir, dataDir });
      try {
        expect((await staffSignIn(live.baseUrl, "firstadm", "first-admin-pass-123")).status).toBe(
          200,
        );
        expect((await studentSignIn(live.baseUrl, "300001", "2013-04-05")).status).toBe(200);
      } finally {
        await live.stop();
      }
    });

    it("the server refuses a DATA_DIR a command holds, and starts once the command is done", async () => {
      const dataDir = path.join(dir, "held");
      const pgliteDir = path.join(dataDir, "pglite");
      // A second process holds the folder the way a command does, until told to let go.
      const holder: ChildProcess = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import { openDatabase } from "./district-api/db/client.ts";
         const db = await openDatabase({ dataDir: ${JSON.stringify(pgliteDir)}, holder: "npm run import" });
         console.log("holding");
         process.stdin.once("data", async () => { await db.close(); process.exit(0); });`,
        ],
        { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          holder.stdout!.on("data", (c: Buffer) => c.toString().includes("holding") && resolve());
          holder.once("exit", () => reject(new Error("the holder exited")));
        });
        const refused = await serve({ pgliteDir, dataDir }).catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(DataDirInUse);
        expect((refused as Error).message).toMatch(/^npm run import is using this DATA_DIR/);
        // A backup cannot go through a server that is not there, nor open the folder.
        const backup = await command("backup", [path.join(dir, "held.tar.gz")], {
          DATA_DIR: dataDir,
          DATABASE_URL: "",
        });
        expect(backup.code).toBe(1);
        expect(backup.stderr.trim()).toMatch(/^cannot run: npm run import is using this DATA_DIR/);
      } finally {
        holder.stdin!.write("done\n");
        await new Promise((r) => (holder.exitCode === null ? holder.once("exit", r) : r(null)));
      }
      const live = await serve({ pgliteDir, dataDir });
      try {
        expect((await studentSignIn(live.baseUrl, "100001", "2012-01-15")).status).toBe(200);
      } finally {
        await live.stop();
      }
    });

    it("a holder that died (killed, crashed) leaves no lock behind that stops the next start", async () => {
      const dataDir = path.join(dir, "crashed");
      const pgliteDir = path.join(dataDir, "pglite");
      const first = await serve({ pgliteDir, dataDir });
      await first.stop();
      // The lock of a process that no longer runs.
      const gone = spawn(process.execPath, ["-e", ""]);
      const pid = gone.pid!;
      await new Promise((r) => gone.once("exit", r));
      await writeFile(
        `${pgliteDir}.lock`,
        JSON.stringify({
          pid,
          startTime: null,
          host: (await import("node:os")).hostname(),
          who: "the server",
        }),
      );
      const live = await serve({ pgliteDir, dataDir });
      await live.stop();
    });
  },
);

describe.runIf(usingPostgres && process.env.TEST_DATABASE_URL)(
  "commands beside a server on PostgreSQL",
  { timeout: 300_000 },
  () => {
    let scratch: ScratchDatabase;
    let dir = "";
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "commands");
      dir = await mkdtemp(path.join(tmpdir(), "commands-pg-"));
    });
    afterAll(async () => {
      await scratch?.drop();
      await rm(dir, { recursive: true, force: true });
    });

    it("admin:create and import work while the server runs, and are kept", async () => {
      const live = await serve({ databaseUrl: scratch.url, dataDir: dir });
      try {
        const env = { DATABASE_URL: scratch.url, DATA_DIR: dir };
        const created = await command(
          "admin-create",
          ["--username", "firstadm", "--employee-id", "E9001", "--name", "First Admin"],
          env,
          "first-admin-pass-123\n",
        );
        expect(created.code, created.stderr).toBe(0);
        const csv = path.join(dir, "students.csv");
        await writeFile(csv, STUDENTS_CSV);
        const imported = await command("import", ["students", csv], env);
        expect(imported.code, imported.stderr).toBe(0);
        expect((await staffSignIn(live.baseUrl, "firstadm", "first-admin-pass-123")).status).toBe(
          200,
        );
        expect((await studentSignIn(live.baseUrl, "300001", "2013-04-05")).status).toBe(200);
      } finally {
        await live.stop();
      }
    });
  },
);
