// Stopping without dropping anyone's request (decision 111): on SIGTERM (or SIGINT) the process
// stops accepting connections, says "not ready" so the load balancer moves traffic away, lets the
// requests in flight finish within the drain time, then stops the background jobs, closes the
// database and exits 0. Idle keep-alive connections are closed at once; any still open at the end
// of the drain time are cut.
import type { Server } from "node:http";
import type { RequestHandler } from "express";

export interface Drainable {
  /** True once a stop has begun. */
  draining(): boolean;
  /** Express middleware: during the drain, replies close their connection. */
  closeConnections: RequestHandler;
  /** Begins the stop; resolves when the server is closed and `release` has run. */
  drain(server: Server, drainMs: number, release: () => Promise<void>): Promise<void>;
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
    drain(server, drainMs, release) {
      if (done) return done;
      draining = true;
      done = (async () => {
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
