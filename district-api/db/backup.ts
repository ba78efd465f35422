// Backups of the embedded database while the server runs (decision 112). PGlite is one process's
// database: only that process may read its folder consistently, so it listens on a Unix socket in
// the data folder (mode 0600: only the server's own user) and answers a "dump" with a gzip tarball
// of its data folder taken between statements. The backup command asks it there, or, when no
// server runs, opens the folder itself. PostgreSQL is backed up with pg_dump (README).
import { createConnection, createServer, type Server } from "node:net";
import { chmod, rm } from "node:fs/promises";
import type { Database } from "./client";
import type { Logger } from "../logger";

export const CONTROL_SOCKET = "control.sock";

/** Serves dumps of `database` on `socketPath` until closed. */
export async function serveBackups(
  database: Database,
  socketPath: string,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error("only the embedded database is backed up through the server");
  await rm(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    socket.once("data", (chunk) => {
      if (chunk.toString("utf8").trim() !== "dump") {
        socket.end();
        return;
      }
      dump()
        .then(async (blob) => {
          socket.end(Buffer.from(await blob.arrayBuffer()));
          logger.info({ bytes: blob.size }, "backup taken");
        })
        .catch((err: unknown) => {
          logger.error(
            { reason: err instanceof Error ? err.message : String(err) },
            "backup failed",
          );
          socket.destroy();
        });
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }).then(() => rm(socketPath, { force: true })),
  };
}

/** Asks the server listening on `socketPath` for a dump; null when no server listens there. */
export function requestBackup(socketPath: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(socketPath, () => socket.write("dump\n"));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("end", () => {
      const body = Buffer.concat(chunks);
      if (body.length === 0) reject(new Error("the server sent no backup"));
      else resolve(body);
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolve(null);
      else reject(err);
    });
  });
}
