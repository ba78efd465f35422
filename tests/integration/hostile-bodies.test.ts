// Bodies built to cost the server time (decision 134): deeply nested JSON, gzip that inflates
// far past its size on the wire, very wide bodies, unknown keys on the public routes. Each is a 4xx
// naming the problem, answered before the body is walked, and writes nothing; the honest body
// beside it (gzipped too) still works.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, type Reply, type TestApi } from "../support/api";
import { databaseDigest } from "../support/db-digest";
import { JSON_MAX_DEPTH, JSON_MAX_ITEMS } from "../../district-api/http/body-shape";
import { BODY_LIMIT_BYTES } from "../../district-api/http/app";
import { RegisterMemberRequest } from "../../domain/contract/community";
import { MAX_GUARDIANS } from "../../domain/forms/community";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Sends raw bytes (optionally gzipped) as a JSON body. */
async function send(pathname: string, text: string, opts: { gzip?: boolean } = {}) {
  const body = opts.gzip ? gzipSync(text) : Buffer.from(text);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (opts.gzip) headers["Content-Encoding"] = "gzip";
  const res = await fetch(api.baseUrl + pathname, { method: "PUT", headers, body });
  const reply = await res.text();
  let parsed: unknown = reply;
  try {
    parsed = JSON.parse(reply);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed, headers: res.headers, wire: body.length } as Reply & {
    wire: number;
  };
}

const GUEST = "/v1/community/register-guest";
const guest = { nameFirst: "Ada", nameLast: "Lovelace", email: "ada@example.org" };

function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** The reply is `status` with a message containing `text`, and no table changed. */
async function refused(status: number, text: string, sending: () => Promise<Reply>) {
  const before = await databaseDigest(api.runtime.deps.db);
  const r = await sending();
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(status);
  expect(JSON.stringify(r.body)).toContain(text);
  expect(await databaseDigest(api.runtime.deps.db)).toEqual(before);
}

describe("deeply nested JSON", () => {
  it("is a 400 saying it is nested too deeply (depth 2,500)", async () => {
    const body = `{"nameFirst":"Ada","nameLast":"L","email":"a@example.org","x":${nested(2_500)}}`;
    await refused(400, "nested too deeply", () => send(GUEST, body));
  });

  it("is a 400, not a 500, at depth 20,000 sent gzipped (the wire carries a few hundred bytes)", async () => {
    await refused(400, "nested too deeply", async () => {
      const r = await send(GUEST, nested(20_000), { gzip: true });
      expect(r.wire).toBeLessThan(2_000);
      return r;
    });
  });

  it("counts objects and arrays alike, and not brackets inside strings", async () => {
    let objects = "1";
    for (let i = 0; i < JSON_MAX_DEPTH + 1; i++) objects = `{"a":${objects}}`;
    await refused(400, "nested too deeply", () => send(GUEST, objects));
    // Brackets inside texts (and escaped quotes) are text, not nesting: the schema answers instead.
    const texty = JSON.stringify({ ...guest, nameFirst: `\\"${"[".repeat(5_000)}` });
    const r = await send(GUEST, texty);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toContain("nested too deeply");
    expect(JSON.stringify(r.body)).toContain("nameFirst");
  });
});

describe("gzipped JSON", () => {
  it("counts its inflated size against the limit: a small gzip of 2 MB is a 413", async () => {
    const big = JSON.stringify({ ...guest, pad: " ".repeat(2 * 1024 * 1024) });
    await refused(413, "too large", async () => {
      const r = await send(GUEST, big, { gzip: true });
      expect(r.wire).toBeLessThan(BODY_LIMIT_BYTES / 100);
      return r;
    });
  });

  it("an honest gzipped sign-up still works", async () => {
    const r = await send(GUEST, JSON.stringify(guest), { gzip: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as { accessToken?: string }).accessToken).toBeTruthy();
  });
});

describe("the public routes' bodies", () => {
  const PUBLIC: [string, string, Record<string, unknown>][] = [
    ["PUT", GUEST, guest],
    ["POST", "/v1/student", { studentId: "100001", dob: "2012-01-15" }],
    ["POST", "/v1/instructor", { username: "proposer", password: "proposer-demo" }],
    ["PUT", "/v1/student/recover-student", { email: "nobody@example.org" }],
    ["PUT", "/v1/community/recover-member", { email: "nobody@example.org" }],
    ["POST", "/v1/identity/desktop-session", { accessToken: "x".repeat(20) }],
    ["PUT", "/v1/community/register-member", {}],
  ];
  for (const [method, pathname, body] of PUBLIC) {
    it(`${method} ${pathname} refuses an unknown key, naming it`, async () => {
      await refused(400, "surprise", () =>
        call(api, method, pathname, { body: { ...body, surprise: [[[1]]] } }),
      );
    });
  }

  it("refuses a list too long for any call before parsing it, and a long one under an unknown key", async () => {
    const wide = JSON.stringify({ ...guest, surprise: new Array(200_000).fill(0) });
    await refused(400, "too many items", () => send(GUEST, wide));
    const guardians = JSON.stringify({ guardians: new Array(JSON_MAX_ITEMS + 1).fill({}) });
    await refused(400, "too many items", () => send("/v1/community/register-member", guardians));
    const long = JSON.stringify({ ...guest, surprise: new Array(JSON_MAX_ITEMS - 1).fill(0) });
    await refused(400, "surprise", () => send(GUEST, long));
  });

  it("refuses more guardians than the form allows without parsing each of them", async () => {
    const many = { guardians: new Array(JSON_MAX_ITEMS).fill({}) };
    const parsed = RegisterMemberRequest.safeParse(many);
    expect(parsed.success).toBe(false);
    // Only the items up to one past the maximum were looked at.
    const items = new Set(
      parsed
        .error!.issues.filter((i) => i.path[0] === "guardians" && i.path.length > 1)
        .map((i) => i.path[1]),
    );
    expect(items.size).toBeLessThanOrEqual(MAX_GUARDIANS + 1);
    const r = await call(api, "PUT", "/v1/community/register-member", { body: many });
    expect(r.status).toBe(400);
  });

  it("still names a control character deep inside an allowed body", async () => {
    const r = await call(api, "PUT", GUEST, { body: { ...guest, nameLast: "a\u0000b" } });
    expect(r.status).toBe(400);
    expect(r.body.hint).toContain("nameLast");
  });
});
