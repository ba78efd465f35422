// Spec 01's rules (§2, §4): destinations, navigation, session timing, maintenance, money and dates.
import { describe, expect, it } from "vitest";
import {
  QUESTIONNAIRE_ACTIONS,
  familyDestination,
  questionnaireLinks,
  safeLocalPath,
  skipToLogin,
  viaSignIn,
  staffDestination,
} from "@domain/rules/destinations";
import { cartHref, navigationFor, type NavUser } from "@domain/rules/navigation";
import {
  SESSION_EARLY_EXPIRY_MS,
  TOKEN_REFRESH_BEFORE_MS,
  isSessionExpired,
  refreshDueAtMs,
  shouldRefreshToken,
} from "@domain/rules/session";
import {
  MAINTENANCE_CHECK_MS,
  MAINTENANCE_POLL_MS,
  isInMaintenance,
} from "@domain/rules/maintenance";
import { formatUsd, toCents, toDollars } from "@domain/rules/money";
import { isoToMmddyyyy, mmddyyyyToIso } from "@domain/rules/calendar";
import { formatDistrictDate, formatDistrictDateTime, isBeforeToday } from "@domain/rules/time";
import { t } from "@domain/messages";

describe("family destination after login", () => {
  it.each([
    [null, "/programs"],
    [undefined, "/programs"],
    ["", "/programs"],
    ["/fees", "/fees"],
    ["/fees?category=Athletics", "/fees?category=Athletics"],
    ["/cart", "/cart"],
    ["/programs", "/programs"],
    ["/my-registrations", "/my-registrations"],
    ["/instructions", "/instructions"],
    ["/edit-profile", "/programs"],
    ["/instructor/", "/programs"],
    ["/fees/other", "/programs"],
    ["https://evil.example/fees", "/programs"],
    ["//evil.example/fees", "/programs"],
    ["/\\evil.example", "/programs"],
  ])("redirectTo %j → %s", (redirectTo, expected) => {
    expect(familyDestination(redirectTo)).toBe(expected);
  });
});

describe("staff destination after login", () => {
  it.each([
    [["instructor"], null, "/instructor/"],
    [["fee_admin"], null, "/instructor/fee-proposals"],
    [["fee_proposer", "instructor"], null, "/instructor/"],
    [["fee_admin", "instructor"], null, "/instructor/"],
    [["fee_proposer"], null, "/instructor/fees"],
    [[], null, "/instructor/fees"],
    [["instructor"], "/instructor/fees", "/instructor/fees"],
    [["instructor"], "/instructor/fee-proposals", "/instructor/fee-proposals"],
    [["fee_admin"], "/instructor", "/instructor"],
    [["fee_admin"], "/instructor/", "/instructor/"],
    [["fee_admin"], "/instructor/fees?x=1", "/instructor/fees?x=1"],
    [["instructor"], "/programs", "/instructor/"],
    [["instructor"], "/instructor/cart", "/instructor/"],
    [["fee_admin"], "//evil.example/instructor", "/instructor/fee-proposals"],
    // Administrators and the business office land in their own areas, not on the fee requests.
    [["district_admin"], null, "/admin"],
    [["business_office"], null, "/office"],
    [["business_office", "district_admin"], null, "/admin"],
    [["cashier"], null, "/instructor/fees"],
    // A page of their area they were sent away from is where they go back to.
    [["district_admin"], "/admin/maintenance", "/admin/maintenance"],
    [["business_office"], "/office/checks?status=open", "/office/checks?status=open"],
    [["district_admin"], "/administer", "/admin"],
  ])("roles %j, redirectTo %j → %s", (roles, redirectTo, expected) => {
    expect(staffDestination(roles, redirectTo)).toBe(expected);
  });

  it("follows only same-site paths", () => {
    expect(safeLocalPath("/fees")).toBe("/fees");
    expect(safeLocalPath("fees")).toBeNull();
    expect(safeLocalPath("//x")).toBeNull();
    expect(safeLocalPath("javascript:alert(1)")).toBeNull();
  });
});

describe("questionnaire", () => {
  it("offers the spec's actions for each kind of user", () => {
    expect(QUESTIONNAIRE_ACTIONS.faculty.map((a) => [t(a.labelKey), a.href])).toEqual([
      ["View my activities", "/instructor/"],
      ["Submit a fee request", "/instructor/fee-proposals"],
      ["Pay fees", "/instructor/fees"],
    ]);
    expect(QUESTIONNAIRE_ACTIONS.community.map((a) => [t(a.labelKey), a.href])).toEqual([
      ["Pay fees", "/fees"],
      ["Register for programs", "/programs"],
    ]);
    expect(QUESTIONNAIRE_ACTIONS.student.map((a) => [t(a.labelKey), a.href])).toEqual([
      ["Pay fees or purchase items", "/fees"],
      ["Register for programs", "/programs"],
    ]);
  });

  it.each([
    ["faculty", "/instructor/sign-in"],
    ["student", "/programs"],
    ["community", "/programs"],
    ["guest", "/programs"],
    [null, "/programs"],
  ] as const)("skip to login for %s → %s", (persona, expected) => {
    expect(skipToLogin(persona)).toBe(expected);
  });
});

describe("questionnaire links for someone not signed in (decision 161)", () => {
  it.each([
    ["/programs", "/signin?redirectTo=%2Fprograms"],
    ["/fees", "/signin?redirectTo=%2Ffees"],
    ["/instructor/", "/instructor/sign-in?redirectTo=%2Finstructor%2F"],
    ["/instructor/fee-proposals", "/instructor/sign-in?redirectTo=%2Finstructor%2Ffee-proposals"],
    ["/instructor/fees", "/instructor/sign-in?redirectTo=%2Finstructor%2Ffees"],
    ["/instructor/sign-in", "/instructor/sign-in"],
    ["/register-guest", "/register-guest"],
  ])("%s leads to %s, the sign-in its page would redirect to", (href, expected) => {
    expect(viaSignIn(href, false)).toBe(expected);
  });

  it("leads someone signed in to the page itself", () => {
    expect(viaSignIn("/programs", true)).toBe("/programs");
    expect(viaSignIn("/instructor/", true)).toBe("/instructor/");
  });

  it("gives each questionnaire step its links, via the sign-in for someone signed in as nobody", () => {
    expect(questionnaireLinks("start", false)).toEqual({
      actions: [],
      skip: "/signin?redirectTo=%2Fprograms",
    });
    const faculty = questionnaireLinks("faculty", false);
    expect(faculty.actions.map((a) => a.href)).toEqual([
      "/instructor/sign-in?redirectTo=%2Finstructor%2F",
      "/instructor/sign-in?redirectTo=%2Finstructor%2Ffee-proposals",
      "/instructor/sign-in?redirectTo=%2Finstructor%2Ffees",
    ]);
    expect(faculty.skip).toBe("/instructor/sign-in");
    expect(questionnaireLinks("student", true)).toEqual({
      actions: QUESTIONNAIRE_ACTIONS.student,
      skip: "/programs",
    });
  });
});

describe("navigation per role", () => {
  const labels = (user: NavUser) => navigationFor(user).map((i) => `${t(i.key)} ${i.href}`);
  it.each<[string, NavUser, string[]]>([
    [
      "logged out",
      { student: null, staff: null },
      [
        "Create Community Member Account /register-community-member",
        "Instructor / Faculty Login /instructor/sign-in",
      ],
    ],
    [
      "student",
      { student: { userType: "student" }, staff: null },
      [
        "FEES /fees",
        "REGISTER /programs",
        "MY REGISTRATIONS /my-registrations",
        "INSTRUCTIONS /instructions",
      ],
    ],
    [
      "community member",
      { student: { userType: "community_member" }, staff: null },
      [
        "FEES /fees",
        "REGISTER /programs",
        "MY REGISTRATIONS /my-registrations",
        "INSTRUCTIONS /instructions",
        "My Profile /edit-profile",
      ],
    ],
    ["guest", { student: { userType: "guest_user" }, staff: null }, ["FEES /fees"]],
    [
      "instructor",
      { student: null, staff: { role: ["instructor"] } },
      ["FEES /instructor/fees", "My Activities /instructor/", "INSTRUCTIONS /instructions"],
    ],
    [
      "fee_admin",
      { student: null, staff: { role: ["fee_admin"] } },
      [
        "FEES /instructor/fees",
        "FEE REQUESTS /instructor/fee-proposals",
        "INSTRUCTIONS /instructions",
      ],
    ],
    [
      "fee_proposer (and instructor)",
      { student: null, staff: { role: ["fee_proposer", "instructor"] } },
      ["FEES /instructor/fees", "My Activities /instructor/", "INSTRUCTIONS /instructions"],
    ],
    [
      "business_office",
      { student: null, staff: { role: ["business_office"] } },
      ["FEES /instructor/fees", "INSTRUCTIONS /instructions", "BUSINESS OFFICE /office"],
    ],
    [
      "district_admin (has the business office too)",
      { student: null, staff: { role: ["district_admin"] } },
      [
        "FEES /instructor/fees",
        "INSTRUCTIONS /instructions",
        "BUSINESS OFFICE /office",
        "ADMINISTRATION /admin",
      ],
    ],
    [
      "staff and student at once (staff menu wins)",
      { student: { userType: "student" }, staff: { role: ["fee_admin", "instructor"] } },
      [
        "FEES /instructor/fees",
        "FEE REQUESTS /instructor/fee-proposals",
        "My Activities /instructor/",
        "INSTRUCTIONS /instructions",
      ],
    ],
  ])("%s", (_name, user, expected) => {
    expect(labels(user)).toEqual(expected);
  });

  it("guests see none of REGISTER, MY REGISTRATIONS or INSTRUCTIONS", () => {
    const keys = navigationFor({ student: { userType: "guest_user" }, staff: null }).map(
      (i) => i.key,
    );
    expect(keys).not.toContain("nav.register");
    expect(keys).not.toContain("nav.myRegistrations");
    expect(keys).not.toContain("nav.instructions");
  });

  it.each<[NavUser, string | null]>([
    [{ student: null, staff: null }, null],
    [{ student: { userType: "guest_user" }, staff: null }, "/cart"],
    [{ student: { userType: "student" }, staff: null }, "/cart"],
    [{ student: null, staff: { role: ["instructor"] } }, "/instructor/cart"],
  ])("cart link for %j is %s", (user, expected) => {
    expect(cartHref(user)).toBe(expected);
  });
});

describe("session timing", () => {
  const exp = Date.UTC(2026, 5, 1, 12, 0, 0);
  it("uses the spec's constants", () => {
    expect(SESSION_EARLY_EXPIRY_MS).toBe(60_000);
    expect(TOKEN_REFRESH_BEFORE_MS).toBe(59_000);
  });

  it.each([
    [-10 * 60_000, false],
    [-60_001, false],
    [-60_000, true],
    [-59_999, true],
    [0, true],
    [60_000, true],
  ])("at expiry %+d ms the session counts as expired: %s", (offset, expired) => {
    expect(isSessionExpired(exp, exp + offset)).toBe(expired);
  });

  it("refreshes 59 s before the session would count as expired", () => {
    expect(refreshDueAtMs(exp)).toBe(exp - 119_000);
  });

  it.each([
    [-30 * 60_000, false],
    [-119_001, false],
    [-119_000, true],
    [-61_000, true],
    [-60_001, true],
    [-60_000, false],
    [0, false],
  ])("at expiry %+d ms a refresh is due: %s", (offset, due) => {
    expect(shouldRefreshToken(exp, exp + offset)).toBe(due);
  });
});

describe("maintenance window", () => {
  const start = "2026-06-01T10:00:00.000Z";
  const end = "2026-06-01T12:00:00.000Z";
  const at = (iso: string) => new Date(iso);

  it("polls every 5 minutes and checks every 10 seconds", () => {
    expect(MAINTENANCE_POLL_MS).toBe(300_000);
    expect(MAINTENANCE_CHECK_MS).toBe(10_000);
  });

  it.each([
    ["before the start", "2026-06-01T09:59:59.999Z", false],
    ["at the start", start, true],
    ["inside", "2026-06-01T11:00:00.000Z", true],
    ["at the end", end, true],
    ["after the end", "2026-06-01T12:00:00.001Z", false],
  ])("state 1, %s → offline %s", (_name, now, offline) => {
    expect(isInMaintenance({ state: 1, start, end }, at(now))).toBe(offline);
  });

  it.each([
    [2, "an HTML page came back"],
    [-1, "an error"],
    [-2, "an invalid status"],
  ])("state %d (%s) never takes the site offline", (state) => {
    expect(isInMaintenance({ state, start, end }, at("2026-06-01T11:00:00.000Z"))).toBe(false);
  });

  it("no window, or a window that cannot be read, keeps the site online", () => {
    const now = at("2026-06-01T11:00:00.000Z");
    expect(isInMaintenance({ state: 1, start: null, end: null }, now)).toBe(false);
    expect(isInMaintenance({ state: 1, start, end: null }, now)).toBe(false);
    expect(isInMaintenance({ state: 1, start: "soon", end: "later" }, now)).toBe(false);
  });

  it("uses the spec's wording on the page", () => {
    expect(t("maintenance.body")).toBe(
      "The site is currently offline for maintenance and is scheduled to be back online at",
    );
  });
});

describe("money", () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [12.34, 1234],
    ["12.34", 1234],
    [0.1 + 0.2, 30],
    [19.999, 1999],
    ["7", 700],
    [1234567.89, 123456789],
    [-5.25, -525],
  ])("toCents(%j) = %d", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it("is NaN for what is not a number", () => {
    expect(toCents("abc")).toBeNaN();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [1250, "$12.50"],
    [123456, "$1,234.56"],
    [-525, "-$5.25"],
  ])("formatUsd(%d) = %s", (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it("toDollars is the inverse of toCents", () => {
    expect(toDollars(toCents("45.67"))).toBe(45.67);
  });
});

describe("dates", () => {
  it.each([
    ["01/15/2012", "2012-01-15"],
    [" 03/02/1980 ", "1980-03-02"],
    ["02/29/2000", "2000-02-29"],
    ["02/29/1900", null],
    ["02/30/2012", null],
    ["1/15/2012", null],
    ["01/15/1899", null],
    ["2012-01-15", null],
    ["", null],
  ])("mmddyyyyToIso(%j) = %j", (input, expected) => {
    expect(mmddyyyyToIso(input)).toBe(expected);
  });

  it("isoToMmddyyyy is the inverse", () => {
    expect(isoToMmddyyyy("2012-01-15")).toBe("01/15/2012");
    expect(isoToMmddyyyy("1980-03-02T00:00:00Z")).toBe("03/02/1980");
  });

  it("isBeforeToday compares calendar dates with today in the district's zone", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(isBeforeToday("2026-05-31", now)).toBe(true);
    expect(isBeforeToday("2026-06-01", now)).toBe(false);
    expect(isBeforeToday("2026-06-02", now)).toBe(false);
    // 02:00 UTC on June 2 is still June 1 in Chicago: June 1 is not yet past there.
    const lateEvening = new Date("2026-06-02T02:00:00Z");
    expect(isBeforeToday("2026-06-01", lateEvening, "America/Chicago")).toBe(false);
    expect(isBeforeToday("2026-05-31", lateEvening, "America/Chicago")).toBe(true);
  });

  it("formats in the district time zone", () => {
    // 03:30 UTC on June 2 is still June 1 in Chicago.
    expect(formatDistrictDate("2026-06-02T03:30:00Z", "America/Chicago")).toBe("Jun 1, 2026");
    expect(formatDistrictDateTime("2026-06-02T03:30:00Z", "America/Chicago")).toBe(
      "Jun 1, 2026, 10:30 PM",
    );
  });
});
