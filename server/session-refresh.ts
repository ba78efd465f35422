// Refreshes tokens that are near their end before Remix sees the request, so that every loader
// and action works with a live token. A failed refresh clears that session (spec 01 §4).
import type { NextFunction, Request, Response } from "express";
import { refreshToken, RefreshTokenReply } from "../domain/contract/identity";
import { shouldRefreshToken } from "../domain/rules/session";
import { getSession, linkedChildren, writeSession } from "../app/.server/session";

function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  return Number(payload.exp) * 1000;
}

async function refresh(apiBaseUrl: string, token: string): Promise<string | null> {
  try {
    // Runs before Remix with a token from the cookie, not a loader's caller: a plain fetch.
    const res = await fetch(new URL(refreshToken.path, apiBaseUrl), {
      method: refreshToken.method,
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return null;
    const parsed = RefreshTokenReply.safeParse(await res.json());
    return parsed.success ? parsed.data.accessToken : null;
  } catch {
    return null;
  }
}

export function refreshSessionMiddleware(apiBaseUrl: () => string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const cookie = req.headers.cookie;
    if (!cookie?.includes("__session=")) return next();
    void (async () => {
      const session = await getSession(cookie);
      const now = Date.now();
      const change: Parameters<typeof writeSession>[1] = {};
      const renewed = async <S extends { accessToken: string; expires: number }>(s: S) => {
        const token = await refresh(apiBaseUrl(), s.accessToken);
        return token ? { ...s, accessToken: token, expires: expiryOf(token) } : null;
      };
      const student = session.get("student");
      if (student && shouldRefreshToken(student.expires, now))
        change.student = await renewed(student);
      const staff = session.get("staff");
      if (staff && shouldRefreshToken(staff.expires, now)) change.staff = await renewed(staff);
      // The linked children's tokens are kept alive with the one on screen (decision 165); a child
      // whose refresh fails is unlinked, and the parent links them again with their birth date.
      const linked = linkedChildren(session);
      if (change.student !== null && linked.some((c) => shouldRefreshToken(c.expires, now))) {
        const kept = await Promise.all(
          linked.map((c) => (shouldRefreshToken(c.expires, now) ? renewed(c) : c)),
        );
        change.household = kept.filter((c): c is (typeof linked)[number] => c !== null);
      }
      if (
        change.student !== undefined ||
        change.staff !== undefined ||
        change.household !== undefined
      ) {
        const setCookie = await writeSession(cookie, change);
        res.append("Set-Cookie", setCookie);
        const fresh = setCookie.split(";")[0]!;
        req.headers.cookie = cookie.replace(/__session=[^;]*/, fresh);
      }
    })().then(
      () => next(),
      () => next(),
    );
  };
}

export { expiryOf };
