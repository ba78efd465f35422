// Dates and times as staff type them (decision 147): the section form's date
// and time fields are the browser's own (type="date", type="time"), which send YYYY-MM-DD and
// 24-hour HH:MM whatever the person typed; a browser without them sends the text as typed, and
// these read it: the month-first US date or the ISO one, and the time on a 12- or 24-hour clock.
import { isCalendarDate, typedDateToIso } from "./calendar";

/** A typed date → "YYYY-MM-DD", or null when it is not a real day. */
export function typedCalendarDate(value: string): string | null {
  const typed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(typed)) return isCalendarDate(typed) ? typed : null;
  return typedDateToIso(typed);
}

/**
 * A typed time → 24-hour "HH:MM", or null. "19:30", "7:30", "7:30 PM", "7:30pm", "7 p.m." are
 * read; with AM or PM the hour is 1 to 12 (12 AM is midnight, 12 PM noon).
 */
export function typedClockTime(value: string): string | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(value.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? null : Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (minute === null && !half) return null;
  if ((minute ?? 0) > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "p" ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute ?? 0).padStart(2, "0")}`;
}
