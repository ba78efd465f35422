// A payment countdown's warnings (WCAG 2.2.1, decision 146): the visible m:ss is a timer a
// screen reader does not read out (it would speak every second); a polite live region says once
// when 5 minutes are left and once when 1 minute is.

/** Minutes left at which a countdown is announced, lowest first. */
export const WARNING_MINUTES = [1, 5] as const;
export type WarningMinutes = (typeof WARNING_MINUTES)[number];

/**
 * The warning a tick from `beforeMs` to `nowMs` left crosses, or null. When one tick crosses both
 * (a phone that slept), only the lower is said; once the time is up nothing is.
 */
export function crossedWarning(beforeMs: number, nowMs: number): WarningMinutes | null {
  if (nowMs <= 0) return null;
  for (const minutes of WARNING_MINUTES) {
    const at = minutes * 60_000;
    if (beforeMs > at && nowMs <= at) return minutes;
  }
  return null;
}

/** From this many minutes left, a payment window offers its one extension (decision 146). */
export const MORE_TIME_FROM_MINUTES = 5;

/** True while a running window is at or past the 5-minute warning: "More time" is offered. */
export function offersMoreTime(msLeft: number): boolean {
  return msLeft > 0 && msLeft <= MORE_TIME_FROM_MINUTES * 60_000;
}

/** The milliseconds an "m:ss" countdown text stands for (0 when it is not one). */
export function countdownMs(text: string): number {
  const m = /^(\d+):(\d\d)$/.exec(text.trim());
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : 0;
}
