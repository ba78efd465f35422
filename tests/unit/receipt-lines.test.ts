// Receipt arithmetic (decision 144): a receipt line is quantity × price and what the payment
// gave it; the lines' amounts paid add up to the total paid; what a card charge is described as.
import { describe, expect, it } from "vitest";
import {
  chargeDescription,
  receiptLines,
  receiptLinesByPerson,
  receiptPaidCents,
} from "@domain/rules/receipt-lines";
import { allocatePayment } from "@domain/rules/partial-payment";

const goggles = { key: "fee:7", name: "Science Lab Goggles", unitCents: 800 };
const band = { key: "registration:abc", name: "Summer Band", unitCents: 1600 };

describe("receipt lines", () => {
  it("three goggles at $8.00 are one line of 3 × $8.00 = $24.00, paid $24.00", () => {
    const lines = receiptLines([
      { ...goggles, paidCents: 800 },
      { ...band, paidCents: 1600 },
      { ...goggles, paidCents: 800 },
      { ...goggles, paidCents: 800 },
    ]);
    expect(lines).toEqual([
      {
        key: "fee:7",
        name: "Science Lab Goggles",
        quantity: 3,
        unitCents: 800,
        lineCents: 2400,
        paidCents: 2400,
        unpaidCents: 0,
      },
      {
        key: "registration:abc",
        name: "Summer Band",
        quantity: 1,
        unitCents: 1600,
        lineCents: 1600,
        paidCents: 1600,
        unpaidCents: 0,
      },
    ]);
    expect(receiptPaidCents(lines)).toBe(4000);
  });

  it("a partial payment: each line says what it got, the nothing-paid line too, and they sum to the payment", () => {
    const items = [
      { ...goggles, allowPartial: true, costCents: 800 },
      { ...goggles, allowPartial: true, costCents: 800 },
      { ...goggles, allowPartial: true, costCents: 800 },
      { ...band, allowPartial: false, costCents: 1600 },
    ];
    const paid = allocatePayment(items, 2000);
    const lines = receiptLines(items.map((i, n) => ({ ...i, paidCents: paid[n]! })));
    const g = lines.find((l) => l.name === "Science Lab Goggles")!;
    expect(g).toMatchObject({ quantity: 3, lineCents: 2400, paidCents: 400, unpaidCents: 2000 });
    expect(lines.find((l) => l.name === "Summer Band")).toMatchObject({
      paidCents: 1600,
      unpaidCents: 0,
    });
    expect(receiptPaidCents(lines)).toBe(2000);
  });

  it("the same item at two prices is two lines", () => {
    const lines = receiptLines([
      { ...goggles, paidCents: 800 },
      { ...goggles, unitCents: 500, paidCents: 500 },
    ]);
    expect(lines.map((l) => [l.quantity, l.unitCents, l.lineCents])).toEqual([
      [1, 500, 500],
      [1, 800, 800],
    ]);
  });
});

describe("a household's receipt (decision 167)", () => {
  const unit = (personKey: string, personName: string, name: string, cents: number) => ({
    key: `${personKey}/fee:${name}`,
    name,
    unitCents: cents,
    paidCents: cents,
    personKey,
    personName,
  });

  it("groups each child's lines together, the payer's first, then the others by name", () => {
    const lines = receiptLinesByPerson(
      [
        unit("student:3", "Zoe Adams", "Art", 500),
        unit("student:1", "Mason Adams", "Lunch", 300),
        unit("student:2", "Ava Adams", "Goggles", 800),
        unit("student:3", "Zoe Adams", "Art", 500),
        unit("student:2", "Ava Adams", "Art", 500),
      ],
      "student:1",
    );
    expect(lines.map((l) => [l.personName, l.name, l.quantity])).toEqual([
      ["Mason Adams", "Lunch", 1],
      ["Ava Adams", "Art", 1],
      ["Ava Adams", "Goggles", 1],
      ["Zoe Adams", "Art", 2],
    ]);
    expect(receiptPaidCents(lines)).toBe(2600);
  });

  it("is exactly receiptLines for one person's purchases", () => {
    const units = [unit("student:1", "Mason", "B", 100), unit("student:1", "Mason", "A", 200)];
    const byPerson = receiptLinesByPerson(units, "student:1");
    expect(byPerson.map(({ personKey: _k, personName: _n, ...line }) => line)).toEqual(
      receiptLines(units),
    );
  });
});

describe("what a card charge is described as", () => {
  const more = (count: number) => `and ${count} more`;
  it("names what is paid for, with quantities, never a cart number", () => {
    expect(
      chargeDescription(
        [
          { name: "Science Lab Goggles", quantity: 3 },
          { name: "Summer Band", quantity: 1 },
        ],
        more,
      ),
    ).toBe("Science Lab Goggles × 3, Summer Band");
  });

  it("stays short: past the limit it counts the rest", () => {
    const many = Array.from({ length: 40 }, (_, n) => ({
      name: `Club dues ${n + 1}`,
      quantity: 1,
    }));
    const d = chargeDescription(many, more);
    expect(d.length).toBeLessThanOrEqual(200);
    expect(d).toMatch(/^Club dues 1, Club dues 2, .* and \d+ more$/);
  });
});
