// The numbers of decision 100: how long guessing one birth date within a year takes.
import { describe, expect, it } from "vitest";
import {
  addressKey,
  earliestGuessTimesMs,
  earliestGuessTimesWithPausesMs,
  lockAfterFailureMs,
  normaliseParticipantId,
  normaliseUsername,
} from "@domain/rules/sign-in-guessing";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const YEAR = 365 * DAY;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("sign-in locks", () => {
  it("cost nothing for 4 failures, then 15 minutes doubling up to 72 hours", () => {
    expect([1, 2, 3, 4].map(lockAfterFailureMs)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => lockAfterFailureMs(n) / MINUTE)).toEqual([15, 30, 60, 120]);
    expect(lockAfterFailureMs(13) / MINUTE).toBe(3840);
    expect(lockAfterFailureMs(14) / MINUTE).toBe(72 * 60);
    expect(lockAfterFailureMs(10_000) / MINUTE).toBe(72 * 60);
  });

  it("make the expected time to guess a birth date within one year more than a year", () => {
    // The right date is equally likely to be any of the 366 guesses.
    const steady = mean(earliestGuessTimesMs(366));
    expect(steady).toBeGreaterThan(YEAR);
    // Nor does pausing until the counter is forgotten help, however many guesses per round.
    for (let perRound = 1; perRound <= 366; perRound++) {
      expect(mean(earliestGuessTimesWithPausesMs(366, perRound)), `${perRound}`).toBeGreaterThan(
        YEAR,
      );
    }
  });
});

describe("normalising what was typed", () => {
  it("drops spaces and leading zeros from IDs", () => {
    expect(normaliseParticipantId("000000100037")).toBe("100037");
    expect(normaliseParticipantId(" 100037 ")).toBe("100037");
    expect(normaliseParticipantId("0")).toBe("0");
    expect(normaliseParticipantId("000")).toBe("0");
    expect(normaliseParticipantId("1e5")).toBeNull();
  });

  it("lower-cases and trims usernames", () => {
    expect(normaliseUsername("  Instructor ")).toBe("instructor");
  });
});

describe("the address an attempt is counted on", () => {
  it("is an IPv4 address as it is, however it is written", () => {
    expect(addressKey("203.0.113.7")).toBe("ip:203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("ip:203.0.113.7");
    expect(addressKey(undefined)).toBe("ip:unknown");
  });

  it("is an IPv6 address's /64 network", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("ip:2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("ip:2001:db8:1:2::/64");
    expect(addressKey("2001:db8::")).toBe("ip:2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("ip:0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("ip:fe80:0:0:0::/64");
  });
});
