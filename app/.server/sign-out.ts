// Sign-out ends the cookie's sessions on the district API too (decision 103), so that a copy of
// the cookie (another tab's, a stolen one, the browser's back-up) opens nothing any more.
import type { AppLoadContext } from "@remix-run/node";
import { signOut } from "@domain/contract/identity";
import { getSession, linkedChildren } from "./session";

/**
 * Ends the family sessions (each linked child's too) and the staff session of the request's
 * cookie on the server. A session that already ended or expired is simply gone; if the API cannot
 * be reached the cookie is still cleared by the caller, and the token ends when it expires (at
 * most 30 minutes).
 */
export async function endServerSessions(
  request: Request,
  context: Pick<AppLoadContext, "apiBaseUrl">,
): Promise<void> {
  const session = await getSession(request);
  // Every linked child's session ends with the household's sign-out (decision 165).
  const tokens = [
    session.get("student")?.accessToken,
    ...linkedChildren(session).map((child) => child.accessToken),
    session.get("staff")?.accessToken,
  ].filter((token): token is string => typeof token === "string" && token.length > 0);
  await Promise.all(tokens.map((token) => endTokenSession(context, token)));
}

/** Ends the session of one token on the server; an unreachable API leaves it to expire. */
export async function endTokenSession(
  context: Pick<AppLoadContext, "apiBaseUrl">,
  token: string,
): Promise<void> {
  try {
    // Each token in turn, so not callEndpoint (which sends the session's one).
    const res = await fetch(new URL(signOut.path, context.apiBaseUrl), {
      method: signOut.method,
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
  } catch {
    // Unreachable API: nothing more to do here (see endServerSessions).
  }
}
