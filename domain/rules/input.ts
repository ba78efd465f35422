// Limits every value from outside must respect before it reaches the database (issue 15):
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

/**
 * The path of the first string (value or object key) in a parsed body, query or route params
 * that holds a forbidden control character or a lone surrogate, or null when there is none.
 */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string")
    return FORBIDDEN_CONTROL.test(value) || LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (FORBIDDEN_CONTROL.test(key)) return [...path, key];
      const found = findControlCharacter(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
