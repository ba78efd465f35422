// The administration's people calls over HTTP (decision 122): only a
// district_admin may call them (a matrix of every other caller, nothing written); bad input is a
// 400 naming the field with nothing written; finding people by ID or name pages on the server;
// financial aid and the activity pass change the price the person sees; unlocking lets a locked
// person sign in again; a role change reaches a live token at once; an administrator keeps their
// own role and the district keeps one administrator; every change leaves its audit entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { seedStudents } from "../../district-api/db/seed/core";
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { StaffAccountsReply } from "@domain/contract/admin";
import { PeoplePage, PersonDetails, StaffAccountDetails } from "@domain/contract/admin-people";

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await staffToken(api, "admin");
  // 150 students: enough for three pages of everyone.
  await seedStudents(api.runtime.database.db, 150);
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.database.db;

/** What a people call may change: people's aid and pass, staff, sign-in counters, the audit. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(id || coalesce(financial_aid, '-') || activity_pass::text, ',' order by id) from participants) ||
      (select string_agg(username || array_to_string(roles, '+') || active::text || coalesce(sessions_ended_at::text, ''), ',' order by id) from staff) ||
      coalesce((select string_agg(key || failures, ',' order by key) from sign_in_attempts), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function auditCount(action: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from audit_entries where action = ${action}`,
  );
  return Number(row!.n);
}

async function lastAudit() {
  const [row] = await queryRows<{
    actor_username: string;
    action: string;
    entity: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
  }>(db(), sql`select * from audit_entries order by id desc limit 1`);
  return row!;
}

async function staffId(username: string): Promise<number> {
  const list = StaffAccountsReply.parse(
    (await call(api, "GET", "/v1/admin/staff", { token: admin })).body,
  );
  return list.accounts.find((a) => a.username === username)!.id;
}

async function createStaff(username: string, roles: string[]): Promise<number> {
  const r = await call(api, "POST", "/v1/admin/staff", {
    token: admin,
    body: {
      username,
      employeeId: `E-${username}`,
      nameFirst: "Test",
      nameLast: username,
      roles,
      password: `${username}-password`,
    },
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

/** Every people call with a valid body (the matrix must cover the routes of this area). */
function peopleCalls(): { method: string; path: string; body?: unknown }[] {
  return [
    { method: "GET", path: "/v1/admin/staff/1" },
    { method: "PUT", path: "/v1/admin/staff/1/roles", body: { roles: ["instructor"] } },
    { method: "POST", path: "/v1/admin/staff/1/reactivate" },
    { method: "POST", path: "/v1/admin/staff/1/unlock" },
    { method: "GET", path: "/v1/admin/people" },
    { method: "GET", path: "/v1/admin/people/100002" },
    {
      method: "PUT",
      path: "/v1/admin/people/100002/financial-aid",
      body: { financialAid: "free" },
    },
    { method: "PUT", path: "/v1/admin/people/100002/activity-pass", body: { activityPass: true } },
    { method: "POST", path: "/v1/admin/people/100002/unlock" },
  ];
}
const PEOPLE_ROUTES = [
  "GET /v1/admin/staff/:id",
  "PUT /v1/admin/staff/:id/roles",
  "POST /v1/admin/staff/:id/reactivate",
  "POST /v1/admin/staff/:id/unlock",
  "GET /v1/admin/people",
  "GET /v1/admin/people/:id",
  "PUT /v1/admin/people/:id/financial-aid",
  "PUT /v1/admin/people/:id/activity-pass",
  "POST /v1/admin/people/:id/unlock",
];

describe("who may call the people calls", () => {
  it("every route is listed, for district_admin only", () => {
    const routes = ENDPOINTS.filter((r) => PEOPLE_ROUTES.includes(`${r.method} ${r.path}`));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...PEOPLE_ROUTES].sort());
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);
    const covered = peopleCalls().map((c) => c.method + c.path.replace(/\/\d+/, "/:id"));
    expect(covered.sort()).toEqual(PEOPLE_ROUTES.map((r) => r.replace(" ", "")).sort());
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "people-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
      ["a forged token", `${admin.slice(0, -4)}AAAA`, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of peopleCalls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });
});

describe("finding people", () => {
  const search = async (query: string) => {
    const r = await call(api, "GET", `/v1/admin/people?${query}`, { token: admin });
    expect(r.status).toBe(200);
    return PeoplePage.parse(r.body);
  };
  const everyone = () =>
    queryRows<{ id: number; kind: string; name_first: string; name_last: string }>(
      db(),
      sql`select id, kind, name_first, name_last from participants`,
    );

  it("pages everyone 50 at a time, by last name, first name and ID", async () => {
    const all = await everyone();
    const p1 = await search("");
    expect(p1.total).toBe(all.length);
    expect(p1.people).toHaveLength(50);
    const pages = [p1, await search("page=2"), await search("page=3"), await search("page=4")];
    const ids = pages.flatMap((p) => p.people.map((x) => x.id));
    expect(new Set(ids).size).toBe(all.length);
    const names = pages.flatMap((p) => p.people).map((x) => x.nameLast.toLowerCase());
    expect(names.slice(0, 50)).toEqual([...names.slice(0, 50)].sort());
    expect((await search("page=99")).people).toEqual([]);
  });

  it("finds by the start of an ID, and an exact ID (leading zeros dropped)", async () => {
    const one = await search("q=100037");
    expect(one.people.map((p) => p.id)).toEqual([100037]);
    expect((await search("q=000100037")).people.map((p) => p.id)).toEqual([100037]);
    const prefix = await search("q=10001");
    const expected = (await everyone()).filter((p) => String(p.id).startsWith("10001"));
    expect(prefix.total).toBe(expected.length);
    expect(prefix.people.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect((await search("q=200001")).people[0]).toMatchObject({
      kind: "community_member",
      nameLast: "Rivera",
    });
  });

  it("finds by the start of a first or last name in any case, every word", async () => {
    const all = await everyone();
    const starts = (text: string, word: string) => text.toLowerCase().startsWith(word);
    for (const q of ["JOHN", "garc", "chlo", "ava jo", "o'b"]) {
      const words = q.toLowerCase().split(" ");
      const expected = all.filter((p) =>
        words.every((w) => starts(p.name_first, w) || starts(p.name_last, w)),
      );
      expect(expected.length, q).toBeGreaterThan(0);
      const r = await search(`q=${encodeURIComponent(q)}`);
      expect(r.total, q).toBe(expected.length);
    }
    // A wildcard is a character, not "anything".
    expect((await search("q=%25")).total).toBe(0);
    expect((await search("q=_")).total).toBe(0);
    expect((await search("q=Rivera&kind=student")).total).toBe(0);
    expect((await search("q=Rivera&kind=community_member")).total).toBe(1);
  });

  it("refuses odd searches with a 400 naming the field", async () => {
    for (const [bad, field] of [
      [`q=${"a".repeat(101)}`, "q"],
      ["q=%00", "q"],
      ["page=0", "page"],
      ["kind=staff", "kind"],
      ["bogus=1", ""],
    ] as const) {
      const r = await call(api, "GET", `/v1/admin/people?${bad}`, { token: admin });
      expect(r.status, bad).toBe(400);
      if (field) expect(r.body.hint, bad).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("reads one person's details, registrations, fees, payments and sign-in", async () => {
    const r = await call(api, "GET", "/v1/admin/people/100001", { token: admin });
    expect(r.status).toBe(200);
    const p = PersonDetails.parse(r.body);
    expect(p).toMatchObject({ id: 100001, kind: "student", dob: "2012-01-15" });
    // The demo student 100001 has a due and a partial assessed fee.
    expect(p.assessedFees.map((a) => a.status).sort()).toEqual(
      expect.arrayContaining(["due", "partial"]),
    );
    expect(p.signIn).toEqual({ failures: 0, locked: false, until: null });
    expect((await call(api, "GET", "/v1/admin/people/999999", { token: admin })).status).toBe(404);
    for (const odd of ["0", "-1", "abc", "99999999999"]) {
      expect((await call(api, "GET", `/v1/admin/people/${odd}`, { token: admin })).status).toBe(
        400,
      );
    }
  });
});

describe("financial aid and the activity pass", () => {
  const athleticPass = async (token: string) => {
    const r = await call(api, "GET", "/v1/fees", { token });
    return r.body.find((f: { name: string }) => f.name === "Athletic Pass").price as number;
  };

  it("change the price the student sees, and are audited once per change", async () => {
    const student = await studentToken(api, "100002");
    expect(await athleticPass(student)).toBe(40);
    const aid = (financialAid: string) =>
      call(api, "PUT", "/v1/admin/people/100002/financial-aid", {
        token: admin,
        body: { financialAid },
      });
    expect((await aid("reduced")).body).toEqual({ changed: true });
    expect(await athleticPass(student)).toBe(15);
    expect(await lastAudit()).toMatchObject({
      action: "participant.financial-aid",
      entity: "participant",
      entity_id: "100002",
      actor_username: "admin",
      before: { financialAid: "none" },
      after: { financialAid: "reduced" },
    });
    expect((await aid("free")).status).toBe(200);
    expect(await athleticPass(student)).toBe(0);
    const before = await digest();
    expect((await aid("free")).body).toEqual({ changed: false });
    expect(await digest()).toBe(before);
    expect((await aid("none")).status).toBe(200);
    expect(await athleticPass(student)).toBe(40);

    const pass = (activityPass: boolean) =>
      call(api, "PUT", "/v1/admin/people/100002/activity-pass", {
        token: admin,
        body: { activityPass },
      });
    expect((await pass(true)).body).toEqual({ changed: true });
    expect(await athleticPass(student)).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: "participant.activity-pass",
      before: { activityPass: false },
      after: { activityPass: true },
    });
    expect((await pass(false)).status).toBe(200);
    expect(await athleticPass(student)).toBe(40);
    const details = PersonDetails.parse(
      (await call(api, "GET", "/v1/admin/people/100002", { token: admin })).body,
    );
    expect(details).toMatchObject({ financialAid: null, activityPass: false });
  });

  it("the same change five times at once is one change and one audit entry", async () => {
    const before = await auditCount("participant.financial-aid");
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "PUT", "/v1/admin/people/100006/financial-aid", {
          token: admin,
          body: { financialAid: "reduced" },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((r) => r.body.changed)).toHaveLength(1);
    expect(await auditCount("participant.financial-aid")).toBe(before + 1);
  });

  it.each([
    ["financial-aid", { financialAid: "half" }, "financialAid"],
    ["financial-aid", {}, "financialAid"],
    ["financial-aid", { financialAid: "free", extra: 1 }, ""],
    ["activity-pass", { activityPass: "yes" }, "activityPass"],
    ["activity-pass", {}, "activityPass"],
  ])("refuses a bad %s body %j with a 400, writing nothing", async (what, body, field) => {
    const before = await digest();
    const r = await call(api, "PUT", `/v1/admin/people/100007/${what}`, { token: admin, body });
    expect(r.status).toBe(400);
    if (field) expect(r.body.hint).toMatch(new RegExp(`^${field}: `));
    expect(await digest()).toBe(before);
  });

  it("another id: unknown is 404, odd is 400, nothing written", async () => {
    const before = await digest();
    const put = (id: string) =>
      call(api, "PUT", `/v1/admin/people/${id}/financial-aid`, {
        token: admin,
        body: { financialAid: "free" },
      });
    expect((await put("999999")).status).toBe(404);
    expect((await put("abc")).status).toBe(400);
    expect((await put("0")).status).toBe(400);
    expect(await digest()).toBe(before);
  });
});

describe("unlocking a sign-in", () => {
  // Each attempt from its own address: these tests are about the person's lock, and an address's
  // failures that are not typos are few (decision 136).
  let address = 0;
  const elsewhere = () => ({ "X-Forwarded-For": `198.51.100.${++address}` });
  const signIn = (studentId: string, dob: string) =>
    call(api, "POST", "/v1/student", { body: { studentId, dob }, headers: elsewhere() });

  it("a locked student signs in again after the unlock; the audit keeps the lock", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("100031", "2000-01-01")).status).toBe(401);
    expect((await signIn("100031", "2012-01-15")).status).toBe(429);
    const locked = PersonDetails.parse(
      (await call(api, "GET", "/v1/admin/people/100031", { token: admin })).body,
    );
    expect(locked.signIn).toMatchObject({ failures: 5, locked: true });
    expect(Date.parse(locked.signIn.until!)).toBeGreaterThan(api.clock.now().getTime());

    const r = await call(api, "POST", "/v1/admin/people/100031/unlock", { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ cleared: true, signIn: { failures: 0, locked: false, until: null } });
    expect(await lastAudit()).toMatchObject({
      action: "participant.unlock",
      entity: "participant",
      entity_id: "100031",
      before: { failures: 5, locked: true },
      after: { failures: 0, locked: false },
    });
    expect((await signIn("100031", "2012-01-15")).status).toBe(200);
    // Nothing left to clear: refused, nothing recorded.
    const before = await digest();
    expect(
      (await call(api, "POST", "/v1/admin/people/100031/unlock", { token: admin })).status,
    ).toBe(409);
    expect(await digest()).toBe(before);
  });

  it("the mail telling of a lock names the district as the settings do", async () => {
    const put = (districtName: string) =>
      call(api, "PUT", "/v1/admin/settings", { token: admin, body: { districtName } });
    expect((await put("Riverside Unified")).status).toBe(200);
    for (let i = 0; i < 5; i++) await signIn("100033", "2000-01-01");
    const mail = (await api.outbox()).filter((m: { to: string }) =>
      m.to.includes("100033@example.org"),
    );
    expect(mail.length).toBeGreaterThan(0);
    expect(JSON.stringify(mail)).toContain("Riverside Unified");
    expect((await put("School District")).status).toBe(200);
  });

  it("five unlocks at once clear one lock and record one entry", async () => {
    for (let i = 0; i < 5; i++) await signIn("100032", "2000-01-01");
    const before = await auditCount("participant.unlock");
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/admin/people/100032/unlock", { token: admin }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await auditCount("participant.unlock")).toBe(before + 1);
  });

  it("a locked staff sign-in is unlocked from the staff account", async () => {
    const id = await createStaff("lockedteacher", ["instructor"]);
    const login = (password: string) =>
      call(api, "POST", "/v1/instructor", {
        body: { username: "LockedTeacher", password },
        headers: elsewhere(),
      });
    for (let i = 0; i < 5; i++) expect((await login("wrong-password")).status).toBe(401);
    expect((await login("lockedteacher-password")).status).toBe(429);
    const details = StaffAccountDetails.parse(
      (await call(api, "GET", `/v1/admin/staff/${id}`, { token: admin })).body,
    );
    expect(details.signIn).toMatchObject({ failures: 5, locked: true });
    const r = await call(api, "POST", `/v1/admin/staff/${id}/unlock`, { token: admin });
    expect(r.status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: "staff.unlock", entity_id: String(id) });
    expect((await login("lockedteacher-password")).status).toBe(200);
    expect((await call(api, "GET", "/v1/admin/staff/999999", { token: admin })).status).toBe(404);
  });
});

describe("staff roles and reactivation", () => {
  it("a role change reaches a live token at once; the new sign-in has the new roles", async () => {
    const id = await createStaff("roleperson", ["instructor"]);
    api.clock.advance(2_000);
    const open = await staffToken(api, "roleperson", "roleperson-password");
    expect((await call(api, "GET", "/v1/admin/people", { token: open })).status).toBe(403);
    api.clock.advance(2_000);
    const r = await call(api, "PUT", `/v1/admin/staff/${id}/roles`, {
      token: admin,
      body: { roles: ["district_admin", "instructor"] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      changed: true,
      account: { roles: ["instructor", "district_admin"] },
    });
    expect(await lastAudit()).toMatchObject({
      action: "staff.roles",
      entity_id: String(id),
      before: { roles: ["instructor"] },
      after: { roles: ["instructor", "district_admin"], sessionsEnded: true },
    });
    // The old token is refused at its next call, and cannot be refreshed.
    expect((await call(api, "GET", "/v1/identity/me", { token: open })).status).toBe(401);
    expect((await call(api, "POST", "/v1/identity/refresh-token", { token: open })).status).toBe(
      401,
    );
    api.clock.advance(2_000);
    const promoted = await staffToken(api, "roleperson", "roleperson-password");
    expect((await call(api, "GET", "/v1/admin/people", { token: promoted })).status).toBe(200);

    // Taking the role away stops the live administrator's token at once too.
    api.clock.advance(2_000);
    expect(
      (
        await call(api, "PUT", `/v1/admin/staff/${id}/roles`, {
          token: admin,
          body: { roles: ["instructor"] },
        })
      ).status,
    ).toBe(200);
    expect((await call(api, "GET", "/v1/admin/people", { token: promoted })).status).toBe(401);
    api.clock.advance(2_000);
    const demoted = await staffToken(api, "roleperson", "roleperson-password");
    expect((await call(api, "GET", "/v1/admin/people", { token: demoted })).status).toBe(403);
  });

  it("the same roles again change nothing, even five times at once", async () => {
    const id = await staffId("roleperson");
    const before = await digest();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "PUT", `/v1/admin/staff/${id}/roles`, {
          token: admin,
          body: { roles: ["instructor", "instructor"] },
        }),
      ),
    );
    expect(replies.map((r) => [r.status, r.body.changed])).toEqual(
      Array.from({ length: 5 }, () => [200, false]),
    );
    expect(await digest()).toBe(before);
  });

  it("five different requests for one change at once make one change", async () => {
    const id = await staffId("roleperson");
    const before = await auditCount("staff.roles");
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "PUT", `/v1/admin/staff/${id}/roles`, {
          token: admin,
          body: { roles: ["instructor", "fee_proposer"] },
        }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.changed)).toHaveLength(1);
    expect(await auditCount("staff.roles")).toBe(before + 1);
  });

  it("an administrator cannot remove their own administrator role", async () => {
    const me = await staffId("admin");
    const before = await digest();
    const r = await call(api, "PUT", `/v1/admin/staff/${me}/roles`, {
      token: admin,
      body: { roles: ["instructor"] },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/own administrator role/);
    expect(await digest()).toBe(before);
    expect((await call(api, "GET", "/v1/admin/people", { token: admin })).status).toBe(200);
  });

  it("two administrators taking each other's role at once leave one administrator", async () => {
    const other = await createStaff("secondadmin", ["district_admin"]);
    api.clock.advance(2_000);
    const second = await staffToken(api, "secondadmin", "secondadmin-password");
    const me = await staffId("admin");
    const [a, b] = await Promise.all([
      call(api, "PUT", `/v1/admin/staff/${other}/roles`, {
        token: admin,
        body: { roles: ["instructor"] },
      }),
      call(api, "PUT", `/v1/admin/staff/${me}/roles`, {
        token: second,
        body: { roles: ["instructor"] },
      }),
    ]);
    // One wins; the other is refused: the last administrator keeps the role (409), or the
    // loser's own session ended first (401).
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].every((s) => [200, 401, 409].includes(s))).toBe(true);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from staff where active and 'district_admin' = any(roles)`,
    );
    expect(Number(row!.n)).toBe(1);
    // Put things back for the tests after: `admin` is the administrator again if it lost.
    if (b.status === 200) {
      admin = await staffToken(api, "secondadmin", "secondadmin-password");
      api.clock.advance(2_000);
      await call(api, "PUT", `/v1/admin/staff/${me}/roles`, {
        token: admin,
        body: { roles: ["district_admin"] },
      });
      api.clock.advance(2_000);
      admin = await staffToken(api, "admin");
    }
  });

  it("refuses bad roles with a 400 naming the field, writing nothing", async () => {
    const id = await staffId("roleperson");
    for (const [body, field] of [
      [{ roles: [] }, "roles"],
      [{ roles: ["superuser"] }, "roles.0"],
      [{}, "roles"],
      [{ roles: ["instructor"], username: "x" }, ""],
    ] as const) {
      const before = await digest();
      const r = await call(api, "PUT", `/v1/admin/staff/${id}/roles`, { token: admin, body });
      expect(r.status).toBe(400);
      if (field) expect(r.body.hint).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
      expect(await digest()).toBe(before);
    }
    const put = (path: string) =>
      call(api, "PUT", path, { token: admin, body: { roles: ["instructor"] } });
    expect((await put("/v1/admin/staff/999999/roles")).status).toBe(404);
    expect((await put("/v1/admin/staff/abc/roles")).status).toBe(400);
  });

  it("a deactivated account is reactivated and signs in again; once is enough", async () => {
    const id = await createStaff("comeback", ["instructor"]);
    expect(
      (await call(api, "POST", `/v1/admin/staff/${id}/deactivate`, { token: admin })).status,
    ).toBe(200);
    const login = () =>
      call(api, "POST", "/v1/instructor", {
        body: { username: "comeback", password: "comeback-password" },
      });
    expect((await login()).status).toBe(401);
    const r = await call(api, "POST", `/v1/admin/staff/${id}/reactivate`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: "staff.reactivate",
      entity_id: String(id),
      before: { active: false },
      after: { active: true },
    });
    api.clock.advance(2_000);
    expect((await login()).status).toBe(200);
    const before = await digest();
    expect(
      (await call(api, "POST", `/v1/admin/staff/${id}/reactivate`, { token: admin })).status,
    ).toBe(409);
    expect(await digest()).toBe(before);
  });
});
