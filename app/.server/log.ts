// The web app's structured log: JSON lines in the same form as the district API's (pino), never
// with tokens, birth dates, addresses or names. A server error in a loader or action is logged
// here once, with the request id.
import pino from "pino";

export const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

/** An error's name and first line, and the stack's frames without any URL query. */
function safeError(error: unknown): { name: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { name: "NonError", message: typeof error };
  const strip = (t: string) =>
    t.replace(/\?[^\s)]*/g, "?…").replace(/[^\s@]+@[^\s@]+\.\w+/g, "[address]");
  return {
    name: error.name,
    message: strip((error.message.split("\n")[0] ?? "").slice(0, 200)),
    stack: error.stack ? strip(error.stack.split("\n").slice(1, 8).join("\n")) : undefined,
  };
}

export function logServerError(error: unknown, request: Request, requestId?: string): void {
  if (request.signal.aborted) return; // the person went away: not a fault
  log.error(
    {
      type: "error",
      service: "web",
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      err: safeError(error),
    },
    "server error in a loader or action",
  );
}
