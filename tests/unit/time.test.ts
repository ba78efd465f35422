import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatClockTime,
  isCalendarDate,
  mmddyyyyToIso,
} from "@domain/rules/calendar";
import {
  formatDistrictDate,
  formatDistrictDateTimeWithZone,
  formDateExample,
  todayIn,
  yearMonthIn,
  zonedInstant,
} from "@domain/rules/time";

describe("district time", () => {
  it("reads an instant as the district's day, also across midnight UTC", () => {
    // 23:30 in Chicago on Nov 23 is 05:30 UTC on Nov 24.
    expect(formatDistrictDate("2026-11-24T05:30:00Z", "America/Chicago")).toBe("Nov 23, 2026");
    expect(formatDistrictDate("2026-11-24T05:30:00Z", "UTC")).toBe("Nov 24, 2026");
    expect(todayIn("America/Chicago", new Date("2026-11-24T05:30:00Z"))).toBe("2026-11-23");
    expect(yearMonthIn("America/Chicago", new Date("2027-01-01T03:00:00Z"))).toEqual({
      year: 2026,
      month: 12,
    });
  });

  it("names the zone, standard or daylight", () => {
    expect(formatDistrictDateTimeWithZone("2026-11-24T17:00:00Z", "America/Chicago")).toBe(
      "Nov 24, 2026, 11:00 AM CST",
    );
    expect(formatDistrictDateTimeWithZone("2026-07-01T17:00:00Z", "America/Chicago")).toBe(
      "Jul 1, 2026, 12:00 PM CDT",
    );
  });

  it("finds the instant of a wall-clock time on the days the clocks change", () => {
    expect(zonedInstant("2026-03-08", "00:00:00", "America/Chicago").toISOString()).toBe(
      "2026-03-08T06:00:00.000Z",
    );
    expect(zonedInstant("2026-03-08", "23:59:59", "America/Chicago").toISOString()).toBe(
      "2026-03-09T04:59:59.000Z",
    );
    expect(zonedInstant("2026-11-01", "23:59:59", "America/Chicago").toISOString()).toBe(
      "2026-11-02T05:59:59.000Z",
    );
  });
});

describe("a date field's example", () => {
  it("is tomorrow in the district's zone, month first, as its forms take a day", () => {
    // 23:30 in Chicago on Nov 27 is 05:30 UTC on Nov 28: tomorrow there is Nov 28.
    expect(formDateExample("America/Chicago", new Date("2026-11-28T05:30:00Z"))).toBe("11/28/2026");
    expect(formDateExample("UTC", new Date("2026-11-28T05:30:00Z"))).toBe("11/29/2026");
    expect(formDateExample("America/Chicago", new Date("2026-12-31T18:00:00Z"))).toBe("01/01/2027");
  });
});

describe("calendar dates", () => {
  it.each(["2027-02-29", "2026-02-31", "2026-13-01", "2026-00-10", "2026-1-1", "", "x"])(
    "%j is not a calendar date",
    (value) => expect(isCalendarDate(value)).toBe(false),
  );

  it("accepts leap days and shows dates without shifting them", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(formatCalendarDate("2028-02-29")).toBe("Feb 29, 2028");
    expect(mmddyyyyToIso("02/29/2028")).toBe("2028-02-29");
    expect(mmddyyyyToIso("02/30/2028")).toBeNull();
    expect(mmddyyyyToIso("12/31/1899")).toBeNull();
  });

  it("shows clock times and leaves anything else as it came", () => {
    expect(formatClockTime("15:30")).toBe("3:30 PM");
    expect(formatClockTime("00:05:00")).toBe("12:05 AM");
    expect(formatClockTime("24:00")).toBe("24:00");
    expect(formatClockTime("noon")).toBe("noon");
  });
});
