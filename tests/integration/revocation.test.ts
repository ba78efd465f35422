// Revocation: sign-out ends the session on the server, so neither the token
// nor any token refreshed from it works again; a refresh re-reads the account, so a deactivation
// or a role change takes effect within one refresh (decision 103).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const me = (token: string, base: { baseUrl: string } = api) =>
  call(base, "GET", "/v1/identity/me", { token });
const refresh = (token: string, base: { baseUrl: string } = api) =>
  call(base, "POST", "/v1/identity/refresh-token", { token });
const signOut = (token: string, base: { baseUrl: string } = api) =>
  call(base, "POST", "/v1/identity/sign-out", { token });

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

describe("POST /v1/identity/sign-out", () => {
  it("ends the session: the token, and a token refreshed from it before, get 401", async () => {
    const token = await studentToken(api, "100011");
    api.clock.advance(1_000);
    const refreshed = (await refresh(token)).body.accessToken as string;
    expect((await me(refreshed)).status).toBe(200);

    const out = await signOut(token);
    expect(out.status).toBe(204);

    for (const t of [token, refreshed]) {
      expect((await me(t)).status).toBe(401);
      expect((await refresh(t)).status).toBe(401);
      expect((await call(api, "GET", "/v1/cart", { token: t })).status).toBe(401);
    }
    // Signing out twice is harmless; the token stays refused.
    expect((await signOut(refreshed)).status).toBe(401);
    api.clock.reset();
  });

  it("ends only that session: the same person signed in elsewhere stays signed in", async () => {
    const phone = await studentToken(api, "100012");
    const laptop = await studentToken(api, "100012");
    expect((await signOut(phone)).status).toBe(204);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
  });

  it("works for staff and guests too, and five sign-outs at once are one", async () => {
    for (const token of [await staffToken(api, "instructor"), await guestToken(api)]) {
      const replies = await Promise.all(Array.from({ length: 5 }, () => signOut(token)));
      // Each of the five either ended the session or found it already ended.
      for (const r of replies) expect([204, 401]).toContain(r.status);
      expect(replies.some((r) => r.status === 204)).toBe(true);
      expect((await me(token)).status).toBe(401);
    }
  });

  it("a signed-out token is not exchanged for a desktop session, nor taken as the register's employee", async () => {
    const family = await studentToken(api, "100007");
    await signOut(family);
    const exchanged = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: family },
    });
    expect(exchanged.status).toBe(401);

    const employee = await staffToken(api, "instructor");
    await signOut(employee);
    const fresh = await studentToken(api, "100008");
    const register = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: fresh, desktopKey: DEV_DESKTOP_CLIENT_KEY, cashierToken: employee },
    });
    expect(register.status).toBe(200);
    expect(register.body.claims.cashier).toBeUndefined();
  });

  it("needs a token", async () => {
    expect((await call(api, "POST", "/v1/identity/sign-out")).status).toBe(401);
  });

  it("keeps the table of ended sessions small: rows go once their tokens have expired", async () => {
    const db = api.runtime.deps.db;
    const count = async () =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from ended_sessions`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    api.clock.advance(31 * 60_000);
    const token = await studentToken(api, "100013");
    await signOut(token);
    expect(await count()).toBe(1);
    api.clock.reset();
  });
});

describe("refresh re-reads the account", () => {
  it("a deactivated fee administrator's refresh is refused", async () => {
    const db = api.runtime.deps.db;
    const token = await staffToken(api, "feeadmin");
    expect((await call(api, "GET", "/v1/instructor/fee-proposals", { token })).status).toBe(200);
    await db.execute(sql`update staff set active = false where username = 'feeadmin'`);
    try {
      api.clock.advance(1_000);
      expect((await refresh(token)).status).toBe(401);
    } finally {
      await db.execute(sql`update staff set active = true where username = 'feeadmin'`);
      api.clock.reset();
    }
  });

  it("a role taken away is gone from the refreshed token, and its routes answer 403", async () => {
    const db = api.runtime.deps.db;
    const token = await staffToken(api, "feeadmin");
    await db.execute(sql`update staff set roles = '{instructor}' where username = 'feeadmin'`);
    try {
      api.clock.advance(1_000);
      const r = await refresh(token);
      expect(r.status).toBe(200);
      const fresh = r.body.accessToken as string;
      expect(claimsOf(fresh).role).toEqual(["instructor"]);
      expect(
        (await call(api, "GET", "/v1/instructor/fee-proposals", { token: fresh })).status,
      ).toBe(403);
    } finally {
      await db.execute(sql`update staff set roles = '{fee_admin}' where username = 'feeadmin'`);
      api.clock.reset();
    }
  });

  it("a role given is in the refreshed token; the session stays the same", async () => {
    const db = api.runtime.deps.db;
    const token = await staffToken(api, "instructor2");
    await db.execute(
      sql`update staff set roles = '{instructor,fee_proposer}' where username = 'instructor2'`,
    );
    try {
      api.clock.advance(1_000);
      const fresh = (await refresh(token)).body.accessToken as string;
      expect(claimsOf(fresh).role).toEqual(["instructor", "fee_proposer"]);
      expect(claimsOf(fresh).sid).toBe(claimsOf(token).sid);
    } finally {
      await db.execute(sql`update staff set roles = '{instructor}' where username = 'instructor2'`);
      api.clock.reset();
    }
  });

  it("a guest whose record is gone cannot refresh", async () => {
    const db = api.runtime.deps.db;
    const token = await guestToken(api, "gone@example.org");
    await db.execute(sql`delete from guests where lower(email) = 'gone@example.org'`);
    api.clock.advance(1_000);
    expect((await refresh(token)).status).toBe(401);
    api.clock.reset();
  });
});

describe.runIf(usingPostgres)("two district API processes on one PostgreSQL database", () => {
  it("a sign-out on one process is honoured by the other at once", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "it");
    const secret = randomBytes(16).toString("hex");
    const start = () =>
      startDistrictApi({
        databaseUrl: scratch.url,
        outboxDir: tmpdir(),
        secret,
        logger: createLogger("silent"),
        backgroundJobs: false,
      });
    const a = await start();
    const b = await start();
    const servers = [a, b].map((rt) => rt.app.listen(0, "127.0.0.1"));
    try {
      await Promise.all(servers.map((s) => new Promise((r) => s.once("listening", r))));
      const [one, two] = servers.map((s) => ({
        baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
      }));
      const login = await call(one!, "POST", "/v1/student", {
        body: { studentId: "100014", dob: "2012-01-15" },
      });
      const token = login.body.accessToken as string;
      expect((await me(token, two)).status).toBe(200);
      expect((await signOut(token, one)).status).toBe(204);
      expect((await me(token, two)).status).toBe(401);
      expect((await refresh(token, two)).status).toBe(401);
    } finally {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});
