// Payment windows, waitlist offers and carts end by time, without anyone acting: a sweeper
// releases expired holds every few seconds (recording "Payment Timeout") and the carts whose time
// is up, and every seat-taking transaction releases the section's expired holds itself, so a stale
// hold never blocks a seat. Reads (the cart badge on every page) never release anything.
import { logSafeError } from "../logger";
import type { ApiDeps } from "../deps";
import { releaseAllExpiredHolds } from "./registration";
import { releaseExpiredCarts } from "./cart";
import { releaseUnhonouredPromises } from "./promise-release";
import { metrics } from "../metrics";

/** Releases every expired hold now; returns how many. Tests call this after moving the clock. */
export function expireHolds(deps: ApiDeps): Promise<number> {
  return releaseAllExpiredHolds(deps);
}

export interface BackgroundJobs {
  /** Stops the timer and waits for a pass in progress to finish. */
  stop(): Promise<void>;
  /** When the last pass ended well, when the jobs started, and the last pass's failure. */
  state(): {
    startedAt: number;
    lastSuccessAt: number | null;
    lastFailed: boolean;
    everyMs: number;
  };
}

/**
 * One pass of the sweeper: expired holds, then every owner's expired carts (and carts left
 * PROCESSING by a charge that never finished), then mailed-check promises past their due date
 * (decision 138). Safe with several processes sweeping at once: each cart changes status in one
 * guarded update, and each promise is released under its section's and its own lock, so only one
 * of them releases it.
 */
export async function sweepOnce(
  deps: ApiDeps,
): Promise<{ holds: number; carts: number; promises: number }> {
  const holds = await expireHolds(deps);
  const carts = await releaseExpiredCarts(deps);
  const promises = await releaseUnhonouredPromises(deps);
  return { holds, carts, promises };
}

/** Starts the sweeper; the runtime calls it unless told not to (tests drive expireHolds). */
export function startBackgroundJobs(deps: ApiDeps, everyMs = 15_000): BackgroundJobs {
  let running: Promise<void> | null = null;
  const startedAt = Date.now();
  let lastSuccessAt: number | null = null;
  let lastFailed = false;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOnce(deps)
      .then(({ holds, carts, promises }) => {
        lastSuccessAt = Date.now();
        lastFailed = false;
        if (carts) metrics.seatsReleased.inc({ hold: "cart_timeout" }, carts);
        if (promises) metrics.seatsReleased.inc({ hold: "mailed_check_due" }, promises);
        if (promises)
          deps.logger.info({ released: promises }, "unpaid mailed-check promises released");
        if (holds) deps.logger.info({ released: holds }, "expired registration holds released");
        if (carts) deps.logger.info({ released: carts }, "registrations in expired carts released");
      })
      .catch((err: unknown) => {
        lastFailed = true;
        deps.logger.error({ err: logSafeError(err) }, "hold sweep failed");
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    state: () => ({ startedAt, lastSuccessAt, lastFailed, everyMs }),
  };
}
