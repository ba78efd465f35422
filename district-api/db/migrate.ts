// Applies the checked-in SQL migrations in name order, once each. A PostgreSQL advisory lock keeps
// several instances starting at once from applying the same file twice.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client";
import { runtimeFolder } from "../runtime-folders";

const migrationsDir = fileURLToPath(runtimeFolder("migrations"));
const LOCK_ID = 72710001;

export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^[\w.-]+\.sql$/.test(f)).sort();
  return database.withConnection(async (exec) => {
    await exec(`select pg_advisory_lock(${LOCK_ID})`);
    try {
      await exec(
        "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
      );
      const rows = (await exec("select name from schema_migrations")) as { name: string }[];
      const done = new Set(rows.map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const body = await readFile(path.join(migrationsDir, file), "utf8");
        await exec(
          `begin;\n${body}\n;\ninsert into schema_migrations (name) values ('${file}');\ncommit;`,
        );
        applied.push(file);
      }
      return applied;
    } finally {
      await exec(`select pg_advisory_unlock(${LOCK_ID})`);
    }
  });
}

/** The checked-in migrations the database has not applied (readiness: a restored older copy). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^[\w.-]+\.sql$/.test(f)).sort();
  const rows = (await database.withConnection((exec) =>
    exec("select name from schema_migrations"),
  )) as { name: string }[];
  const done = new Set(rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}
