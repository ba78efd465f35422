// What one refund of a payment may give back (decision 131; decision 160:
// the refund form showed two different "at most" amounts). The district API refuses more than this
// (services/office-refunds.ts, under the payment's lock) and the refund form shows it (app/.server/
// office-refunds.ts), so the figure the office reads is the figure it is held to. In cents.

/** What was taken in and what of it is refunded or being refunded. */
export interface Taken {
  paidCents: number;
  refundedCents: number;
}

/** What is left to refund of what was taken: paid minus refunded, never below nothing. */
export function leftToRefund(taken: Taken): number {
  return Math.max(taken.paidCents - taken.refundedCents, 0);
}

/**
 * The most one refund may give back: what is left of the payment (every refund of it counted,
 * automatic ones included) and, for a refund of one of its lines (a registration, a fee), no more
 * than is left of that line.
 */
export function refundLimit(payment: Taken, line?: Taken | null): number {
  const left = leftToRefund(payment);
  return line ? Math.min(left, leftToRefund(line)) : left;
}
