// How long a mailed-check promise holds a seat, and how many of a section's seats promises may
// hold (decision 138). Pure: the district API applies them under the section's
// lock; the administration's settings page and the office's pages read the same numbers.

/** The share of a section's seats unpaid promises may hold, in percent, and its bounds. */
export const MAILED_CHECK_SHARE = { min: 0, max: 100, default: 20 } as const;

/** A stored share, or the default when it is missing or not a whole percent in bounds. */
export function mailedCheckSharePercent(value: unknown): number {
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value >= MAILED_CHECK_SHARE.min &&
    value <= MAILED_CHECK_SHARE.max
    ? value
    : MAILED_CHECK_SHARE.default;
}

/**
 * How many seats of a section of `capacity` unpaid promises may hold: the share, rounded down
 * (20% of 17 seats is 3), so the cap never exceeds the share the administrator set. A section
 * whose share rounds to nothing takes no promise: its families pay online or wait.
 */
export function mailedCheckSeatCap(capacity: number, sharePercent: number): number {
  if (capacity <= 0 || sharePercent <= 0) return 0;
  return Math.floor((capacity * Math.min(sharePercent, 100)) / 100);
}

/** May `promising` more promises hold seats, with `held` seats already held by unpaid ones? */
export function mayPromiseMailedCheck(
  held: number,
  promising: number,
  capacity: number,
  sharePercent: number,
): boolean {
  return held + promising <= mailedCheckSeatCap(capacity, sharePercent);
}

/**
 * The instant a promise made at `promisedAt` is due: `days` whole 24-hour days later, the same
 * line the office's "overdue" and its cancelling use (decision 123). At or after it, a promise
 * with nothing received is released by the product.
 */
export function promiseDueAt(promisedAt: Date, days: number): Date {
  return new Date(promisedAt.getTime() + days * 86_400_000);
}

/**
 * How many seats unpaid mailed-check promises made from one client address (addressKey: an IPv4
 * address, an IPv6 /64) may hold at a time (decision 142). One: throwaway
 * accounts from one address cannot hold more than one seat without paying.
 */
export const UNPAID_PROMISES_PER_ADDRESS = 1;

/**
 * Whether the per-address limit applies to a participant of this kind: community members and
 * guests make their own accounts, so one address can make many; students are imported by the
 * district, and a school network shared by many real families must not be refused (decision 142).
 */
export function promiseLimitedByAddress(kind: string): boolean {
  return kind !== "student";
}

/** May `promising` more seats be promised from an address whose unpaid promises hold `held`? */
export function mayPromiseFromAddress(held: number, promising: number): boolean {
  return held + promising <= UNPAID_PROMISES_PER_ADDRESS;
}
