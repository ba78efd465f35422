// The family's language (decision 170): the choice, the browser's, staff pages in English; the
// pages' texts, dates and times in the language the district API is asked for.
import { describe, expect, it } from "vitest";
import {
  isStaffPath,
  languageCookie,
  languageFromAcceptLanguage,
  pageLanguage,
} from "@domain/rules/language";
import { t } from "@domain/messages";
import { inLanguage } from "../../district-api/language";
import { formatDistrictDate, formatDistrictDateTime } from "@domain/rules/time";
import { formatCalendarDate, formatClockTime } from "@domain/rules/calendar";

describe("Accept-Language", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["fr-FR,es;q=0.5", "es"],
    ["en;q=0.2,es;q=0.8", "es"],
    ["ES", "es"],
    ["fr-FR,de", null],
    ["es;q=0", null],
    ["", null],
    [null, null],
    ["es;q=abc,en", "en"],
  ] as const)("%j → %j", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("the page's language", () => {
  it("the choice first, then the browser's, then English; staff pages English", () => {
    const es = "es-MX,es";
    expect(pageLanguage({ pathname: "/signin", chosen: null, acceptLanguage: es })).toBe("es");
    expect(pageLanguage({ pathname: "/signin", chosen: "en", acceptLanguage: es })).toBe("en");
    expect(pageLanguage({ pathname: "/cart", chosen: "es", acceptLanguage: "en" })).toBe("es");
    expect(pageLanguage({ pathname: "/cart", chosen: "fr", acceptLanguage: null })).toBe("en");
    expect(pageLanguage({ pathname: "/admin/fees", chosen: "es", acceptLanguage: es })).toBe("en");
    expect(pageLanguage({ pathname: "/instructor", chosen: "es", acceptLanguage: es })).toBe("en");
  });
  it("knows the staff paths and nothing that only starts like one", () => {
    expect(isStaffPath("/office/report")).toBe(true);
    expect(isStaffPath("/desktop/session")).toBe(true);
    expect(isStaffPath("/administration")).toBe(false);
    expect(isStaffPath("/programs")).toBe(false);
  });
  it("reads the cookie among others, and only our languages", () => {
    expect(languageCookie("a=1; lang=es; b=2")).toBe("es");
    expect(languageCookie("lang=en")).toBe("en");
    expect(languageCookie("xlang=es")).toBeNull();
    expect(languageCookie("lang=fr")).toBeNull();
    expect(languageCookie(undefined)).toBeNull();
  });
});

describe("texts, dates and times in the request's language", () => {
  const at = new Date("2026-11-23T23:05:00Z");
  it("English by default", () => {
    expect(t("cart.title")).toBe("Cart");
    expect(formatDistrictDateTime(at, "America/Chicago")).toBe("Nov 23, 2026, 5:05 PM");
    expect(formatCalendarDate("2026-09-08")).toBe("Sep 8, 2026");
    expect(formatClockTime("15:30")).toBe("3:30 PM");
  });
  it("Spanish inside inLanguage('es'), plurals included", () => {
    inLanguage("es", () => {
      expect(t("cart.title")).toBe("Carrito");
      expect(formatDistrictDateTime(at, "America/Chicago")).toBe("23 nov 2026, 5:05 p. m.");
      expect(formatDistrictDate(at, "America/Chicago")).toBe("23 nov 2026");
      expect(formatCalendarDate("2026-09-08")).toBe("8 sept 2026");
      expect(formatClockTime("09:15")).toBe("9:15 a. m.");
      expect(t("household.links.full", { max: 1 })).toMatch(/1 /);
    });
    expect(t("cart.title")).toBe("Cart");
  });
  it("counts say one or many in both languages", () => {
    expect(t("paymentComplete.redirect", { seconds: 1 })).toBe(
      "You will be redirected in 1 second.",
    );
    expect(t("paymentComplete.redirect", { seconds: 5 })).toBe(
      "You will be redirected in 5 seconds.",
    );
    expect(t("form.tooShort", { min: 1 })).toBe("This field must be at least 1 character.");
    inLanguage("es", () => {
      expect(t("paymentComplete.redirect", { seconds: 1 })).toContain("1 segundo.");
      expect(t("form.tooShort", { min: 3 })).toContain("3 caracteres.");
    });
  });
  it("leaves an argument not given as it is written", () => {
    expect(t("community.exists")).toContain("{recover}");
  });
});
