// Remembered children of a community account (decision 168): a community member
// remembers a child proved by the child's own live session; at their next sign-in the district API
// opens a session for each remembered child; the link can be removed. Who may do what, the limit
// under five remembers at once (from two processes on PostgreSQL), and what a refusal leaves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { t } from "@domain/messages";
import { HOUSEHOLD_MAX } from "@domain/rules/household";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // Members beside the demo's one (200001, Jordan Rivera, born 1980-03-02).
  await queryRows(
    db(),
    sql`insert into participants (id, kind, name_first, name_last, dob, grade)
        values (200101, 'community_member', 'Sam', 'Okafor', '1979-05-06', 'Adult'),
               (200102, 'community_member', 'Lee', 'Park', '1985-07-08', 'Adult'),
               (200103, 'community_member', 'Ana', 'Silva', '1990-09-10', 'Adult')`,
  );
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const member = (id = "200001", dob = "1980-03-02") => studentToken(api, id, dob);

const list = (token: string) => call(api, "GET", "/v1/household/children", { token });
const remember = (token: string, child: string, on: { baseUrl: string } = api) =>
  call(on, "POST", "/v1/household/children", { token, body: { child } });
const forget = (token: string, childId: string | number) =>
  call(api, "DELETE", `/v1/household/children/${childId}`, { token });
const open = (token: string) => call(api, "POST", "/v1/household/sessions", { token });

async function links(): Promise<string> {
  const [row] = await queryRows<{ d: string | null }>(
    db(),
    sql`select string_agg(holder_id || '>' || child_id, ',' order by holder_id, child_id) as d
        from household_links`,
  );
  return row!.d ?? "-";
}

describe("remembered children of a community account", () => {
  it("remembers a child proved by their own session, opens a session for them at the next sign-in, and forgets", async () => {
    const jordan = await member();
    expect((await list(jordan)).body).toEqual({ children: [] });
    const child = await studentToken(api, "100011");
    const r = await remember(jordan, child);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.children).toEqual([
      { childId: "100011", userType: "student", nameFirst: expect.any(String) },
    ]);
    // Twice is one link.
    expect((await remember(jordan, await studentToken(api, "100011"))).body.children).toHaveLength(
      1,
    );

    // The next sign-in: a session of the child's own, a live one the API takes as the child's.
    const later = await member();
    const opened = await open(later);
    expect(opened.status).toBe(200);
    expect(opened.body.sessions).toHaveLength(1);
    const s = opened.body.sessions[0];
    expect(s).toMatchObject({ userType: "student", studentId: "100011" });
    const me = await call(api, "GET", "/v1/identity/me", { token: s.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.claims.sub).toBe("100011");
    const fees = await call(api, "GET", "/v1/student-fees", { token: s.accessToken });
    expect(fees.status).toBe(200);
    // Its own session: signing it out leaves the member's.
    expect(
      (await call(api, "POST", "/v1/identity/sign-out", { token: s.accessToken })).status,
    ).toBe(204);
    expect((await call(api, "GET", "/v1/identity/me", { token: s.accessToken })).status).toBe(401);
    expect((await list(later)).status).toBe(200);

    // Forgotten: not listed, no session opened.
    const f = await forget(later, "100011");
    expect(f.status).toBe(200);
    expect(f.body).toEqual({ children: [] });
    expect((await open(await member())).body).toEqual({ sessions: [] });
    const again = await forget(later, "100011");
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(t("household.links.notFound"));
  });

  it("is a community account's own: a student, a guest, staff, another member and a register are refused, writing nothing", async () => {
    const sam = await member("200101", "1979-05-06");
    expect((await remember(sam, await studentToken(api, "100012"))).status).toBe(200);
    const before = await links();
    const student = await studentToken(api, "100013");
    const callers: [string, string, number][] = [
      ["a student", student, 403],
      ["a guest", await guestToken(api), 403],
      ["staff", await staffToken(api, "office"), 403],
    ];
    for (const [who, token, status] of callers) {
      expect((await list(token)).status, who).toBe(status);
      expect((await remember(token, await studentToken(api, "100014"))).status, who).toBe(status);
      expect((await forget(token, "100012")).status, who).toBe(status);
      expect((await open(token)).status, who).toBe(status);
    }
    expect((await list(student)).body.message).toBe(t("household.links.notAccount"));
    // Sam's own session pushed to a cashier's register (decision 140) serves one person there.
    const desk = await call(api, "POST", "/v1/identity/desktop-session", {
      body: {
        accessToken: await member("200101", "1979-05-06"),
        desktopKey: DEV_DESKTOP_CLIENT_KEY,
        cashierToken: await staffToken(api, "instructor"),
      },
    });
    expect(desk.status).toBe(200);
    expect((await list(desk.body.accessToken)).status).toBe(403);
    expect((await open(desk.body.accessToken)).status).toBe(403);
    // Another member sees none of Sam's, and cannot forget them.
    const lee = await member("200102", "1985-07-08");
    expect((await list(lee)).body).toEqual({ children: [] });
    expect((await forget(lee, "100012")).status).toBe(404);
    expect((await open(lee)).body).toEqual({ sessions: [] });
    // The child must be proved by a live session of theirs: an ended one, a guest's, a forged
    // one and the member's own are refused.
    const ended = await studentToken(api, "100015");
    await call(api, "POST", "/v1/identity/sign-out", { token: ended });
    expect((await remember(sam, ended)).status).toBe(403);
    expect((await remember(sam, await guestToken(api))).status).toBe(403);
    expect((await remember(sam, `${student.slice(0, -4)}AAAA`)).status).toBe(403);
    const self = await remember(sam, sam);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(t("household.links.self"));
    // Impossible input: a 400 naming the field.
    expect(
      (await call(api, "POST", "/v1/household/children", { token: sam, body: {} })).status,
    ).toBe(400);
    expect((await forget(sam, "2147483648")).status).toBe(400);
    expect((await forget(sam, "abc")).status).toBe(400);
    expect(await links()).toBe(before);
  });

  it("leaves out a child no longer active, and remembers as many as a sign-in holds, five at once too", async () => {
    const ana = await member("200103", "1990-09-10");
    const ids = ["100021", "100022", "100023", "100024", "100025"];
    const tokens = await Promise.all(ids.map((id) => studentToken(api, id)));
    // On PostgreSQL, from two API processes on one database.
    const second = usingPostgres ? await startTestApi({ shareWith: api }) : null;
    let replies: Awaited<ReturnType<typeof remember>>[];
    try {
      replies = await Promise.all(
        tokens.map((child, i) => remember(ana, child, second && i % 2 ? second : api)),
      );
    } finally {
      await second?.close();
    }
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 409]);
    const full = replies.find((r) => r.status === 409)!;
    expect(full.body.message).toBe(t("household.links.full", { max: HOUSEHOLD_MAX - 1 }));
    const remembered = (await list(ana)).body.children as { childId: string }[];
    expect(remembered).toHaveLength(HOUSEHOLD_MAX - 1);

    const gone = remembered[0]!.childId;
    await queryRows(db(), sql`update participants set active = false where id = ${Number(gone)}`);
    const now = (await list(ana)).body.children as { childId: string }[];
    expect(now.map((c) => c.childId)).not.toContain(gone);
    const sessions = (await open(ana)).body.sessions as { studentId: string }[];
    expect(sessions.map((s) => s.studentId).sort()).toEqual(now.map((c) => c.childId).sort());
  });
});
