import { describe, expect, it } from "vitest";
import { activityAmountCentsError, activityPayment } from "@domain/rules/checkout";
import { activityPaymentMinimumCents } from "@domain/rules/partial-payment";
import { dialogMethods, settledState } from "@domain/rules/payment-dialog";
import { cardExpiryProblem } from "@domain/rules/card-expiry";

const band = { costCents: 4000, balanceCents: 4000, allowPartial: true };
const robotics = { costCents: 7500, balanceCents: 6488, allowPartial: true };
const min = (amount: string) =>
  `Payment amount must be at least 1% of the original cost (${amount}).`;

describe("activity payment amount (the dialog, as the cart checks it)", () => {
  it.each(["$20", "-5", "0", "abc", "20,50", "1e3", " . "])("refuses %j", (typed) => {
    expect(activityPayment(typed, band)).toEqual({ ok: false, error: min("$0.50") });
  });

  it("refuses more than two decimals", () => {
    expect(activityPayment("20.505", band)).toEqual({
      ok: false,
      error: "Payment must have 2 digits after decimal or less",
    });
  });

  it("says an amount above the balance is above what is owed", () => {
    expect(activityPayment("64.89", robotics)).toEqual({
      ok: false,
      error: "Payment amount can't be more than the amount due ($64.88).",
    });
  });

  it("takes the minimum from the cost, not from the balance", () => {
    expect(activityPayment("0.74", robotics)).toEqual({ ok: false, error: min("$0.75") });
    expect(activityPayment("0.75", robotics)).toEqual({
      ok: true,
      cents: 75,
      paymentType: "partial",
    });
  });

  it("an empty amount, or no partial payments, is the whole balance", () => {
    expect(activityPayment("", band)).toEqual({ ok: true, cents: 4000, paymentType: "full" });
    expect(activityPayment("20", { ...band, allowPartial: false })).toEqual({
      ok: true,
      cents: 4000,
      paymentType: "full",
    });
    expect(activityPayment(" 40.00 ", band)).toEqual({
      ok: true,
      cents: 4000,
      paymentType: "full",
    });
    expect(activityPayment("20", band)).toEqual({ ok: true, cents: 2000, paymentType: "partial" });
  });

  it("the minimum is never above the balance", () => {
    expect(activityPaymentMinimumCents(7500, 30)).toBe(30);
    expect(activityPaymentMinimumCents(7500, 6488)).toBe(75);
    expect(activityPaymentMinimumCents(80, 80)).toBe(80);
    expect(
      activityPayment("0.30", { costCents: 7500, balanceCents: 30, allowPartial: true }),
    ).toEqual({ ok: true, cents: 30, paymentType: "full" });
  });

  it("the district API's check of cents", () => {
    expect(activityAmountCentsError(4000, "full", band)).toBeNull();
    expect(activityAmountCentsError(2000, "full", band)).toBe(
      "The amount due changed. Please review it and pay again.",
    );
    expect(activityAmountCentsError(4001, "full", band)).toBe(
      "Payment amount can't be more than the amount due ($40.00).",
    );
    expect(activityAmountCentsError(2000, "partial", band)).toBeNull();
    expect(
      activityAmountCentsError(2000, "partial", { ...band, allowPartial: false }),
    ).not.toBeNull();
    expect(activityAmountCentsError(74, "partial", robotics)).toBe(min("$0.75"));
    expect(activityAmountCentsError(6489, "partial", robotics)).toBe(
      "Payment amount can't be more than the amount due ($64.88).",
    );
    expect(activityAmountCentsError(Number.NaN, "partial", robotics)).toBe(min("$0.75"));
  });
});

describe("payment dialog methods", () => {
  const facts = {
    status: "pending_payment",
    balanceCents: 4000,
    pendingCents: 0,
    financialAid: null,
    inCart: false,
  };

  it("a paid registration offers nothing and says it is paid", () => {
    const paid = { ...facts, status: "registered", balanceCents: 0 };
    expect(settledState(paid)).toBe("paid");
    expect(dialogMethods(paid)).toEqual([]);
    expect(settledState({ ...paid, pendingCents: 2500 })).toBe("awaitingCheck");
  });

  it("credits covering the cost before confirmation: free after course credits", () => {
    expect(dialogMethods({ ...facts, balanceCents: 0 })).toEqual(["freeAfterCc"]);
    expect(settledState({ ...facts, balanceCents: 0 })).toBeNull();
  });

  it("a balance: mail, card from $0.50, cart", () => {
    expect(dialogMethods(facts)).toEqual(["mail", "stripe", "cart"]);
    expect(dialogMethods({ ...facts, balanceCents: 49 })).toEqual(["mail", "cart"]);
    expect(dialogMethods({ ...facts, status: "registered", balanceCents: 1500 })).toEqual([
      "mail",
      "stripe",
      "cart",
    ]);
    expect(dialogMethods({ ...facts, status: "waitlisted" })).toEqual(["waitlist"]);
  });

  it("a registration already in the cart is not offered the cart again (decision 169)", () => {
    expect(dialogMethods({ ...facts, inCart: true })).toEqual(["mail", "stripe"]);
  });
});

describe("card expiry (simulator, as Stripe's test mode)", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it.each([
    ["01/20", "past"],
    ["10/26", "past"],
    ["13/30", "month"],
    ["00/30", "month"],
    ["1230", "incomplete"],
    ["12/3", "incomplete"],
    ["", "incomplete"],
    ["11/26", null],
    ["12/34", null],
    ["1/2030", null],
  ] as const)("%j is %s", (text, expected) => {
    expect(cardExpiryProblem(text, now)).toBe(expected);
  });

  it("the month is the district's month", () => {
    // 1 December 03:00 UTC is still 30 November in Chicago: a card ending 11/26 still works.
    expect(cardExpiryProblem("11/26", new Date("2026-12-01T03:00:00Z"), "America/Chicago")).toBe(
      null,
    );
    expect(cardExpiryProblem("11/26", new Date("2026-12-01T08:00:00Z"), "America/Chicago")).toBe(
      "past",
    );
  });
});
