// Calendar dates and clock times: days ("YYYY-MM-DD": birth dates, course dates) and times of
// day ("15:30": class times) that belong to no zone and are never shifted. Built by hand from
// Date.UTC, without dayjs, because the family pages show two per course card and must stay
// within their JavaScript budget (decision 116). Instants (when something happened or ends) are
// read in the district's zone with dayjs: domain/rules/time.ts.

import { displayLanguage } from "../messages/language";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A month's short name in Spanish ("nov"), from the browser's or Node's own locale data
 * (decision 170), so no table of names rides in the pages' script.
 */
export function spanishMonth(month: number): string {
  return new Intl.DateTimeFormat("es", { month: "short", timeZone: "UTC" })
    .format(new Date(Date.UTC(2000, month - 1, 15)))
    .replace(".", "");
}
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** [year, month 1–12, day] of a real calendar date "YYYY-MM-DD" (no Feb 31), or null. */
function dayParts(value: string): [number, number, number] | null {
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls Feb 31 over into March: a real date reads back as itself.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null;
  }
  return [year, month, day];
}

/** True when "YYYY-MM-DD" is a real calendar date in exactly that form. */
export function isCalendarDate(value: string): boolean {
  return dayParts(value) !== null;
}

/** "01/15/2012" → "2012-01-15", or null when not a real calendar date (from 1900) in that form. */
export function mmddyyyyToIso(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  return isCalendarDate(iso) && iso >= "1900-01-01" ? iso : null;
}

/**
 * A date as a parent types it, month first → "YYYY-MM-DD", or null. Phone keypads have no "/"
 * (decision 143), so eight digits "01152012" are read as MMDDYYYY; "1/15/2012", "01-15-2012"
 * and "01.15.2012" (one or two digits of month and day, one kind of separator, spaces around it)
 * too. Anything else, and a day that does not exist, is not a date.
 */
export function typedDateToIso(value: string): string | null {
  const typed = value.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const separated = /^(\d{1,2}) *([/.-]) *(\d{1,2}) *\2 *(\d{4})$/.exec(typed);
  const parts = digits
    ? [digits[1], digits[2], digits[3]]
    : separated
      ? [separated[1], separated[3], separated[4]]
      : null;
  if (!parts) return null;
  const [month, day, year] = parts as [string, string, string];
  return mmddyyyyToIso(`${month.padStart(2, "0")}/${day.padStart(2, "0")}/${year}`);
}

/** "2012-01-15" → "01/15/2012" */
export function isoToMmddyyyy(value: string): string {
  const [y, m, d] = value.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

/** "2026-09-08" (or an ISO instant of that day) → "Sep 8, 2026"; anything else as it came. */
export function formatCalendarDate(value: string): string {
  const parts = dayParts(value.slice(0, 10));
  if (!parts) return value;
  const [year, month, day] = parts;
  // Spanish: day, month, year ("8 sept 2026").
  if (displayLanguage() === "es") return `${day} ${spanishMonth(month)} ${year}`;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "15:30" → "3:30 PM"; anything that is not a time of day is shown as it came. */
export function formatClockTime(hhmm: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)/.exec(hhmm);
  if (!m) return hhmm;
  const hour = Number(m[1]);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  if (displayLanguage() === "es") return `${twelve}:${m[2]} ${hour < 12 ? "a. m." : "p. m."}`;
  return `${twelve}:${m[2]} ${hour < 12 ? "AM" : "PM"}`;
}
