// No reply tells whether a name and birth date have an account, member IDs are not a sequence,
// and every public action that writes or mails is limited per client address and per recipient
// mailbox in the database (decision 137).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import { sql } from "drizzle-orm";
import { call, startTestApi, studentToken, usingPostgres, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { PUBLIC_LIMITS } from "../../domain/rules/public-limits";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

function signaturePng(): string {
  const png = new PNG({ width: 60, height: 20 });
  png.data.fill(255);
  for (let x = 5; x < 55; x++) png.data[(10 * 60 + x) * 4] = 0;
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

const guardian = (n: number) => ({
  nameFirst: `Guard${n}`,
  nameLast: "Ian",
  relationship: "Mother",
  phone1: "(555) 555-0100",
  phone1Type: "Mobile",
});

let seq = 0;
function member(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    nameFirst: `Lim${"abcdefghij"[seq % 10]}${"abcdefghij"[Math.floor(seq / 10) % 10]}`,
    nameLast: "Tester",
    dob: "1991-06-12",
    grade: "Adult",
    gender: "F",
    address: "1 Elm St",
    city: "Springfield",
    state: "Illinois",
    zip: "62701",
    homePhone: "555-555-0123",
    email: `limits${seq}@example.org`,
    printedSignature: "Lim Tester",
    digitalSignature: signaturePng(),
    guardians: [guardian(1), guardian(2)],
    ...overrides,
  };
}

// Each test speaks from its own addresses, so one test's counters never touch another's.
let nextAddress = 1;
function newAddress(): Record<string, string> {
  return { "X-Forwarded-For": `192.0.2.${nextAddress++}` };
}

function register(body: Record<string, unknown>, headers = newAddress(), target = api) {
  return call(target, "PUT", "/v1/community/register-member", { body, headers });
}

async function queued(to: string, kind?: string) {
  return queryRows<{ kind: string; text_body: string; to_address: string }>(
    api.runtime.deps.db,
    sql`select kind, text_body, to_address from mail_queue
        where lower(to_address) = ${to.toLowerCase()} ${kind ? sql`and kind = ${kind}` : sql``}
        order by id`,
  );
}

async function memberCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    api.runtime.deps.db,
    sql`select count(*)::int as n from participants where kind = 'community_member'`,
  );
  return Number(row!.n);
}

function idIn(text: string): string {
  const m = /Community Member ID is (\d+)/.exec(text);
  if (!m) throw new Error(`no ID in mail: ${text}`);
  return m[1]!;
}

describe("a registration of someone who already has an account", () => {
  it("answers exactly as a new registration, creates nothing, and mails only the address on file", async () => {
    const fresh = await register(member({ email: "new.person@example.org" }));
    const existing = { nameFirst: "jordan", nameLast: "RIVERA", dob: "1980-03-02" };
    const before = await memberCount();
    const dup = await register(member({ ...existing, email: "guesser@example.org" }));
    expect(dup.status).toBe(fresh.status);
    expect(dup.status).toBe(200);
    expect(dup.body).toEqual({ ok: true, email: "guesser@example.org" });
    expect(await memberCount()).toBe(before);
    expect(await queued("guesser@example.org")).toHaveLength(0);
    // The demo member 200001's address hears of it, with the ID and the spec's words.
    const notices = await queued("jordan.rivera@example.org", "member-exists");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text_body).toContain("200001");
    expect(notices[0]!.text_body).toContain(
      'A community member account already exists. Please use your community member credentials, or use "Forgot my community member ID" on the sign-in page to retrieve that information.',
    );
  });

  it("a signed-in member saving another member's name and birth date is not told anything", async () => {
    const body = member();
    expect((await register(body)).status).toBe(200);
    const id = idIn((await queued(body.email as string, "member-id"))[0]!.text_body);
    const token = await studentToken(api, id, body.dob as string);
    const {
      studentId: _s,
      digitalSignature: _d,
      ...mine
    } = (await call(api, "GET", "/v1/profile/community", { token })).body;
    const right = await call(api, "PUT", "/v1/profile/community", {
      token,
      headers: newAddress(),
      body: { ...mine, nameFirst: "Jordan", nameLast: "Rivera", dob: "1980-03-02" },
    });
    const wrong = await call(api, "PUT", "/v1/profile/community", {
      token,
      headers: newAddress(),
      body: { ...mine, nameFirst: "Jordan", nameLast: "Rivera", dob: "1980-03-03" },
    });
    expect(right.status).toBe(200);
    expect(wrong.status).toBe(200);
  });

  it("profile saves count against the member's limit", async () => {
    const body = member();
    expect((await register(body)).status).toBe(200);
    const id = idIn((await queued(body.email as string, "member-id"))[0]!.text_body);
    const token = await studentToken(api, id, body.dob as string);
    const {
      studentId: _s,
      digitalSignature: _d,
      ...mine
    } = (await call(api, "GET", "/v1/profile/community", { token })).body;
    const { max } = PUBLIC_LIMITS.profileSavesPerMember;
    for (let i = 0; i < max; i++) {
      const r = await call(api, "PUT", "/v1/profile/community", {
        token,
        headers: newAddress(),
        body: { ...mine, dob: `1970-01-${String(i + 1).padStart(2, "0")}` },
      });
      expect(r.status).toBe(200);
    }
    const over = await call(api, "PUT", "/v1/profile/community", {
      token,
      headers: newAddress(),
      body: mine,
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again at .+\.$/);
  });
});

describe("member IDs", () => {
  it("are not a walkable sequence: eight digits starting with 2, not consecutive", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const body = member();
      expect((await register(body)).status).toBe(200);
      ids.push(Number(idIn((await queued(body.email as string, "member-id"))[0]!.text_body)));
    }
    for (const id of ids) {
      expect(id).toBeGreaterThanOrEqual(20_000_000);
      expect(id).toBeLessThanOrEqual(29_999_999);
    }
    const steps = ids.slice(1).map((id, i) => Math.abs(id - ids[i]!));
    expect(steps.every((s) => s > 1)).toBe(true);
  });
});

describe("registration limits", () => {
  const { max: perHour } = PUBLIC_LIMITS.registrationPerAddressHour;

  it(`one address registers ${perHour} in an hour (a family), then hears when to try again; another address is not affected`, async () => {
    const headers = newAddress();
    for (let i = 0; i < perHour; i++) {
      expect((await register(member(), headers)).status).toBe(200);
    }
    const before = await memberCount();
    const over = await register(member(), headers);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again at .+\.$/);
    expect(await memberCount()).toBe(before);
    expect((await register(member(), newAddress())).status).toBe(200);
    api.clock.advance(61 * 60_000);
    try {
      expect((await register(member(), headers)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("duplicates count against the address like new accounts", async () => {
    const headers = newAddress();
    const existing = { nameFirst: "Jordan", nameLast: "Rivera" };
    for (let i = 0; i < perHour; i++) {
      const r = await register(member({ ...existing, dob: `1980-03-0${i + 1}` }), headers);
      expect(r.status).toBe(200);
    }
    expect((await register(member({ ...existing, dob: "1980-03-09" }), headers)).status).toBe(429);
  });

  it("a day's registrations from one address are capped too", async () => {
    const headers = newAddress();
    const { max: perDay } = PUBLIC_LIMITS.registrationPerAddressDay;
    let created = 0;
    try {
      for (let hour = 0; hour < 6; hour++) {
        for (let i = 0; i < perHour; i++) {
          if ((await register(member(), headers)).status === 200) created++;
        }
        api.clock.advance(61 * 60_000);
      }
    } finally {
      api.clock.reset();
    }
    expect(created).toBe(perDay);
  });

  it("one mailbox gets a limited number of accounts, from any number of addresses", async () => {
    const { max } = PUBLIC_LIMITS.mailPerMailbox;
    const email = "many.accounts@example.org";
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      statuses.push((await register(member({ email }), newAddress())).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429]);
    expect(await queued(email, "member-id")).toHaveLength(max);
  });

  it("a +tag or another case of the address is the same mailbox", async () => {
    const { max } = PUBLIC_LIMITS.mailPerMailbox;
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i++) {
      const email = i % 2 ? `Victim+${i}@Example.org` : `victim+${i}@example.org`;
      statuses.push((await register(member({ email }), newAddress())).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses[max]).toBe(429);
  });

  it("a burst from one address creates at most the hour's allowance", async () => {
    const headers = newAddress();
    const before = await memberCount();
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => register(member(), headers)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(perHour);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(12 - perHour);
    expect((await memberCount()) - before).toBe(perHour);
  });

  it.runIf(usingPostgres)("two processes share the address's allowance", async () => {
    const second = await startTestApi({ shareWith: api });
    try {
      const headers = newAddress();
      const before = await memberCount();
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => register(member(), headers, i % 2 ? second : api)),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(perHour);
      expect((await memberCount()) - before).toBe(perHour);
    } finally {
      await second.close();
    }
  });

  it("bad input is refused without counting", async () => {
    const headers = newAddress();
    for (let i = 0; i < perHour + 2; i++) {
      expect((await register(member({ zip: "1" }), headers)).status).toBe(400);
    }
    expect((await register(member(), headers)).status).toBe(200);
  });
});

describe("mail a public action sends carries no typed text", () => {
  it("the member ID mail does not greet by the typed name", async () => {
    const body = member({ nameFirst: "Please Call", nameLast: "About Your Refund" });
    expect((await register(body)).status).toBe(200);
    const [mail] = await queued(body.email as string, "member-id");
    expect(mail!.text_body).not.toContain("Please Call");
    expect(mail!.text_body).not.toContain("Refund");
    expect(mail!.text_body).toMatch(/^Hello,\n/);
  });

  it("the member ID recovery mail does not either", async () => {
    const body = member({ nameFirst: "Call Now", nameLast: "Urgent" });
    expect((await register(body)).status).toBe(200);
    await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: body.email },
      headers: newAddress(),
    });
    const [mail] = await queued(body.email as string, "recover-id");
    expect(mail!.text_body).not.toContain("Call Now");
    expect(mail!.text_body).not.toContain("Urgent");
  });
});

describe("ID recovery limits", () => {
  it("one parent's mailbox gets a limited number of recovery mails, from any number of addresses", async () => {
    const { max } = PUBLIC_LIMITS.mailPerMailbox;
    const email = "parent100002@example.org"; // a custodian address on file for a demo student
    const replies = [];
    for (let i = 0; i < 20; i++) {
      replies.push(
        await call(api, "PUT", "/v1/student/recover-student", {
          body: { email },
          headers: newAddress(),
        }),
      );
    }
    // The reply never says whether a mail went.
    expect(new Set(replies.map((r) => JSON.stringify([r.status, r.body])))).toEqual(
      new Set([JSON.stringify([200, { ok: true }])]),
    );
    expect(await queued(email, "recover-id")).toHaveLength(max);
  });

  it("one address may ask a limited number of times an hour; another address is not affected", async () => {
    const headers = newAddress();
    const { max } = PUBLIC_LIMITS.recoveryPerAddress;
    for (let i = 0; i < max; i++) {
      const r = await call(api, "PUT", "/v1/community/recover-member", {
        body: { email: `someone${i}@example.org` },
        headers,
      });
      expect(r.status).toBe(200);
    }
    const over = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "someone.more@example.org" },
      headers,
    });
    expect(over.status).toBe(429);
    const other = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "someone.more@example.org" },
      headers: newAddress(),
    });
    expect(other.status).toBe(200);
  });
});

describe("guest sessions", () => {
  it("one address starts a limited number an hour, then hears when to try again", async () => {
    const headers = newAddress();
    const { max } = PUBLIC_LIMITS.guestPerAddress;
    for (let i = 0; i < max; i++) {
      const r = await call(api, "PUT", "/v1/community/register-guest", {
        body: { nameFirst: "Gus", nameLast: `Guest${i}`, email: `gus${i}@example.org` },
        headers,
      });
      expect(r.status).toBe(200);
    }
    const over = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Gus", nameLast: "More", email: "gus.more@example.org" },
      headers,
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again at .+\.$/);
    const [row] = await queryRows<{ n: number }>(
      api.runtime.deps.db,
      sql`select count(*)::int as n from guests where email = 'gus.more@example.org'`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});
