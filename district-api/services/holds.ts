// Payment windows and waitlist offers end by time, without anyone acting: a sweeper releases
// expired holds every few seconds (recording "Payment Timeout"), and every seat-taking
// transaction releases the section's expired holds itself, so a stale hold never blocks a seat.
import { logSafeError } from "../logger";
import type { ApiDeps } from "../deps";
import { releaseAllExpiredHolds } from "./registration";

/** Releases every expired hold now; returns how many. Tests call this after moving the clock. */
export function expireHolds(deps: ApiDeps): Promise<number> {
  return releaseAllExpiredHolds(deps);
}

export interface BackgroundJobs {
  stop(): void;
}

/** Starts the sweeper; the runtime calls it unless told not to (tests drive expireHolds). */
export function startBackgroundJobs(deps: ApiDeps, everyMs = 15_000): BackgroundJobs {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireHolds(deps)
      .then((n) => {
        if (n) deps.logger.info({ released: n }, "expired registration holds released");
      })
      .catch((err: unknown) => {
        deps.logger.error({ err: logSafeError(err) }, "hold sweep failed");
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
