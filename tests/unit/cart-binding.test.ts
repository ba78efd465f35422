// What a cart payment is bound to, and when a payment that settles is kept or refunded.
import { describe, expect, it } from "vitest";
import { cartContents, registrationVerdict, settleVerdict } from "../../domain/rules/cart-binding";

const goggles = (id: number) => ({ id, itemType: "fee", costCents: 800, allowPartial: false });

describe("cartContents", () => {
  it("is the same for the same lines in any order", () => {
    expect(cartContents([goggles(2), goggles(1)])).toBe(cartContents([goggles(1), goggles(2)]));
  });
  it("differs for a refilled cart at the same total, and for a changed price", () => {
    expect(cartContents([goggles(3)])).not.toBe(cartContents([goggles(4)]));
    expect(cartContents([goggles(3)])).not.toBe(cartContents([{ ...goggles(3), costCents: 799 }]));
    expect(cartContents([])).toBe("total=0");
  });
});

describe("settleVerdict", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const base = {
    cartStatus: "OPEN",
    cartExpiresAt: new Date("2026-11-23T12:10:00Z"),
    now,
    hosted: true,
    boundTo: "a",
    contentsNow: "a",
    lineCount: 1,
    others: [] as string[],
  };
  it("keeps a payment for the open cart it was made for", () => {
    expect(settleVerdict(base)).toEqual({ keep: true });
    expect(settleVerdict({ ...base, cartStatus: "PROCESSING", hosted: false })).toEqual({
      keep: true,
    });
  });
  it("refunds for a cart paid, expired, emptied, changed or past its time", () => {
    expect(settleVerdict({ ...base, cartStatus: "PAID" })).toEqual({
      keep: false,
      reason: "cart_paid",
    });
    expect(settleVerdict({ ...base, cartStatus: "MAIL" })).toMatchObject({ reason: "cart_paid" });
    expect(settleVerdict({ ...base, cartStatus: "EXPIRED" })).toMatchObject({
      reason: "cart_expired",
    });
    expect(settleVerdict({ ...base, cartStatus: "EMPTIED" })).toMatchObject({
      reason: "cart_changed",
    });
    expect(settleVerdict({ ...base, contentsNow: "b" })).toMatchObject({ reason: "cart_changed" });
    expect(settleVerdict({ ...base, lineCount: 0 })).toMatchObject({ reason: "cart_changed" });
    expect(settleVerdict({ ...base, cartExpiresAt: now })).toMatchObject({
      reason: "cart_expired",
    });
  });
  it("a hosted payment wins over a card charge in flight, not over money at the register", () => {
    const processing = { ...base, cartStatus: "PROCESSING" };
    expect(settleVerdict({ ...processing, others: ["stripe"] })).toEqual({ keep: true });
    expect(settleVerdict({ ...processing, others: ["cash"] })).toMatchObject({
      reason: "cart_paid",
    });
  });
  it("an unbound payment (taken at the register) is checked by status only", () => {
    expect(settleVerdict({ ...base, boundTo: null, contentsNow: "x" })).toEqual({ keep: true });
  });
});

describe("registrationVerdict", () => {
  it("keeps what the registration still owes, refunds more", () => {
    expect(registrationVerdict(4000, 4000)).toEqual({ keep: true });
    expect(registrationVerdict(4000, 0)).toEqual({ keep: false, reason: "registration_paid" });
  });
});
