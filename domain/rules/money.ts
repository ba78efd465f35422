// Money is integer cents inside; dollars only at the wire edge and on screen.

/** Dollars (as typed or sent) to cents, truncated to two decimals as the spec asks. */
export function toCents(dollars: number | string): number {
  const n = typeof dollars === "string" ? Number(dollars) : dollars;
  if (!Number.isFinite(n)) return NaN;
  const [whole = "0", frac = ""] = Math.abs(n).toFixed(6).split(".");
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, "0"));
  return n < 0 ? -cents : cents;
}

export function toDollars(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** $1,234.50 */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
