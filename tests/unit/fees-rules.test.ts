import { describe, expect, it } from "vitest";
import { unitPriceCents, unitPricesCents, type PricedFee } from "@domain/rules/pricing";
import {
  descriptionPreview,
  feeCardState,
  quantityOptions,
  requiresFullPayment,
} from "@domain/rules/fee-card";
import { checkDonation } from "@domain/rules/donation";

const fee: PricedFee = {
  amountCents: 4000,
  freeAmountCents: 0,
  freeQuantity: 1,
  reducedAmountCents: 1500,
  reducedQuantity: 2,
  activityAmountCents: 1000,
  activityQuantity: 1,
};
const nobody = { financialAid: null, activityPass: false } as const;

describe("price rules", () => {
  it.each([
    ["assessed cost wins", { financialAid: "free", activityPass: true }, 2500, 0, 2500],
    ["free within its quantity", { financialAid: "free", activityPass: false }, null, 0, 0],
    ["free beyond its quantity", { financialAid: "free", activityPass: false }, null, 1, 4000],
    ["reduced within quantity", { financialAid: "reduced", activityPass: false }, null, 1, 1500],
    ["reduced beyond quantity", { financialAid: "reduced", activityPass: false }, null, 2, 4000],
    ["activity pass", { financialAid: null, activityPass: true }, null, 0, 1000],
    ["activity pass used up", { financialAid: null, activityPass: true }, null, 1, 4000],
    ["fee amount otherwise", nobody, null, 0, 4000],
  ] as const)("%s", (_n, buyer, assessed, already, expected) => {
    expect(
      unitPriceCents(fee, buyer, { assessedCostCents: assessed, alreadyCounted: already }),
    ).toBe(expected);
  });
  it("prices a quantity one at a time", () => {
    expect(unitPricesCents(fee, { financialAid: "reduced", activityPass: false }, 3, 0)).toEqual([
      1500, 1500, 4000,
    ]);
  });
  it("free aid without a free price pays the amount", () => {
    const plain = { ...fee, freeAmountCents: null };
    expect(unitPriceCents(plain, { financialAid: "free", activityPass: false })).toBe(4000);
  });
});

describe("fee card state, in the spec's order", () => {
  const base = {
    inCart: false,
    groupBought: false,
    bought: 0,
    maxQuantity: 1,
    amountCents: 500,
  };
  it.each([
    [
      "balance on a partial fee",
      { assessedStatus: "partial", remainingCents: 100, inCart: true },
      "payRemaining",
    ],
    ["paid", { assessedStatus: "paid", inCart: true }, "paid"],
    // All of it given back is not "Paid" (decision 145).
    ["refunded", { assessedStatus: "paid", paidCents: 0, refunded: true }, "refunded"],
    ["partly refunded", { assessedStatus: "paid", paidCents: 500, refunded: true }, "paid"],
    ["in cart", { inCart: true, criteriaError: "x" }, "inCart"],
    ["criteria error", { criteriaError: "Grade 9 only", groupBought: true }, "criteriaError"],
    ["group bought", { groupBought: true }, "groupBought"],
    ["group bought and in the cart", { groupBought: true, groupInCart: true }, "groupBought"],
    ["group in the cart", { groupInCart: true }, "groupInCart"],
    ["below the limit", { bought: 0 }, "add"],
    ["zero amount still addable", { amountCents: 0 }, "add"],
    ["at the limit", { bought: 1 }, "maxed"],
  ] as const)("%s", (_n, facts, expected) => {
    expect(feeCardState({ ...base, ...facts })).toBe(expected);
  });
});

describe("description preview and quantity", () => {
  it("keeps 120 characters and offers View More", () => {
    const long = "a".repeat(130);
    expect(descriptionPreview(long)).toEqual({ preview: "a".repeat(120), more: true });
    expect(descriptionPreview("<p>short</p>")).toEqual({ preview: "short", more: false });
  });
  it.each([
    [0, 1, 1],
    [0, 50, 20],
    [45, 50, 5],
    [50, 50, 0],
    [60, 50, 0],
  ])("bought %i of %i gives %i options", (bought, max, n) => {
    expect(quantityOptions(bought, max)).toHaveLength(n);
  });
});

describe("donation limits", () => {
  it.each([
    ["5", 0, { ok: true, cents: 500 }],
    ["4.99", 0, { ok: false, reason: "range" }],
    ["10000", 0, { ok: true, cents: 1_000_000 }],
    ["10000.01", 0, { ok: false, reason: "range" }],
    ["12.345", 0, { ok: false, reason: "invalid" }],
    ["abc", 0, { ok: false, reason: "invalid" }],
    ["-5", 0, { ok: false, reason: "invalid" }],
    ["20", 2500, { ok: false, reason: "range" }],
    ["25.50", 2500, { ok: true, cents: 2550 }],
  ] as const)("%s with fee amount %i", (input, amount, expected) => {
    expect(checkDonation(input, amount)).toMatchObject(expected);
  });
  it("names the range in dollars", () => {
    expect(checkDonation("1", 0)).toMatchObject({ min: "$5.00", max: "$10,000.00" });
  });
});

describe("requires payment in full (decision 145)", () => {
  const fee = (allowPartialPayment: boolean, isDonation = false) => ({
    allowPartialPayment,
    isDonation,
  });
  it("an assessed fee follows its assessment, as its cart line does", () => {
    expect(requiresFullPayment(fee(false), { allowPartialPayment: true })).toBe(false);
    expect(requiresFullPayment(fee(true), { allowPartialPayment: false })).toBe(true);
  });
  it("a fee from the list follows the fee; a donation never says it", () => {
    expect(requiresFullPayment(fee(false))).toBe(true);
    expect(requiresFullPayment(fee(true))).toBe(false);
    expect(requiresFullPayment(fee(false, true))).toBe(false);
  });
});
