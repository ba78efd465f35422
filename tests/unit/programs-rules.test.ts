// Registration rules, table-driven from spec 01 §4 and §5.
import { describe, expect, it } from "vitest";
import { findTimeConflict, meetingsOverlap, type Meeting } from "@domain/rules/time-conflict";
import {
  checkAnswers,
  clearPaymentTimer,
  effectiveCostCents,
  formatCountdown,
  paymentTimerKey,
  paymentWindowMinutes,
  readPaymentTimer,
  setPaymentTimer,
  violatesOneSectionPerTerm,
} from "@domain/rules/registration";
import { courseStatus, type StatusInput } from "@domain/rules/course-status";
import { cardView } from "@domain/rules/card-actions";
import { courseQuestionsForm } from "@domain/forms/course-questions";
import type { Course } from "@domain/contract/programs";

const base: Meeting = {
  meetingDays: ["Mon", "Wed"],
  timeStart: "10:00",
  timeEnd: "12:00",
  dateStart: "2026-06-08",
  dateEnd: "2026-07-17",
};

describe("time conflict", () => {
  it.each([
    ["same day, overlapping time and dates", {}, true],
    ["no shared day", { meetingDays: ["Tue", "Thu"] }, false],
    ["one shared day", { meetingDays: ["wed", "Fri"] }, true],
    ["touching times do not clash", { timeStart: "12:00", timeEnd: "13:00" }, false],
    ["time inside", { timeStart: "10:30", timeEnd: "11:00" }, true],
    ["time around", { timeStart: "09:00", timeEnd: "13:00" }, true],
    ["earlier time", { timeStart: "08:00", timeEnd: "10:00" }, false],
    ["dates after", { dateStart: "2026-07-18", dateEnd: "2026-08-01" }, false],
    ["dates before", { dateStart: "2026-05-01", dateEnd: "2026-06-07" }, false],
    ["dates sharing the last day", { dateStart: "2026-07-17", dateEnd: "2026-08-01" }, true],
    ["no set time", { timeStart: null, timeEnd: null }, false],
  ] as const)("%s", (_name, change, clash) => {
    expect(meetingsOverlap(base, { ...base, ...change } as Meeting)).toBe(clash);
  });

  const registered = [{ id: "r1", ...base }];
  it("blocks registering over a registered course", () => {
    const c = { id: "c1", ...base, timeConflictOverride: false };
    expect(findTimeConflict(c, registered, "register")?.id).toBe("r1");
  });
  it("allows it with the course's override", () => {
    const c = { id: "c1", ...base, timeConflictOverride: true };
    expect(findTimeConflict(c, registered, "register")).toBeNull();
  });
  it("skips the check for joining a waitlist", () => {
    const c = { id: "c1", ...base, timeConflictOverride: false };
    expect(findTimeConflict(c, registered, "waitlist")).toBeNull();
  });
  it("never conflicts with itself", () => {
    const c = { id: "r1", ...base, timeConflictOverride: false };
    expect(findTimeConflict(c, registered, "register")).toBeNull();
  });
});

describe("one section per term", () => {
  const reg = [{ id: "s1", courseId: "c", termId: "2026SU" }];
  const cand = { id: "s2", courseId: "c", termId: "2026SU", oneSectionPerTermOverride: false };
  it.each([
    ["second section, same course and term", cand, true, true],
    ["program without the rule", cand, false, false],
    ["overridden section", { ...cand, oneSectionPerTermOverride: true }, true, false],
    ["another term", { ...cand, termId: "2026FA" }, true, false],
    ["another course", { ...cand, courseId: "d" }, true, false],
  ] as const)("%s", (_n, candidate, flag, blocked) => {
    expect(violatesOneSectionPerTerm(candidate, flag, reg)).toBe(blocked);
  });
});

describe("course questions", () => {
  const qs = [
    { id: 1, responseType: "Value List" as const, answerList: ["S", "M"] },
    { id: 2, responseType: "Free Form" as const, answerList: [] },
    { id: 3, responseType: "Waiver" as const, answerList: [] },
  ];
  const all = [
    { id: 1, userSubmittedAnswer: "M" },
    { id: 2, userSubmittedAnswer: "none" },
    { id: 3, userSubmittedAnswer: "I Accept" },
  ];
  it("accepts complete answers with a signature and legal name", () => {
    expect(checkAnswers(qs, all, "Pat", "Pat Parent")).toBeNull();
  });
  it("requires every non-waiver answer", () => {
    expect(checkAnswers(qs, [all[0]!, all[2]!], "Pat", "Pat")).toBe("answersRequired");
    expect(
      checkAnswers(qs, [{ id: 1, userSubmittedAnswer: "XL" }, all[1]!, all[2]!], "P", "P"),
    ).toBe("answersRequired");
  });
  it("requires the waiver as I Accept", () => {
    expect(checkAnswers(qs, [all[0]!, all[1]!], "Pat", "Pat")).toBe("waiverRequired");
  });
  it("requires the waiver's signature and legal name", () => {
    expect(checkAnswers(qs, all, "", "Pat")).toBe("answersRequired");
    expect(checkAnswers(qs, all, "Pat", " ")).toBe("answersRequired");
  });
  it("the form schema gives the spec's messages", () => {
    const schema = courseQuestionsForm(qs);
    const bad = schema.safeParse({ intent: "register", q1: "M", q2: "", q3: undefined });
    expect(bad.success).toBe(false);
    const messages = bad.success ? [] : bad.error.issues.map((i) => i.message);
    expect(messages).toContain("All fields are required.");
    expect(messages).toContain("You must agree to the above waiver Terms & Conditions");
    expect(
      schema.safeParse({
        intent: "register",
        q1: "M",
        q2: "x",
        q3: "I Accept",
        signature: "P",
        legalName: "P",
      }).success,
    ).toBe(true);
  });
});

describe("payment window", () => {
  it.each([
    [undefined, 15],
    ["15", 15],
    ["20", 20],
    ["0", 15],
    ["abc", 15],
  ] as const)("cartCountdownTimer %s gives %i minutes", (v, m) => {
    expect(paymentWindowMinutes(v)).toBe(m);
  });
  it.each([
    [15 * 60_000, "15:00"],
    [61_000, "1:01"],
    [500, "0:01"],
    [0, "0:00"],
    [-5000, "0:00"],
  ])("%i ms shows %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
  it("stores, reads and clears the deadline per course", () => {
    const map = new Map<string, string>();
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    setPaymentTimer(store, "abc", 1234);
    expect(map.has(paymentTimerKey("abc"))).toBe(true);
    expect(readPaymentTimer(store, "abc")).toBe(1234);
    expect(readPaymentTimer(store, "other")).toBeNull();
    clearPaymentTimer(store, "abc");
    expect(readPaymentTimer(store, "abc")).toBeNull();
  });
  it("financial aid free costs nothing", () => {
    expect(effectiveCostCents(4000, "free")).toBe(0);
    expect(effectiveCostCents(4000, "reduced")).toBe(4000);
    expect(effectiveCostCents(4000, null)).toBe(4000);
  });
});

describe("course status", () => {
  const seats = {
    capacity: 2,
    seatsTaken: 0,
    waitlistEnabled: true,
    waitingCount: 0,
    registration: null,
  };
  const reg = (r: Partial<NonNullable<StatusInput["registration"]>>) => ({
    ...seats,
    registration: {
      status: "registered" as const,
      costCents: 0,
      paidCents: 0,
      pendingCents: 0,
      creditsCents: 0,
      ...r,
    },
  });
  it.each([
    ["seats free", seats, "open"],
    ["full with a waitlist", { ...seats, seatsTaken: 2 }, "waitlist"],
    [
      "full without a waitlist",
      { ...seats, seatsTaken: 2, waitlistEnabled: false },
      "closed-no-waitlist",
    ],
    ["a seat free but people waiting", { ...seats, seatsTaken: 1, waitingCount: 1 }, "waitlist"],
    ["on the waitlist", reg({ status: "waitlisted" }), "waitlisted"],
    ["registered free", reg({}), "registered"],
    ["registered paid", reg({ costCents: 5000, paidCents: 5000 }), "registered"],
    ["payment window", reg({ status: "pending_payment", costCents: 5000 }), "registered"],
    ["partly paid", reg({ costCents: 5000, paidCents: 1000 }), "partial"],
    ["credits cover it", reg({ costCents: 5000, creditsCents: 5000 }), "registered-with-credits"],
    [
      "credits leave a balance",
      reg({ costCents: 5000, creditsCents: 1000 }),
      "registered-with-credits-pending-payment",
    ],
  ] as const)("%s → %s", (_n, input, status) => {
    expect(courseStatus(input as StatusInput).status).toBe(status);
  });
  it("payment due counts paid, pending and credits", () => {
    expect(courseStatus(reg({ costCents: 5000, pendingCents: 5000 })).paymentDue).toBe(false);
    expect(courseStatus(reg({ costCents: 5000, paidCents: 4999 })).paymentDue).toBe(true);
  });
});

describe("card action by state (spec 01 §4)", () => {
  const c = (o: Partial<Course>): Parameters<typeof cardView>[0] => ({
    status: "open",
    registrationStatus: null,
    requiresPayment: false,
    paymentDue: false,
    isInCart: false,
    paidAmount: 0,
    paidOrPendingAmount: 0,
    ...o,
  });
  const labels = (o: Partial<Course>) => cardView(c(o)).actions.map((a) => `${a.kind}:${a.label}`);
  it.each([
    ["open", {}, null, ["register:Register"]],
    [
      "full",
      { status: "waitlist" },
      null,
      ["joinWaitlist:Course Is Full - Click to Add to Waitlist"],
    ],
    ["closed full", { status: "closed-no-waitlist" }, "Course Full", []],
    [
      "waitlisted",
      { status: "waitlisted", registrationStatus: "waitlisted" },
      "You are on the waitlist",
      ["leaveWaitlist:Remove From Waitlist"],
    ],
    [
      "waitlisted, third in line",
      { status: "waitlisted", registrationStatus: "waitlisted", waitlistPosition: 3 },
      "You are on the waitlist (number 3 in line)",
      ["leaveWaitlist:Remove From Waitlist"],
    ],
    [
      "registered pending payment",
      {
        status: "registered",
        registrationStatus: "pending_payment",
        requiresPayment: true,
        paymentDue: true,
      },
      "You are Registered pending payment",
      ["pay:You are registered - Click to add payment", "cancel:Cancel Registration"],
    ],
    [
      "registered, no payment required",
      { status: "registered", registrationStatus: "registered" },
      null,
      ["cancel:You are Registered - Click to Cancel Registration"],
    ],
    [
      "registered, paid",
      {
        status: "registered",
        registrationStatus: "registered",
        requiresPayment: true,
        paidAmount: 40,
        paidOrPendingAmount: 40,
      },
      "You are Registered",
      [],
    ],
    [
      "registered, awaiting payment",
      {
        status: "registered",
        registrationStatus: "registered",
        requiresPayment: true,
        paidAmount: 0,
        paidOrPendingAmount: 40,
      },
      "You are Registered awaiting payment",
      [],
    ],
    [
      "registered with credits",
      { status: "registered-with-credits" },
      null,
      ["cancel:Click to Cancel"],
    ],
    [
      "payment due and in cart",
      {
        status: "registered",
        registrationStatus: "pending_payment",
        requiresPayment: true,
        paymentDue: true,
        isInCart: true,
      },
      null,
      ["cart:View Cart to Complete Registration"],
    ],
    [
      // A partly paid registration is registered (paid and owed beside it).
      "partial",
      { status: "partial", requiresPayment: true, paymentDue: true },
      "You are Registered",
      ["pay:Submit Payment"],
    ],
  ] as const)("%s", (_n, o, text, actions) => {
    expect(cardView(c(o as Partial<Course>)).text).toBe(text);
    expect(labels(o as Partial<Course>)).toEqual(actions);
  });
  it("payment due and not open: a balance-due panel plus Submit Payment", () => {
    const v = cardView(
      c({
        status: "registered-with-credits-pending-payment",
        requiresPayment: true,
        paymentDue: true,
      }),
    );
    expect(v.balanceDue).toBe(true);
    expect(v.actions.map((a) => a.label)).toEqual(["Submit Payment"]);
    const registeredDue = cardView(
      c({
        status: "registered",
        registrationStatus: "registered",
        requiresPayment: true,
        paymentDue: true,
      }),
    );
    expect(registeredDue.balanceDue).toBe(true);
  });
});
