// A card's expiry date as typed (MM/YY or MM/YYYY), checked the way Stripe's test mode checks
// it: an impossible month, or a month already over in the district's zone, is refused.
import { DEFAULT_DISTRICT_TZ, yearMonthIn } from "./time";

export type ExpiryProblem = "incomplete" | "month" | "past";

export function cardExpiryProblem(
  text: string,
  now: Date,
  timeZone: string = DEFAULT_DISTRICT_TZ,
): ExpiryProblem | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return "incomplete";
  const month = Number(m[1]);
  if (month < 1 || month > 12) return "month";
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const { year: nowYear, month: nowMonth } = yearMonthIn(timeZone, now);
  // A card is valid through the last day of its expiry month.
  if (year * 12 + month < nowYear * 12 + nowMonth) return "past";
  return null;
}
