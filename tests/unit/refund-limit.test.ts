// What one refund may give back: the payment's left, capped by the line's (decision 160).
import { describe, expect, it } from "vitest";
import { leftToRefund, refundLimit } from "@domain/rules/refund-limit";

describe("what one refund may give back", () => {
  it("is what is left of the payment when no line is named", () => {
    expect(refundLimit({ paidCents: 5000, refundedCents: 1500 })).toBe(3500);
  });
  it("is no more than is left of the line, nor of the payment", () => {
    const payment = { paidCents: 5000, refundedCents: 100 };
    expect(refundLimit(payment, { paidCents: 3000, refundedCents: 0 })).toBe(3000);
    expect(refundLimit(payment, { paidCents: 1500, refundedCents: 500 })).toBe(1000);
    expect(
      refundLimit({ paidCents: 4000, refundedCents: 3900 }, { paidCents: 4000, refundedCents: 0 }),
    ).toBe(100);
  });
  it("is never below nothing", () => {
    expect(leftToRefund({ paidCents: 1000, refundedCents: 1200 })).toBe(0);
    expect(
      refundLimit({ paidCents: 1000, refundedCents: 0 }, { paidCents: 500, refundedCents: 600 }),
    ).toBe(0);
  });
});
