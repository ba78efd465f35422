// The maintenance window replaces the whole site (spec 01 §2, §4): the server's gate before the
// pages checks the window on every request, with the status this process last read
// (app/.server/maintenance.ts, at most a second old).
import type { NextFunction, Request, Response } from "express";
import { isInMaintenance, webPathOpenDuringMaintenance } from "../domain/rules/maintenance";
import { t } from "../domain/messages";
import { languageCookie, pageLanguage, type Language } from "../domain/rules/language";
import { inLanguage } from "../district-api/language";
import { formatDistrictDateTimeWithZone } from "../domain/rules/time";
import { readStatus } from "../app/.server/maintenance";
import { districtTimeZone } from "../app/.server/time";

// The maintenance page reloads itself every minute (only families get it: staff pages the window
// leaves open are never replaced by it), so the site is back for them when the window ends.
function page(end: string, nonce: string, language: Language): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="60"><title>${t("app.title")}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f5fa;color:#1d1d1f}main{max-width:36rem;padding:2rem;text-align:center}h1{color:#631d79;font-size:1.5rem}</style></head><body><main><h1>${t("app.title")}</h1><p>${t("maintenance.body")} <strong>${end}</strong>.</p></main></body></html>`;
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
        // In the family's language, as their pages are (decision 170).
        const language = pageLanguage({
          pathname: req.path,
          chosen: languageCookie(req.headers.cookie),
          acceptLanguage: req.headers["accept-language"],
        });
        const html = inLanguage(language, () =>
          // The end time names its zone: a parent elsewhere knows when the site is back.
          page(
            formatDistrictDateTimeWithZone(status.end!, districtTimeZone()),
            String(res.locals.cspNonce),
            language,
          ),
        );
        res.status(503).setHeader("Retry-After", "60");
        res.vary("Accept-Language");
        res.vary("Cookie");
        res.type("html").send(html);
      })
      .catch(() => next());
  };
}
