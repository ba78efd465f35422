// The district API in a maintenance window (decision 141): the web app's gate shows families the
// maintenance page, and this one refuses their calls to /v1 too (a desktop client or a script
// calls it directly), with the spec's words and the end time, while staff calls go on.
import type { NextFunction, Request, Response } from "express";
import { decodeJwt } from "jose";
import { t } from "@domain/messages";
import {
  MAINTENANCE_READ_MS,
  closedDuringMaintenance,
  isInMaintenance,
} from "@domain/rules/maintenance";
import { formatDistrictDateTimeWithZone } from "@domain/rules/time";
import type { ApiDeps } from "../deps";
import { readMaintenanceWindow } from "../queries/settings";

/**
 * How long a process keeps the window it read: an administrator's change in this process is seen
 * at once (forgetMaintenanceWindow); every other instance sees it within this time (decision 147).
 */
const WINDOW_READ_MS = MAINTENANCE_READ_MS;

type Db = ApiDeps["db"];
type Window = { start: string | null; end: string | null };
const windows = new WeakMap<Db, { readAt: number; window: Window }>();

async function currentWindow(db: Db): Promise<Window> {
  const cached = windows.get(db);
  if (cached && Date.now() - cached.readAt < WINDOW_READ_MS) return cached.window;
  const window = await readMaintenanceWindow(db);
  windows.set(db, { readAt: Date.now(), window });
  return window;
}

/** Called after this process changed the window, so its next call reads it afresh. */
export function forgetMaintenanceWindow(db: Db): void {
  windows.delete(db);
}

/**
 * The kind a bearer token claims, read without checking it: enough to tell a family's call from
 * staff's. A forged kind gains nothing; the call's own check of the token still follows.
 */
function claimedKind(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  try {
    const kind = decodeJwt(header.slice(7)).kind;
    return typeof kind === "string" ? kind : "unknown";
  } catch {
    return "unknown";
  }
}

export function maintenanceGate(deps: ApiDeps) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const tokenKind = claimedKind(req);
    if (!closedDuringMaintenance({ method: req.method, path: req.path, tokenKind })) return next();
    void currentWindow(deps.db)
      .then((window) => {
        const status = { state: 1, ...window };
        if (!isInMaintenance(status, deps.clock.now())) return next();
        const end = formatDistrictDateTimeWithZone(window.end!, deps.timeZone);
        res.status(503).setHeader("Retry-After", "60");
        res.json({ message: `${t("maintenance.body")} ${end}.` });
      })
      .catch(next);
  };
}
