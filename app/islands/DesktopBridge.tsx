import { useEffect } from "react";
import { DEFAULT_CLOSE_DELAY_MS, LOGIN_READY_SCRIPT, detectDesktopHost } from "./desktop";

/**
 * A text field the host may pass along with the session ({ accessToken, desktopKey, cashierToken }):
 * the desktop client's key and the token of the employee signed in at the register.
 */
function sessionField(session: unknown, field: "desktopKey" | "cashierToken"): string | undefined {
  let value: unknown = session;
  if (typeof session === "string") {
    try {
      value = JSON.parse(session);
    } catch {
      return undefined;
    }
  }
  if (value && typeof value === "object" && field in value) {
    const v = (value as Record<string, unknown>)[field];
    return typeof v === "string" ? v : undefined;
  }
  return undefined;
}

function tokenFrom(session: unknown): string | null {
  let value: unknown = session;
  if (typeof session === "string") {
    try {
      value = JSON.parse(session);
    } catch {
      return session.length > 10 ? session : null;
    }
  }
  if (value && typeof value === "object" && "accessToken" in value) {
    const token = (value as { accessToken: unknown }).accessToken;
    return typeof token === "string" ? token : null;
  }
  return null;
}

/**
 * Handshake with the desktop client: tell it the login is ready, and expose the functions it
 * calls. A pushed session is checked by the server before it becomes the cookie session.
 */
export function DesktopBridge({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    window.setUserSession = async (session: unknown) => {
      const accessToken = tokenFrom(session);
      if (!accessToken) return false;
      const res = await fetch("/desktop/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          accessToken,
          desktopKey: sessionField(session, "desktopKey"),
          cashierToken: sessionField(session, "cashierToken"),
        }),
        credentials: "same-origin",
      });
      if (res.ok) {
        const { redirectTo } = (await res.json()) as { redirectTo?: string };
        window.location.assign(redirectTo ?? window.location.href);
        return true;
      }
      return false;
    };
    window.resetLocalStorage = () => {
      window.localStorage.clear();
    };
    window.closeWindow = (delayMs = DEFAULT_CLOSE_DELAY_MS) => {
      window.setTimeout(() => window.close(), delayMs);
    };
    let cancelled = false;
    void detectDesktopHost().then((host) => {
      if (!cancelled && host) {
        document.documentElement.dataset.desktopClient = "true";
        host.PerformScript(LOGIN_READY_SCRIPT, JSON.stringify({ signedIn }));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  return null;
}
