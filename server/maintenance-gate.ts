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
import { isDataRequest, pagePathOf } from "./data-requests";

// The maintenance page reloads itself every minute (only families get it: staff pages the window
// leaves open are never replaced by it), so the site is back for them when the window ends.
function page(end: string, nonce: string, language: Language): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="60"><title>${t("app.title")}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f5fa;color:#1d1d1f}main{max-width:36rem;padding:2rem;text-align:center}h1{color:#631d79;font-size:1.5rem}</style></head><body><main><h1>${t("app.title")}</h1><p>${t("maintenance.body")} <strong>${end}</strong>.</p></main></body></html>`;
}

/**
 * A page's data request, or a form posted from a page with its scripts (single fetch's
 * `<page>.data`): the browser is told to load the page itself, which is then the maintenance page,
 * rather than handed a page as the page's data. The reply is the one Remix sends for a loader's or
 * an action's `redirectDocument` to the page (202, turbo-stream; Remix 2.17's `singleFetchLoaders`
 * and `singleFetchAction`): a page's data under Remix's redirect marker, a post's bare. Remix
 * offers no encoder of its own for a reply made before it, and this one is a constant but for
 * the page's address.
 */
function reloadDocument(req: Request, res: Response): void {
  const url = new URL(req.originalUrl, "http://site");
  url.searchParams.delete("_routes");
  const to = JSON.stringify(`${pagePathOf(url.pathname)}${url.search}`);
  const body =
    req.method === "GET"
      ? `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect",${to},"status",302,"revalidate",false,"reload",true,"replace"]\n`
      : `[{"_1":2,"_3":4,"_5":6,"_7":8,"_9":6},"redirect",${to},"status",302,"revalidate",false,"reload",true,"replace"]\n`;
  res.status(202);
  res.setHeader("Content-Type", "text/x-script");
  res.end(body);
}

export function maintenanceGate(apiBaseUrl: () => string, keepMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (webPathOpenDuringMaintenance(pagePathOf(req.path))) return next();
    void readStatus(apiBaseUrl(), keepMs)
      .then((status) => {
        if (!isInMaintenance(status, new Date())) return next();
        if (isDataRequest(req.path)) return reloadDocument(req, res);
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
