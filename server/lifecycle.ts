// Stopping without dropping anyone's request (decisions 111 and 150): on SIGTERM the process
// first says "not ready" (/readyz 503) while it goes on serving for a grace period, so that a load
// balancer polling /readyz sees it and moves traffic away; every reply in that time closes its
// connection, so no client is left holding a kept-alive connection that is about to go. Then it
// stops accepting connections, lets the requests in flight finish within the drain time, stops the
// background jobs, closes the database and exits 0. Connections still open at the end of the
// drain time are cut.
import type { Server } from "node:http";
import type { RequestHandler } from "express";

/**
 * How long an idle kept-alive connection stays open. The server must be the last to close one:
 * a client that sends on a connection the server is closing at that moment gets ECONNRESET and
 * the family a failed page. The web app's own calls to the embedded /v1 keep an idle connection
 * 4 s (undici's default; seen failing under the rush benchmark against Node's 5 s) and a load
 * balancer up to 60 s (AWS's default), so the server keeps one 65 s.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Sets the idle time above on `server`; the headers' deadline must be longer than it. */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

export interface DrainTimes {
  /** How long to go on serving, not ready, before the listener closes (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** How long requests in flight may take once the listener is closed (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
}

export interface Drainable {
  /** True once a stop has begun. */
  draining(): boolean;
  /** Express middleware: during the drain, replies close their connection. */
  closeConnections: RequestHandler;
  /** Begins the stop; resolves when the server is closed and `release` has run. */
  drain(server: Server, times: DrainTimes, release: () => Promise<void>): Promise<void>;
}

export function createDrain(): Drainable {
  let draining = false;
  let done: Promise<void> | null = null;
  return {
    draining: () => draining,
    closeConnections: (_req, res, next) => {
      if (draining) res.set("Connection", "close");
      next();
    },
    drain(server, { graceMs, drainMs }, release) {
      if (done) return done;
      draining = true;
      done = (async () => {
        // Still listening: /readyz answers 503 and each reply closes its connection.
        if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const cut = setTimeout(() => server.closeAllConnections(), drainMs);
        // Connections that finish a request during the drain are closed as they become idle.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        try {
          await closed;
        } finally {
          clearTimeout(cut);
          clearInterval(idle);
        }
        await release();
      })();
      return done;
    },
  };
}
