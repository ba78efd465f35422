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
