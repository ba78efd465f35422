// Session timing (spec 01 §4, §9). See docs/decisions/002-session-refresh.md.
export const SESSION_EARLY_EXPIRY_MS = 60_000;
export const TOKEN_REFRESH_BEFORE_MS = 59_000;

/** A session counts as expired 60 seconds before its expiry. */
export function isSessionExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - SESSION_EARLY_EXPIRY_MS;
}

/**
 * Tokens are refreshed 59 seconds before the session would count as expired, so that a person
 * who is active is never sent to the login screen.
 */
export function refreshDueAtMs(expiresAtMs: number): number {
  return expiresAtMs - SESSION_EARLY_EXPIRY_MS - TOKEN_REFRESH_BEFORE_MS;
}

export function shouldRefreshToken(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= refreshDueAtMs(expiresAtMs) && !isSessionExpired(expiresAtMs, nowMs);
}
