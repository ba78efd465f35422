// Restores a backup made by `npm run backup` (decision 112), with the server stopped:
//   npm run restore -- FILE
// Embedded: into DATA_DIR/pglite, which must not exist yet (move the old one away first).
// PostgreSQL: pg_restore into DATABASE_URL, which should be a new, empty database.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadEnvFile, readConfig } from "../server/config";
import { openDatabase, queryRows } from "../district-api/db/client";
import { DataDirInUse, dataDirHolder } from "../district-api/db/data-dir-lock";
import { sql } from "drizzle-orm";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error("usage: npm run restore -- FILE (a backup made by npm run backup)");
    return 2;
  }
  process.umask(0o077); // the restored files hold families' data: the service's user's only
  loadEnvFile();
  const config = readConfig({ ...process.env, APP_MODE: "demo" });
  if (config.databaseUrl) {
    const r = spawnSync(
      "pg_restore",
      ["--no-owner", "--exit-on-error", "--dbname", config.databaseUrl, file],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (r.error) {
      console.error(
        `pg_restore could not run (${(r.error as NodeJS.ErrnoException).code}); install PostgreSQL's client tools`,
      );
      return 1;
    }
    if (r.status === 0) console.log("restored into PostgreSQL");
    return r.status ?? 1;
  }
  const pgliteDir = path.join(config.dataDir, "pglite");
  const holder = dataDirHolder(pgliteDir);
  if (holder) {
    console.error(`cannot run: ${new DataDirInUse(holder, `${pgliteDir}.lock`).message}`);
    return 1;
  }
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    console.error(`${pgliteDir} already holds a database: stop the server and move it away first`);
    return 1;
  }
  const blob = new Blob([await readFile(file)]);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const database = await openDatabase({
    dataDir: pgliteDir,
    loadDataDir: blob,
    holder: "npm run restore",
  });
  try {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from schema_migrations`,
    );
    console.log(
      `restored the embedded database into ${pgliteDir} (${row?.n ?? 0} migrations applied)`,
    );
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof DataDirInUse
        ? `cannot run: ${err.message}`
        : err instanceof ConfigError
          ? err.message
          : err instanceof Error
            ? err.message
            : String(err),
    );
    process.exit(1);
  },
);
