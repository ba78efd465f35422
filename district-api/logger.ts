import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type Logger = pino.Logger;

/** The id of the request being served (http/observe.ts), for every line logged while serving it. */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `fn` (the rest of a request's handling) with its request id in scope. */
export function inRequestScope<T>(requestId: string, fn: () => T): T {
  return requestScope.run(requestId, fn);
}

/** The request id in scope, as a log line's field (pino's mixin): none outside a request. */
export function requestIdField(): { requestId?: string } {
  const requestId = requestScope.getStore();
  return requestId ? { requestId } : {};
}

/**
 * Structured logs; callers never pass tokens, birth dates, e-mail addresses or names. A line
 * logged while a request is served names its request id. `destination`: tests read the lines.
 */
export function createLogger(
  level = process.env.LOG_LEVEL ?? "info",
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    mixin: requestIdField,
    redact: [
      "req.headers.authorization",
      "req.headers.cookie",
      "*.accessToken",
      "*.dob",
      "*.email",
    ],
  };
  return destination ? pino(options, destination) : pino(options);
}

const ADDRESS = /[^\s<>"'@,;:()[\]]+@[^\s<>"'@,;:()[\]]+/g;

/** Replaces e-mail addresses in a log text. */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

/**
 * An error as it may be logged: the stack without query parameters (student IDs, birth dates,
 * e-mail addresses ride in them) and without addresses.
 */
export function logSafeError(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return redactAddresses(text.replace(/^params: .*$/gm, "params: [redacted]"));
}
