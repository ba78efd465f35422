// Community member registration, profile and ID recovery over HTTP (spec 01 §7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import { sql } from "drizzle-orm";
import { call, startTestApi, studentToken, type TestApi } from "../support/api";
import { t } from "../../domain/messages";
import { MEMBER_ID_MAX, MEMBER_ID_MIN } from "../../domain/rules/public-limits";

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
    nameFirst: `Pat${"abcdefghij"[seq % 10]}${seq}`,
    nameLast: "Member",
    dob: "1990-05-17",
    grade: "Adult",
    gender: "F",
    address: "1 Elm St",
    city: "Springfield",
    state: "Illinois",
    zip: "62701",
    homePhone: "555-555-0123",
    email: `pat${seq}@example.org`,
    printedSignature: "Pat Member",
    digitalSignature: signaturePng(),
    guardians: [guardian(1), guardian(2)],
    ...overrides,
  };
}

// Each registration speaks from its own address, so the per-address limits (decision 137) of
// one test never touch another.
let nextAddress = 1;
function register(body: Record<string, unknown>) {
  return call(api, "PUT", "/v1/community/register-member", {
    body,
    headers: { "X-Forwarded-For": `198.51.100.${nextAddress++}` },
  });
}

async function countRows() {
  const db = api.runtime.deps.db;
  const rows = (await db.execute(
    sql`select (select count(*) from participants where kind = 'community_member')::int as members,
               (select count(*) from guardians)::int as guardians,
               (select count(*) from community_profiles)::int as profiles`,
  )) as unknown as { rows: { members: number; guardians: number; profiles: number }[] };
  return rows.rows[0]!;
}

function idFromMail(text: string): string {
  const m = /Community Member ID is (\d+)/.exec(text);
  if (!m) throw new Error(`no ID in mail: ${text}`);
  return m[1]!;
}

/** Mail to the address; waits (mail goes out in the background) until `atLeast` have landed. */
async function mailTo(address: string, atLeast = 0) {
  for (let i = 0; ; i++) {
    const mine = (await api.outbox()).filter((m) => m.to === address);
    if (mine.length >= atLeast || i >= 60) return mine;
  }
}

describe("PUT /v1/community/register-member", () => {
  it("creates the member, e-mails the ID, and the member can sign in with it", async () => {
    const body = member();
    const r = await register(body);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, email: body.email });
    const mails = await mailTo(body.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your Community Member ID");
    const id = idFromMail(mails[0]!.text);
    expect(JSON.stringify(r.body)).not.toContain(id);
    // A random ID of the members' range (decision 137).
    expect(Number(id)).toBeGreaterThanOrEqual(MEMBER_ID_MIN);
    expect(Number(id)).toBeLessThanOrEqual(MEMBER_ID_MAX);
    const login = await call(api, "POST", "/v1/student", {
      body: { studentId: id, dob: body.dob },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ userType: "community_member", studentId: id });
  });

  it("answers the same person (names in any case, same birth date) as a new one, stores nothing, and tells the member on file", async () => {
    const body = member();
    const first = await register(body);
    expect(first.status).toBe(200);
    const before = await countRows();
    const again = await register({
      ...body,
      nameFirst: body.nameFirst.toUpperCase(),
      nameLast: "mEMBER",
      email: "other@example.org",
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, email: "other@example.org" });
    expect(await countRows()).toEqual(before);
    const toMember = await mailTo(body.email, 2);
    expect(toMember.map((m) => m.subject)).toEqual([
      "Your Community Member ID",
      "Your community member account",
    ]);
    expect(toMember[1]!.text).toContain(
      'A community member account already exists. Please use your community member credentials, or use "Forgot my community member ID" on the sign-in page to retrieve that information.',
    );
    expect(idFromMail(toMember[1]!.text)).toBe(idFromMail(toMember[0]!.text));
    expect(await mailTo("other@example.org")).toHaveLength(0);
  });

  it("lets two people share an e-mail address when names or birth dates differ", async () => {
    const a = member({ email: "family@example.org" });
    const b = member({ email: "family@example.org", dob: "1992-01-01" });
    expect((await register(a)).status).toBe(200);
    expect((await register(b)).status).toBe(200);
  });

  it("normalises phones to +1 format and stores guardians in order", async () => {
    const body = member({
      guardians: [
        { ...guardian(1), phone2: "1 (555) 555-0199", phone2Type: "Work", email: "g1@example.org" },
        { ...guardian(2), relationship: "Other", relationshipOther: "Aunt" },
      ],
    });
    expect((await register(body)).status).toBe(200);
    const id = idFromMail((await mailTo(body.email, 1))[0]!.text);
    const token = await studentToken(api, id, body.dob);
    const p = await call(api, "GET", "/v1/profile/community", { token });
    expect(p.status).toBe(200);
    expect(p.body.homePhone).toBe("+15555550123");
    expect(p.body.guardians.map((g: { nameFirst: string }) => g.nameFirst)).toEqual([
      "Guard1",
      "Guard2",
    ]);
    expect(p.body.guardians[0]).toMatchObject({
      phone1: "+15555550100",
      phone2: "+15555550199",
      phone2Type: "Work",
      email: "g1@example.org",
    });
    expect(p.body.guardians[1]).toMatchObject({ relationship: "Other", relationshipOther: "Aunt" });
    expect(p.body.digitalSignature).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  const png5mb = "data:image/png;base64," + Buffer.alloc(5 * 1024 * 1024, 1).toString("base64");
  const gif =
    "data:image/png;base64," + Buffer.from("GIF89a........................").toString("base64");
  const bigPng = (() => {
    // A real PNG header followed by 250 KB: under the body limit, over the signature limit.
    const head = Buffer.from(signaturePng().split(",")[1]!, "base64");
    return (
      "data:image/png;base64," + Buffer.concat([head, Buffer.alloc(250 * 1024)]).toString("base64")
    );
  })();
  const bad: [string, Record<string, unknown>][] = [
    ["no guardians", { guardians: [] }],
    ["guardians missing", { guardians: undefined }],
    ["one guardian", { guardians: [guardian(1)] }],
    ["a 5 MB signature", { digitalSignature: png5mb }],
    ["a 250 KB PNG signature", { digitalSignature: bigPng }],
    ["a non-PNG signature", { digitalSignature: gif }],
    ["a signature that is not base64", { digitalSignature: "not base64 at all!" }],
    ["no signature", { digitalSignature: "" }],
    ["script in the first name", { nameFirst: "<script>alert(1)</script>" }],
    ["script in the last name", { nameLast: "Doe<img src=x onerror=alert(1)>" }],
    [
      "script in a guardian's name",
      { guardians: [{ ...guardian(1), nameFirst: "<b>x</b>" }, guardian(2)] },
    ],
    ["a bad state", { state: "Puerto Rico" }],
    ["a bad zip", { zip: "1234" }],
    ["a bad phone", { homePhone: "555-0100" }],
    ["a bad e-mail", { email: "nope" }],
    ["a future birth date", { dob: "2999-01-01" }],
    ["a bad grade", { grade: "13" }],
    [
      "Other without its text",
      { guardians: [{ ...guardian(1), relationship: "Other" }, guardian(2)] },
    ],
    [
      "phone 2 without its type",
      { guardians: [{ ...guardian(1), phone2: "5555550111" }, guardian(2)] },
    ],
    ["a guardian with a bad e-mail", { guardians: [{ ...guardian(1), email: "x@" }, guardian(2)] }],
  ];
  it.each(bad)("refuses %s with a 4xx and stores nothing", async (_name, overrides) => {
    const body = member(overrides);
    const before = await countRows();
    const r = await register(body);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await countRows()).toEqual(before);
    expect(await mailTo(body.email as string)).toHaveLength(0);
  });

  it("says which rule failed, in the spec's words", async () => {
    const r = await call(api, "PUT", "/v1/community/register-member", {
      body: member({ guardians: [guardian(1)] }),
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toContainEqual({
      path: "guardians",
      message: "You must have at least two guardians.",
    });
    const s = await call(api, "PUT", "/v1/community/register-member", {
      body: member({ digitalSignature: gif }),
    });
    expect(s.status).toBe(400);
    expect(s.body.message).toBe(t("community.signatureInvalid"));
  });
});

describe("/v1/profile/community", () => {
  it("reads the demo member's profile with two guardians", async () => {
    const token = await studentToken(api, "200001", "1980-03-02");
    const r = await call(api, "GET", "/v1/profile/community", { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ studentId: "200001", nameFirst: "Jordan", state: "Illinois" });
    expect(r.body.guardians).toHaveLength(2);
  });

  it("round-trips an update: fields saved, guardian ids kept, removed ones gone, new ones added", async () => {
    const body = member();
    expect((await register(body)).status).toBe(200);
    const id = idFromMail((await mailTo(body.email, 1))[0]!.text);
    const token = await studentToken(api, id, body.dob);
    const before = (await call(api, "GET", "/v1/profile/community", { token })).body;
    const [g1, g2] = before.guardians;
    const update = {
      ...before,
      city: "Shelbyville",
      zip: "62565-1234",
      email: "new.address@example.org",
      digitalSignature: undefined,
      guardians: [
        { ...g2, nameFirst: "Renamed", phone2: null, phone2Type: null, email: null },
        { ...guardian(3), nameFirst: "Added" },
      ],
    };
    delete (update as Record<string, unknown>).studentId;
    const r = await call(api, "PUT", "/v1/profile/community", { token, body: update });
    expect(r.status).toBe(200);
    const after = (await call(api, "GET", "/v1/profile/community", { token })).body;
    expect(after).toMatchObject({
      city: "Shelbyville",
      zip: "62565-1234",
      email: "new.address@example.org",
    });
    expect(after.digitalSignature).toBe(before.digitalSignature);
    expect(
      after.guardians.map((g: { id: number; nameFirst: string }) => [g.id === g2.id, g.nameFirst]),
    ).toEqual([
      [true, "Renamed"],
      [false, "Added"],
    ]);
    expect(after.guardians.some((g: { id: number }) => g.id === g1.id)).toBe(false);
  });

  it("refuses bad e-mail with 'Email must be valid.', one guardian, and another member's guardian id", async () => {
    const token = await studentToken(api, "200001", "1980-03-02");
    const profile = (await call(api, "GET", "/v1/profile/community", { token })).body;
    const { studentId: _s, digitalSignature: _d, ...base } = profile;
    const r1 = await call(api, "PUT", "/v1/profile/community", {
      token,
      body: { ...base, email: "bad" },
    });
    expect(r1.status).toBe(400);
    expect(r1.body.issues).toContainEqual({ path: "email", message: "Email must be valid." });
    const r2 = await call(api, "PUT", "/v1/profile/community", {
      token,
      body: { ...base, guardians: [base.guardians[0]] },
    });
    expect(r2.status).toBe(400);
    const r3 = await call(api, "PUT", "/v1/profile/community", {
      token,
      body: { ...base, guardians: [{ ...base.guardians[0], id: 999999 }, base.guardians[1]] },
    });
    expect(r3.status).toBe(400);
    const unchanged = (await call(api, "GET", "/v1/profile/community", { token })).body;
    expect(unchanged).toEqual(profile);
  });

  it("saves a profile given another member's names and birth date, as any other (decision 137)", async () => {
    const body = member();
    expect((await register(body)).status).toBe(200);
    const id = idFromMail((await mailTo(body.email, 1))[0]!.text);
    const token = await studentToken(api, id, body.dob);
    const {
      studentId: _s,
      digitalSignature: _d,
      ...mine
    } = (await call(api, "GET", "/v1/profile/community", { token })).body;
    const r = await call(api, "PUT", "/v1/profile/community", {
      token,
      body: { ...mine, nameFirst: "jordan", nameLast: "RIVERA", dob: "1980-03-02" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ studentId: id, nameFirst: "jordan", dob: "1980-03-02" });
  });

  it("is for community members only", async () => {
    const student = await studentToken(api);
    expect((await call(api, "GET", "/v1/profile/community", { token: student })).status).toBe(403);
    expect((await call(api, "GET", "/v1/profile/community")).status).toBe(401);
  });
});

describe("recover member ID", () => {
  it("replies the same to a known and an unknown address; only the known one gets mail", async () => {
    const body = member();
    expect((await register(body)).status).toBe(200);
    const id = idFromMail((await mailTo(body.email, 1))[0]!.text);
    const known = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: body.email.toUpperCase() },
    });
    const unknown = await call(api, "PUT", "/v1/community/recover-member", {
      body: { email: "nobody-here@example.org" },
    });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    const mails = await mailTo(body.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(id);
    expect(await mailTo("nobody-here@example.org")).toHaveLength(0);
  });
});
