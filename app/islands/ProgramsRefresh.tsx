// Spec 01 §4 "Refresh": the program list reloads every 5 minutes unless the page is hidden; a
// page that comes back into view after that long reloads at once.
import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";

export const PROGRAMS_REFRESH_MS = 5 * 60_000;

export function ProgramsRefresh({ everyMs = PROGRAMS_REFRESH_MS }: { everyMs?: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      revalidate();
    };
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, everyMs);
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= everyMs) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(id);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [everyMs, revalidate]);
  return null;
}
