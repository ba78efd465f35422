// Guessing a birth date, a staff password or the desktop client key is impractical, whatever the
// number of addresses and the concurrency (decision 100).
// Every demo student was born on 2012-01-15.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "@domain/messages";
import {
  ADDRESS_FREE_FAILURES,
  expectedDaysToFindOneBirthDate,
} from "@domain/rules/sign-in-guessing";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { seedStudents } from "../../district-api/db/seed/core";
import {
  call,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type Reply,
  type TestApi,
} from "../support/api";

const RIGHT_DOB = "2012-01-15";
/** A family's typos of 01/15/2012: a digit or a step off in one field. */
const TYPOS = ["2012-01-16", "2012-01-25", "2012-01-05", "2012-02-15", "2012-11-15", "2011-01-15"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // Students 100041 … 103000 (born 2012-01-15 like every demo student) for the spraying tests.
  await seedStudents(api.runtime.database.db, 3000);
});
afterAll(async () => {
  await api?.close();
});

// Each request in these tests speaks from an address nobody else uses, unless a test says so.
let nextAddress = 1;
function newAddress(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
function from(address = newAddress()): Record<string, string> {
  return { "X-Forwarded-For": address };
}

/** Every day of 2012, in order. */
function daysOf2012(): string[] {
  const days: string[] = [];
  for (let d = new Date(Date.UTC(2012, 0, 1)); d.getUTCFullYear() === 2012;) {
    days.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 24 * HOUR);
  }
  return days;
}

function studentLogin(
  target: { baseUrl: string },
  studentId: string,
  dob: string,
  address?: string,
) {
  return call(target, "POST", "/v1/student", { body: { studentId, dob }, headers: from(address) });
}

/**
 * Opens `n` keep-alive connections to each target first, so that the guesses that follow leave
 * together instead of one connection handshake after another.
 */
async function openConnections(targets: { baseUrl: string }[], n: number): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, (_, i) => call(targets[i % targets.length]!, "GET", "/status.json")),
  );
}

/** Sends every guess at once; also says when the first refusal came back (ms from the start). */
async function burst(send: (() => Promise<Reply>)[]) {
  const started = performance.now();
  let firstRefusalMs = Number.NaN;
  const replies = await Promise.all(
    send.map(async (go) => {
      const r = await go();
      if (r.status === 429 && Number.isNaN(firstRefusalMs)) {
        firstRefusalMs = performance.now() - started;
      }
      return r;
    }),
  );
  return { replies, elapsedMs: performance.now() - started, firstRefusalMs };
}

/** Sends the guesses 100 at a time, each hundred at once (a thousand sockets at once fail). */
async function inWaves(send: (() => Promise<Reply>)[]): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < send.length; i += 100) {
    replies.push(...(await burst(send.slice(i, i + 100))).replies);
  }
  return replies;
}

function figures(where: string, b: Awaited<ReturnType<typeof burst>>): string {
  const c = tally(b.replies);
  return (
    `366 concurrent guesses (${where}): ${c.signedIn + c.wrong} checked (${c.signedIn} right), ` +
    `${c.refused} refused; first refusal after ${Math.round(b.firstRefusalMs)} ms, ` +
    `all answered in ${Math.round(b.elapsedMs)} ms`
  );
}

/**
 * The most guesses a burst may have checked: 5 wrong ones lock the key. A right guess among them
 * is the person signing in, which starts the key afresh (decision 100): then at most 4 wrong ones
 * before it and 5 after it.
 */
function mostChecked(c: { signedIn: number }): number {
  return c.signedIn === 0 ? 5 : 10;
}

function tally(replies: Reply[]) {
  const by = (s: number) => replies.filter((r) => r.status === s).length;
  return {
    signedIn: by(200),
    wrong: by(401),
    refused: by(429),
    other: replies.length - by(200) - by(401) - by(429),
  };
}

describe("a birth date cannot be guessed by a burst", () => {
  it("lets at most 5 of 366 concurrent guesses, each from its own address, be checked", async () => {
    const days = daysOf2012();
    expect(days).toHaveLength(366);
    await openConnections([api], 366);
    const b = await burst(days.map((dob) => () => studentLogin(api, "100001", dob)));
    const { replies } = b;
    const counts = tally(replies);
    // The closing note's figures.
    console.log(figures(`${usingPostgres ? "PostgreSQL" : "PGlite"}, one process`, b));
    expect(counts.other).toBe(0);
    expect(counts.signedIn).toBeLessThanOrEqual(1);
    expect(counts.signedIn + counts.wrong).toBeLessThanOrEqual(mostChecked(counts));
    expect(counts.refused).toBeGreaterThanOrEqual(366 - mostChecked(counts));
    for (const r of replies.filter((x) => x.status === 429)) {
      expect(r.body.message).toBe(t("error.tooManyAttempts"));
    }
    // Locked (unless a lucky guess among the five got in, which resets the count), and the
    // student's and the guardian's addresses were told once.
    if (counts.signedIn === 0) {
      expect((await studentLogin(api, "100001", RIGHT_DOB)).status).toBe(429);
      const mail = (await api.outbox()).filter((m) => m.text.includes("100001"));
      expect(mail.map((m) => m.to).sort()).toEqual([
        "parent100001@example.org",
        "student100001@example.org",
      ]);
    }
  });

  it("shares the count between two processes on one PostgreSQL database", async (ctx) => {
    if (!usingPostgres) ctx.skip();
    const second = await startTestApi({ shareWith: api });
    try {
      const days = daysOf2012();
      await openConnections([api, second], 366);
      const b = await burst(
        days.map((dob, i) => () => studentLogin(i % 2 ? second : api, "100002", dob)),
      );
      const counts = tally(b.replies);
      console.log(figures("PostgreSQL, two processes", b));
      expect(counts.other).toBe(0);
      expect(counts.signedIn).toBeLessThanOrEqual(1);
      expect(counts.signedIn + counts.wrong).toBeLessThanOrEqual(mostChecked(counts));

      // Staff passwords and the desktop client key share their counts the same way.
      const passwords = Array.from({ length: 100 }, (_, i) =>
        i === 60 ? "instructor2-demo" : `guess-${i}`,
      );
      const staffReplies = await Promise.all(
        passwords.map((password, i) =>
          call(i % 2 ? second : api, "POST", "/v1/instructor", {
            body: { username: "instructor2", password },
            headers: from(),
          }),
        ),
      );
      const staffCounts = tally(staffReplies);
      expect(staffCounts.other).toBe(0);
      expect(staffCounts.signedIn).toBeLessThanOrEqual(1);
      expect(staffCounts.signedIn + staffCounts.wrong).toBeLessThanOrEqual(
        mostChecked(staffCounts),
      );

      const token = await studentToken(api, "100015");
      const keys = Array.from({ length: 100 }, (_, i) => `desktop-guess-${i}`);
      await Promise.all(
        keys.map((desktopKey, i) =>
          call(i % 2 ? second : api, "POST", "/v1/identity/desktop-session", {
            body: { accessToken: token, desktopKey },
            headers: from(),
          }),
        ),
      );
      const right = await call(second, "POST", "/v1/identity/desktop-session", {
        body: { accessToken: token, desktopKey: DEV_DESKTOP_CLIENT_KEY },
        headers: from(),
      });
      expect(right.status).toBe(200);
      expect(right.body.claims.cashier).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});

describe("an ID is the same ID however it is typed", () => {
  it("leading zeros and spaces get no fresh tries on a locked ID", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await studentLogin(api, "100003", "2000-01-01")).status).toBe(401);
    }
    for (const typed of ["000000100003", "0100003", " 100003 "]) {
      const r = await studentLogin(api, typed, RIGHT_DOB);
      expect(r.status, typed).toBe(429);
    }
  });

  it("still signs in with leading zeros", async () => {
    const r = await studentLogin(api, "000100004", RIGHT_DOB);
    expect(r.status).toBe(200);
    expect(r.body.studentId).toBe("100004");
  });
});

describe("the lock grows with every further failure", () => {
  it("15 minutes after the 5th failure, doubling with each one up to 72 hours", async () => {
    const id = "100005";
    const wrong = () => studentLogin(api, id, "2000-01-01");
    try {
      for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(401);
      // Lock after failure n (n >= 5): 15 min * 2^(n-5), at most 72 h.
      const locks = [15, 30, 60, 120, 240, 480, 960, 1920, 3840, 4320, 4320].map((m) => m * MINUTE);
      for (const lock of locks) {
        api.clock.advance(lock - MINUTE);
        expect((await wrong()).status).toBe(429);
        // Refused attempts do not lengthen it.
        api.clock.advance(MINUTE + 1_000);
        expect((await wrong()).status).toBe(401);
      }
      // Now locked for 72 hours; afterwards the right birth date signs in and clears the count.
      api.clock.advance(72 * HOUR - MINUTE);
      expect((await studentLogin(api, id, RIGHT_DOB)).status).toBe(429);
      api.clock.advance(MINUTE + 1_000);
      expect((await studentLogin(api, id, RIGHT_DOB)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
      expect((await studentLogin(api, id, RIGHT_DOB)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("an ID left alone for 30 days starts again with free tries", async () => {
    const id = "100006";
    try {
      for (let i = 0; i < 7; i++) {
        await studentLogin(api, id, "2000-01-01");
        api.clock.advance(HOUR);
      }
      api.clock.advance(30 * 24 * HOUR);
      for (let i = 0; i < 4; i++) {
        expect((await studentLogin(api, id, "2000-01-01")).status).toBe(401);
      }
      expect((await studentLogin(api, id, RIGHT_DOB)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });
});

describe("the addresses on file hear of a lock", () => {
  it("mails the student's and the guardians' addresses once when the ID is locked", async () => {
    const before = (await api.outbox()).length;
    for (let i = 0; i < 8; i++) await studentLogin(api, "100007", "2000-01-01");
    const mail = (await api.outbox({ atLeast: before + 2 })).slice(before);
    const about = mail.filter((m) => m.text.includes("100007"));
    expect(about.map((m) => m.to).sort()).toEqual([
      "parent100007@example.org",
      "student100007@example.org",
    ]);
    expect(about[0]!.subject).toBe(t("signinLock.mailSubject"));
  });

  it("mails a staff member whose username is locked", async () => {
    const before = (await api.outbox()).length;
    for (let i = 0; i < 5; i++) {
      const r = await call(api, "POST", "/v1/instructor", {
        body: { username: "Instructor2", password: "wrong" },
        headers: from(),
      });
      expect(r.status).toBe(401);
    }
    const mail = (await api.outbox({ atLeast: before + 1 })).slice(before);
    expect(mail.map((m) => m.to)).toEqual(["instructor2@district.example.org"]);
  });
});

describe("one address", () => {
  it("a school network's handful of typos does not lock it out", async () => {
    const school = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await studentLogin(api, String(100008 + (i % 3)), "2012-01-16", school)).status).toBe(
        401,
      );
    }
    expect((await studentLogin(api, "100011", RIGHT_DOB, school)).status).toBe(200);
  });

  it("sixty families signing in at the same moment behind one address all get in", async () => {
    // Opening morning behind a school's or a carrier's shared address: correct sign-ins at once
    // are not failures, even while they are in flight.
    const shared = newAddress();
    // Typos earlier this morning.
    for (let i = 0; i < 25; i++) {
      const typo = TYPOS[i % TYPOS.length]!;
      expect((await studentLogin(api, String(100201 + i), typo, shared)).status).toBe(401);
    }
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        studentLogin(api, String(100017 + (i % 24)), RIGHT_DOB, shared),
      ),
    );
    expect(replies.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  });
});

describe("a shared address: families are not refused for others' typos (decision 136)", () => {
  it("30 families behind one address, one typo each, then the right date: 30 signed in", async () => {
    const school = newAddress();
    const ids = Array.from({ length: 30 }, (_, i) => String(100301 + i));
    for (const [i, id] of ids.entries()) {
      expect((await studentLogin(api, id, TYPOS[i % TYPOS.length]!, school)).status).toBe(401);
    }
    const replies = [];
    for (const id of ids) replies.push(await studentLogin(api, id, RIGHT_DOB, school));
    const signedIn = replies.filter((r) => r.status === 200).length;
    console.log(
      `30 families behind one address, one typo each, then the right date: ${signedIn} signed in`,
    );
    expect(signedIn).toBe(30);
    // Staff behind the same address too.
    const staff = await call(api, "POST", "/v1/instructor", {
      body: { username: "office", password: "office-demo" },
      headers: from(school),
    });
    expect(staff.status).toBe(200);
  });

  it("a family's failures that were not typos are given back when that family signs in", async () => {
    const school = newAddress();
    // Far more families than the address's free failures, each first typing a date far off
    // (or a neighbour's ID), then their own.
    for (let i = 0; i < 3 * ADDRESS_FREE_FAILURES; i++) {
      const id = String(100401 + i);
      expect((await studentLogin(api, id, "2009-09-09", school)).status).toBe(401);
      expect((await studentLogin(api, id, RIGHT_DOB, school)).status).toBe(200);
    }
    expect((await studentLogin(api, "100451", RIGHT_DOB, school)).status).toBe(200);
  });

  it("one guess each for 1,000 students from one address: the address's room is checked, no more", async () => {
    const sprayer = newAddress();
    const ids = Array.from({ length: 1000 }, (_, i) => String(101001 + i));
    await openConnections([api], 100);
    const replies = await inWaves(
      ids.map((id) => () => studentLogin(api, id, "2012-06-01", sprayer)),
    );
    const c = tally(replies);
    const days = expectedDaysToFindOneBirthDate({ addresses: 1, countedPerAddress: c.wrong });
    console.log(
      `one guess each for 1,000 students from 1 address: ${c.wrong} checked, ${c.refused} refused; ` +
        `at that many a year, expected time to find one birth date ${(days / 365).toFixed(1)} years`,
    );
    expect(c.other).toBe(0);
    expect(c.signedIn).toBe(0);
    expect(c.wrong).toBeLessThanOrEqual(ADDRESS_FREE_FAILURES);
    expect(days).toBeGreaterThan(365);
    // Refused attempts lock no one: the students sign in from elsewhere, and none was mailed.
    expect((await studentLogin(api, "101500", RIGHT_DOB)).status).toBe(200);
    // From that address even a right date waits, unless the browser is known to the person.
    expect((await studentLogin(api, "101999", RIGHT_DOB, sprayer)).status).toBe(429);
    const known = await studentLogin(api, "101998", RIGHT_DOB);
    expect(known.body.deviceToken).toEqual(expect.any(String));
    const again = await call(api, "POST", "/v1/student", {
      body: { studentId: "101998", dob: RIGHT_DOB, deviceTokens: [known.body.deviceToken] },
      headers: from(sprayer),
    });
    expect(again.status).toBe(200);
    try {
      api.clock.advance(366 * 24 * HOUR);
      expect((await studentLogin(api, "101999", RIGHT_DOB, sprayer)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("one guess each for 1,000 students from 50 addresses: fifty addresses' room, no more", async () => {
    const sprayers = Array.from({ length: 50 }, () => newAddress());
    const ids = Array.from({ length: 1000 }, (_, i) => String(102001 + i));
    await openConnections([api], 100);
    const replies = await inWaves(
      ids.map((id, i) => () => studentLogin(api, id, "2012-06-01", sprayers[i % 50])),
    );
    const c = tally(replies);
    const days = expectedDaysToFindOneBirthDate({ addresses: 1, countedPerAddress: c.wrong });
    console.log(
      `one guess each for 1,000 students from 50 addresses: ${c.wrong} checked, ${c.refused} ` +
        `refused; at that many a year, expected time to find one birth date ${Math.round(days)} days`,
    );
    expect(c.other).toBe(0);
    expect(c.signedIn).toBe(0);
    expect(c.wrong).toBeLessThanOrEqual(50 * ADDRESS_FREE_FAILURES);
    expect(days).toBeGreaterThan(365);
  });
});

describe("an address's room in two processes", () => {
  it("two processes on one PostgreSQL database share an address's counted failures", async (ctx) => {
    if (!usingPostgres) ctx.skip();
    const second = await startTestApi({ shareWith: api });
    try {
      const sprayer = newAddress();
      const ids = Array.from({ length: 200 }, (_, i) => String(100701 + i));
      await openConnections([api, second], 200);
      const { replies } = await burst(
        ids.map((id, i) => () => studentLogin(i % 2 ? second : api, id, "2012-06-01", sprayer)),
      );
      const c = tally(replies);
      console.log(
        `200 guesses from one address over two processes: ${c.wrong} checked, ${c.refused} refused`,
      );
      expect(c.other).toBe(0);
      expect(c.wrong).toBeLessThanOrEqual(ADDRESS_FREE_FAILURES);
    } finally {
      await second.close();
    }
  });
});

describe("IPv6", () => {
  it("addresses of one /56 network are one address", async () => {
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      // Each from another /64 of the same /56.
      const address = `2001:db8:15:${(i + 1).toString(16)}::1`;
      expect((await studentLogin(api, String(100501 + i), "2012-06-01", address)).status).toBe(401);
    }
    const sameNetwork = await studentLogin(api, "100016", RIGHT_DOB, "2001:db8:15:ab::99");
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await studentLogin(api, "100016", RIGHT_DOB, "2001:db8:15:100::1");
    expect(otherNetwork.status).toBe(200);
  });
});

describe("a person locked against guessing still signs in from their own browser (decision 136)", () => {
  it("a locked student's known device: signed in; unknown browsers: refused", async () => {
    const first = await studentLogin(api, "100601", RIGHT_DOB);
    expect(first.status).toBe(200);
    const token = first.body.deviceToken as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Five wrong guesses from five addresses lock the ID for unknown browsers.
    for (let i = 0; i < 5; i++) {
      expect((await studentLogin(api, "100601", `2012-0${i + 2}-01`)).status).toBe(401);
    }
    expect((await studentLogin(api, "100601", RIGHT_DOB)).status).toBe(429);
    const known = await call(api, "POST", "/v1/student", {
      body: { studentId: "100601", dob: RIGHT_DOB, deviceTokens: ["made-up", token] },
      headers: from(),
    });
    console.log(
      `a locked student's known device: ${known.status === 200 ? "signed in" : known.status}`,
    );
    expect(known.status).toBe(200);
    // The known browser keeps its token; nothing new is given.
    expect(known.body.deviceToken).toBeUndefined();
    // The lock on unknown browsers stays.
    expect((await studentLogin(api, "100601", RIGHT_DOB)).status).toBe(429);
  });

  it("a token given to another person, or made up, is an unknown browser", async () => {
    const other = await studentLogin(api, "100602", RIGHT_DOB);
    for (let i = 0; i < 5; i++) await studentLogin(api, "100603", "2012-06-01");
    for (const tokens of [[other.body.deviceToken as string], ["x".repeat(43)]]) {
      const r = await call(api, "POST", "/v1/student", {
        body: { studentId: "100603", dob: RIGHT_DOB, deviceTokens: tokens },
        headers: from(),
      });
      expect(r.status).toBe(429);
    }
  });

  it("a known browser's own wrong tries lock only that browser", async () => {
    const first = await studentLogin(api, "100604", RIGHT_DOB);
    const mine = { deviceTokens: [first.body.deviceToken as string] };
    for (let i = 0; i < 5; i++) {
      const r = await call(api, "POST", "/v1/student", {
        body: { studentId: "100604", dob: "2012-06-01", ...mine },
        headers: from(),
      });
      expect(r.status).toBe(401);
    }
    const locked = await call(api, "POST", "/v1/student", {
      body: { studentId: "100604", dob: RIGHT_DOB, ...mine },
      headers: from(),
    });
    expect(locked.status).toBe(429);
    // Not the student's lock: another browser still signs in.
    expect((await studentLogin(api, "100604", RIGHT_DOB)).status).toBe(200);
  });

  it("a locked staff member's known browser: signed in", async () => {
    const first = await call(api, "POST", "/v1/instructor", {
      body: { username: "admin", password: "admin-demo" },
      headers: from(),
    });
    expect(first.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await call(api, "POST", "/v1/instructor", {
        body: { username: "admin", password: `guess-${i}` },
        headers: from(),
      });
    }
    const unknown = await call(api, "POST", "/v1/instructor", {
      body: { username: "admin", password: "admin-demo" },
      headers: from(),
    });
    expect(unknown.status).toBe(429);
    const known = await call(api, "POST", "/v1/instructor", {
      body: { username: "admin", password: "admin-demo", deviceTokens: [first.body.deviceToken] },
      headers: from(),
    });
    expect(known.status).toBe(200);
  });

  it("366 guesses from 366 addresses: 0 found", async () => {
    const days = daysOf2012();
    const wrong = days.filter((d) => d !== RIGHT_DOB);
    await openConnections([api], 366);
    const b = await burst(wrong.map((dob) => () => studentLogin(api, "100605", dob)));
    // The right date comes last, as a patient attacker's would.
    const last = await studentLogin(api, "100605", RIGHT_DOB);
    const c = tally([...b.replies, last]);
    console.log(
      `366 guesses from 366 addresses: ${c.signedIn} found (${c.wrong} checked, ${c.refused} refused)`,
    );
    expect(c.signedIn).toBe(0);
    expect(c.wrong).toBeLessThanOrEqual(5);
  });
});

describe("staff passwords", () => {
  it("lets at most 5 of 100 concurrent guesses, each from its own address, be checked", async () => {
    const guesses = Array.from({ length: 100 }, (_, i) =>
      i === 77 ? "instructor-demo" : `guess-${i}`,
    );
    const replies = await Promise.all(
      guesses.map((password) =>
        call(api, "POST", "/v1/instructor", {
          body: { username: "instructor", password },
          headers: from(),
        }),
      ),
    );
    const counts = tally(replies);
    expect(counts.other).toBe(0);
    expect(counts.signedIn).toBeLessThanOrEqual(1);
    expect(counts.signedIn + counts.wrong).toBeLessThanOrEqual(mostChecked(counts));
  });

  it("a username typed in another case or with spaces shares the count", async () => {
    for (const username of ["proposer", "PROPOSER", " Proposer", "proposer ", "pRoposer"]) {
      await call(api, "POST", "/v1/instructor", {
        body: { username, password: "wrong" },
        headers: from(),
      });
    }
    const r = await call(api, "POST", "/v1/instructor", {
      body: { username: "proposer", password: "proposer-demo" },
      headers: from(),
    });
    expect(r.status).toBe(429);
  });
});

describe("the desktop client key", () => {
  // An employee at the register pushes their own token as the session and as the cashier's.
  function desktopSession(accessToken: string, desktopKey?: string) {
    return call(api, "POST", "/v1/identity/desktop-session", {
      body: {
        accessToken,
        ...(desktopKey === undefined ? {} : { desktopKey, cashierToken: accessToken }),
      },
      headers: from(),
    });
  }

  it("a wrong key gets the same reply as no key", async () => {
    const token = await studentToken(api, "100014");
    const none = await desktopSession(token);
    const wrong = await desktopSession(token, "not-the-key");
    expect(wrong.status).toBe(none.status);
    expect(Object.keys(wrong.body).sort()).toEqual(Object.keys(none.body).sort());
    expect(wrong.body.claims.cashier).toBeUndefined();
    expect(none.body.claims.cashier).toBeUndefined();
  });

  it("after a burst of wrong keys even the right key is not checked, until the lock ends", async () => {
    const token = await staffToken(api, "feeadmin");
    const guesses = Array.from({ length: 50 }, (_, i) => `desktop-guess-${i}`);
    const replies = await Promise.all(guesses.map((k) => desktopSession(token, k)));
    expect(replies.every((r) => r.status === 200 && r.body.claims.cashier === undefined)).toBe(
      true,
    );
    try {
      const right = await desktopSession(token, DEV_DESKTOP_CLIENT_KEY);
      expect(right.status).toBe(200);
      expect(right.body.claims.cashier).toBeUndefined();
      api.clock.advance(15 * MINUTE + 1_000);
      const later = await desktopSession(token, DEV_DESKTOP_CLIENT_KEY);
      expect(later.body.claims.cashier).toBe(true);
    } finally {
      api.clock.reset();
    }
  });
});
