// The desktop database client (FileMaker WebViewer) exposes window.FileMaker.PerformScript.
// Detection waits up to about 10 seconds: 200 checks, 50 ms apart (spec 01 §9).

export const DESKTOP_CHECKS = 200;
export const DESKTOP_CHECK_INTERVAL_MS = 50;
export const LOGIN_READY_SCRIPT = "WebViewer | React Login Ready";
export const DEFAULT_CLOSE_DELAY_MS = 5000;

interface FileMakerHost {
  PerformScript(name: string, parameter?: string): void;
}

declare global {
  interface Window {
    FileMaker?: FileMakerHost;
    /** Host pushes a session: a JSON string or object with accessToken. */
    setUserSession?: (session: unknown) => Promise<boolean>;
    /** Host asks the page to clear its local storage. */
    resetLocalStorage?: () => void;
    /** Host asks the page to close its window after a delay (default 5000 ms). */
    closeWindow?: (delayMs?: number) => void;
  }
}

export function desktopHost(): FileMakerHost | null {
  return typeof window !== "undefined" && typeof window.FileMaker?.PerformScript === "function"
    ? window.FileMaker
    : null;
}

let detection: Promise<FileMakerHost | null> | null = null;

/** Resolves with the host once it appears, or null after about 10 seconds. */
export function detectDesktopHost(): Promise<FileMakerHost | null> {
  if (!detection) {
    detection = new Promise((resolve) => {
      let checks = 0;
      const tick = () => {
        const host = desktopHost();
        if (host) return resolve(host);
        if (++checks >= DESKTOP_CHECKS) return resolve(null);
        setTimeout(tick, DESKTOP_CHECK_INTERVAL_MS);
      };
      tick();
    });
  }
  return detection;
}
