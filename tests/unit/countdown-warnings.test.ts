// A payment countdown is announced at 5 and 1 minutes left, once each (decision 146).
import { describe, expect, it } from "vitest";
import { countdownMs, crossedWarning, offersMoreTime } from "../../domain/rules/countdown-warnings";

const min = 60_000;

describe("crossedWarning", () => {
  it("names the threshold a tick crosses", () => {
    expect(crossedWarning(5 * min + 500, 5 * min - 400)).toBe(5);
    expect(crossedWarning(min + 300, min - 600)).toBe(1);
  });
  it("says nothing between thresholds, so the countdown is not read every second", () => {
    expect(crossedWarning(4 * min, 4 * min - 900)).toBeNull();
    expect(crossedWarning(10 * min, 10 * min - 900)).toBeNull();
    expect(crossedWarning(30_000, 29_100)).toBeNull();
  });
  it("says the lower one when a tick skips both (a phone that slept)", () => {
    expect(crossedWarning(6 * min, 30_000)).toBe(1);
  });
  it("says nothing once the time is up", () => {
    expect(crossedWarning(min + 100, -50)).toBeNull();
  });
});

describe("offersMoreTime (decision 146)", () => {
  it("offers the one extension from the 5-minute warning until the time is up", () => {
    expect(offersMoreTime(5 * min + 1000)).toBe(false);
    expect(offersMoreTime(5 * min)).toBe(true);
    expect(offersMoreTime(30_000)).toBe(true);
    expect(offersMoreTime(0)).toBe(false);
  });
  it("reads the m:ss the server rendered", () => {
    expect(countdownMs("4:59")).toBe(4 * min + 59_000);
    expect(countdownMs("15:00")).toBe(15 * min);
    expect(countdownMs("soon")).toBe(0);
  });
});
