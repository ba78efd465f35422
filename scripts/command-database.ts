// The database a command works on (DATABASE_URL, or the embedded PGlite in DATA_DIR), opened the
// one way every command opens it. The embedded database is one process's at a time (decision
// 135): while the server or another command has it open, the command stops here with one line
// and changes nothing. Files the command writes are its user's only (umask 077): they hold
// families' data.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase, type Database } from "../district-api/db/client";
import { DataDirInUse } from "../district-api/db/data-dir-lock";

export interface CommandDatabase {
  database: Database;
  databaseUrl: string | undefined;
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** The embedded database's folder, DATA_DIR/pglite. */
  pgliteDir: string;
}

/** Prints why the command cannot run, in one line, and exits 1. */
export function refuse(reason: string): never {
  console.error(`cannot run: ${reason}`);
  process.exit(1);
}

/**
 * Opens the configured database for `command` ("npm run …"), or refuses in one line; `instead`
 * names what to use while the server runs (e.g. its page for the same thing).
 */
export async function openCommandDatabase(
  command: string,
  instead?: string,
): Promise<CommandDatabase> {
  process.umask(0o077);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const pgliteDir = path.join(dataDir, "pglite");
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const database = await openDatabase({
      databaseUrl,
      dataDir: databaseUrl ? undefined : pgliteDir,
      holder: command,
    });
    return { database, databaseUrl, dataDir, pgliteDir };
  } catch (err) {
    if (err instanceof DataDirInUse) {
      refuse(
        err.holder.who === "the server" && instead ? `${err.message}, or ${instead}` : err.message,
      );
    }
    throw err;
  }
}
