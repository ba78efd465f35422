// Date handling shared by browser and server. Birth dates are calendar dates, not instants.

const MMDDYYYY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** "01/15/2012" → "2012-01-15", or null when not a real calendar date in that exact form. */
export function mmddyyyyToIso(value: string): string | null {
  const m = MMDDYYYY.exec(value.trim());
  if (!m) return null;
  const [, mm, dd, yyyy] = m as unknown as [string, string, string, string];
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1 || year < 1900) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** "2012-01-15" → "01/15/2012" */
export function isoToMmddyyyy(value: string): string {
  const [y, m, d] = value.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

/** True when the ISO calendar date is before today's date (in UTC, good enough for birth dates). */
export function isPastIsoDate(iso: string, now: Date = new Date()): boolean {
  return iso < now.toISOString().slice(0, 10);
}
