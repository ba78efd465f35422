// A birth date typed as a parent types it on a phone keypad (no "/" key), or with dashes or
// one-digit months, is read (decision 143); what cannot be read as a date still gets the spec's
// message. And with JavaScript the field shows the slashes as the digits are typed.
import { describe, expect, it } from "vitest";
import { typedDateToIso } from "@domain/rules/calendar";
import { formatTypedDate } from "@domain/rules/typed-date";
import { StudentSigninForm } from "@domain/forms/signin";
import { formDob } from "@domain/forms/community";

describe("typedDateToIso", () => {
  it.each([
    ["01/15/2012", "2012-01-15"],
    ["01152012", "2012-01-15"],
    ["1/15/2012", "2012-01-15"],
    ["01-15-2012", "2012-01-15"],
    ["1-5-2012", "2012-01-05"],
    ["01.15.2012", "2012-01-15"],
    [" 01 / 15 / 2012 ", "2012-01-15"],
    ["2/29/2012", "2012-02-29"],
  ])("%s → %s", (typed, iso) => {
    expect(typedDateToIso(typed)).toBe(iso);
  });

  it.each([
    "02/31/2012",
    "02312012",
    "2/29/2013",
    "13/01/2012",
    "1152012",
    "011520121",
    "01/15/12",
    "2012-01-15",
    "01/15-2012",
    "01/15/1899",
    "",
    "01\u000015\u00002012",
    "１/１５/２０１２",
  ])("%j is not a date", (typed) => {
    expect(typedDateToIso(typed)).toBeNull();
  });
});

describe("formatTypedDate (as the digits are typed)", () => {
  it.each([
    ["0", "0"],
    ["01", "01"],
    ["011", "01/1"],
    ["0115", "01/15"],
    ["01152", "01/15/2"],
    ["01152012", "01/15/2012"],
    ["01/1", "01/1"],
    ["01/152", "01/15/2"],
    ["01/15/2012", "01/15/2012"],
    // The parent's own separators are left alone.
    ["1/15/2012", "1/15/2012"],
    ["1/", "1/"],
    ["01-15-2012", "01-15-2012"],
    // Nothing beyond a date's eight digits is invented.
    ["011520129", "011520129"],
  ])("%s → %s", (typed, shown) => {
    expect(formatTypedDate(typed)).toBe(shown);
  });
});

describe("the forms read what a parent types", () => {
  it("sign-in takes 01152012 and keeps the spec's message for nonsense", () => {
    expect(StudentSigninForm.safeParse({ studentId: "100001", dob: "01152012" }).success).toBe(
      true,
    );
    const bad = StudentSigninForm.safeParse({ studentId: "100001", dob: "15012012" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("must be formatted MM/DD/YYYY");
  });

  it("community registration turns 1-15-2012 into 2012-01-15", () => {
    expect(formDob.parse("1-15-2012")).toBe("2012-01-15");
    expect(formDob.safeParse("31/01/2012").success).toBe(false);
  });
});
