// What an activity card shows (app/components/programs/card-data.ts, format.ts, decision 094): the
// hand-made date format against Intl, and the card's strings and optional parts per course state.
import { describe, expect, it } from "vitest";
import type { Course } from "@domain/contract/programs";
import { toCardData } from "~/components/programs/card-data";
import { formatCourseDates } from "~/components/programs/format";
import { formatCalendarDate } from "@domain/rules/calendar";

describe("course dates", () => {
  const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

  it("match Intl's en-US medium date for every day from 1990 to 2049", () => {
    const day = 24 * 60 * 60 * 1000;
    const end = Date.UTC(2050, 0, 1);
    let checked = 0;
    for (let at = Date.UTC(1990, 0, 1); at < end; at += day) {
      const iso = new Date(at).toISOString().slice(0, 10);
      if (formatCalendarDate(iso) !== intl.format(at)) {
        expect(formatCalendarDate(iso)).toBe(intl.format(at));
      }
      checked++;
    }
    expect(checked).toBe(21915);
  });

  it.each([
    ["2027-02-30", "2027-02-30"],
    ["2027-13-01", "2027-13-01"],
    ["June 7", "June 7"],
    ["", ""],
  ])("%j is not a calendar date and shows as it came", (input, shown) => {
    expect(formatCalendarDate(input)).toBe(shown);
  });

  it("a course's range", () => {
    expect(formatCourseDates({ dateStartFull: "2027-06-07", dateEndFull: "2027-07-30" })).toBe(
      "Jun 7, 2027 – Jul 30, 2027",
    );
  });
});

describe("card data", () => {
  const course = (o: Partial<Course> = {}): Course => ({
    courseSelectionUUID: "3f0c1c9e-0000-4000-8000-000000000001",
    courseUUID: "3f0c1c9e-0000-4000-8000-000000000002",
    programUUID: "3f0c1c9e-0000-4000-8000-000000000003",
    programName: "Summer Academy 2027",
    termID: "SU27",
    category: "Enrichment",
    courseNumber: "ART101",
    name: "Art Studio",
    description: "Paint and draw.",
    sectionNumber: "01",
    term: "Summer 2027",
    status: "open",
    registrationStatus: null,
    registrationId: null,
    dateStartFull: "2027-06-07",
    dateEndFull: "2027-07-30",
    meetingDays: "M,W",
    meetingTime: "9:00 AM - 10:00 AM",
    deliveryMethod: "In person",
    credits: 0,
    cost: 25,
    originalCost: 25,
    courseCredits: 0,
    paidAmount: 0,
    paidOrPendingAmount: 0,
    requiresPayment: true,
    paymentDue: false,
    paymentDeadline: null,
    isInCart: false,
    financialAid: null,
    programAllowPartial: false,
    programCancellationMessage: "Unpaid registrations are cancelled.",
    notes: null,
    school: null,
    seatsAvailable: 10,
    courseQuestions: [],
    timeConflictOverride: false,
    oneSectionPerTermOverride: false,
    registrationError: false,
    ...o,
  });
  const now = Date.parse("2027-05-01T12:00:00Z");

  it("an open paid course: its strings and Register, nothing optional", () => {
    expect(toCardData(course(), now)).toEqual({
      id: "3f0c1c9e-0000-4000-8000-000000000001",
      name: "Art Studio",
      meta: "ART101 · Section 01 · Summer 2027",
      program: "Summer Academy 2027",
      dates: "Jun 7, 2027 – Jul 30, 2027",
      schedule: "M, W · 9:00 AM - 10:00 AM",
      cost: "Cost: $25.00",
      actions: [{ kind: "register", label: "Register" }],
      status: "open",
    });
  });

  it("a free course without a schedule, with questions, a school and a failed last action", () => {
    const card = toCardData(
      course({
        cost: 0,
        originalCost: 0,
        meetingDays: "",
        meetingTime: "",
        school: { fullName: "Lincoln High School" },
        registrationError: true,
        courseQuestions: [
          {
            id: 1,
            question: "T-shirt size",
            responseType: "Free Form",
            answerList: [],
            sortOrder: 1,
          },
        ],
      }),
      now,
    );
    expect(card.cost).toBe("Cost: Free");
    expect(card.schedule).toBeUndefined();
    expect(card.school).toBe("Lincoln High School");
    expect(card.questions).toBe(true);
    expect(card.failed).toBe(true);
  });

  it("financial aid that covers the cost says so", () => {
    expect(toCardData(course({ financialAid: "free", cost: 0 }), now).cost).toMatch(
      /^Cost: \$25\.00 · /,
    );
  });

  it("a registration awaiting payment: the countdown from the deadline, m:ss at render", () => {
    const card = toCardData(
      course({
        status: "registered",
        registrationStatus: "pending_payment",
        registrationId: "r1",
        paymentDue: true,
        paymentDeadline: "2027-05-01T12:09:30.000Z",
      }),
      now,
    );
    expect(card.countdown).toEqual({
      deadline: "2027-05-01T12:09:30.000Z",
      initial: "9:30",
      extendable: "r1",
    });
  });

  it("a payment window given more time once offers no more (decision 146)", () => {
    const card = toCardData(
      course({
        status: "registered",
        registrationStatus: "pending_payment",
        registrationId: "r1",
        paymentDue: true,
        paymentDeadline: "2027-05-01T12:09:30.000Z",
        paymentWindowExtended: true,
      }),
      now,
    );
    expect(card.countdown).toEqual({ deadline: "2027-05-01T12:09:30.000Z", initial: "9:30" });
  });

  it("payment due and not open: the balance-due panel with the amount still owed", () => {
    const card = toCardData(
      course({
        status: "registered-with-credits-pending-payment",
        registrationStatus: "registered",
        registrationId: "r1",
        cost: 40,
        paidOrPendingAmount: 10,
        courseCredits: 5,
        paymentDue: true,
      }),
      now,
    );
    expect(card.balanceDue).toEqual({
      title: expect.stringContaining("$25.00"),
      message: "Unpaid registrations are cancelled.",
    });
    expect(card.actions.map((a) => a.label)).toEqual(["Submit Payment"]);
  });
});
