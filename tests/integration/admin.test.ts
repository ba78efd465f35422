// The district administration over HTTP (decision 119): only a district_admin may call
// /v1/admin (a matrix of every other kind of caller, nothing written), bad input is a 4xx naming
// the field with nothing written, and every change leaves an audit entry with its values before
// and after, in the same transaction.
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
import { ENDPOINTS } from "../../domain/contract/endpoints";
import { AdminSettings, AuditPage, StaffAccountsReply } from "@domain/contract/admin";
import { Settings } from "@domain/contract/identity";

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await staffToken(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.database.db;

/** What an admin call may change: the settings, the window, the staff and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select data::text from settings where id = 1) ||
      coalesce((select starts_at::text || ends_at::text from maintenance where id = 1), '-') ||
      (select string_agg(username || password_hash || active::text || coalesce(sessions_ended_at::text, ''), ',' order by id) from staff) ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function lastAudit() {
  const [row] = await queryRows<{
    actor_username: string;
    actor_employee_id: string;
    action: string;
    entity: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
  }>(db(), sql`select * from audit_entries order by id desc limit 1`);
  return row!;
}

const future = (hours: number) =>
  new Date(api.clock.now().getTime() + hours * 3_600_000).toISOString();

/** The fees' calls have their own matrix (tests/integration/admin-fees.test.ts). */
const FEE_ADMIN = /^\/v1\/admin\/(fees|assessed-fees|fee-groups)(\/|$)/;

/** Every admin call with a valid body (the matrix below must cover the route table). */
function adminCalls(): { method: string; path: string; body?: unknown }[] {
  return [
    { method: "GET", path: "/v1/admin/settings" },
    { method: "PUT", path: "/v1/admin/settings", body: { gradeLabel: "Grade level" } },
    { method: "GET", path: "/v1/admin/maintenance" },
    { method: "PUT", path: "/v1/admin/maintenance", body: { start: future(24), end: future(26) } },
    { method: "DELETE", path: "/v1/admin/maintenance" },
    { method: "GET", path: "/v1/admin/staff" },
    {
      method: "POST",
      path: "/v1/admin/staff",
      body: {
        username: "matrix",
        employeeId: "M0001",
        nameFirst: "Mat",
        nameLast: "Rix",
        roles: ["instructor"],
        password: "matrix-password-1",
      },
    },
    { method: "POST", path: "/v1/admin/staff/1/password", body: { password: "new-password-99" } },
    { method: "POST", path: "/v1/admin/staff/1/deactivate" },
    // People (tests/integration/admin-people.test.ts has their own matrix).
    { method: "GET", path: "/v1/admin/staff/1" },
    { method: "PUT", path: "/v1/admin/staff/1/roles", body: { roles: ["instructor"] } },
    { method: "POST", path: "/v1/admin/staff/1/reactivate" },
    { method: "POST", path: "/v1/admin/staff/1/unlock" },
    { method: "GET", path: "/v1/admin/people" },
    { method: "GET", path: "/v1/admin/people/1" },
    { method: "PUT", path: "/v1/admin/people/1/financial-aid", body: { financialAid: "free" } },
    { method: "PUT", path: "/v1/admin/people/1/activity-pass", body: { activityPass: true } },
    { method: "POST", path: "/v1/admin/people/1/unlock" },
    // Schools and school years (tests/integration/admin-schools.test.ts has their own matrix).
    { method: "GET", path: "/v1/admin/schools" },
    { method: "POST", path: "/v1/admin/schools", body: { shortName: "MX", fullName: "Matrix" } },
    { method: "PUT", path: "/v1/admin/schools/1", body: { shortName: "MX", fullName: "Matrix" } },
    { method: "POST", path: "/v1/admin/school-years", body: { year: "2030-2031" } },
    { method: "PUT", path: "/v1/admin/school-years/1", body: { year: "2030-2031" } },
    { method: "GET", path: "/v1/admin/audit" },
    { method: "GET", path: "/v1/admin/audit/export" },
    // The district's texts in Spanish (tests/integration/district-texts.test.ts has its own).
    { method: "GET", path: "/v1/admin/district-texts" },
    {
      method: "PUT",
      path: "/v1/admin/district-texts",
      body: { entity: "fee", entityId: "1", field: "name", spanish: "Matriz" },
    },
  ];
}

describe("who may call /v1/admin", () => {
  it("the matrix covers every /v1/admin route", () => {
    // Programs, courses and sections have their own matrix (admin-catalogue.test.ts).
    const catalogue = /^\/v1\/admin\/(programs|courses|sections|section-options)/;
    const routes = ENDPOINTS.filter(
      (r) => r.path.startsWith("/v1/admin") && !FEE_ADMIN.test(r.path),
    )
      // The student import's calls have their own matrix (admin-imports.test.ts).
      .filter((r) => !r.path.startsWith("/v1/admin/imports"))
      .filter((r) => !catalogue.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(":id", "1")}`)
      .sort();
    expect(
      adminCalls()
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
    ).toEqual(routes);
    for (const r of ENDPOINTS.filter(
      (r) => r.path.startsWith("/v1/admin") && !FEE_ADMIN.test(r.path),
    )) {
      expect(r.roles).toEqual(["district_admin"]);
    }
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const signedOut = await staffToken(api, "admin");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: signedOut })).status).toBe(
      204,
    );
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "matrix-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      // No token, or one whose session ended: 401, as for every call (spec 01 §4).
      ["no token", undefined, 401],
      ["a signed-out administrator", signedOut, 401],
      ["a forged token", `${admin.slice(0, -4)}AAAA`, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of adminCalls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });
});

describe("settings", () => {
  it("an administrator reads them with the durations and the district's texts", async () => {
    const r = await call(api, "GET", "/v1/admin/settings", { token: admin });
    expect(r.status).toBe(200);
    const s = AdminSettings.parse(r.body);
    expect(s).toMatchObject({
      cartHoldMinutes: 15,
      paymentWindowMinutes: 15,
      districtName: "School District",
      checkPayableTo: "School District",
    });
    expect(s.checkMailingAddress).toContain("100 Main Street");
  });

  it("writes the home message; families read it; the audit entry has before and after", async () => {
    const r = await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { homeMessage: { show: true, message: "Fall registration opens Monday." } },
    });
    expect(r.status).toBe(200);
    expect(r.body.changed).toEqual(["homeMessage"]);
    const pub = Settings.parse((await call(api, "GET", "/v1/settings")).body);
    expect(pub.homeMessage).toEqual({ show: true, message: "Fall registration opens Monday." });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actor_username: "admin",
      actor_employee_id: "E1005",
      action: "settings.change",
      entity: "settings",
      after: { homeMessage: { show: true, message: "Fall registration opens Monday." } },
    });
    expect((entry.before as { homeMessage: { message: string } }).homeMessage.message).toContain(
      "Summer registration",
    );
  });

  it("records only what changed, and nothing when nothing did", async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_entries`))[0]!
        .n;
    const n = await count();
    const same = await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { homeMessage: { show: true, message: "Fall registration opens Monday." } },
    });
    expect(same.body.changed).toEqual([]);
    expect(await count()).toBe(n);
  });

  it("the durations drive the cart hold and the payment window; cartCountdownTimer follows", async () => {
    const r = await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { cartHoldMinutes: 20, paymentWindowMinutes: 30, districtName: "Springfield Schools" },
    });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({ cartHoldMinutes: 20, paymentWindowMinutes: 30 });
    const pub = Settings.parse((await call(api, "GET", "/v1/settings")).body);
    expect(pub.cartCountdownTimer).toBe("20");
    expect(pub.districtName).toBe("Springfield Schools");
    // A registration that needs payment is held for the payment window.
    const token = await studentToken(api, "100022");
    const [section] = await queryRows<{ id: string }>(
      db(),
      sql`select s.id from course_sections s join programs p on p.id = s.program_id
          where s.cost_cents > 0 and s.seats_taken < s.capacity and p.open
            and not p.requires_survey and not exists (select 1 from course_questions q where q.course_section_id = s.id)
          order by s.id limit 1`,
    );
    const reg = await call(api, "POST", `/v1/register/${section!.id}`, {
      token,
      body: { reason: "" },
    });
    if (reg.status === 200) expect(reg.body.timeout).toBe(30);
    await call(api, "PUT", "/v1/admin/settings", {
      token: admin,
      body: { cartHoldMinutes: 15, paymentWindowMinutes: 15, districtName: "School District" },
    });
  });

  it.each([
    ["NUL in a text", { logInMessage: "a\u0000b" }, "logInMessage"],
    ["a huge text", { instructions: "x".repeat(20_001) }, "instructions"],
    ["a negative duration", { cartHoldMinutes: -5 }, "cartHoldMinutes"],
    ["a fractional duration", { paymentWindowMinutes: 1.5 }, "paymentWindowMinutes"],
    ["a day of minutes and more", { paymentWindowMinutes: 1441 }, "paymentWindowMinutes"],
    [
      "a lost placeholder",
      { registrationPaymentConfirmed: "Thanks!" },
      "registrationPaymentConfirmed",
    ],
    ["an empty district name", { districtName: "  " }, "districtName"],
    ["a line break in the grade label", { gradeLabel: "a\nb" }, "gradeLabel"],
    ["an unknown setting", { somethingElse: "x" }, ""],
    [
      "a text where a flag belongs",
      { homeMessage: { show: "yes", message: "x" } },
      "homeMessage.show",
    ],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_what, body, field) => {
    const before = await digest();
    const r = await call(api, "PUT", "/v1/admin/settings", { token: admin, body });
    expect(r.status).toBe(400);
    if (field) expect(r.body.hint).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
    expect(await digest()).toBe(before);
  });
});

describe("the maintenance window", () => {
  it("schedules a window families' status shows, and cancels it, with audit entries", async () => {
    const start = future(48);
    const end = future(50);
    const r = await call(api, "PUT", "/v1/admin/maintenance", {
      token: admin,
      body: { start, end },
    });
    expect(r.status).toBe(200);
    const status = await call(api, "GET", "/status.json");
    expect(status.body).toEqual({ state: 1, start, end });
    const scheduled = await lastAudit();
    expect(scheduled).toMatchObject({
      action: "maintenance.schedule",
      entity: "maintenance",
      after: { start, end },
      before: { start: "2026-01-01T02:00:00.000Z", end: "2026-01-01T04:00:00.000Z" },
    });
    const cancelled = await call(api, "DELETE", "/v1/admin/maintenance", { token: admin });
    expect(cancelled.status).toBe(200);
    expect((await call(api, "GET", "/status.json")).body).toEqual({
      state: 1,
      start: null,
      end: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: "maintenance.cancel",
      before: { start, end },
      after: { start: null, end: null },
    });
    // Nothing left to cancel.
    expect((await call(api, "DELETE", "/v1/admin/maintenance", { token: admin })).status).toBe(409);
  });

  it.each([
    [
      "February 31",
      { start: "2026-02-31T10:00:00.000Z", end: "2026-03-01T10:00:00.000Z" },
      "start",
    ],
    [
      "an end before the start",
      { start: "2099-01-02T10:00:00Z", end: "2099-01-01T10:00:00Z" },
      "end",
    ],
    [
      "an end equal to the start",
      { start: "2099-01-02T10:00:00Z", end: "2099-01-02T10:00:00Z" },
      "end",
    ],
    [
      "a date without a zone",
      { start: "2099-01-02T10:00:00", end: "2099-01-03T10:00:00Z" },
      "start",
    ],
    [
      "NUL in a date",
      { start: "2099-01-02T10:00:00Z\u0000", end: "2099-01-03T10:00:00Z" },
      "start",
    ],
    ["no end", { start: "2099-01-02T10:00:00Z" }, "end"],
    ["year 10000", { start: "2099-01-02T10:00:00Z", end: "+010000-01-03T10:00:00Z" }, "end"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_what, body, field) => {
    const before = await digest();
    const r = await call(api, "PUT", "/v1/admin/maintenance", { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body.hint).toMatch(new RegExp(`^${field}: `));
    expect(await digest()).toBe(before);
  });
});

describe("staff accounts", () => {
  const newAccount = {
    username: "newteacher",
    employeeId: "E2001",
    nameFirst: "Nia",
    nameLast: "Teacher",
    email: "nia@example.org",
    roles: ["instructor", "fee_proposer"],
    password: "first-password-1",
  };
  let id: number;

  it("creates an account that signs in with its roles; the audit has no password", async () => {
    const r = await call(api, "POST", "/v1/admin/staff", { token: admin, body: newAccount });
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({ username: "newteacher", active: true });
    const login = await call(api, "POST", "/v1/instructor", {
      body: { username: "newteacher", password: "first-password-1" },
    });
    expect(login.status).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: "staff.create",
      entity: "staff",
      entity_id: String(id),
      before: null,
      after: { username: "newteacher", roles: ["instructor", "fee_proposer"], active: true },
    });
    expect(JSON.stringify(entry)).not.toContain("first-password-1");
    expect(JSON.stringify(entry)).not.toContain("scrypt");
    const list = StaffAccountsReply.parse(
      (await call(api, "GET", "/v1/admin/staff", { token: admin })).body,
    );
    expect(list.accounts.map((a) => a.username)).toContain("newteacher");
    expect(JSON.stringify(list)).not.toContain("scrypt");
  });

  it.each([
    ["a taken username (other case)", { username: "NewTeacher", employeeId: "E2999" }, 409, ""],
    ["a taken employee id", { username: "someone", employeeId: "E2001" }, 409, ""],
    [
      "a role not on the list",
      { username: "r1", employeeId: "R1", roles: ["superuser"] },
      400,
      "roles.0",
    ],
    ["no role", { username: "r2", employeeId: "R2", roles: [] }, 400, "roles"],
    ["a short password", { username: "r3", employeeId: "R3", password: "short" }, 400, "password"],
    ["NUL in a name", { username: "r4", employeeId: "R4", nameFirst: "A\u0000" }, 400, "nameFirst"],
    ["a space in the username", { username: "r 5", employeeId: "R5" }, 400, "username"],
  ])("refuses %s, writing nothing", async (_what, over, status, field) => {
    const before = await digest();
    const r = await call(api, "POST", "/v1/admin/staff", {
      token: admin,
      body: { ...newAccount, ...over },
    });
    expect(r.status).toBe(status);
    if (field) expect(r.body.hint).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
    expect(await digest()).toBe(before);
  });

  it("a password reset ends their open sessions; the new password signs in", async () => {
    const open = await staffToken(api, "newteacher", "first-password-1");
    api.clock.advance(2_000);
    const r = await call(api, "POST", `/v1/admin/staff/${id}/password`, {
      token: admin,
      body: { password: "second-password-2" },
    });
    expect(r.status).toBe(200);
    expect((await call(api, "GET", "/v1/identity/me", { token: open })).status).toBe(401);
    expect((await call(api, "POST", "/v1/identity/refresh-token", { token: open })).status).toBe(
      401,
    );
    const login = (password: string) =>
      call(api, "POST", "/v1/instructor", { body: { username: "newteacher", password } });
    expect((await login("first-password-1")).status).toBe(401);
    api.clock.advance(2_000);
    const again = await login("second-password-2");
    expect(again.status).toBe(200);
    expect(
      (await call(api, "GET", "/v1/identity/me", { token: again.body.accessToken })).status,
    ).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "staff.reset-password",
      entity_id: String(id),
      after: { passwordChanged: true, sessionsEnded: true },
    });
    expect(JSON.stringify(await lastAudit())).not.toContain("second-password-2");
  });

  it("deactivation ends an open session at its next call, and sign-in and refresh stop", async () => {
    api.clock.advance(2_000);
    const open = await staffToken(api, "newteacher", "second-password-2");
    expect((await call(api, "GET", "/v1/myFees/", { token: open })).status).toBe(200);
    api.clock.advance(2_000);
    const r = await call(api, "POST", `/v1/admin/staff/${id}/deactivate`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(false);
    expect((await call(api, "GET", "/v1/myFees/", { token: open })).status).toBe(401);
    expect((await call(api, "POST", "/v1/identity/refresh-token", { token: open })).status).toBe(
      401,
    );
    const login = await call(api, "POST", "/v1/instructor", {
      body: { username: "newteacher", password: "second-password-2" },
    });
    expect(login.status).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: "staff.deactivate",
      before: { active: true },
      after: { active: false, sessionsEnded: true },
    });
    // Once is enough; other staff are untouched.
    expect(
      (await call(api, "POST", `/v1/admin/staff/${id}/deactivate`, { token: admin })).status,
    ).toBe(409);
    const instructor = await staffToken(api, "instructor");
    expect((await call(api, "GET", "/v1/identity/me", { token: instructor })).status).toBe(200);
  });

  it("an administrator cannot deactivate themselves; unknown ids are 404 and odd ids 400", async () => {
    const list = StaffAccountsReply.parse(
      (await call(api, "GET", "/v1/admin/staff", { token: admin })).body,
    );
    const me = list.accounts.find((a) => a.username === "admin")!;
    const before = await digest();
    expect(
      (await call(api, "POST", `/v1/admin/staff/${me.id}/deactivate`, { token: admin })).status,
    ).toBe(409);
    expect(
      (await call(api, "POST", "/v1/admin/staff/999999/deactivate", { token: admin })).status,
    ).toBe(404);
    for (const odd of ["0", "-1", "abc", "99999999999"]) {
      expect(
        (await call(api, "POST", `/v1/admin/staff/${odd}/deactivate`, { token: admin })).status,
      ).toBe(400);
    }
    expect(await digest()).toBe(before);
  });
});

describe("the audit trail", () => {
  it("pages on the server, newest first, and filters by who, action, entity and time", async () => {
    const all = AuditPage.parse((await call(api, "GET", "/v1/admin/audit", { token: admin })).body);
    expect(all.total).toBeGreaterThanOrEqual(8);
    expect(all.entries[0]!.action).toBe("staff.deactivate");
    const ats = all.entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const q = (query: string) =>
      call(api, "GET", `/v1/admin/audit?${query}`, { token: admin }).then((r) =>
        AuditPage.parse(r.body),
      );
    const staffOnly = await q("entity=staff");
    expect(staffOnly.entries.every((e) => e.entity === "staff")).toBe(true);
    expect((await q("action=maintenance.cancel")).total).toBe(1);
    expect((await q("actor=ADMIN")).total).toBe(all.total);
    expect((await q("actor=nobody")).total).toBe(0);
    expect((await q(`from=${future(1)}`)).total).toBe(0);
    expect((await q(`to=2000-01-01T00:00:00Z`)).total).toBe(0);
    expect((await q(`from=2000-01-01T00:00:00Z&to=${future(1)}`)).total).toBe(all.total);
    expect((await q("page=99")).entries).toEqual([]);
  });

  it("pages hold 50 entries", async () => {
    for (let i = 0; i < 55; i++) {
      await call(api, "PUT", "/v1/admin/settings", {
        token: admin,
        body: { gradeLabel: `Grade ${i}` },
      });
    }
    const page1 = AuditPage.parse(
      (await call(api, "GET", "/v1/admin/audit", { token: admin })).body,
    );
    const page2 = AuditPage.parse(
      (await call(api, "GET", "/v1/admin/audit?page=2", { token: admin })).body,
    );
    expect(page1.entries).toHaveLength(50);
    expect(page2.entries.length).toBe(page1.total - 50);
    expect(new Set([...page1.entries, ...page2.entries].map((e) => e.id)).size).toBe(page1.total);
  });

  it("exports every matching entry, and refuses odd filters with a 400", async () => {
    const r = await call(api, "GET", "/v1/admin/audit/export?entity=settings", { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.truncated).toBe(false);
    expect(r.body.entries.length).toBeGreaterThanOrEqual(55);
    for (const bad of ["from=2026-02-31T00:00:00Z", "page=0", "actor=%00", "bogus=1"]) {
      expect((await call(api, "GET", `/v1/admin/audit?${bad}`, { token: admin })).status).toBe(400);
    }
  });
});
