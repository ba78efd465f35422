// The linked children of a household live in the session beside the child on screen (decision
// 165): they stay only while the same person stays signed in, and their tokens are refreshed with
// the on-screen one's, a child whose refresh fails being unlinked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

process.env.SESSION_SECRET ??= "unit-test-secret";

const { commitSession, getSession, linkedChildren, writeSession } =
  await import("../../app/.server/session");
const { refreshSessionMiddleware } = await import("../../server/session-refresh");
type StudentSession = NonNullable<Awaited<ReturnType<typeof getSession>>["data"]["student"]>;

function fakeJwt(expSeconds: number, tag: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ exp: expSeconds, tag })}.sig`;
}

function child(studentId: string, expiresInMs: number, tag = studentId): StudentSession {
  const expires = Date.now() + expiresInMs;
  return {
    accessToken: fakeJwt(Math.floor(expires / 1000), tag),
    expires,
    userType: "student",
    studentId,
    nameFirst: `Child ${studentId}`,
    nameLast: "Family",
  };
}

async function cookieWith(onScreen: StudentSession, household: StudentSession[]) {
  const session = await getSession(null);
  session.set("student", onScreen);
  session.set("household", household);
  return (await commitSession(session)).split(";")[0]!;
}

const HALF_HOUR = 30 * 60_000;

describe("writeSession and the linked children", () => {
  it("keeps them while the same child stays on screen (a refreshed token, a new name)", async () => {
    const a = child("1", HALF_HOUR);
    const cookie = await cookieWith(a, [child("2", HALF_HOUR)]);
    const next = await writeSession(cookie, { student: { ...a, nameFirst: "Renamed" } });
    expect(linkedChildren(await getSession(next)).map((c) => c.studentId)).toEqual(["2"]);
  });

  it("drops them when someone else signs in on the same cookie, or the family signs out", async () => {
    const cookie = await cookieWith(child("1", HALF_HOUR), [child("2", HALF_HOUR)]);
    const other = await writeSession(cookie, { student: child("9", HALF_HOUR) });
    expect(linkedChildren(await getSession(other))).toEqual([]);
    const guest = await writeSession(cookie, {
      student: { ...child("1", HALF_HOUR), userType: "guest_user" },
    });
    expect(linkedChildren(await getSession(guest))).toEqual([]);
    const out = await writeSession(cookie, { student: null });
    const session = await getSession(out);
    expect(session.get("household")).toBeUndefined();
  });

  it("takes the list a switch gives", async () => {
    const a = child("1", HALF_HOUR);
    const b = child("2", HALF_HOUR);
    const cookie = await cookieWith(a, [b]);
    const next = await getSession(await writeSession(cookie, { student: b, household: [a] }));
    expect(next.get("student")?.studentId).toBe("2");
    expect(linkedChildren(next).map((c) => c.studentId)).toEqual(["1"]);
  });
});

describe("the refresh middleware and the linked children", () => {
  let server: Server;
  let base = "";
  const refreshed: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const token = (req.headers.authorization ?? "").replace("Bearer ", "");
      const tag = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).tag;
      refreshed.push(tag);
      res.writeHead(tag === "ended" ? 401 : 200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          tag === "ended"
            ? { message: "Your session has ended." }
            : { accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 1800, `${tag}-new`) },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  async function run(cookie: string) {
    const req = { headers: { cookie } } as unknown as ExpressRequest;
    const res = { append: () => undefined } as unknown as ExpressResponse;
    await new Promise<void>((resolve) =>
      refreshSessionMiddleware(() => base)(req, res, (() => resolve()) as NextFunction),
    );
    return getSession((req.headers as { cookie: string }).cookie);
  }

  it("refreshes a linked child's token near its end, and unlinks one whose session ended", async () => {
    refreshed.length = 0;
    const session = await run(
      await cookieWith(child("1", HALF_HOUR), [
        child("2", 100_000),
        child("3", 100_000, "ended"),
        child("4", HALF_HOUR),
      ]),
    );
    expect(refreshed.sort()).toEqual(["2", "ended"]);
    expect(session.get("student")?.studentId).toBe("1");
    const linked = linkedChildren(session);
    expect(linked.map((c) => c.studentId)).toEqual(["2", "4"]);
    expect(
      JSON.parse(Buffer.from(linked[0]!.accessToken.split(".")[1]!, "base64url").toString()).tag,
    ).toBe("2-new");
  });

  it("leaves the linked children alone while none is near its end", async () => {
    refreshed.length = 0;
    const session = await run(await cookieWith(child("1", HALF_HOUR), [child("2", HALF_HOUR)]));
    expect(refreshed).toEqual([]);
    expect(linkedChildren(session).map((c) => c.studentId)).toEqual(["2"]);
  });
});
