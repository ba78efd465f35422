// The maintenance status as this process knows it (spec 01 §2, §4). A process keeps the status it
// read for at most a second (decision 147), so a window opened or ended in any process holds in
// all of them at once. The server's gate (server/maintenance-gate.ts) checks it on every request.
import { MaintenanceStatus } from "@domain/contract/identity";

/** Per district API: the status last read, and the read under way (requests at once share it). */
const reads = new Map<
  string,
  { at: number; status: MaintenanceStatus | null; pending: Promise<MaintenanceStatus> | null }
>();

async function fetchStatus(apiBaseUrl: string): Promise<MaintenanceStatus> {
  try {
    const res = await fetch(new URL("/status.json", apiBaseUrl), {
      signal: AbortSignal.timeout(5000),
    });
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("text/html")) return { state: 2, start: null, end: null };
    const parsed = MaintenanceStatus.safeParse(await res.json());
    return parsed.success ? parsed.data : { state: -2, start: null, end: null };
  } catch {
    return { state: -1, start: null, end: null };
  }
}

/** The status, read afresh when the one kept is older than `keepMs`. */
export async function readStatus(apiBaseUrl: string, keepMs: number): Promise<MaintenanceStatus> {
  const entry = reads.get(apiBaseUrl) ?? { at: 0, status: null, pending: null };
  reads.set(apiBaseUrl, entry);
  if (entry.status && Date.now() - entry.at < keepMs) return entry.status;
  if (entry.pending) return entry.pending;
  const startedAt = Date.now();
  const pending = fetchStatus(apiBaseUrl).then((status) => {
    // A reset while this read was under way wins: the read may predate the change.
    if (entry.pending === pending) {
      entry.status = status;
      entry.at = startedAt;
      entry.pending = null;
    }
    return status;
  });
  entry.pending = pending;
  return pending;
}

/** Called after this process changed the window, so its next request reads it afresh. */
export function resetStatusCache(): void {
  reads.clear();
}
