// The numbers of decision 100: how long guessing one birth date within a year takes.
import { describe, expect, it } from "vitest";
import {
  ADDRESS_FREE_FAILURES,
  PEOPLE_PER_EXTRA_FAILURE,
  addressAllowance,
  addressKey,
  expectedDaysToFindOneBirthDate,
  isBirthDateTypo,
  largestTypoShare,
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

  it("is an IPv6 address's /56 network", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("ip:2001:db8:1:0::/56");
    expect(addressKey("2001:0DB8:0001:0A02:ffff:1:2:3")).toBe("ip:2001:db8:1:a00::/56");
    expect(addressKey("2001:db8::")).toBe("ip:2001:db8:0:0::/56");
    expect(addressKey("::1")).toBe("ip:0:0:0:0::/56");
    expect(addressKey("fe80::1%eth0")).toBe("ip:fe80:0:0:0::/56");
  });
});

describe("the address an attempt is counted on (IPv6 networks, decision 136)", () => {
  it("is an IPv6 address's /56 network, so a /56 has one budget, not 256", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("ip:2001:db8:1:0::/56");
    expect(addressKey("2001:db8:1:ff::1")).toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("2001:db8:1:100::1")).toBe("ip:2001:db8:1:100::/56");
    expect(addressKey("2001:db8:1:100::1")).not.toBe(addressKey("2001:db8:1:ff::1"));
  });
});

describe("a typo of a birth date", () => {
  it("is one digit or one step off in the day or the month, or day and month swapped", () => {
    const right = "2012-01-15";
    for (const typed of ["2012-01-16", "2012-01-14", "2012-01-25", "2012-01-05", "2012-01-18"]) {
      expect(isBirthDateTypo(typed, right), typed).toBe(true);
    }
    for (const typed of ["2012-02-15", "2012-11-15", "2012-07-15", "2011-01-15", "2002-01-15"]) {
      expect(isBirthDateTypo(typed, right), typed).toBe(true);
    }
    expect(isBirthDateTypo("2012-05-03", "2012-03-05")).toBe(true);
    expect(isBirthDateTypo(right, right)).toBe(false);
    for (const typed of ["2012-06-01", "2012-02-16", "2012-12-31", "2012-01-31", "2013-02-15"]) {
      expect(isBirthDateTypo(typed, right), typed).toBe(false);
    }
  });

  it("covers at most a small share of a year's dates, whatever the guess", () => {
    const share = largestTypoShare(2012);
    console.log(`a guess is a typo of at most ${(share * 100).toFixed(1)}% of 2012's dates`);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.08);
  });
});

describe("spraying one guess each over many students (decision 136)", () => {
  const YEARS = 365 * DAY;
  it("one address: its budget of counted failures makes the expected time more than a year", () => {
    const budget = addressAllowance(0);
    const days = expectedDaysToFindOneBirthDate({ addresses: 1, countedPerAddress: budget });
    console.log(
      `one guess each for 1,000 students from 1 address: ${budget} counted failures a year, ` +
        `expected time to find one birth date ${(days / 365).toFixed(1)} years`,
    );
    expect(days * DAY).toBeGreaterThan(YEARS);
  });

  it("50 addresses: still more than a year", () => {
    const budget = addressAllowance(0);
    const days = expectedDaysToFindOneBirthDate({ addresses: 50, countedPerAddress: budget });
    console.log(
      `one guess each for 1,000 students from 50 addresses: ${50 * budget} counted failures a ` +
        `year, expected time to find one birth date ${Math.round(days)} days`,
    );
    expect(days * DAY).toBeGreaterThan(YEARS);
  });

  it("the old limit (30 failures an hour per address) found one in hours", () => {
    // 30 an hour is 262,800 a year; the same formula over one hour's window.
    const hours = expectedDaysToFindOneBirthDate({
      addresses: 1,
      countedPerAddress: 30,
      windowMs: 60 * MINUTE,
      typoShare: 0,
    });
    console.log(`the old limit, one address: expected ${(hours * 24).toFixed(1)} hours`);
    expect(hours).toBeLessThan(1);
  });

  it("an address earns room as distinct people sign in from it", () => {
    expect(addressAllowance(0)).toBe(ADDRESS_FREE_FAILURES);
    expect(addressAllowance(PEOPLE_PER_EXTRA_FAILURE - 1)).toBe(ADDRESS_FREE_FAILURES);
    expect(addressAllowance(300)).toBe(ADDRESS_FREE_FAILURES + 300 / PEOPLE_PER_EXTRA_FAILURE);
  });
});
