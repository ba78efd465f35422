// The errors services throw, beside the services (docs/architecture.md "One way for each
// thing"): the HTTP layer (http/kit.ts errorHandler) answers them in the contract's ErrorReply.
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
