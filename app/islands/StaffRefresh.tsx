// Reloads the page's data every 5 minutes while the tab is visible (spec 01 §9, 02 §7: the
// instructor program list is refreshed every 5 minutes). Without JavaScript nothing happens.
import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";

export const STAFF_REFRESH_MS = 5 * 60 * 1000;

export function StaffRefresh({ everyMs = STAFF_REFRESH_MS }: { everyMs?: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => window.clearInterval(id);
  }, [everyMs, revalidate]);
  return null;
}
