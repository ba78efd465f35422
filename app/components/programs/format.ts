// Display helpers for course dates: calendar dates ("YYYY-MM-DD") shown as "Jun 7, 2027", the same
// text as Intl's en-US medium date style in UTC (so the day never shifts), built by hand because
// /programs formats two per card and Intl.DateTimeFormat#format is slow for that (decision 094).
import type { Course } from "@domain/contract/programs";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatCalendarDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  // Not a real date (2027-02-30): shown as it came.
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return iso;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

export function formatCourseDates(c: Pick<Course, "dateStartFull" | "dateEndFull">): string {
  return `${formatCalendarDate(c.dateStartFull)} – ${formatCalendarDate(c.dateEndFull)}`;
}
