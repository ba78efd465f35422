// The maintenance window replaces the whole site (spec 01 §2, §4). A process keeps the status it
// read for at most a second (decision 147), so a window opened or ended in any process holds in
// all of them at once; the window itself is checked on every request.
import type { NextFunction, Request, Response } from "express";
import { MaintenanceStatus } from "@domain/contract/identity";
import { isInMaintenance, webPathOpenDuringMaintenance } from "@domain/rules/maintenance";
import { t } from "@domain/messages";
import { formatDistrictDateTimeWithZone } from "@domain/rules/time";
import { districtTimeZone } from "./time";

/** Per district API: the status last read, and the read under way (requests at once share it). */
const reads = new Map<
  string,
  { at: number; status: MaintenanceStatus | null; pending: Promise<MaintenanceStatus> | null }
>();

async function fetchStatus(apiBaseUrl: string): Promise<MaintenanceStatus> {
  try {
    const res = await fetch(new URL("/status.json", apiBaseUrl), {
      signal: AbortSignal.timeout(5000),
    });
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("text/html")) return { state: 2, start: null, end: null };
    const parsed = MaintenanceStatus.safeParse(await res.json());
    return parsed.success ? parsed.data : { state: -2, start: null, end: null };
  } catch {
    return { state: -1, start: null, end: null };
  }
}

/** The status, read afresh when the one kept is older than `keepMs`. */
export async function readStatus(apiBaseUrl: string, keepMs: number): Promise<MaintenanceStatus> {
  const entry = reads.get(apiBaseUrl) ?? { at: 0, status: null, pending: null };
  reads.set(apiBaseUrl, entry);
  if (entry.status && Date.now() - entry.at < keepMs) return entry.status;
  if (entry.pending) return entry.pending;
  const startedAt = Date.now();
  const pending = fetchStatus(apiBaseUrl).then((status) => {
    // A reset while this read was under way wins: the read may predate the change.
    if (entry.pending === pending) {
      entry.status = status;
      entry.at = startedAt;
      entry.pending = null;
    }
    return status;
  });
  entry.pending = pending;
  return pending;
}

/** Called after this process changed the window, so its next request reads it afresh. */
export function resetStatusCache(): void {
  reads.clear();
}

// The maintenance page reloads itself every minute (only families get it: staff pages the window
// leaves open are never replaced by it), so the site is back for them when the window ends.
function page(end: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="60"><title>${t("app.title")}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f5fa;color:#1d1d1f}main{max-width:36rem;padding:2rem;text-align:center}h1{color:#631d79;font-size:1.5rem}</style></head><body><main><h1>${t("app.title")}</h1><p>${t("maintenance.body")} <strong>${end}</strong>.</p></main></body></html>`;
}

/**
 * A data request of a page already open (Remix's `_data`): the browser is told to load the page
 * itself, which is then the maintenance page, rather than handed a page as the page's data.
 */
function reloadDocument(req: Request, res: Response): void {
  const url = new URL(req.originalUrl, "http://site");
  url.searchParams.delete("_data");
  res.status(204);
  res.setHeader("X-Remix-Redirect", `${url.pathname}${url.search}`);
  res.setHeader("X-Remix-Reload-Document", "true");
  res.end();
}

export function maintenanceGate(apiBaseUrl: () => string, keepMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (webPathOpenDuringMaintenance(req.path)) return next();
    void readStatus(apiBaseUrl(), keepMs)
      .then((status) => {
        if (!isInMaintenance(status, new Date())) return next();
        if (req.query?._data !== undefined) return reloadDocument(req, res);
        // The end time names its zone: a parent elsewhere knows when the site is back.
        const end = formatDistrictDateTimeWithZone(status.end!, districtTimeZone());
        res.status(503).setHeader("Retry-After", "60");
        res.type("html").send(page(end, String(res.locals.cspNonce)));
      })
      .catch(() => next());
  };
}
