// Fee data refreshes every 5 minutes while the tab is visible (spec 02 §4, §9).
import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";

export const FEE_DATA_REFRESH_MS = 5 * 60_000;

export function FeeDataRefresh({ intervalMs = FEE_DATA_REFRESH_MS }: { intervalMs?: number }) {
  const revalidator = useRevalidator();
  // Kept in a ref so a re-render does not restart the timer.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") {
        latest.current.revalidate();
      }
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return null;
}
