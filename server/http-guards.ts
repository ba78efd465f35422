// Security headers and the same-origin check for every state-changing request of the web app:
// Express middlewares the server puts before the pages.
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { t } from "../domain/messages";

/** Extra origins allowed to frame the app (e.g. a desktop client's page host), space separated. */
const frameAncestors = process.env.FRAME_ANCESTORS ?? "'self'";

export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const stripe = process.env.STRIPE_PUBLISHABLE_KEY
    ? " https://js.stripe.com https://*.stripe.com"
    : "";
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${stripe}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${stripe}`,
      `frame-src 'self'${stripe}`,
      `form-action 'self'${process.env.STRIPE_SECRET_KEY ? " https://checkout.stripe.com" : ""}`,
      `frame-ancestors ${frameAncestors}`,
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000");
  next();
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when a state-changing request comes from a page of this same site. */
export function isSameOrigin(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const host = req.get("x-forwarded-host") ?? req.get("host");
  const source = req.get("origin") ?? req.get("referer");
  if (!source || source === "null" || !host) return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}

/** Refuses cross-site posts to the web app. The bearer-token API under /v1 is exempt. */
export function sameOriginCheck(req: Request, res: Response, next: NextFunction): void {
  if (SAFE.has(req.method) || req.path.startsWith("/v1/")) return next();
  if (isSameOrigin(req)) return next();
  res.status(403).type("text/plain").send(t("error.sameOrigin"));
}
