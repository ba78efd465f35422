// Backups (decision 112): the embedded database is backed up while the server runs,
// through the server itself, and restored into a fresh data folder with the same registrations
// and payments; PostgreSQL through pg_dump/pg_restore with the same commands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { openDatabase, queryRows, type Db } from "../../district-api/db/client";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "../../district-api/db/scratch-database";
import { call, studentToken, usingPostgres } from "../support/api";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");

/** The rows that matter to a family and the business office, as JSON, in a stable order. */
async function moneyAndSeats(db: Db): Promise<string> {
  const tables = ["registrations", "payments", "carts", "cart_items", "assessed_fees"];
  const out: string[] = [];
  for (const t of tables) {
    const rows = await queryRows<{ j: unknown }>(
      db,
      sql.raw(`select to_jsonb(x) as j from "${t}" x order by 1::text, x::text`),
    );
    out.push(`${t}:${JSON.stringify(rows.map((r) => r.j))}`);
  }
  return out.join("\n");
}

/** Registers student `id` for a paid course and promises a mailed check for part of it. */
async function registerAndPromise(api: { baseUrl: string }, id: string): Promise<void> {
  const token = await studentToken(api as Parameters<typeof studentToken>[0], id);
  const list = await call(api, "GET", "/v1/program", { token });
  const course = (list.body as any[])
    .flatMap((p) => p.courses)
    .find((c: any) => c.name === "Summer Band");
  const reg = await call(api, "POST", `/v1/register/${course.courseSelectionUUID}`, {
    token,
    body: { activeCourse: { courseSelectionUUID: course.courseSelectionUUID, status: "open" } },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const mail = await call(api, "POST", "/v1/payment/confirm-mailin", {
    token,
    body: { paymentType: "mail", courseSectionIds: [course.courseSelectionUUID], payNowAmount: 40 },
  });
  expect(mail.status, JSON.stringify(mail.body)).toBe(200);
}

async function listen(runtime: DistrictApiRuntime): Promise<{ baseUrl: string; server: Server }> {
  const server = runtime.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(usingPostgres)("embedded database backup and restore", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "backup-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("backs up through the running server and restores into a fresh data folder", async () => {
    const dataDir = path.join(dir, "live");
    const runtime = await startDistrictApi({
      pgliteDir: path.join(dataDir, "pglite"),
      backupSocket: path.join(dataDir, "control.sock"),
      outboxDir: path.join(dataDir, "outbox"),
      secret: "backup-test-secret-backup-test-secret",
      logger: createLogger("silent"),
      backgroundJobs: false,
    });
    const { baseUrl, server } = await listen(runtime);
    const file = path.join(dir, "district.tar.gz");
    let before = "";
    try {
      await registerAndPromise({ baseUrl }, "100007");
      before = await moneyAndSeats(runtime.database.db);
      expect(before).toContain("pending");
      // The server holds the folder open; the backup command asks it over its socket.
      const backup = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", file], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      });
      expect(backup.stdout).toContain("the running server took the backup");
      expect((await stat(file)).size).toBeGreaterThan(1000);
      // The server goes on serving after its backup.
      await registerAndPromise({ baseUrl }, "100008");
    } finally {
      server.close();
      await runtime.close();
    }

    const fresh = path.join(dir, "restored");
    const restore = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: fresh, DATABASE_URL: "" },
    });
    expect(restore.stdout).toContain("restored the embedded database");
    // The restored folder holds families' data: its user's only (decision 135).
    expect((await stat(path.join(fresh, "pglite"))).mode & 0o077).toBe(0);
    expect((await stat(path.join(fresh, "pglite", "PG_VERSION"))).mode & 0o077).toBe(0);
    const restored = await openDatabase({ dataDir: path.join(fresh, "pglite") });
    try {
      // The same registrations and payments as at the moment of the backup (not the later one).
      expect(await moneyAndSeats(restored.db)).toBe(before);
    } finally {
      await restored.close();
    }
    // Restoring over an existing database is refused, and changes nothing.
    const again = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: fresh, DATABASE_URL: "" },
    }).catch((err: { code: number; stderr: string }) => err);
    expect("code" in again && again.code).toBe(1);
    expect((again as { stderr: string }).stderr).toContain("already holds a database");
  });
});

describe.runIf(usingPostgres && process.env.TEST_DATABASE_URL)(
  "PostgreSQL backup and restore with pg_dump",
  () => {
    const dbs: ScratchDatabase[] = [];
    afterAll(async () => {
      for (const d of dbs) await d.drop().catch(() => undefined);
    });

    it("backs up a running database and restores it into a new one", async () => {
      const admin = process.env.TEST_DATABASE_URL!;
      const live = await createScratchDatabase(admin, "backup_live");
      const target = await createScratchDatabase(admin, "backup_restored");
      dbs.push(live, target);
      const runtime = await startDistrictApi({
        databaseUrl: live.url,
        outboxDir: await mkdtemp(path.join(tmpdir(), "outbox-")),
        secret: "backup-test-secret-backup-test-secret",
        logger: createLogger("silent"),
        backgroundJobs: false,
      });
      const { baseUrl, server } = await listen(runtime);
      const dir = await mkdtemp(path.join(tmpdir(), "pgbackup-"));
      const file = path.join(dir, "district.dump");
      let before = "";
      try {
        await registerAndPromise({ baseUrl }, "100009");
        before = await moneyAndSeats(runtime.database.db);
        await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", file], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: live.url },
        });
      } finally {
        server.close();
        await runtime.close();
      }
      await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: target.url },
      });
      const restored = await openDatabase({ databaseUrl: target.url });
      try {
        expect(await moneyAndSeats(restored.db)).toBe(before);
      } finally {
        await restored.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
