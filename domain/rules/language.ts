// The family's language (decision 170): English or Spanish, chosen by the family (a cookie, and
// their record for e-mails), the browser's Accept-Language on a first visit. Staff pages stay
// English (decision 170).

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first language of an Accept-Language header we have, by the weights it gives (`es-MX`
 * counts as `es`); null when it names none of ours.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", weight, index };
    })
    .filter((r) => Number.isFinite(r.weight) && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((r) => r.base).find(isLanguage) ?? null;
}

/** The pages of staff and of the cashier's register, which stay English. */
const STAFF_PATHS = ["/admin", "/office", "/instructor", "/desktop"];

export function isStaffPath(pathname: string): boolean {
  return STAFF_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The language a page is served in: the family's choice, or the browser's, or English. */
export function pageLanguage(input: {
  pathname: string;
  chosen: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Language {
  if (isStaffPath(input.pathname)) return "en";
  if (isLanguage(input.chosen)) return input.chosen;
  return languageFromAcceptLanguage(input.acceptLanguage) ?? "en";
}

/** The cookie that keeps the family's choice (decision 170). */
export const LANGUAGE_COOKIE = "lang";

/** The language a request's Cookie header keeps, if it keeps one of ours. */
export function languageCookie(header: string | null | undefined): Language | null {
  if (!header) return null;
  const found = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(header);
  return found && isLanguage(found[1]) ? found[1] : null;
}
