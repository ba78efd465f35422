// How many secrets (birth dates, passwords, the desktop client key) may be tried, and when
// (docs/decisions/100). Pure numbers and functions; the district API keeps the counters.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per ID, username or desktop-key holder: failures that cost nothing (typos). */
export const FREE_FAILURES = 5;
/** The lock the last free failure sets; each further failure doubles it. */
export const FIRST_LOCK_MS = 15 * MINUTE;
/** The longest lock one failure sets. */
export const MAX_LOCK_MS = 72 * HOUR;
/** A key with no failure for this long starts again from nothing. */
export const FORGET_AFTER_MS = 30 * DAY;

/** Per address: failed attempts (on any ID) within one window before the address waits. */
export const ADDRESS_MAX_FAILURES = 30;
export const ADDRESS_WINDOW_MS = HOUR;

/**
 * How long a key stays locked after its `failures`-th failure in a row: nothing for the free
 * ones, then 15 minutes doubling with every failure, up to 72 hours.
 */
export function lockAfterFailureMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  // Past 2^20 the cap has long been reached; the exponent stays small.
  const doublings = Math.min(failures - FREE_FAILURES, 20);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, MAX_LOCK_MS);
}

/**
 * The ID a student or community member typed, as it keys counters and finds the account:
 * surrounding spaces and leading zeros dropped ("  000100037" is 100037). Null if it is not
 * digits at all.
 */
export function normaliseParticipantId(typed: string): string | null {
  const digits = typed.trim();
  if (!/^\d+$/.test(digits)) return null;
  return digits.replace(/^0+(?=\d)/, "");
}

/** A staff username as it keys counters: trimmed, lower case. */
export function normaliseUsername(typed: string): string {
  return typed.trim().toLowerCase();
}

/**
 * When an attacker who never succeeds can make guess number 1, 2, … on one key, guessing as fast
 * as the locks allow (ms after the first guess). Used to state and test the policy's cost.
 */
export function earliestGuessTimesMs(guesses: number): number[] {
  const times: number[] = [];
  let at = 0;
  for (let n = 1; n <= guesses; n++) {
    times.push(at);
    at += lockAfterFailureMs(n);
  }
  return times;
}

/**
 * The same for an attacker who makes `perRound` guesses as fast as allowed, then waits until the
 * key is forgotten, and starts over.
 */
export function earliestGuessTimesWithPausesMs(guesses: number, perRound: number): number[] {
  const times: number[] = [];
  let at = 0;
  let n = 0;
  for (let k = 0; k < guesses; k++) {
    times.push(at);
    n++;
    if (n >= perRound) {
      at += Math.max(FORGET_AFTER_MS, lockAfterFailureMs(n));
      n = 0;
    } else {
      at += lockAfterFailureMs(n);
    }
  }
  return times;
}

/**
 * The address an attempt is counted on: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:192.0.2.1`), an IPv6 address by its /64 network, since one home or one server is
 * usually given a whole /64 and could otherwise change address for every guess.
 */
export function addressKey(ip: string | undefined | null): string {
  const a = (ip ?? "").trim().toLowerCase().replace(/%.*$/, "");
  if (!a) return "ip:unknown";
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return `ip:${mapped[1]}`;
  if (!a.includes(":")) return `ip:${a}`;
  const halves = a.split("::");
  if (halves.length > 2) return `ip:${a}`;
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = halves.length === 2 ? 8 - left.length - right.length : 0;
  const full = [...left, ...Array<string>(Math.max(missing, 0)).fill("0"), ...right];
  const prefix = full.slice(0, 4).map((g) => parseInt(g, 16));
  if (full.length !== 8 || prefix.some((n) => !Number.isInteger(n) || n < 0 || n > 0xffff)) {
    return `ip:${a}`;
  }
  return `ip:${prefix.map((n) => n.toString(16)).join(":")}::/64`;
}
