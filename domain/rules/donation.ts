// Donation amounts (spec 02 §5 "Donation"): 2 decimals, at least the fee amount (default $5),
// at most $10,000.
import { formatUsd } from "./money";

export const DONATION_DEFAULT_MIN_CENTS = 500;
export const DONATION_MAX_CENTS = 1_000_000;

export function donationMinCents(feeAmountCents: number): number {
  return feeAmountCents > 0 ? feeAmountCents : DONATION_DEFAULT_MIN_CENTS;
}

export type DonationCheck =
  | { ok: true; cents: number }
  | { ok: false; reason: "invalid" | "range"; min: string; max: string };

/** Checks a typed donation amount (dollars as text). */
export function checkDonation(input: string | number, feeAmountCents: number): DonationCheck {
  const min = donationMinCents(feeAmountCents);
  const range = { min: formatUsd(min), max: formatUsd(DONATION_MAX_CENTS) };
  const text = String(input).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, reason: "invalid", ...range };
  const [whole = "0", frac = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents < min || cents > DONATION_MAX_CENTS) {
    return { ok: false, reason: "range", ...range };
  }
  return { ok: true, cents };
}
