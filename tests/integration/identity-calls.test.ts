// Every /v1 call of spec 01 §7 over HTTP: sign-in, tokens, settings, status, recovery, guests,
// desktop sessions, throttling, and bad input (always a clear 4xx, nothing changed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { Settings } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { ADDRESS_FREE_FAILURES } from "@domain/rules/sign-in-guessing";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

// Each test speaks from its own address, so the per-address throttle of one test never
// touches another.
let nextAddress = 1;
function fromNewAddress(): Record<string, string> {
  return { "X-Forwarded-For": `198.51.100.${nextAddress++}` };
}

async function count(table: string): Promise<number> {
  const res = (await api.runtime.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n);
}

describe("POST /v1/student", () => {
  it("signs in a student with a token carrying role and exp", async () => {
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: "100001", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userType: "student", studentId: "100001" });
    const claims = decodeJwt(r.body.accessToken);
    expect(Array.isArray(claims.role)).toBe(true);
    expect(typeof claims.exp).toBe("number");
    expect(Date.parse(r.body.expires)).toBe((claims.exp as number) * 1000);
  });

  it("signs in the community member", async () => {
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: "200001", dob: "1980-03-02" },
      headers: fromNewAddress(),
    });
    expect(r.status).toBe(200);
    expect(r.body.userType).toBe("community_member");
  });

  it("gives the same refusal for a wrong birth date and an unknown ID", async () => {
    const h = fromNewAddress();
    const wrongDob = await call(api, "POST", "/v1/student", {
      body: { studentId: "100002", dob: "2012-01-16" },
      headers: h,
    });
    const unknown = await call(api, "POST", "/v1/student", {
      body: { studentId: "999999", dob: "2012-01-15" },
      headers: h,
    });
    expect(wrongDob.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongDob.body).toEqual(unknown.body);
    expect(wrongDob.body.message).toBe("Invalid Student ID or Birth Date.");
  });
});

describe("POST /v1/instructor", () => {
  it.each([
    // The demo's register is worked by E1001, E1002 and E1004: they hold the cashier role.
    ["instructor", ["instructor", "cashier"], "E1001"],
    ["feeadmin", ["fee_admin", "cashier"], "E1002"],
    ["proposer", ["fee_proposer", "instructor"], "E1003"],
    ["INSTRUCTOR2", ["instructor", "cashier"], "E1004"],
  ])("signs in %s with roles %j read from the token", async (username, roles, employeeID) => {
    const r = await call(api, "POST", "/v1/instructor", {
      body: { username, password: `${username.toLowerCase()}-demo` },
      headers: fromNewAddress(),
    });
    expect(r.status).toBe(200);
    expect(r.body.employeeID).toBe(employeeID);
    const claims = decodeJwt(r.body.accessToken);
    expect(claims.role).toEqual(roles);
    expect(typeof claims.exp).toBe("number");
  });

  it("refuses a wrong password, an unknown user and empty strings alike", async () => {
    const h = fromNewAddress();
    const replies = await Promise.all(
      [
        { username: "instructor", password: "nope" },
        { username: "nobody", password: "instructor-demo" },
        { username: "", password: "" },
      ].map((body) => call(api, "POST", "/v1/instructor", { body, headers: h })),
    );
    for (const r of replies) {
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(t("staffSignin.failed"));
    }
  });
});

describe("tokens", () => {
  it("refresh issues a new token with a later expiry and the same identity", async () => {
    const token = await staffToken(api, "feeadmin");
    api.clock.advance(10 * 60_000);
    const r = await call(api, "POST", "/v1/identity/refresh-token", { token });
    api.clock.reset();
    expect(r.status).toBe(200);
    const before = decodeJwt(token);
    const after = decodeJwt(r.body.accessToken);
    expect(after.exp).toBeGreaterThan(before.exp as number);
    expect(after.sub).toBe(before.sub);
    expect(after.role).toEqual(["fee_admin", "cashier"]);
  });

  it.each([
    ["no token", undefined],
    ["a malformed token", "not-a-jwt"],
    [
      "a token signed with another key",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDAwMDEiLCJraW5kIjoic3R1ZGVudCIsInJvbGUiOltdLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl",
    ],
  ])("401 for %s on authenticated calls", async (_name, token) => {
    for (const [method, path] of [
      ["POST", "/v1/identity/refresh-token"],
      ["GET", "/v1/identity/me"],
    ] as const) {
      const r = await call(api, method, path, { token });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(t("error.unauthorized"));
    }
  });

  it("an expired token gets 401, and cannot be refreshed", async () => {
    const token = await studentToken(api, "100010");
    api.clock.advance(31 * 60_000);
    const me = await call(api, "GET", "/v1/identity/me", { token });
    const refresh = await call(api, "POST", "/v1/identity/refresh-token", { token });
    api.clock.reset();
    expect(me.status).toBe(401);
    expect(refresh.status).toBe(401);
  });

  it("a tampered payload gets 401", async () => {
    const token = await studentToken(api, "100011");
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    payload.kind = "staff";
    payload.role = ["fee_admin"];
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    expect((await call(api, "GET", "/v1/identity/me", { token: forged })).status).toBe(401);
  });
});

describe("GET /v1/settings and /status.json", () => {
  it("settings carry every text of the spec", async () => {
    const r = await call(api, "GET", "/v1/settings");
    expect(r.status).toBe(200);
    const parsed = Settings.strict().safeParse(r.body);
    expect(parsed.success).toBe(true);
    expect(r.body.homeMessage).toMatchObject({ show: expect.any(Boolean) });
  });

  it("status.json gives state, start and end; the seeded window is not active", async () => {
    const r = await call(api, "GET", "/status.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toContain("no-store");
    expect(r.body.state).toBe(1);
    expect(Date.parse(r.body.start)).toBeLessThan(Date.parse(r.body.end));
    expect(Date.parse(r.body.end)).toBeLessThan(Date.now());
  });
});

/** The mail sent since `before`, waiting (up to 3 s) for `expected` messages to land. */
async function mailSince(before: number, expected: number) {
  const until = Date.now() + 3000;
  let mail = (await api.outbox()).slice(before);
  while (mail.length < expected && Date.now() < until) {
    mail = (await api.outbox()).slice(before);
  }
  return mail;
}

describe("ID recovery", () => {
  it("recover-student mails the ID to a parent address on file", async () => {
    const before = (await api.outbox()).length;
    const r = await call(api, "PUT", "/v1/student/recover-student", {
      body: { email: "Parent100007@example.org" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    const mail = await mailSince(before, 1);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe("parent100007@example.org");
    expect(mail[0]!.text).toContain("100007");
  });

  it("recover-member mails the member ID when the address is on file", async () => {
    const before = (await api.outbox()).length;
    const r = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "jordan.rivera@example.org" },
    });
    expect(r.status).toBe(200);
    const mail = await mailSince(before, 1);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your Community Member ID");
    expect(mail[0]!.text).toContain("200001");
  });

  it("answers identically and sends nothing when the address is not on file", async () => {
    const before = (await api.outbox()).length;
    const known = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "jordan.rivera@example.org" },
    });
    const unknown = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "nobody@example.org" },
    });
    // A student's address does not reveal a member ID, and the reverse.
    const otherKind = await call(api, "PUT", "/v1/student/recover-student", {
      body: { email: "jordan.rivera@example.org" },
    });
    const nullEmail = await call(api, "PUT", "/v1/student/recover-student", {
      body: { email: null },
    });
    for (const r of [unknown, otherKind, nullEmail]) {
      expect(r.status).toBe(known.status);
      expect(r.body).toEqual(known.body);
    }
    // Give any wrongly sent mail time to land too, then count.
    await mailSince(before, 2);
    expect((await api.outbox()).length - before).toBe(1);
  });
});

describe("PUT /v1/community/register-guest", () => {
  it("gives every sign-in a new guest session, even the same name and e-mail (decision 141)", async () => {
    const guestsBefore = await count("guests");
    const body = { nameFirst: "Gail", nameLast: "Guest", email: "gail@example.org" };
    const first = await call(api, "PUT", "/v1/community/register-guest", { body });
    expect(first.status).toBe(200);
    expect(first.body.userType).toBe("guest_user");
    const again = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "gail", nameLast: "GUEST", email: "Gail@Example.org" },
    });
    expect(again.status).toBe(200);
    expect(again.body.studentId).not.toBe(first.body.studentId);
    expect(await count("guests")).toBe(guestsBefore + 2);
    expect(decodeJwt(again.body.accessToken).kind).toBe("guest_user");
  });

  it("answers a known e-mail under another name exactly like an unknown one, and locks nobody out", async () => {
    await guestToken(api, "pat@example.org");
    const known = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Someone", nameLast: "Else", email: "pat@example.org" },
    });
    const unknown = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Someone", nameLast: "Else", email: "nobody-yet@example.org" },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.nameFirst).toBe("Someone");
    // The real person still signs in under their own name after someone claimed the address.
    const real = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Gail", nameLast: "Guest", email: "pat@example.org" },
    });
    expect(real.status).toBe(200);
  });

  it("a guest token is refused where a participant is needed", async () => {
    const token = await guestToken(api, "third@example.org");
    const me = await call(api, "GET", "/v1/identity/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.claims.kind).toBe("guest_user");
  });
});

describe("POST /v1/identity/desktop-session", () => {
  it("accepts a genuine token and marks the session as a desktop one", async () => {
    const token = await staffToken(api, "proposer");
    const r = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: token },
    });
    expect(r.status).toBe(200);
    expect(r.body.claims).toMatchObject({
      kind: "staff",
      role: ["fee_proposer", "instructor"],
      desktop: true,
    });
    expect(r.body.nameFirst).toBe("Paula");
    expect(decodeJwt(r.body.accessToken).desktop).toBe(true);
  });

  it("accepts a student token with the student's names", async () => {
    const token = await studentToken(api, "100012");
    const r = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: token },
    });
    expect(r.status).toBe(200);
    expect(r.body.claims.studentId).toBe("100012");
    expect(r.body.nameFirst).not.toBe("");
  });

  it("refuses a forged or expired token with 401", async () => {
    const token = await studentToken(api, "100013");
    const forged = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: token.slice(0, -3) + "abc" },
    });
    expect(forged.status).toBe(401);
    api.clock.advance(31 * 60_000);
    const expired = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: token },
    });
    api.clock.reset();
    expect(expired.status).toBe(401);
  });
});

describe("throttling failed sign-ins", () => {
  const TOO_MANY = "Too many sign-in attempts. Please wait a while and try again.";

  it("per student ID: after 5 failures the right birth date gets 429 until 15 minutes pass", async () => {
    expect(t("error.tooManyAttempts")).toBe(TOO_MANY);
    for (let i = 0; i < 5; i++) {
      const r = await call(api, "POST", "/v1/student", {
        body: { studentId: "100020", dob: "2012-01-16" },
        headers: fromNewAddress(),
      });
      expect(r.status).toBe(401);
    }
    const blocked = await call(api, "POST", "/v1/student", {
      body: { studentId: "100020", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    // Another ID from another address is not affected.
    const other = await call(api, "POST", "/v1/student", {
      body: { studentId: "100021", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    expect(other.status).toBe(200);

    api.clock.advance(14 * 60_000);
    const stillBlocked = await call(api, "POST", "/v1/student", {
      body: { studentId: "100020", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    api.clock.advance(61_000 + 1_000);
    const after = await call(api, "POST", "/v1/student", {
      body: { studentId: "100020", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    api.clock.reset();
    expect(stillBlocked.status).toBe(429);
    expect(after.status).toBe(200);
  });

  it("gives no hint whether a throttled ID exists", async () => {
    const replies = [];
    for (const studentId of ["100022", "999922"]) {
      for (let i = 0; i < 5; i++) {
        await call(api, "POST", "/v1/student", {
          body: { studentId, dob: "2000-01-01" },
          headers: fromNewAddress(),
        });
      }
      replies.push(
        await call(api, "POST", "/v1/student", {
          body: { studentId, dob: "2000-01-01" },
          headers: fromNewAddress(),
        }),
      );
    }
    expect(replies[0]!.status).toBe(429);
    expect(replies[1]!.status).toBe(429);
    expect(replies[0]!.body).toEqual(replies[1]!.body);
  });

  it("per address: failures on different IDs that are not typos fill its room; then an unknown browser there waits", async () => {
    const h = fromNewAddress();
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      const r = await call(api, "POST", "/v1/student", {
        body: { studentId: String(300030 + i), dob: "1999-09-09" },
        headers: h,
      });
      expect(r.status).toBe(401);
    }
    const blocked = await call(api, "POST", "/v1/student", {
      body: { studentId: "100035", dob: "2012-01-15" },
      headers: h,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    const blockedStaff = await call(api, "POST", "/v1/instructor", {
      body: { username: "instructor", password: "instructor-demo" },
      headers: h,
    });
    expect(blockedStaff.status).toBe(429);
    const elsewhere = await call(api, "POST", "/v1/student", {
      body: { studentId: "100035", dob: "2012-01-15" },
      headers: fromNewAddress(),
    });
    expect(elsewhere.status).toBe(200);
  });

  it("per staff username (any case), the right password gets 429 after 5 failures", async () => {
    for (let i = 0; i < 5; i++) {
      await call(api, "POST", "/v1/instructor", {
        body: { username: i % 2 ? "Instructor2" : "instructor2", password: "wrong" },
        headers: fromNewAddress(),
      });
    }
    const blocked = await call(api, "POST", "/v1/instructor", {
      body: { username: "instructor2", password: "instructor2-demo" },
      headers: fromNewAddress(),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    api.clock.advance(16 * 60_000);
    const after = await call(api, "POST", "/v1/instructor", {
      body: { username: "instructor2", password: "instructor2-demo" },
      headers: fromNewAddress(),
    });
    api.clock.reset();
    expect(after.status).toBe(200);
  });

  it("keeps the failures in the database", async () => {
    expect(await count("sign_in_attempts")).toBeGreaterThan(0);
  });
});

describe("bad input: a clear 4xx and nothing changed", () => {
  const LONG = "x".repeat(5000);
  const HUGE = "y".repeat(1_200_000);
  const cases: [string, string, unknown[]][] = [
    [
      "POST",
      "/v1/student",
      [
        "{not json",
        {},
        { studentId: "100001" },
        { dob: "2012-01-15" },
        { studentId: 100001, dob: "2012-01-15" },
        { studentId: "100001", dob: "01/15/2012" },
        { studentId: "100001", dob: 20120115 },
        { studentId: LONG, dob: "2012-01-15" },
        { studentId: "1e5", dob: "2012-01-15" },
        { studentId: "100001", dob: "2012-01-15", deviceTokens: "a-token" },
        { studentId: "100001", dob: "2012-01-15", deviceTokens: [LONG] },
        { studentId: "100001", dob: "2012-01-15", deviceTokens: Array(11).fill("a-token") },
        [],
        "null",
        '"a string"',
        JSON.stringify({ studentId: HUGE, dob: "2012-01-15" }),
      ],
    ],
    [
      "POST",
      "/v1/instructor",
      [
        "{not json",
        {},
        { username: "instructor" },
        { username: 1, password: 2 },
        { username: ["instructor"], password: "instructor-demo" },
        { username: LONG, password: "x" },
        { username: "instructor", password: LONG },
        { username: "instructor", password: "instructor-demo", deviceTokens: [7] },
      ],
    ],
    [
      "PUT",
      "/v1/student/recover-student",
      ["{not json", {}, { email: 5 }, { email: LONG }, { email: ["a@example.org"] }],
    ],
    ["PUT", "/v1/community/recover-member", ["{not json", {}, { email: true }, { email: LONG }]],
    [
      "PUT",
      "/v1/community/register-guest",
      [
        "{not json",
        {},
        { nameFirst: "A", nameLast: "B" },
        { nameFirst: "A", nameLast: "B", email: "not-an-email" },
        { nameFirst: "", nameLast: "B", email: "ab@example.org" },
        { nameFirst: "   ", nameLast: "B", email: "ab@example.org" },
        { nameFirst: 1, nameLast: "B", email: "ab@example.org" },
        { nameFirst: LONG, nameLast: "B", email: "ab@example.org" },
        { nameFirst: "A", nameLast: "B", email: `${LONG}@example.org` },
        { nameFirst: "A", nameLast: null, email: "ab@example.org" },
      ],
    ],
    [
      "POST",
      "/v1/identity/desktop-session",
      ["{not json", {}, { accessToken: 5 }, { accessToken: "short" }, { accessToken: LONG }],
    ],
  ];

  it.each(cases)("%s %s", async (method, path, bodies) => {
    const guestsBefore = await count("guests");
    const failuresBefore = await count("sign_in_attempts");
    for (const body of bodies) {
      const r = await call(api, method, path, { body, headers: fromNewAddress() });
      expect(r.status, `${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      expect(r.status).not.toBe(401);
      expect(typeof r.body.message).toBe("string");
      expect(r.body.message.length).toBeGreaterThan(0);
    }
    expect(await count("guests")).toBe(guestsBefore);
    // Bad input is not a failed sign-in attempt.
    expect(await count("sign_in_attempts")).toBe(failuresBefore);
  });

  it("says what is wrong", async () => {
    const malformed = await call(api, "POST", "/v1/student", { body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(t("error.malformedJson"));
    const missing = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "A", nameLast: "B" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.hint).toMatch(/^email: /);
    const device = await call(api, "POST", "/v1/student", {
      body: { studentId: "100001", dob: "2012-01-15", deviceTokens: "a-token" },
    });
    expect(device.status).toBe(400);
    expect(device.body.hint).toMatch(/^deviceTokens: /);
    const huge = await call(api, "POST", "/v1/student", {
      body: JSON.stringify({ studentId: HUGE, dob: "2012-01-15" }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(t("error.payloadTooLarge"));
  });

  it("a body that is not JSON at all is a 4xx", async () => {
    const r = await call(api, "POST", "/v1/student", {
      body: "studentId=100001&dob=2012-01-15",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(400);
  });

  it("an unknown /v1 path is a JSON 404", async () => {
    const r = await call(api, "GET", "/v1/no-such-thing");
    expect(r.status).toBe(404);
    expect(typeof r.body.message).toBe("string");
  });
});
