// Display helpers for course dates (calendar dates: formatted in UTC so the day never shifts).
import type { Course } from "@domain/contract/programs";

const fmt = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });

export function formatCalendarDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : fmt.format(d);
}

export function formatCourseDates(c: Pick<Course, "dateStartFull" | "dateEndFull">): string {
  return `${formatCalendarDate(c.dateStartFull)} – ${formatCalendarDate(c.dateEndFull)}`;
}
