// Cashier rules, table-driven from spec 02 §4, §5, §8: cash tendered and change, check number,
// terminal availability, reader status texts, host-script error texts, pay-button rule, form.
import { describe, expect, it } from "vitest";
import { t } from "@domain/messages";
import {
  changeCents,
  hostErrorMessage,
  payButtonDisabled,
  payNowCents,
  readerStatusText,
  truncatedCents,
  type PayButtonFacts,
} from "@domain/rules/cashier";
import { checkNumberError, methodAvailability, tenderedError } from "@domain/rules/checkout";
import { inPersonFormSchema } from "@domain/forms/in-person";
import { cashier } from "@domain/messages/en/cashier";

const fee = (costCents: number, allowPartial = false) => ({
  costCents,
  allowPartial,
  itemType: "fee" as const,
});

describe("messages are the spec's words", () => {
  it.each([
    ["reader.status.tap", "Tap or Insert card"],
    ["reader.status.readyForCard", "Ready For Card"],
    ["reader.status.notReady", "Reader Not Ready for card"],
    ["reader.status.processing", "Processing card"],
    ["reader.status.readyToPay", "Ready to pay now"],
    ["reader.error.collecting", "Error collecting payment."],
    ["reader.error.fixForm", "Fix form Error and try terminal again."],
    ["reader.error.collectCard", "There was an error collecting the card."],
    ["reader.error.readerNotReady", "Reader is not ready to proccess card"],
    ["reader.error.userNotReady", "User is not ready.  Please reload page."],
    ["reader.error.cardNotReady", "Card is not ready to process"],
    ["reader.error.processing", "Error processing card"],
    ["reader.error.connecting", "Error connecting to stripe reader"],
    ["reader.error.terminalNotReady", "Not connected to stripe terminal yet."],
    ["host.error.timeout", "FileMaker Call timed out"],
    ["host.error.context", "An error occurred (-1)"],
    ["host.error.terminal", "There was an error setting the terminal user"],
    ["host.error.tendered", "There was an error setting the tendered cash"],
    ["host.error.check", "There was an error setting the check"],
    ["cashier.error.default", "There was an error."],
  ] as const)("%s", (key, text) => {
    expect(cashier[key]).toBe(text);
  });

  it("fills the card error message", () => {
    expect(t("reader.error.collectCardMsg", { msg: "Declined" })).toBe(
      "There was an error collecting the card: Declined",
    );
  });
});

describe("cash", () => {
  it.each([
    ["", 4000, "Tendered amount is required for cash payments."],
    ["abc", 4000, "Tendered amount is required for cash payments."],
    ["39.99", 4000, "Tendered amount must be greater then or equal to the payment amount."],
    ["40", 4000, null],
    ["140", 4000, null],
    ["140.01", 4000, "Tendered amount can't be more then 100 over the payment amount"],
    ["140.009", 4000, null],
  ])("tendered %j for %i cents → %s", (text, cents, message) => {
    expect(tenderedError(text, cents)).toBe(message);
  });

  it.each([
    ["50", 4000, 1000],
    ["40", 4000, 0],
    ["60.509", 4000, 2050],
    ["39", 4000, null],
    ["", 4000, null],
  ])("change for %j paying %i is %s", (text, cents, change) => {
    expect(changeCents(text, cents)).toBe(change);
  });

  it("money is truncated to 2 decimals, not rounded", () => {
    expect(truncatedCents("12.349")).toBe(1234);
    expect(truncatedCents("0.999")).toBe(99);
    expect(truncatedCents("7")).toBe(700);
    expect(truncatedCents(".5")).toBe(50);
    expect(truncatedCents("-1")).toBeNull();
    expect(truncatedCents("1e3")).toBeNull();
  });
});

describe("check number", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["12", false],
    ["  12  ", false],
    ["123", true],
    ["A-1234", true],
  ])("%j valid: %s", (text, ok) => {
    expect(checkNumberError(text)).toBe(
      ok ? null : "Check Number is required and must be at least 3 characters.",
    );
  });
});

describe("availability inside the desktop client", () => {
  const find = (list: ReturnType<typeof methodAvailability>, m: string) =>
    list.find((x) => x.method === m)!;
  it("terminal needs $0.50 and a connected reader", () => {
    const lines = [fee(4000)];
    expect(
      find(
        methodAvailability({ lines, desktop: true, readerConnected: true }, "full", 50),
        "terminal",
      ).enabled,
    ).toBe(true);
    expect(
      find(
        methodAvailability({ lines, desktop: true, readerConnected: true }, "full", 49),
        "terminal",
      ).enabled,
    ).toBe(false);
    expect(
      find(
        methodAvailability({ lines, desktop: true, readerConnected: false }, "full", 4000),
        "terminal",
      ).enabled,
    ).toBe(false);
  });
  it("cash and check are disabled at or below $0", () => {
    const lines = [fee(4000)];
    for (const m of ["cash", "inPersonCheck"]) {
      expect(find(methodAvailability({ lines, desktop: true }, "full", 0), m).enabled).toBe(false);
      expect(find(methodAvailability({ lines, desktop: true }, "full", 1), m).enabled).toBe(true);
    }
  });
  it("outside the desktop client none of them is shown", () => {
    const list = methodAvailability(
      { lines: [fee(4000)], desktop: false, readerConnected: true },
      "full",
      4000,
    );
    for (const m of ["cash", "inPersonCheck", "terminal"]) expect(find(list, m).shown).toBe(false);
  });
});

describe("reader status text", () => {
  it.each([
    [{ connection: "not_connected", payment: "not_ready" }, "Reader Not Ready for card"],
    [{ connection: "connecting", payment: "ready" }, "Reader Not Ready for card"],
    [{ connection: "connected", payment: "not_ready" }, "Reader Not Ready for card"],
    // "Ready to pay now" only once the card is collected; before, the reader waits for it.
    [{ connection: "connected", payment: "ready" }, "Ready For Card"],
    [{ connection: "connected", payment: "ready", collecting: true }, "Ready For Card"],
    [{ connection: "connected", payment: "ready", collected: true }, "Ready to pay now"],
    [{ connection: "connected", payment: "waiting_for_input" }, "Tap or Insert card"],
    [{ connection: "connected", payment: "processing" }, "Processing card"],
  ] as const)("%j → %s", (state, text) => {
    expect(readerStatusText(state)).toBe(text);
  });
});

describe("host script errors", () => {
  it.each([
    ["patchCartTenderedCents", 0, null],
    ["patchCartTenderedCents", 100, "FileMaker Call timed out"],
    ["patchCartInPersonCheck", -1, "An error occurred (-1)"],
    ["patchCartInPersonTerminal", 7, "There was an error setting the terminal user"],
    ["patchCartTenderedCents", 7, "There was an error setting the tendered cash"],
    ["patchCartInPersonCheck", 2, "There was an error setting the check"],
  ] as const)("%s code %i → %s", (script, code, text) => {
    expect(hostErrorMessage(script, code)).toBe(text);
  });
});

describe("pay button", () => {
  const base: PayButtonFacts = {
    totalCents: 4000,
    paymentType: "full",
    method: "cash",
    payNowCents: 4000,
  };
  it.each<[string, Partial<PayButtonFacts>, boolean]>([
    ["cash ready", {}, false],
    ["no payment type", { paymentType: null }, true],
    ["no method", { method: null }, true],
    ["partial without amount", { paymentType: "partial", partialText: " " }, true],
    ["processing", { processing: true }, true],
    ["check number short", { method: "inPersonCheck", checkNumber: "12" }, true],
    ["check number ok", { method: "inPersonCheck", checkNumber: "123" }, false],
    ["terminal without reader", { method: "terminal", readerConnected: false }, true],
    [
      "terminal not completed",
      { method: "terminal", readerConnected: true, readerCompleted: false },
      true,
    ],
    [
      "terminal captured other amount",
      { method: "terminal", readerConnected: true, readerCompleted: true, capturedCents: 3999 },
      true,
    ],
    [
      "terminal captured the amount",
      { method: "terminal", readerConnected: true, readerCompleted: true, capturedCents: 4000 },
      false,
    ],
  ])("%s → disabled %s", (_name, facts, disabled) => {
    expect(payButtonDisabled({ ...base, ...facts })).toBe(disabled);
  });
});

describe("the in-person form", () => {
  const lines = [fee(4000), fee(6500, true)];
  const parse = (v: Record<string, string>) => inPersonFormSchema(lines).safeParse(v);
  const messages = (v: Record<string, string>) => {
    const r = parse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it("pays the total in full, or the partial amount", () => {
    expect(payNowCents(lines, "full", "")).toBe(10500);
    expect(payNowCents(lines, "partial", "50.129")).toBe(5012);
  });
  it("requires a payment type and a method", () => {
    expect(messages({})).toEqual(
      expect.arrayContaining(["Payment Type is a required field.", "Choose a payment method."]),
    );
  });
  it("checks the tendered cash against the amount paid now", () => {
    expect(messages({ paymentType: "full", paymentMethod: "cash", tendered: "100" })).toEqual([
      "Tendered amount must be greater then or equal to the payment amount.",
    ]);
    expect(
      messages({
        paymentType: "partial",
        partialPaymentAmount: "50",
        paymentMethod: "cash",
        tendered: "100",
      }),
    ).toEqual([]);
    expect(messages({ paymentType: "full", paymentMethod: "cash", tendered: "105" })).toEqual([]);
  });
  it("needs a check number and a captured reader payment", () => {
    expect(
      messages({ paymentType: "full", paymentMethod: "inPersonCheck", checkNumber: "1" }),
    ).toEqual(["Check Number is required and must be at least 3 characters."]);
    expect(messages({ paymentType: "full", paymentMethod: "terminal" })).toEqual([
      "Card is not ready to process",
    ]);
    expect(
      messages({ paymentType: "full", paymentMethod: "terminal", paymentIntentId: "pi_1" }),
    ).toEqual([]);
  });
});
