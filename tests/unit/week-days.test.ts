import { describe, expect, it } from "vitest";
import { STAFF_DAY_CODE, WEEK_DAYS, weekDayOf, weekDaysOf } from "@domain/rules/week-days";
import { sharesDay, type Meeting } from "@domain/rules/time-conflict";

describe("meeting days", () => {
  it("reads the codes, short and whole names of each day, in any case", () => {
    expect(["M", "mon", "Monday", " MO "].map(weekDayOf)).toEqual(["Mon", "Mon", "Mon", "Mon"]);
    expect(["T", "Tu", "tues"].map(weekDayOf)).toEqual(["Tue", "Tue", "Tue"]);
    expect(["Th", "R", "thursday"].map(weekDayOf)).toEqual(["Thu", "Thu", "Thu"]);
    expect(["S", "Sa", "Su", "U"].map(weekDayOf)).toEqual(["Sat", "Sat", "Sun", "Sun"]);
    expect(["", "x", "Mondays", "\u0000"].map(weekDayOf)).toEqual([null, null, null, null]);
  });

  it("keeps a list's order, each day once, and leaves out what names no day", () => {
    expect(weekDaysOf(["W", "M", "Wed", "xx"])).toEqual(["Wed", "Mon"]);
  });

  it("has an instructor view code for every day, the spec's where it names one", () => {
    expect(WEEK_DAYS.map((d) => STAFF_DAY_CODE[d]).join(" ")).toBe("M T W Th F S Su");
  });

  it("finds a shared day whichever spelling each course uses", () => {
    const at = (meetingDays: string[]): Meeting => ({
      meetingDays,
      timeStart: "15:00",
      timeEnd: "16:00",
      dateStart: "2026-09-01",
      dateEnd: "2026-12-01",
    });
    expect(sharesDay(at(["M", "W"]), at(["Mon"]))).toBe(true);
    expect(sharesDay(at(["Th"]), at(["Thu"]))).toBe(true);
    expect(sharesDay(at(["T"]), at(["Thu"]))).toBe(false);
  });
});
