// The errors services and queries throw (docs/architecture.md "One way for each thing"): below
// both layers, so a query never imports a service to refuse; the HTTP layer (http/kit.ts
// errorHandler) answers them in the contract's ErrorReply.
import type { TokenClaims } from "@domain/contract/identity";

/** A refusal with its HTTP status, the message a person reads, and an optional hint and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hint?: string,
    readonly errorCode?: number,
  ) {
    super(message);
  }
}

/** Who owns a cart, a payment or a purchase: one key per signed-in person of any kind. */
export function ownerKey(claims: TokenClaims): string {
  return `${claims.kind}:${claims.sub}`;
}

/** True for PostgreSQL's unique violation (23505) of `index`, however the driver wraps it. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, constraint, message } = e as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === "23505") {
      return constraint === index || (typeof message === "string" && message.includes(index));
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
