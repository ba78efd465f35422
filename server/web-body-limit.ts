// The web app's body limits (decision 103, the limits in app/.server/body-limits.ts) as the
// server applies them: a body over its limit is refused with 413 from its declared length, before
// any of it is read; a body that does not declare its length (chunked) is refused with 411, since
// every browser form post declares it.
import type { NextFunction, Request, Response } from "express";
import { t } from "../domain/messages";
import { bodyLimitFor, WEB_BODY_MAX } from "../app/.server/body-limits";
import { pagePathOf } from "./data-requests";

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

function refuse(res: Response, status: number, text: string): void {
  // The body is left unread; closing the connection after the answer stops the client sending it.
  res.status(status).set("Connection", "close").type("text/plain; charset=utf-8").send(text);
}

export function webBodyLimit(req: Request, res: Response, next: NextFunction): void {
  if (NO_BODY.has(req.method) || req.path.startsWith("/v1/")) return next();
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    if (req.headers["transfer-encoding"]) return refuse(res, 411, t("error.lengthRequired"));
    return next();
  }
  const limit = bodyLimitFor(pagePathOf(req.path));
  if (!(Number(declared) <= limit)) {
    return refuse(
      res,
      413,
      limit === WEB_BODY_MAX ? t("error.payloadTooLarge") : t("error.formTooLarge"),
    );
  }
  drainWhenAnsweredEarly(req, res);
  next();
}

/**
 * A page may answer before it has read the whole body (an unknown id, a post to another route's
 * data): the rest, within the limit above, is then read and dropped. Left unread, it would sit on
 * the kept-alive connection before the client's next request, which would wait for the server's
 * idle timeout (65 s, decision 164) before being answered.
 */
function drainWhenAnsweredEarly(req: Request, res: Response): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // The page's reader (Remix's body stream) pauses the request whenever its queue is full; the
    // answer is sent, so nothing will read on: it lets go, and the rest flows to nowhere.
    req.removeAllListeners("data");
    req.resume();
  });
}
