// Dates and times as administrators type them on the section form (decision 147): the form
// reads what is typed into the district API's YYYY-MM-DD and 24-hour HH:MM.
import { describe, expect, it } from "vitest";
import { typedCalendarDate, typedClockTime } from "@domain/rules/typed-date-time";
import { SectionForm } from "@domain/forms/admin-catalogue";
import { parseWithZod } from "@conform-to/zod";

describe("a typed date", () => {
  it.each([
    ["2027-06-07", "2027-06-07"],
    [" 2027-06-07 ", "2027-06-07"],
    ["6/7/2027", "2027-06-07"],
    ["06/07/2027", "2027-06-07"],
    ["06-07-2027", "2027-06-07"],
    ["06072027", "2027-06-07"],
  ])("%j → %s", (typed, iso) => {
    expect(typedCalendarDate(typed)).toBe(iso);
  });

  it.each(["2027-02-31", "2/31/2027", "13/01/2027", "June 7", "", "7.6"])(
    "%j is not a date",
    (typed) => {
      expect(typedCalendarDate(typed)).toBeNull();
    },
  );
});

describe("a typed time", () => {
  it.each([
    ["19:30", "19:30"],
    ["7:30", "07:30"],
    ["07:30", "07:30"],
    ["7:30 PM", "19:30"],
    ["7:30pm", "19:30"],
    ["7 pm", "19:00"],
    ["12:15 AM", "00:15"],
    ["12:00 p.m.", "12:00"],
    ["12 noon", null],
    ["0:05", "00:05"],
  ])("%j → %s", (typed, hhmm) => {
    expect(typedClockTime(typed)).toBe(hhmm);
  });

  it.each(["24:00", "7:60", "13:00 PM", "0:30 AM", "seven", "", "730"])(
    "%j is not a time",
    (typed) => {
      expect(typedClockTime(typed)).toBeNull();
    },
  );
});

describe("the section form reads what was typed", () => {
  it("US dates and 12-hour times become the API's forms", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      courseId: "7a0c2b8e-1b7e-4b0e-9f5e-2f1f3b1c9d01",
      sectionNumber: "1",
      termId: "2027SU",
      term: "Summer 2027",
      capacity: "10",
      cost: "25.00",
      creditHours: "0",
      deliveryMethod: "In Person",
      dateStart: "6/7/2027",
      dateEnd: "06/25/2027",
      timeStart: "9:00 AM",
      timeEnd: "10:30 am",
    })) {
      form.set(k, v);
    }
    const submission = parseWithZod(form, { schema: SectionForm });
    expect(submission.status === "success" ? null : submission.error).toBeNull();
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      dateStart: "2027-06-07",
      dateEnd: "2027-06-25",
      timeStart: "09:00",
      timeEnd: "10:30",
    });
  });
});
