// The browser's memory of the people who signed in with it (decision 136, OWASP's device cookie):
// the district API's remembered-browser tokens, newest first, in one signed, httpOnly cookie
// that outlives sessions and sign-out. A sign-in presents them all; the API counts the attempt on
// the one given to that person, so their own browser still signs in while strangers guessing
// their birth date have locked them.
import { createCookie, type Cookie } from "@remix-run/node";
import { DEVICES_PER_BROWSER } from "@domain/rules/sign-in-guessing";

const YEAR_S = 365 * 24 * 60 * 60;

let cookie: Cookie | null = null;

function deviceCookie(): Cookie {
  if (!cookie) {
    const secret = process.env.SESSION_SECRET;
    if (!secret) throw new Error("SESSION_SECRET is not set");
    cookie = createCookie("__devices", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: process.env.COOKIE_SECURE === "true",
      secrets: [secret],
      maxAge: YEAR_S,
    });
  }
  return cookie;
}

/** The tokens this browser keeps (none when the cookie is missing, forged or malformed). */
export async function rememberedDevices(request: Request): Promise<string[]> {
  const value: unknown = await deviceCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100)
    .slice(0, DEVICES_PER_BROWSER);
}

/**
 * The Set-Cookie header that adds a new token to this browser's memory (the oldest dropped past
 * DEVICES_PER_BROWSER), or null when the API gave none (the browser was already known).
 */
export async function rememberDeviceHeader(
  request: Request,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  const kept = (await rememberedDevices(request)).filter((t) => t !== token);
  return deviceCookie().serialize([token, ...kept].slice(0, DEVICES_PER_BROWSER));
}
