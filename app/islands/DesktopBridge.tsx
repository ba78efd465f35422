import { useEffect } from "react";
import { LOGIN_READY_SCRIPT, detectDesktopHost } from "./desktop";

/**
 * Handshake with the desktop client: once the host is found, install the functions it calls
 * (loaded then, so other browsers never download them) and tell it the login is ready. A pushed
 * session is checked by the server before it becomes the cookie session.
 */
export function DesktopBridge({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    let cancelled = false;
    void detectDesktopHost().then(async (host) => {
      if (cancelled || !host) return;
      const { installDesktopFunctions } = await import("./desktop-functions");
      if (cancelled) return;
      installDesktopFunctions();
      document.documentElement.dataset.desktopClient = "true";
      host.PerformScript(LOGIN_READY_SCRIPT, JSON.stringify({ signedIn }));
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  return null;
}
