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

/**
 * Per address, from browsers not known to the person (decision 136): the failures that count
 * against the address in one window. A typo of the right birth date does not count, and a
 * person's failures are given back when that person signs in from the address.
 */
export const ADDRESS_FREE_FAILURES = 4;
/** The window of the address's counted failures, from its first one. */
export const ADDRESS_BUDGET_WINDOW_MS = 365 * DAY;
/** An address earns one more counted failure for this many people who signed in from it. */
export const PEOPLE_PER_EXTRA_FAILURE = 5;
/** A remembered browser is forgotten after this long without a sign-in. */
export const DEVICE_FORGET_AFTER_MS = 365 * DAY;
/** How many people one browser remembers (a family's children, a shared computer). */
export const DEVICES_PER_BROWSER = 10;

/**
 * The failures an address may have counted in its window: the free ones, and one more for every
 * PEOPLE_PER_EXTRA_FAILURE distinct people (students and staff) who signed in from it in the
 * window, so a school's busy network has room an attacker's address cannot earn without the
 * birth dates it is looking for.
 */
export function addressAllowance(peopleSignedIn: number): number {
  return ADDRESS_FREE_FAILURES + Math.floor(Math.max(peopleSignedIn, 0) / PEOPLE_PER_EXTRA_FAILURE);
}

function parseIsoDate(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Two numbers written with `width` digits differ in one digit only, or by one. */
function oneKeyOff(a: number, b: number, width: number): boolean {
  if (a === b) return false;
  if (Math.abs(a - b) === 1) return true;
  const x = String(a).padStart(width, "0");
  const y = String(b).padStart(width, "0");
  let differing = 0;
  for (let i = 0; i < width; i++) if (x[i] !== y[i]) differing++;
  return differing === 1;
}

/**
 * Whether a wrong birth date is a family's typo of the right one: one field (year, month or day)
 * one digit or one step off, or month and day swapped. Such a failure does not count against the
 * address (decision 136); within a known year a guess is a typo of at most about 6% of the dates.
 */
export function isBirthDateTypo(typed: string, right: string): boolean {
  const t = parseIsoDate(typed);
  const r = parseIsoDate(right);
  if (!t || !r || typed === right) return false;
  const [ty, tm, td] = t;
  const [ry, rm, rd] = r;
  if (ty === ry && tm === rd && td === rm) return true;
  const same = [ty === ry, tm === rm, td === rd];
  if (same.filter(Boolean).length !== 2) return false;
  if (ty !== ry) return oneKeyOff(ty, ry, 4);
  if (tm !== rm) return oneKeyOff(tm, rm, 2);
  return oneKeyOff(td, rd, 2);
}

/** Every date of a year, as YYYY-MM-DD. */
function datesOfYear(year: number): string[] {
  const dates: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year;) {
    dates.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + DAY);
  }
  return dates;
}

/**
 * The largest share of a year's dates one guess is a typo of: the most an attacker's wrong
 * guesses can escape the address's count, when the right date is equally likely to be any day.
 */
const typoShares = new Map<number, number>();
export function largestTypoShare(year: number): number {
  const known = typoShares.get(year);
  if (known !== undefined) return known;
  const dates = datesOfYear(year);
  let most = 0;
  for (const guess of dates) {
    let n = 0;
    for (const right of dates) if (isBirthDateTypo(guess, right)) n++;
    most = Math.max(most, n);
  }
  typoShares.set(year, most / dates.length);
  return most / dates.length;
}

/**
 * Expected days until an attacker who guesses one birth date (within a known year) for each of
 * many students finds one, from `addresses` addresses that each get `countedPerAddress` counted
 * failures a window and earn nothing (no one signs in from them). A guess is right with 1/366, a
 * typo (not counted) with at most `typoShare`; the window's counted failures are spent at its
 * start. The chance of no find in one window is r = (1 - p / (1 - typoShare))^(addresses ×
 * counted), and the expected wait is window × r / (1 - r).
 */
export function expectedDaysToFindOneBirthDate(opts: {
  addresses: number;
  countedPerAddress: number;
  windowMs?: number;
  typoShare?: number;
}): number {
  const windowMs = opts.windowMs ?? ADDRESS_BUDGET_WINDOW_MS;
  const typoShare = opts.typoShare ?? largestTypoShare(2012);
  const right = 1 / 366;
  const noFindPerCounted = 1 - right / (1 - typoShare);
  const r = noFindPerCounted ** (opts.addresses * opts.countedPerAddress);
  return (windowMs * r) / (1 - r) / DAY;
}

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
 * `::ffff:192.0.2.1`), an IPv6 address by its /56 network: one home or one server is usually given
 * a whole /64, often a /56, and could otherwise change address for every guess (counted by /64, a
 * /56 had 256 budgets; decision 136).
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
  const network = [prefix[0]!, prefix[1]!, prefix[2]!, prefix[3]! & 0xff00];
  return `ip:${network.map((n) => n.toString(16)).join(":")}::/56`;
}
