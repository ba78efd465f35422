import { describe, expect, it } from "vitest";
import {
  activityMinimumPartialCents,
  allocatePayment,
  cartMinimumPartial,
  cartMinimumPartialCents,
} from "@domain/rules/partial-payment";
import {
  afterPaymentDestination,
  checkNumberError,
  formatCountdown,
  methodAvailability,
  partialAmountError,
  partialOption,
  payButtonText,
  tenderedError,
} from "@domain/rules/checkout";

const line = (costCents: number, allowPartial: boolean) => ({ costCents, allowPartial });

describe("cart minimum partial payment", () => {
  it.each([
    ["1% of eligible above 0.50 plus required", [line(10_000, true), line(2_000, false)], 2_100],
    ["0.50 when 1% is small", [line(4_000, true)], 50],
    ["whole total under $1", [line(80, true)], 80],
    ["required plus 0.50", [line(1_000, false), line(2_000, true)], 1_050],
    ["1% of 200 dollars", [line(20_000, true)], 200],
  ] as const)("%s", (_n, lines, expected) => {
    expect(cartMinimumPartialCents([...lines])).toBe(expected);
  });
});

describe("activity minimum partial payment", () => {
  it.each([
    [10_000, 100],
    [5_000, 50],
    [4_999, 50],
    [100, 50],
    [99, 99],
    [0, 0],
  ])("cost %i cents gives %i", (cost, min) => {
    expect(activityMinimumPartialCents(cost)).toBe(min);
  });
});

describe("allocation", () => {
  it("pays required lines first", () => {
    expect(allocatePayment([line(1_000, true), line(500, false)], 700)).toEqual([200, 500]);
  });
});

describe("partial amount messages", () => {
  const lines = [line(10_000, true)];
  it.each([
    ["12.345", "Payment must have 2 digits after decimal or less"],
    ["0.50", "Payment amount must be at least 1% of the original cost ($1.00)."],
    ["100.01", "Payment amount can't be more than the amount due ($100.00)."],
    ["1", null],
    ["100", null],
  ])("%s", (input, message) => {
    expect(partialAmountError(input, lines)).toBe(message);
  });
});

describe("cash and check", () => {
  it.each([
    ["", 1000, "Tendered amount is required for cash payments."],
    ["9.99", 1000, "Tendered amount must be greater then or equal to the payment amount."],
    ["110.01", 1000, "Tendered amount can't be more then 100 over the payment amount"],
    ["110", 1000, null],
    ["10.009", 1000, null],
  ])("tendered %s for %i", (input, due, message) => {
    expect(tenderedError(input, due)).toBe(message);
  });
  it.each([
    ["12", "Check Number is required and must be at least 3 characters."],
    ["123", null],
  ])("check number %s", (input, message) => {
    expect(checkNumberError(input)).toBe(message);
  });
});

describe("method availability", () => {
  const reg = { costCents: 40, allowPartial: false, itemType: "registration" as const };
  const fee = { costCents: 1000, allowPartial: true, itemType: "fee" as const };
  const find = (list: ReturnType<typeof methodAvailability>, m: string) =>
    list.find((x) => x.method === m)!;
  it("online card disabled below $0.50", () => {
    const a = methodAvailability({ lines: [reg], desktop: false }, "full", 40);
    expect(find(a, "stripe").enabled).toBe(false);
    expect(
      find(methodAvailability({ lines: [reg], desktop: false }, "full", 50), "stripe").enabled,
    ).toBe(true);
  });
  it("mail hidden with fees or when paying partially", () => {
    expect(
      find(methodAvailability({ lines: [fee], desktop: false }, "full", 1000), "mail").shown,
    ).toBe(false);
    expect(
      find(methodAvailability({ lines: [reg], desktop: false }, "partial", 40), "mail").shown,
    ).toBe(false);
    expect(
      find(methodAvailability({ lines: [reg], desktop: false }, "full", 40), "mail").shown,
    ).toBe(true);
  });
  it("desktop-only methods", () => {
    const a = methodAvailability({ lines: [fee], desktop: false }, "full", 1000);
    expect(find(a, "cash").shown).toBe(false);
    const b = methodAvailability(
      { lines: [fee], desktop: true, readerConnected: false },
      "full",
      1000,
    );
    expect(find(b, "cash").enabled).toBe(true);
    expect(find(b, "terminal").enabled).toBe(false);
  });
  it("partial option only when an item allows it, disabled below $0.50 or 10%", () => {
    expect(partialOption([line(1000, false)])).toEqual({ shown: false, enabled: false });
    expect(partialOption([line(1000, true)])).toEqual({ shown: true, enabled: true });
    expect(partialOption([line(90, true)])).toEqual({ shown: true, enabled: false });
    expect(partialOption([line(10_000, false), line(100, true)]).enabled).toBe(false);
  });
});

describe("button texts and destinations", () => {
  it.each([
    [0, 0, true, "Submit Order"],
    [1234, 1234, true, "Pay $12.34 Now"],
    [1234, 500, true, "Pay $5.00 Now"],
    [1234, 1234, false, "Proceed to Checkout"],
  ])("total %i pay %i on cart %s", (total, pay, cart, text) => {
    expect(payButtonText(total, pay, cart)).toBe(text);
  });
  it.each([
    ["guest_user", true, "/cart-receipt/7"],
    ["staff", true, "/instructor/fees?purchased=7"],
    ["student", true, "/fees?purchased=1"],
    ["student", false, "/my-registrations?purchased=1"],
  ] as const)("%s with fees %s", (userKind, hadFees, dest) => {
    expect(afterPaymentDestination({ userKind, cartId: 7, hadFees })).toBe(dest);
  });
  it.each([
    ["student", true],
    ["student", false],
    ["community_member", false],
  ] as const)(
    "a household's cart of a %s (fees %s) lands on its one receipt",
    (userKind, hadFees) => {
      expect(afterPaymentDestination({ userKind, cartId: 7, hadFees, household: true })).toBe(
        "/cart-receipt/7",
      );
    },
  );
  it("countdown as m:ss", () => {
    expect(formatCountdown(15 * 60_000)).toBe("15:00");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});

describe("what the cart's minimum is made of (decision 145)", () => {
  it.each([
    [[line(3_708, false), line(7_500, true)], 3_783, 3_708, 75, "onePercent"],
    [[line(1_000, false), line(2_000, true)], 1_050, 1_000, 50, "floor"],
    [[line(10_000, true)], 100, 0, 100, "onePercent"],
    [[line(30, false), line(40, true)], 70, 30, 40, "whole"],
  ] as const)("%j", (lines, cents, requiredCents, partCents, part) => {
    expect(cartMinimumPartial([...lines])).toEqual({ cents, requiredCents, partCents, part });
  });
  it("says the parts when items must be paid in full, the spec's words otherwise", () => {
    const mixed = [line(3_708, false), line(7_500, true)];
    expect(partialAmountError("20", mixed)).toBe(
      "Payment amount must be at least $37.83: the items paid in full ($37.08) plus 1% of the rest ($0.75).",
    );
    expect(partialAmountError("$40", mixed)).toBe(
      "Payment amount must be at least $37.83: the items paid in full ($37.08) plus 1% of the rest ($0.75).",
    );
    expect(partialAmountError("10", [line(1_000, false), line(2_000, true)])).toBe(
      "Payment amount must be at least $10.50: the items paid in full ($10.00) plus the smallest partial payment ($0.50).",
    );
    expect(partialAmountError("0.50", [line(7_500, true)])).toBe(
      "Payment amount must be at least 1% of the original cost ($0.75).",
    );
  });
});
