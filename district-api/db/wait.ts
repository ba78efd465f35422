// At start-up PostgreSQL may not be up yet (a container started beside it, a failover): wait for
// it with back-off and one clear line per attempt, instead of crashing with a stack trace.
import type { Logger } from "../logger";
import type { Database } from "./client";

export class DatabaseUnreachable extends Error {
  constructor(
    readonly waitedMs: number,
    readonly reason: string,
  ) {
    super(`the database did not answer within ${Math.round(waitedMs / 1000)} s (${reason})`);
    this.name = "DatabaseUnreachable";
  }
}

/** The error's code or first line, never a connection string or a password. */
export function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === "string" && code) return code;
  const message = err instanceof Error ? err.message : String(err);
  return (message.split("\n")[0] ?? "").replace(/\w+:\/\/[^\s]+/g, "<url>").slice(0, 120);
}

/** Answers whether the database takes a trivial query within `timeoutMs`. */
export async function databaseAnswers(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.withConnection((exec) => exec("select 1")),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the database answers, retrying with back-off up to `maxWaitMs`. */
export async function waitForDatabase(
  database: Database,
  logger: Logger,
  maxWaitMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  const started = Date.now();
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.withConnection((exec) => exec("select 1"));
      if (attempt > 1) logger.info({ attempt }, "database reachable");
      return;
    } catch (err) {
      const waited = Date.now() - started;
      const reason = reasonOf(err);
      if (waited + delay > maxWaitMs) throw new DatabaseUnreachable(waited, reason);
      logger.warn(
        { attempt, reason, retryInMs: delay },
        `database not reachable (${reason}); retrying in ${Math.round(delay / 100) / 10} s`,
      );
      await sleep(delay);
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
