// District time, the one way (docs/architecture.md "Dates and times"): every instant shown,
// parsed or compared as a day or a month is read in the district's zone (DISTRICT_TZ) with dayjs
// and its utc and timezone plugins. Calendar dates and clock times, which belong to no zone, are
// domain/rules/calendar.ts. No I/O: callers pass "now" and the zone.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { displayLanguage } from "../messages/language";
import { spanishMonth } from "./calendar";

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_DISTRICT_TZ = "America/Chicago";

type Instant = string | Date;

/** The day of a zoned instant as shown: "Nov 23, 2026", in Spanish "23 nov 2026" (decision 170). */
function shownDay(local: dayjs.Dayjs): string {
  if (displayLanguage() === "es") {
    return `${local.date()} ${spanishMonth(local.month() + 1)} ${local.year()}`;
  }
  return local.format("MMM D, YYYY");
}

/** The time of a zoned instant as shown: "5:00 PM", in Spanish "5:00 p. m.". */
function shownTime(local: dayjs.Dayjs): string {
  if (displayLanguage() === "es") {
    return `${local.format("h:mm")} ${local.hour() < 12 ? "a. m." : "p. m."}`;
  }
  return local.format("h:mm A");
}

/** "Nov 23, 2026, 5:00 PM" in the district's zone. */
export function formatDistrictDateTime(at: Instant, timeZone = DEFAULT_DISTRICT_TZ): string {
  const local = dayjs(at).tz(timeZone);
  return `${shownDay(local)}, ${shownTime(local)}`;
}

/** "Nov 23, 2026": the day an instant falls on in the district's zone. */
export function formatDistrictDate(at: Instant, timeZone = DEFAULT_DISTRICT_TZ): string {
  return shownDay(dayjs(at).tz(timeZone));
}

/** formatDistrictDateTime followed by the zone's short name ("Nov 23, 2026, 5:00 PM CST"). */
export function formatDistrictDateTimeWithZone(
  at: Instant,
  timeZone = DEFAULT_DISTRICT_TZ,
): string {
  const local = dayjs(at).tz(timeZone);
  const zone = local.offsetName("short");
  const shown = `${shownDay(local)}, ${shownTime(local)}`;
  return zone ? `${shown} ${zone}` : shown;
}

/** Today's calendar date in the zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string, now: Date): string {
  return dayjs(now).tz(timeZone).format("YYYY-MM-DD");
}

/**
 * Tomorrow in the zone as the district's forms take a day, month first ("11/28/2026"): the example
 * in a date field's hint, a day the person could well mean.
 */
export function formDateExample(timeZone: string, now: Date): string {
  return dayjs(now).tz(timeZone).add(1, "day").format("MM/DD/YYYY");
}

/** The year and month (1–12) an instant falls in, in the zone. */
export function yearMonthIn(timeZone: string, now: Date): { year: number; month: number } {
  const d = dayjs(now).tz(timeZone);
  return { year: d.year(), month: d.month() + 1 };
}

/** The instant of a wall-clock time ("HH:mm:ss") on a calendar date in the zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return dayjs.tz(`${date}T${time}`, timeZone).toDate();
}

/** True when the calendar date is before today's date in the district's zone. */
export function isBeforeToday(
  value: string,
  now: Date = new Date(),
  timeZone = DEFAULT_DISTRICT_TZ,
): boolean {
  return value < todayIn(timeZone, now);
}

/** "2026-11-25 14:05:09 CST": an audit entry's time in the zone, to the second, with its name. */
export function formatAuditTime(at: Instant, timeZone = DEFAULT_DISTRICT_TZ): string {
  const local = dayjs(at).tz(timeZone);
  const zone = local.offsetName("short");
  return zone
    ? `${local.format("YYYY-MM-DD HH:mm:ss")} ${zone}`
    : local.format("YYYY-MM-DD HH:mm:ss");
}

/** The instant a calendar day ("YYYY-MM-DD") begins in the zone, and the next day begins. */
export function districtDayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  const start = dayjs.tz(`${day}T00:00:00`, timeZone);
  return { start: start.toDate(), end: start.add(1, "day").toDate() };
}

/** An instant's calendar date and clock time in the zone, for a form ("2026-11-25", "14:05"). */
export function districtDateAndTime(at: Instant, timeZone: string): { date: string; time: string } {
  const local = dayjs(at).tz(timeZone);
  return { date: local.format("YYYY-MM-DD"), time: local.format("HH:mm") };
}

/**
 * formatAuditTime for many instants at once (a report of thousands of rows): the zone's offset and
 * name are looked up with dayjs at the start and end of each UTC day only; a day whose two agree
 * (every day but the two a year the clocks change) uses them for all its instants, a day whose
 * two differ is looked up per quarter hour (zones change offset on quarter hours at the finest).
 * The rest is plain UTC arithmetic. Same text as formatAuditTime.
 */
export function auditTimeFormatter(timeZone = DEFAULT_DISTRICT_TZ): (at: Instant) => string {
  const QUARTER = 15 * 60_000;
  const DAY = 86_400_000;
  type Zone = { offset: number; name: string };
  const lookup = (ms: number): Zone => {
    const local = dayjs(ms).tz(timeZone);
    return { offset: local.utcOffset(), name: local.offsetName("short") ?? "" };
  };
  const days = new Map<number, Zone | null>();
  const quarters = new Map<number, Zone>();
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return (at) => {
    const ms = new Date(at).getTime();
    const day = Math.floor(ms / DAY);
    let z = days.get(day);
    if (z === undefined) {
      const first = lookup(day * DAY);
      const last = lookup((day + 1) * DAY - 1);
      z = first.offset === last.offset && first.name === last.name ? first : null;
      days.set(day, z);
    }
    if (z === null) {
      const key = Math.floor(ms / QUARTER);
      z = quarters.get(key) ?? lookup(ms);
      quarters.set(key, z);
    }
    const d = new Date(ms + z.offset * 60_000);
    const shown =
      `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ` +
      `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
    return z.name ? `${shown} ${z.name}` : shown;
  };
}
