// What a birth-date field shows as a parent types digits (decision 143). On its own, apart from
// calendar.ts, because it is the one piece of the date rules a family page's script needs.

/**
 * What a birth-date field shows while digits are typed without separators: "011" → "01/1",
 * "01152012" → "01/15/2012". Slashes are added only where this function puts them (after the
 * month's and the day's two digits), so a parent who types their own "1/15/2012" or dashes keeps
 * what they typed.
 */
export function formatTypedDate(value: string): string {
  if (!/^[\d/]*$/.test(value) || value.endsWith("/")) return value;
  const slashes = [...value.matchAll(/\//g)].map((m) => m.index);
  if (slashes.some((at, i) => at !== (i === 0 ? 2 : 5))) return value;
  const digits = value.replace(/\//g, "");
  if (digits.length <= 2 || digits.length > 8) return value;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
