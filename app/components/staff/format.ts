// Display formats of the staff tables. Calendar dates and clock times of a section are local to
// the district already, so they are formatted without any time-zone shift (domain/rules/calendar.ts).
import { formatCalendarDate, formatClockTime } from "@domain/rules/calendar";

/** 2026-09-08 → Sep 8, 2026 */
export const formatDay = formatCalendarDate;

/** 15:30 → 3:30 PM */
export function formatClock(hhmm: string | null): string {
  return hhmm ? formatClockTime(hhmm) : "";
}

export function formatDayRange(start: string, end: string): string {
  return `${formatDay(start)} – ${formatDay(end)}`;
}

export function formatClockRange(start: string | null, end: string | null): string {
  if (!start && !end) return "";
  return `${formatClock(start)} – ${formatClock(end)}`;
}

/** Day codes separated by line breaks (M\nW) → "M, W". */
export function formatDays(codes: string): string {
  return codes
    .split(/\r?\n/)
    .map((c) => c.trim())
    .filter(Boolean)
    .join(", ");
}
