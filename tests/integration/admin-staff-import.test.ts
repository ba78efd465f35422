// The staff import over HTTP (decision 128): only a district_admin may call it; a dry
// run changes no account; a real run applies every row or none, and a second run of the same file
// writes nothing; a full export marks an imported staff member it no longer has inactive (never
// the administrator, never an account made on the staff page); an imported staff member has no
// password, and once an administrator sets one signs in with the mapped roles; a re-import keeps
// the password, the roles an administrator added and an administrator's deactivation.
import { readFileSync } from "node:fs";
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
import { ImportRunPage } from "@domain/contract/admin-imports";

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
const fixture = (name: string) => readFileSync(`tests/fixtures/imports/${name}`, "utf8");

/** Everything a staff import may change: the accounts and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(s::text, ',' order by id) from staff s) ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function upload(name: string, content: string, token = admin) {
  const r = await fetch(`${api.baseUrl}/v1/admin/imports/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
    body: content,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function uploadAll(files: [string, string][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [name, content] of files) {
    const r = await upload(name, content);
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  return ids;
}

async function run(files: string[], opts: { dryRun: boolean; full?: boolean }) {
  const r = await call(api, "POST", "/v1/admin/imports/staff", {
    token: admin,
    body: { files, dryRun: opts.dryRun, full: opts.full ?? false },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; status: string; summary: Record<string, number> };
}

async function report(id: string) {
  const r = await call(api, "GET", `/v1/admin/imports/runs/${id}`, { token: admin });
  expect(r.status).toBe(200);
  return ImportRunPage.parse(r.body);
}

const auditCount = async () =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_entries where action = 'import.staff'`,
    )
  )[0]!.n;

const account = async (employeeId: string) =>
  (
    await queryRows<{
      id: number;
      username: string;
      email: string | null;
      roles: string[];
      active: boolean;
      hasPassword: boolean;
      schoolId: number | null;
      nameLast: string;
    }>(
      db(),
      sql`select id, username, email, roles, active, password_hash is not null as "hasPassword",
          school_id as "schoolId", name_last as "nameLast"
        from staff where employee_id = ${employeeId}`,
    )
  )[0];

const signIn = (username: string, password: string) =>
  call(api, "POST", "/v1/instructor", { body: { username, password } });

const rolesOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")).role as string[];

const csv = (...lines: string[]) =>
  ["employee_id,first_name,last_name,roles,email,username,school", ...lines].join("\n") + "\n";

describe("who may import staff", () => {
  it("POST /v1/admin/imports/staff is for district_admin only; others get 403 or 401", async () => {
    const [fileId] = await uploadAll([["staff.csv", fixture("plain-staff.csv")]]);
    const before = await digest();
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["guest", await guestToken(api, "staff-import-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["business office", await staffToken(api, "office"), 403],
      ["no token", undefined, 401],
    ];
    for (const [who, token, status] of callers) {
      const r = await call(api, "POST", "/v1/admin/imports/staff", {
        token,
        body: { files: [fileId], dryRun: false },
      });
      expect(`${who} ${r.status}`).toBe(`${who} ${status}`);
    }
    expect(await digest()).toBe(before);
  });

  it("is a 400 naming the field for bad input, with nothing written", async () => {
    const before = await digest();
    const bad = await call(api, "POST", "/v1/admin/imports/staff", {
      token: admin,
      body: { files: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.hint).toMatch(/files/);
    const [noColumns] = await uploadAll([["staff.csv", "employee_id,first_name\nS1,A\n"]]);
    const r = await call(api, "POST", "/v1/admin/imports/staff", {
      token: admin,
      body: { files: [noColumns], dryRun: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/lacks the columns last_name, roles/);
    const [users] = await uploadAll([["users.csv", fixture("oneroster-staff/users.csv")]]);
    const partial = await call(api, "POST", "/v1/admin/imports/staff", {
      token: admin,
      body: { files: [users], dryRun: false },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/needs orgs.csv/);
    expect(await digest()).toBe(before);
  });
});

describe("importing staff", () => {
  it("a dry run reports per row and changes no account", async () => {
    const ids = await uploadAll([["staff.csv", fixture("plain-staff.csv")]]);
    const before = await digest();
    const dry = await run(ids, { dryRun: true });
    expect(dry.status).toBe("dry-run");
    expect(dry.summary).toMatchObject({ created: 4, updated: 0, refused: 0 });
    expect(await digest()).toBe(before);
    expect(await account("S7001")).toBeUndefined();
  });

  it("a file with refused rows applies nothing and says why per row", async () => {
    const ids = await uploadAll([["staff.csv", fixture("plain-staff-refused.csv")]]);
    const before = await digest();
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("refused");
    expect(r.summary).toMatchObject({ created: 1, refused: 6 });
    expect(await digest()).toBe(before);
    expect(await account("S8001")).toBeUndefined();
    const rep = await report(r.id);
    expect(rep.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, "created"],
      [3, "refused"],
      [4, "refused"],
      [5, "refused"],
      [6, "refused"],
      [7, "refused"],
      [8, "refused"],
    ]);
    expect(rep.rows[2]!.reason).toMatch(/role "janitor" is unknown/);
    expect(rep.rows[3]!.reason).toMatch(/malformed.*school "Nowhere High" is unknown/);
    expect(rep.rows[4]!.reason).toMatch(/already on line 2/);
    expect(rep.rows[5]!.reason).toMatch(/district_admin/);
    const exported = await call(api, "GET", `/v1/admin/imports/runs/${r.id}/export`, {
      token: admin,
    });
    expect(exported.body).toMatchObject({ kind: "staff" });
  });

  it("a user name another account has is refused", async () => {
    const ids = await uploadAll([["staff.csv", csv("S7100,Ann,Other,teacher,,Instructor,")]]);
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("refused");
    expect((await report(r.id)).rows[0]!.reason).toMatch(/another staff account/);
  });

  it("a real run creates accounts without password; a second run changes nothing", async () => {
    const ids = await uploadAll([["staff.csv", fixture("plain-staff.csv")]]);
    const audits = await auditCount();
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("applied");
    expect(r.summary).toMatchObject({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await queryRows<{ after: Record<string, unknown>; actor: string }>(
      db(),
      sql`select after, actor_username as actor from audit_entries
        where action = 'import.staff' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      actor: "admin",
      after: { created: 4, updated: 0, refused: 0, deactivated: 0, full: false },
    });
    expect(await account("S7001")).toMatchObject({
      username: "qsampleton",
      roles: ["instructor"],
      active: true,
      hasPassword: false,
      schoolId: expect.any(Number),
    });
    expect(await account("S7002")).toMatchObject({
      username: "S7002",
      nameLast: "Madeup, Jr.",
      roles: ["instructor", "fee_proposer"],
    });
    const before = await digest();
    const again = await run(ids, { dryRun: false });
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(await digest()).toBe(before);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("an imported staff member signs in once an administrator sets a password, with the mapped roles", async () => {
    expect((await signIn("qsampleton", "any-password-1")).status).toBe(401);
    expect((await signIn("S7002", "any-password-1")).status).toBe(401);
    const { id } = (await account("S7002"))!;
    const reset = await call(api, "POST", `/v1/admin/staff/${id}/password`, {
      token: admin,
      body: { password: "imported-pass-1" },
    });
    expect(reset.status).toBe(200);
    // A reset ends sessions up to this second; the next sign-in is a second later.
    api.clock.advance(2_000);
    const login = await signIn("s7002", "imported-pass-1");
    expect(login.status).toBe(200);
    expect(rolesOf(login.body.accessToken)).toEqual(["instructor", "fee_proposer"]);
    // The imported roles give what they say and nothing more: no administration.
    const adminCall = await call(api, "GET", "/v1/admin/staff", {
      token: login.body.accessToken,
    });
    expect(adminCall.status).toBe(403);
  });

  it("a re-import keeps the password, the roles an administrator added and a deactivation", async () => {
    const s2 = (await account("S7002"))!;
    const s3 = (await account("S7003"))!;
    // An administrator gives S7002 fee_admin, and deactivates S7003.
    expect(
      (
        await call(api, "PUT", `/v1/admin/staff/${s2.id}/roles`, {
          token: admin,
          body: { roles: ["instructor", "fee_proposer", "fee_admin"] },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(api, "POST", `/v1/admin/staff/${s3.id}/deactivate`, { token: admin })).status,
    ).toBe(200);
    // The district's file no longer says "administrator" for S7002, and renames S7003.
    const ids = await uploadAll([
      [
        "staff.csv",
        csv(
          "S7001,Quinn,Sampleton,teacher,quinn.sampleton@example.org,qsampleton,LHS",
          'S7002,Robin,"Madeup, Jr.",teacher,robin.madeup@example.org,,Washington Middle School',
          "S7003,Avery,Renamed,aide,,,",
          "S7004,Blair,Fictive,business_office,blair.fictive@example.org,bfictive,DO",
        ),
      ],
    ]);
    const r = await run(ids, { dryRun: false });
    expect(r.summary).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
    expect(await account("S7002")).toMatchObject({
      roles: ["instructor", "fee_admin"],
      hasPassword: true,
      active: true,
    });
    expect(await account("S7003")).toMatchObject({ nameLast: "Renamed", active: false });
    const rep = await report(r.id);
    expect(rep.rows.find((row) => row.id === "S7003")!.reason).toMatch(
      /Deactivated by an administrator/,
    );
    // The password set before still signs in, with the new roles.
    const login = await signIn("S7002", "imported-pass-1");
    expect(login.status).toBe(200);
    expect(rolesOf(login.body.accessToken)).toEqual(["instructor", "fee_admin"]);
  });

  it("a full export marks missing imported staff inactive, never the administrator or staff-page accounts", async () => {
    const ids = await uploadAll([
      [
        "staff.csv",
        csv("S7001,Quinn,Sampleton,teacher,quinn.sampleton@example.org,qsampleton,LHS"),
      ],
    ]);
    const before = await digest();
    const dry = await run(ids, { dryRun: true, full: true });
    expect(await digest()).toBe(before);
    const rep = await report(dry.id);
    const gone = rep.rows.filter((row) => row.outcome === "deactivated").map((row) => row.id);
    // S7003 is already inactive (an administrator's); the seeded accounts were not imported.
    expect(gone.sort()).toEqual(["S7002", "S7004"]);
    const applied = await call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, {
      token: admin,
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: "applied", summary: { deactivated: 2 } });
    expect(await account("S7002")).toMatchObject({ active: false });
    expect(await account("E1005")).toMatchObject({ active: true });
    expect(await account("E1001")).toMatchObject({ active: true });
    expect((await signIn("S7002", "imported-pass-1")).status).toBe(401);
    // The next file that has them makes them active again (not S7003: an administrator's).
    const back = await uploadAll([["staff.csv", fixture("plain-staff.csv")]]);
    const r = await run(back, { dryRun: false });
    expect(r.summary).toMatchObject({ updated: 3, unchanged: 1 });
    expect(await account("S7002")).toMatchObject({ active: true });
    expect(await account("S7004")).toMatchObject({ active: true });
    expect(await account("S7003")).toMatchObject({ active: false });
  });

  it("a OneRoster set imports its enabled staff", async () => {
    const ids = await uploadAll([
      ["users.csv", fixture("oneroster-staff/users.csv")],
      ["orgs.csv", fixture("oneroster-staff/orgs.csv")],
    ]);
    const r = await run(ids, { dryRun: false });
    expect(r.status).toBe("applied");
    expect(r.summary).toMatchObject({ created: 3, refused: 0 });
    expect(await account("T900")).toMatchObject({ username: "tteach", roles: ["instructor"] });
    expect(await account("T902")).toMatchObject({ roles: ["fee_proposer"], schoolId: null });
    expect(await account("T903")).toBeUndefined();
  });

  it("applying a staff dry run five times at once applies it once", async () => {
    const ids = await uploadAll([["staff.csv", csv("S7200,Five,Times,teacher,,,")]]);
    const dry = await run(ids, { dryRun: true });
    const audits = await auditCount();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", `/v1/admin/imports/runs/${dry.id}/apply`, { token: admin }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await auditCount()).toBe(audits + 1);
    expect(await account("S7200")).toMatchObject({ active: true, roles: ["instructor"] });
  });

  it("the same real staff import five times at once creates once", async () => {
    const ids = await uploadAll([["staff.csv", csv("S7201,Race,Condition,aide,,,")]]);
    const audits = await auditCount();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/admin/imports/staff", {
          token: admin,
          body: { files: ids, dryRun: false },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.body.summary.created).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(await auditCount()).toBe(audits + 1);
  });
});
