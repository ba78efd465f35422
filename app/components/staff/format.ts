// Display formats of the staff tables. Calendar dates and clock times of a section are local to
// the district already, so they are formatted without any time-zone shift.
const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
const clock = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  hour: "numeric",
  minute: "2-digit",
});

/** 2026-09-08 → Sep 8, 2026 */
export function formatDay(isoDay: string): string {
  const d = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDay : day.format(d);
}

/** 15:30 → 3:30 PM */
export function formatClock(hhmm: string | null): string {
  if (!hhmm) return "";
  const d = new Date(`1970-01-01T${hhmm.slice(0, 5)}:00Z`);
  return Number.isNaN(d.getTime()) ? hhmm : clock.format(d);
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
