// Headers of replies that belong to a session (decision 103): behind HTTPS (directly, or a trusted
// proxy's X-Forwarded-Proto) every cookie is Secure; a reply to a signed-in request, or one that
// sets a cookie, says Cache-Control: no-store, so that no browser or shared cache keeps rosters,
// guardians' phone numbers or receipts.
import type { NextFunction, Request, Response } from "express";
import { getSession } from "../app/.server/session";

function withSecure(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

async function isSignedIn(cookie: string | undefined): Promise<boolean> {
  if (!cookie?.includes("__session=")) return false;
  try {
    const session = await getSession(cookie);
    return Boolean(session.get("student") || session.get("staff"));
  } catch {
    return false;
  }
}

export function sessionResponseHeaders(req: Request, res: Response, next: NextFunction): void {
  let signedIn = false;
  const writeHead = res.writeHead;
  // Every reply passes here, whoever writes it (Remix, a redirect, an error page), just before its
  // headers are sent.
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const cookies = res.getHeader("Set-Cookie");
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      if (req.secure) res.setHeader("Set-Cookie", list.map(withSecure));
    }
    if (signedIn || cookies !== undefined) res.setHeader("Cache-Control", "no-store");
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  isSignedIn(req.headers.cookie).then(
    (yes) => {
      signedIn = yes;
      next();
    },
    () => next(),
  );
}
