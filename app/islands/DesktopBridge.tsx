import { useEffect } from "react";
import { DEFAULT_CLOSE_DELAY_MS, LOGIN_READY_SCRIPT, detectDesktopHost } from "./desktop";

/** The desktop client's key the host may pass along ({ accessToken, desktopKey }). */
function desktopKeyFrom(session: unknown): string | undefined {
  let value: unknown = session;
  if (typeof session === "string") {
    try {
      value = JSON.parse(session);
    } catch {
      return undefined;
    }
  }
  if (value && typeof value === "object" && "desktopKey" in value) {
    const key = (value as { desktopKey: unknown }).desktopKey;
    return typeof key === "string" ? key : undefined;
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
        body: JSON.stringify({ accessToken, desktopKey: desktopKeyFrom(session) }),
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
