// Time conflict (spec 01 §5): a course is blocked when it shares a meeting day, overlaps in time
// of day and overlaps in date range with a course the person is registered for, unless the course
// has a time-conflict override. Joining a waitlist skips the check.
import { weekDaysOf } from "./week-days";

export interface Meeting {
  /** Meeting days, e.g. ["Mon", "Wed"]; any spelling of a day (week-days.ts). */
  meetingDays: string[];
  /** "HH:MM" or "HH:MM:SS"; null for courses without a set time (online, self-paced). */
  timeStart: string | null;
  timeEnd: string | null;
  /** YYYY-MM-DD, inclusive. */
  dateStart: string;
  dateEnd: string;
}

function minutes(t: string): number {
  const [h = "0", m = "0"] = t.split(":");
  return Number(h) * 60 + Number(m);
}

/** Days compare as the days they name, so "M" and "Mon" are the same Monday. */
export function sharesDay(a: Meeting, b: Meeting): boolean {
  const days = new Set(weekDaysOf(a.meetingDays));
  return weekDaysOf(b.meetingDays).some((d) => days.has(d));
}

/** Half-open time ranges: a course ending at 10:00 does not clash with one starting at 10:00. */
export function timesOverlap(a: Meeting, b: Meeting): boolean {
  if (!a.timeStart || !a.timeEnd || !b.timeStart || !b.timeEnd) return false;
  return minutes(a.timeStart) < minutes(b.timeEnd) && minutes(b.timeStart) < minutes(a.timeEnd);
}

/** Inclusive date ranges (ISO strings compare in date order). */
export function datesOverlap(a: Meeting, b: Meeting): boolean {
  return a.dateStart <= b.dateEnd && b.dateStart <= a.dateEnd;
}

export function meetingsOverlap(a: Meeting, b: Meeting): boolean {
  return sharesDay(a, b) && timesOverlap(a, b) && datesOverlap(a, b);
}

export interface ConflictCandidate extends Meeting {
  id: string;
  timeConflictOverride: boolean;
}

/**
 * The first registered course the candidate clashes with, or null. `action` "waitlist" skips the
 * check, as does the candidate's override.
 */
export function findTimeConflict<T extends Meeting & { id: string }>(
  candidate: ConflictCandidate,
  registered: T[],
  action: "register" | "waitlist",
): T | null {
  if (action === "waitlist" || candidate.timeConflictOverride) return null;
  return registered.find((r) => r.id !== candidate.id && meetingsOverlap(candidate, r)) ?? null;
}
