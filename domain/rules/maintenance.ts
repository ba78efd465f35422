import type { MaintenanceStatus } from "../contract/identity";

/** The site is offline while now is within start and end of a normal (state 1) status. */
export function isInMaintenance(status: MaintenanceStatus, now: Date): boolean {
  if (status.state !== 1 || !status.start || !status.end) return false;
  const start = Date.parse(status.start);
  const end = Date.parse(status.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  const t = now.getTime();
  return t >= start && t <= end;
}

export const MAINTENANCE_POLL_MS = 5 * 60_000;
export const MAINTENANCE_CHECK_MS = 10_000;
