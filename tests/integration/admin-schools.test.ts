// The district's schools and school years over HTTP (decision 149): only a
// district_admin may list, add or rename them (a matrix of every other caller, nothing written);
// a name another school has (short or full, any case) is a 400 naming the field with nothing
// written; the same names again change nothing; every change leaves its audit entry; and a
// school added here is one the student import knows, on a database that started empty.
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
import { openApiDocument } from "../../district-api/http/openapi";
import {
  School,
  SchoolChangeReply,
  SchoolsReply,
  SchoolYear,
  SchoolYearChangeReply,
} from "@domain/contract/admin-schools";
import { t } from "@domain/messages";

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

/** What a schools call may change: the schools, the school years and the audit trail. */
async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    db(),
    sql`select md5(
      (select string_agg(id || short_name || '/' || full_name, ',' order by id) from schools) ||
      coalesce((select string_agg(id || year, ',' order by id) from school_years), '-') ||
      (select count(*)::text from audit_entries)) as d`,
  );
  return row!.d;
}

async function lastAudit() {
  const [row] = await queryRows<{
    actor_username: string;
    action: string;
    entity: string;
    entity_id: string;
    before: unknown;
    after: unknown;
  }>(
    db(),
    sql`select actor_username, action, entity, entity_id, before, after
      from audit_entries order by id desc limit 1`,
  );
  return row!;
}

async function auditCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from audit_entries`,
  );
  return Number(row!.n);
}

/** Every schools call with a valid body (the matrix must cover the routes of this area). */
function schoolCalls(): { method: string; path: string; body?: unknown }[] {
  return [
    { method: "GET", path: "/v1/admin/schools" },
    { method: "POST", path: "/v1/admin/schools", body: { shortName: "MX", fullName: "Matrix" } },
    { method: "PUT", path: "/v1/admin/schools/1", body: { shortName: "MX", fullName: "Matrix" } },
    { method: "POST", path: "/v1/admin/school-years", body: { year: "2030-2031" } },
    { method: "PUT", path: "/v1/admin/school-years/1", body: { year: "2030-2031" } },
  ];
}
const SCHOOL_ROUTES = [
  "GET /v1/admin/schools",
  "POST /v1/admin/schools",
  "PUT /v1/admin/schools/:id",
  "POST /v1/admin/school-years",
  "PUT /v1/admin/school-years/:id",
];

describe("who may call the schools calls", () => {
  it("every route is listed and described, for district_admin only", () => {
    const routes = ENDPOINTS.filter((r) => SCHOOL_ROUTES.includes(`${r.method} ${r.path}`));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...SCHOOL_ROUTES].sort());
    for (const r of routes) expect(r.roles).toEqual(["district_admin"]);
    const covered = schoolCalls().map((c) => c.method + c.path.replace(/\/\d+/, "/:id"));
    expect(covered.sort()).toEqual(SCHOOL_ROUTES.map((r) => r.replace(" ", "")).sort());

    const paths = openApiDocument().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    const replies = (method: string, path: string) => Object.keys(paths[path]![method]!.responses);
    expect(replies("post", "/v1/admin/schools")).toEqual(expect.arrayContaining(["201", "400"]));
    expect(replies("post", "/v1/admin/schools")).not.toContain("200");
    expect(replies("put", "/v1/admin/schools/{id}")).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404"]),
    );
    expect(replies("post", "/v1/admin/school-years")).toContain("201");
    expect(replies("put", "/v1/admin/school-years/{id}")).toContain("404");
  });

  it("refuses every other kind of caller, and writes nothing", async () => {
    const callers: [string, string | undefined, number][] = [
      ["student", await studentToken(api, "100021"), 403],
      ["community member", await studentToken(api, "200001", "1980-03-02"), 403],
      ["guest", await guestToken(api, "schools-guest@example.org"), 403],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["fee administrator", await staffToken(api, "feeadmin"), 403],
      ["fee proposer", await staffToken(api, "proposer"), 403],
      ["no token", undefined, 401],
      ["a forged token", `${admin.slice(0, -4)}AAAA`, 401],
    ];
    const before = await digest();
    for (const [who, token, status] of callers) {
      for (const c of schoolCalls()) {
        const r = await call(api, c.method, c.path, { token, body: c.body });
        expect(`${who} ${c.method} ${c.path} → ${r.status}`).toBe(
          `${who} ${c.method} ${c.path} → ${status}`,
        );
      }
    }
    expect(await digest()).toBe(before);
  });
});

describe("schools", () => {
  const list = async () => {
    const r = await call(api, "GET", "/v1/admin/schools", { token: admin });
    expect(r.status).toBe(200);
    return SchoolsReply.parse(r.body);
  };

  it("adds a school, lists it and records who added it", async () => {
    const r = await call(api, "POST", "/v1/admin/schools", {
      token: admin,
      body: { shortName: " RHS ", fullName: "Roosevelt High School" },
    });
    expect(r.status).toBe(201);
    const school = School.parse(r.body);
    expect(school).toMatchObject({ shortName: "RHS", fullName: "Roosevelt High School" });
    expect((await list()).schools).toContainEqual(school);
    expect(await lastAudit()).toMatchObject({
      actor_username: "admin",
      action: "school.create",
      entity: "school",
      entity_id: String(school.id),
      after: { shortName: "RHS", fullName: "Roosevelt High School" },
    });
  });

  it("refuses a name another school has as either name, in any case, writing nothing", async () => {
    const before = await digest();
    for (const [body, field, name] of [
      [{ shortName: "lhs", fullName: "Another" }, "shortName", "lhs"],
      [{ shortName: "NEW", fullName: "lincoln high school" }, "fullName", "lincoln high school"],
      [
        { shortName: "Lincoln High School", fullName: "Another" },
        "shortName",
        "Lincoln High School",
      ],
      [{ shortName: "X2", fullName: "LHS" }, "fullName", "LHS"],
    ] as const) {
      const r = await call(api, "POST", "/v1/admin/schools", { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.issues).toEqual([
        { path: field, message: t("admin.schools.nameTaken", { name }) },
      ]);
    }
    for (const body of [
      { shortName: "", fullName: "Empty" },
      { shortName: "A".repeat(21), fullName: "Long" },
      { shortName: "OK" },
      { shortName: "OK", fullName: "Fine", extra: 1 },
    ]) {
      const r = await call(api, "POST", "/v1/admin/schools", { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(await digest()).toBe(before);
  });

  it("renames a school; the same names again change nothing; an unknown school is a 404", async () => {
    const made = School.parse(
      (
        await call(api, "POST", "/v1/admin/schools", {
          token: admin,
          body: { shortName: "EHS", fullName: "Edison High" },
        })
      ).body,
    );
    const rename = (id: number, body: unknown) =>
      call(api, "PUT", `/v1/admin/schools/${id}`, { token: admin, body });
    const r = await rename(made.id, { shortName: "EHS", fullName: "Edison High School" });
    expect(r.status).toBe(200);
    expect(SchoolChangeReply.parse(r.body)).toEqual({
      changed: true,
      school: { id: made.id, shortName: "EHS", fullName: "Edison High School" },
    });
    expect(await lastAudit()).toMatchObject({
      action: "school.update",
      entity_id: String(made.id),
      before: { fullName: "Edison High" },
      after: { fullName: "Edison High School" },
    });
    const audits = await auditCount();
    const again = await rename(made.id, { shortName: "EHS", fullName: "Edison High School" });
    expect(SchoolChangeReply.parse(again.body).changed).toBe(false);
    expect(await auditCount()).toBe(audits);

    const clash = await rename(made.id, { shortName: "WMS", fullName: "Edison High School" });
    expect(clash.status).toBe(400);
    expect(clash.body.issues[0].path).toBe("shortName");
    const missing = await rename(999_999, { shortName: "ZZ", fullName: "Nowhere" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(t("admin.schools.notFound"));
    expect(await auditCount()).toBe(audits);
  });
});

describe("school years", () => {
  it("adds, refuses a name taken in any case, renames, and records each change", async () => {
    const r = await call(api, "POST", "/v1/admin/school-years", {
      token: admin,
      body: { year: "2028-2029" },
    });
    expect(r.status).toBe(201);
    const year = SchoolYear.parse(r.body);
    expect(await lastAudit()).toMatchObject({
      action: "school-year.create",
      entity: "school-year",
      entity_id: String(year.id),
      after: { year: "2028-2029" },
    });
    const before = await digest();
    const taken = await call(api, "POST", "/v1/admin/school-years", {
      token: admin,
      body: { year: "2026-2027" },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.issues).toEqual([
      { path: "year", message: t("admin.schools.yearTaken", { name: "2026-2027" }) },
    ]);
    expect(await digest()).toBe(before);

    const renamed = await call(api, "PUT", `/v1/admin/school-years/${year.id}`, {
      token: admin,
      body: { year: "2029-2030" },
    });
    expect(SchoolYearChangeReply.parse(renamed.body)).toEqual({
      changed: true,
      schoolYear: { id: year.id, year: "2029-2030" },
    });
    expect(await lastAudit()).toMatchObject({
      action: "school-year.update",
      before: { year: "2028-2029" },
      after: { year: "2029-2030" },
    });
    const missing = await call(api, "PUT", "/v1/admin/school-years/999999", {
      token: admin,
      body: { year: "2040-2041" },
    });
    expect(missing.status).toBe(404);
    const list = SchoolsReply.parse(
      (await call(api, "GET", "/v1/admin/schools", { token: admin })).body,
    );
    const names = list.schoolYears.map((y) => y.year);
    expect(names).toContain("2029-2030");
    expect(names).not.toContain("2028-2029");
    expect(names).toEqual([...names].sort().reverse());
  });
});
