// Backs up the configured database into FILE (decision 112):
//   npm run backup -- FILE
// Embedded (DATA_DIR): a gzip tarball of the data folder, taken by the running server between
// statements, or read directly when no server runs. PostgreSQL (DATABASE_URL): pg_dump's custom
// format (pg_dump must be installed, of the server's major version or newer).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadEnvFile, readConfig } from "../server/config";
import { CONTROL_SOCKET, requestBackup } from "../district-api/db/backup";
import { openDatabase } from "../district-api/db/client";
import { DataDirInUse } from "../district-api/db/data-dir-lock";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run backup -- FILE");
    return 2;
  }
  process.umask(0o077); // the backup holds families' data: its user's only, pg_dump's too
  loadEnvFile();
  const config = readConfig({ ...process.env, APP_MODE: "demo" });
  if (config.databaseUrl) {
    const r = spawnSync(
      "pg_dump",
      ["--format=custom", "--no-owner", "--file", file, config.databaseUrl],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (r.error) {
      console.error(
        `pg_dump could not run (${(r.error as NodeJS.ErrnoException).code}); install PostgreSQL's client tools`,
      );
      return 1;
    }
    if (r.status === 0) console.log(`backed up PostgreSQL to ${file}`);
    return r.status ?? 1;
  }
  const pgliteDir = path.join(config.dataDir, "pglite");
  let tarball = await requestBackup(path.join(config.dataDir, CONTROL_SOCKET));
  if (tarball) {
    console.log("the running server took the backup");
  } else {
    if (!existsSync(pgliteDir)) {
      console.error(`no embedded database in ${pgliteDir}`);
      return 1;
    }
    const database = await openDatabase({ dataDir: pgliteDir, holder: "npm run backup" });
    try {
      tarball = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
  }
  await writeFile(file, tarball, { mode: 0o600 });
  console.log(`backed up the embedded database to ${file} (${tarball.length} bytes)`);
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
