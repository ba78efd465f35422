// The maintenance window replaces the whole site (spec 01 §2, §4). The status is read at most
// once per poll interval; the window itself is checked on every request.
import type { NextFunction, Request, Response } from "express";
import { MaintenanceStatus } from "@domain/contract/identity";
import { isInMaintenance } from "@domain/rules/maintenance";
import { t } from "@domain/messages";
import { formatDistrictDateTimeWithZone } from "@domain/rules/time";
import { districtTimeZone } from "./time";

let cached: { at: number; status: MaintenanceStatus } | null = null;

export async function readStatus(apiBaseUrl: string, pollMs: number): Promise<MaintenanceStatus> {
  const now = Date.now();
  if (cached && now - cached.at < pollMs) return cached.status;
  let status: MaintenanceStatus;
  try {
    const res = await fetch(new URL("/status.json", apiBaseUrl), {
      signal: AbortSignal.timeout(5000),
    });
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("text/html")) status = { state: 2, start: null, end: null };
    else {
      const parsed = MaintenanceStatus.safeParse(await res.json());
      status = parsed.success ? parsed.data : { state: -2, start: null, end: null };
    }
  } catch {
    status = { state: -1, start: null, end: null };
  }
  cached = { at: now, status };
  return status;
}

export function resetStatusCache(): void {
  cached = null;
}

function page(end: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="60"><title>${t("app.title")}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f5fa;color:#1d1d1f}main{max-width:36rem;padding:2rem;text-align:center}h1{color:#631d79;font-size:1.5rem}</style></head><body><main><h1>${t("app.title")}</h1><p>${t("maintenance.body")} <strong>${end}</strong>.</p></main></body></html>`;
}

export function maintenanceGate(apiBaseUrl: () => string, pollMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith("/build/") || req.path === "/favicon.ico") return next();
    // Administrators can still sign in and end a window early (decision 119); the pages check
    // the role, and the district API every call.
    if (req.path === "/admin" || req.path.startsWith("/admin/")) return next();
    if (req.path === "/instructor/sign-in") return next();
    void readStatus(apiBaseUrl(), pollMs)
      .then((status) => {
        if (!isInMaintenance(status, new Date())) return next();
        // The end time names its zone: a parent elsewhere knows when the site is back.
        const end = formatDistrictDateTimeWithZone(status.end!, districtTimeZone());
        res.status(503).setHeader("Retry-After", "60");
        res.type("html").send(page(end, String(res.locals.cspNonce)));
      })
      .catch(() => next());
  };
}
