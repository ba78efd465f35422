// Display helpers for course dates: calendar dates ("YYYY-MM-DD") shown as "Jun 7, 2027", never
// shifted by a zone (domain/rules/calendar.ts).
import type { Course } from "@domain/contract/programs";
import { formatCalendarDate } from "@domain/rules/calendar";

export function formatCourseDates(c: Pick<Course, "dateStartFull" | "dateEndFull">): string {
  return `${formatCalendarDate(c.dateStartFull)} – ${formatCalendarDate(c.dateEndFull)}`;
}
