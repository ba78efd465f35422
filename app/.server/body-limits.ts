// Size limits of the web app's posted bodies (decision 103). A body over its limit is refused
// with 413 from its declared length, before any of it is read; a body that does not declare its
// length (chunked) is refused with 411, since every browser form post declares it. The district
// API under /v1 has its own limit (its JSON parser answers 413).
import type { NextFunction, Request, Response } from "express";
import { t } from "../../domain/messages";
import { IMPORT_FILE_LIMIT_MB, IMPORT_MAX_FILES } from "../../domain/contract/admin-imports";

/** Every form of the web app but the signature forms: a few KB of fields at most. */
export const WEB_BODY_MAX = 256 * 1024;

/**
 * The signature forms: a drawn signature as a PNG data URL (at most 400,000 characters) or an
 * uploaded PNG of at most 200 KB, beside the other fields. 2 MiB leaves room for both and lets a
 * somewhat too large picture reach the form, which then says so beside the field.
 */
export const SIGNATURE_FORM_MAX = 2 * 1024 * 1024;

const SIGNATURE_FORMS = new Set(["/register-community-member", "/edit-profile"]);

const MIB = 1024 * 1024;

/**
 * The administration's import uploads (decision 124): the page's multipart post carries up to
 * IMPORT_MAX_FILES files of IMPORT_FILE_LIMIT_MB each (and a little framing); the upload with
 * progress posts one file at a time as its raw body. Only administrators get past the page's
 * guard, and the upload handler still refuses a file over its limit beside the field.
 */
const IMPORT_UPLOADS = new Map<string, number>([
  ["/admin/imports", IMPORT_MAX_FILES * IMPORT_FILE_LIMIT_MB * MIB + MIB],
  ["/admin/imports/files", IMPORT_FILE_LIMIT_MB * MIB],
]);

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The limit of a post to `path` of the web app. */
export function bodyLimitFor(path: string): number {
  const upload = IMPORT_UPLOADS.get(path.replace(/\/+$/, ""));
  if (upload) return upload;
  return SIGNATURE_FORMS.has(path) ? SIGNATURE_FORM_MAX : WEB_BODY_MAX;
}

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
  const limit = bodyLimitFor(req.path);
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
 * idle timeout (about six seconds) before being answered.
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
