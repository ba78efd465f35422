// Limits every value from outside must respect before it reaches the database (decision 104):
// texts without control characters, calendar dates in a sane range, ids and amounts that fit.

import { isCalendarDate } from "./calendar";

/** The largest value of a database `integer` column (ids, cents). */
export const MAX_DB_INT = 2_147_483_647;

/** The largest amount of money one call may carry, in dollars (fits `integer` cents). */
export const MAX_DOLLARS = 1_000_000;

/** Calendar dates anyone may type: birth dates, collection windows. */
export const SANE_DATE_MIN = "1900-01-01";
export const SANE_DATE_MAX = "2099-12-31";

/* eslint-disable no-control-regex -- these patterns exist to find control characters */

/** Control characters no text may hold: NUL and the C0/DEL controls except tab and line breaks. */
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Any C0 control or DEL, tab and line breaks included: for single-line texts. */
export const ANY_CONTROL = /[\u0000-\u001F\u007F]/;

/** A single-line text: no control character at all. */
export const NO_CONTROL = /^[^\u0000-\u001F\u007F]*$/;

/** Half of a UTF-16 surrogate pair without its other half: no database can store it as text. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when "YYYY-MM-DD" is a real calendar date between SANE_DATE_MIN and SANE_DATE_MAX. */
export function isSaneCalendarDate(value: string): boolean {
  return isCalendarDate(value) && value >= SANE_DATE_MIN && value <= SANE_DATE_MAX;
}

/** A value still to look at: its key in its parent and the parent's entry, for the path. */
interface Pending {
  value: unknown;
  key: string | number | null;
  parent: Pending | null;
  /** True when `key` is an object's key (checked like a text); false for an array index. */
  keyIsText: boolean;
}

function pathOf(entry: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Pending | null = entry; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) in a parsed body, query or route params
 * that holds a forbidden control character or a lone surrogate, or null when there is none.
 * It walks with a stack of its own, not by recursion, and builds a path only for what it finds:
 * a body nested thousands deep or a hundred thousand wide costs one visit per value (decision 134).
 */
export function findControlCharacter(value: unknown): (string | number)[] | null {
  const stack: Pending[] = [{ value, key: null, parent: null, keyIsText: false }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (entry.keyIsText && FORBIDDEN_CONTROL.test(entry.key as string)) return pathOf(entry);
    const v = entry.value;
    if (typeof v === "string") {
      if (FORBIDDEN_CONTROL.test(v) || LONE_SURROGATE.test(v)) return pathOf(entry);
    } else if (Array.isArray(v)) {
      // Pushed last to first, so that the first bad value in document order is the one named.
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i] as unknown, key: i, parent: entry, keyIsText: false });
      }
    } else if (v && typeof v === "object") {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({
          value: (v as Record<string, unknown>)[key],
          key,
          parent: entry,
          keyIsText: true,
        });
      }
    }
  }
  return null;
}
