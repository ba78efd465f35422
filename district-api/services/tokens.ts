// Access tokens: JWTs (HS256) carrying kind, role array and exp, as the spec reads them.
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { TokenClaims } from "@domain/contract/identity";

export const TOKEN_TTL_SECONDS = 30 * 60;

/**
 * A signed token for `claims`. Claims without a session id (`sid`) start a new session; a refresh
 * passes the old token's `sid` on, so that ending the session ends every token of it (decision 103).
 */
export async function issueToken(
  key: Uint8Array,
  claims: Omit<TokenClaims, "exp">,
  now: Date,
): Promise<{ token: string; expires: Date; sid: string }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + TOKEN_TTL_SECONDS;
  const { sub, sid = randomUUID(), ...rest } = claims;
  const token = await new SignJWT({ ...rest, sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, expires: new Date(exp * 1000), sid };
}

/** The token's claims, or null when it is forged, malformed or expired at `now`. */
export async function verifyToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      currentDate: now,
    });
    const parsed = TokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
