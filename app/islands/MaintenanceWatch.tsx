import { useEffect, useRef } from "react";
import type { MaintenanceStatus } from "@domain/contract/identity";
import {
  MAINTENANCE_CHECK_MS,
  MAINTENANCE_POLL_MS,
  isInMaintenance,
  webPathOpenDuringMaintenance,
} from "@domain/rules/maintenance";

/**
 * The shape check of /status.json without zod: this island is on every page, and importing a zod
 * schema here would put zod (~14 KB gzip) into the JavaScript every page loads (decision 092).
 */
function isStatus(body: unknown): body is MaintenanceStatus {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  const strOrNull = (v: unknown) => v === null || typeof v === "string";
  return Number.isInteger(b.state) && strOrNull(b.start) && strOrNull(b.end);
}

/**
 * Polls the status every 5 minutes and checks the window every 10 seconds (spec 01 §4): inside it,
 * the page is loaded again and the server answers with the maintenance page.
 */
export function MaintenanceWatch({ start, end }: { start: string | null; end: string | null }) {
  const status = useRef<MaintenanceStatus>({ state: 1, start, end });
  useEffect(() => {
    status.current = { state: 1, start, end };
    const poll = window.setInterval(() => {
      void fetch("/status.json", { cache: "no-store" })
        .then((r) => r.json())
        .then((body: unknown) => {
          if (isStatus(body)) status.current = body;
        })
        .catch(() => undefined);
    }, MAINTENANCE_POLL_MS);
    const check = window.setInterval(() => {
      // A page the window leaves open (the administration) is not reloaded under its reader: the
      // reload would only serve it again and lose what they typed.
      if (webPathOpenDuringMaintenance(window.location.pathname)) return;
      if (isInMaintenance(status.current, new Date())) window.location.reload();
    }, MAINTENANCE_CHECK_MS);
    return () => {
      window.clearInterval(poll);
      window.clearInterval(check);
    };
  }, [start, end]);
  return null;
}
