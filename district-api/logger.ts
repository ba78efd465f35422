import pino from "pino";

export type Logger = pino.Logger;

/** Structured logs; callers never pass tokens, birth dates, e-mail addresses or names. */
export function createLogger(level = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    redact: [
      "req.headers.authorization",
      "req.headers.cookie",
      "*.accessToken",
      "*.dob",
      "*.email",
    ],
  });
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
