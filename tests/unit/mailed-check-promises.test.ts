// The numbers of decision 138: the share of a section's seats unpaid mailed-check promises may
// hold, rounded down, and a promise's due date.
import { describe, expect, it } from "vitest";
import {
  MAILED_CHECK_SHARE,
  mailedCheckSeatCap,
  mailedCheckSharePercent,
  mayPromiseFromAddress,
  mayPromiseMailedCheck,
  promiseDueAt,
  promiseLimitedByAddress,
  UNPAID_PROMISES_PER_ADDRESS,
} from "@domain/rules/mailed-check-promises";

describe("the share of a section's seats promises may hold", () => {
  it("rounds down, so the cap never exceeds the share set", () => {
    expect(mailedCheckSeatCap(17, 20)).toBe(3);
    expect(mailedCheckSeatCap(40, 20)).toBe(8);
    expect(mailedCheckSeatCap(10, 20)).toBe(2);
    expect(mailedCheckSeatCap(4, 20)).toBe(0);
    expect(mailedCheckSeatCap(1, 100)).toBe(1);
    expect(mailedCheckSeatCap(30, 0)).toBe(0);
    expect(mailedCheckSeatCap(0, 50)).toBe(0);
  });

  it("lets a promise within the cap and refuses the one beyond it", () => {
    expect(mayPromiseMailedCheck(2, 1, 17, 20)).toBe(true);
    expect(mayPromiseMailedCheck(3, 1, 17, 20)).toBe(false);
    expect(mayPromiseMailedCheck(1, 2, 17, 20)).toBe(true);
    expect(mayPromiseMailedCheck(2, 2, 17, 20)).toBe(false);
    expect(mayPromiseMailedCheck(0, 1, 4, 20)).toBe(false);
  });

  it("reads a stored share, or the default when it is missing or not a whole percent", () => {
    expect(mailedCheckSharePercent(35)).toBe(35);
    expect(mailedCheckSharePercent(0)).toBe(0);
    for (const bad of [undefined, null, "20", 12.5, -1, 101]) {
      expect(mailedCheckSharePercent(bad)).toBe(MAILED_CHECK_SHARE.default);
    }
  });
});

describe("a promise's due date", () => {
  it("is the setting's days of 24 hours after the promise", () => {
    const at = new Date("2026-11-01T15:30:00.000Z");
    expect(promiseDueAt(at, 21).toISOString()).toBe("2026-11-22T15:30:00.000Z");
  });
});

describe("the seats one client address may hold by unpaid promises (decision 142)", () => {
  it("is one: a first promise goes, a second or a cart of two does not", () => {
    expect(UNPAID_PROMISES_PER_ADDRESS).toBe(1);
    expect(mayPromiseFromAddress(0, 1)).toBe(true);
    expect(mayPromiseFromAddress(1, 1)).toBe(false);
    expect(mayPromiseFromAddress(0, 2)).toBe(false);
  });

  it("applies to community members and guests, not to the district's students", () => {
    expect(promiseLimitedByAddress("community_member")).toBe(true);
    expect(promiseLimitedByAddress("guest_user")).toBe(true);
    expect(promiseLimitedByAddress("student")).toBe(false);
  });
});
