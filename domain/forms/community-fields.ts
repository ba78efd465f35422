// The community member form's choices and phone format, without zod: the page renders them on
// first load, while the schema (community.ts) is loaded when the person starts typing.
export const GRADES = [
  "Pre-K",
  "K",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "Adult",
] as const;
export const GENDERS = ["M", "F"] as const;
export const RELATIONSHIPS = ["Mother", "Father", "Other"] as const;
export const PHONE_TYPES = ["Home", "Work", "Mobile"] as const;
export const MIN_GUARDIANS = 2;
export const MAX_GUARDIANS = 10;

/**
 * What people type ("(555) 555-0100", "555.555.0100", "+1 555 555 0100") → "+15555550100", or
 * null when it is not a full US number (10 digits, area code and exchange not starting 0 or 1).
 */
export function normalizeUsPhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (trimmed.startsWith("+")) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** "+15555550100" → "(555) 555-0100" for display in a form. */
export function formatUsPhone(value: string | null | undefined): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value ?? "");
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : (value ?? "");
}
