import { describe, expect, test } from "vitest";
import { extensionRefusal } from "@domain/rules/payment-window";

const now = new Date("2026-11-27T15:00:00Z");
const later = new Date("2026-11-27T15:05:00Z");
const earlier = new Date("2026-11-27T14:55:00Z");

describe("why a registration gets no more time to pay", () => {
  test("a running window that was refused had its one extension", () => {
    expect(
      extensionRefusal({ status: "pending_payment", timedOut: false, holdExpiresAt: later }, now),
    ).toBe("already");
  });

  test("a window that ran out has ended, before the sweep cancels it and after", () => {
    expect(
      extensionRefusal({ status: "pending_payment", timedOut: false, holdExpiresAt: earlier }, now),
    ).toBe("ended");
    expect(
      extensionRefusal({ status: "pending_payment", timedOut: false, holdExpiresAt: now }, now),
    ).toBe("ended");
    expect(
      extensionRefusal({ status: "pending_payment", timedOut: false, holdExpiresAt: null }, now),
    ).toBe("ended");
    expect(
      extensionRefusal({ status: "cancelled", timedOut: true, holdExpiresAt: earlier }, now),
    ).toBe("ended");
  });

  test("a paid or otherwise cancelled registration is no longer awaiting payment", () => {
    expect(
      extensionRefusal({ status: "registered", timedOut: false, holdExpiresAt: later }, now),
    ).toBe("notAwaiting");
    expect(
      extensionRefusal({ status: "cancelled", timedOut: false, holdExpiresAt: later }, now),
    ).toBe("notAwaiting");
  });
});
