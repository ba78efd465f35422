import { useEffect, useRef } from "react";
import { MaintenanceStatus } from "@domain/contract/identity";
import {
  MAINTENANCE_CHECK_MS,
  MAINTENANCE_POLL_MS,
  isInMaintenance,
} from "@domain/rules/maintenance";

/** Polls the status every 5 minutes and checks the window every 10 seconds (spec 01 §4). */
export function MaintenanceWatch({ start, end }: { start: string | null; end: string | null }) {
  const status = useRef<MaintenanceStatus>({ state: 1, start, end });
  useEffect(() => {
    status.current = { state: 1, start, end };
    const poll = window.setInterval(() => {
      void fetch("/status.json", { cache: "no-store" })
        .then((r) => r.json())
        .then((body: unknown) => {
          const parsed = MaintenanceStatus.safeParse(body);
          if (parsed.success) status.current = parsed.data;
        })
        .catch(() => undefined);
    }, MAINTENANCE_POLL_MS);
    const check = window.setInterval(() => {
      if (isInMaintenance(status.current, new Date())) window.location.reload();
    }, MAINTENANCE_CHECK_MS);
    return () => {
      window.clearInterval(poll);
      window.clearInterval(check);
    };
  }, [start, end]);
  return null;
}
