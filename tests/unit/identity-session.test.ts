// The web app's side of sessions: a 401 from the district API clears both sessions and sends the
// person to /; tokens near their end are refreshed, and a failed refresh clears that session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { z } from "zod";

process.env.SESSION_SECRET ??= "unit-test-secret";

const { callApi } = await import("../../app/.server/api");
const { commitSession, getSession, validStaff, validStudent } =
  await import("../../app/.server/session");
const { refreshSessionMiddleware } = await import("../../server/session-refresh");

let server: Server;
let base: string;
const seen: IncomingMessage[] = [];
let refreshAnswer: { status: number; body: unknown } = { status: 200, body: {} };

function fakeJwt(expSeconds: number, tag = "t"): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ exp: expSeconds, tag })}.sig`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (req.url === "/v1/unauthorized") return send(401, { message: "Your session has ended." });
    if (req.url === "/v1/ok") return send(200, { value: 1 });
    if (req.url === "/v1/not-json") return send(200, "<html>oops</html>", "text/html");
    if (req.url === "/v1/wrong-shape") return send(200, { value: "one" });
    if (req.url === "/v1/refused") return send(409, { message: "Taken.", hint: "Try another." });
    if (req.url === "/v1/slow") {
      setTimeout(() => send(200, { value: 1 }), 500);
      return;
    }
    if (req.url === "/v1/identity/refresh-token")
      return send(refreshAnswer.status, refreshAnswer.body);
    send(404, { message: "Not found." });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
});

async function cookieWith(opts: { studentExpires?: number; staffExpires?: number }) {
  const session = await getSession(null);
  const now = Date.now();
  session.set("student", {
    accessToken: fakeJwt(Math.floor((opts.studentExpires ?? now + 30 * 60_000) / 1000), "s"),
    expires: opts.studentExpires ?? now + 30 * 60_000,
    userType: "student",
    studentId: "100001",
    nameFirst: "A",
    nameLast: "B",
  });
  session.set("staff", {
    accessToken: fakeJwt(Math.floor((opts.staffExpires ?? now + 30 * 60_000) / 1000), "f"),
    expires: opts.staffExpires ?? now + 30 * 60_000,
    role: ["instructor"],
    employeeID: "E1001",
    displayName: "I",
  });
  return (await commitSession(session)).split(";")[0]!;
}

function caller(cookie?: string) {
  const request = new Request("http://app.test/programs", {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { request, context: { apiBaseUrl: base, clientIp: "198.51.100.7" } };
}

const Reply = z.object({ value: z.number() });

describe("callApi", () => {
  it("sends the session's bearer token and the person's address", async () => {
    const cookie = await cookieWith({});
    const r = await callApi(caller(cookie), { path: "/v1/ok", auth: "staff", reply: Reply });
    expect(r).toEqual({ ok: true, status: 200, data: { value: 1 } });
    expect(seen[0]!.headers.authorization).toMatch(/^Bearer .+\..+\.sig$/);
    expect(seen[0]!.headers["x-forwarded-for"]).toBe("198.51.100.7");
  });

  it.each(["student", "staff"] as const)(
    "a 401 on a %s call clears both sessions and redirects to /",
    async (auth) => {
      const cookie = await cookieWith({});
      const thrown = await callApi(caller(cookie), {
        path: "/v1/unauthorized",
        auth,
        reply: Reply,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      const res = thrown as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
      const after = await getSession(res.headers.get("Set-Cookie")!.split(";")[0]!);
      expect(after.get("student")).toBeUndefined();
      expect(after.get("staff")).toBeUndefined();
    },
  );

  it("a 401 on a call made without a token is an ordinary refusal", async () => {
    const r = await callApi(caller(), { path: "/v1/unauthorized", auth: "none", reply: Reply });
    expect(r).toMatchObject({ ok: false, status: 401 });
  });

  it("with no valid session it redirects to / without calling", async () => {
    const expired = await cookieWith({ studentExpires: Date.now() + 30_000 });
    const thrown = await callApi(caller(expired), {
      path: "/v1/ok",
      auth: "student",
      reply: Reply,
    }).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect(seen).toHaveLength(0);
  });

  it.each(["/v1/not-json", "/v1/wrong-shape"])(
    "a reply that does not parse (%s) is the spec's invalid response",
    async (path) => {
      const r = await callApi(caller(), { path, auth: "none", reply: Reply });
      expect(r).toMatchObject({
        ok: false,
        message: "Invalid response from server. Please try again.",
      });
    },
  );

  it("passes the API's message and hint on", async () => {
    const r = await callApi(caller(), { path: "/v1/refused", auth: "none", reply: Reply });
    expect(r).toEqual({ ok: false, status: 409, message: "Taken.", hint: "Try another." });
  });

  it("a call over its time limit says it timed out", async () => {
    const r = await callApi(caller(), {
      path: "/v1/slow",
      auth: "none",
      reply: Reply,
      timeoutMs: 100,
    });
    expect(r).toMatchObject({ ok: false, timedOut: true });
  });
});

describe("session validity", () => {
  it("counts a session as expired 60 s before its expiry", async () => {
    const now = Date.now();
    const session = await getSession(
      await cookieWith({ studentExpires: now + 61_000, staffExpires: now + 59_000 }),
    );
    expect(validStudent(session, now)).not.toBeNull();
    expect(validStaff(session, now)).toBeNull();
  });
});

describe("refresh middleware", () => {
  async function run(cookie: string) {
    const req = { headers: { cookie } } as unknown as ExpressRequest;
    const appended: string[] = [];
    const res = {
      append: (name: string, value: string) => {
        if (name === "Set-Cookie") appended.push(value);
      },
    } as unknown as ExpressResponse;
    await new Promise<void>((resolve) =>
      refreshSessionMiddleware(() => base)(req, res, (() => resolve()) as NextFunction),
    );
    return { appended, cookie: (req.headers as { cookie: string }).cookie };
  }

  it("leaves a session that is not near its end alone", async () => {
    const { appended } = await run(await cookieWith({}));
    expect(appended).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it("refreshes a token 59 s before the session would count as expired", async () => {
    const newExp = Math.floor(Date.now() / 1000) + 1800;
    refreshAnswer = { status: 200, body: { accessToken: fakeJwt(newExp, "new") } };
    const { appended, cookie } = await run(
      await cookieWith({ studentExpires: Date.now() + 100_000 }),
    );
    expect(seen.map((r) => r.url)).toEqual(["/v1/identity/refresh-token"]);
    expect(appended).toHaveLength(1);
    const session = await getSession(cookie);
    expect(session.get("student")?.expires).toBe(newExp * 1000);
    expect(session.get("student")?.accessToken).toBe(fakeJwt(newExp, "new"));
    // The other session was not due and is untouched.
    expect(session.get("staff")).toBeDefined();
  });

  it("a failed refresh clears that session", async () => {
    refreshAnswer = { status: 401, body: { message: "Your session has ended." } };
    const { appended, cookie } = await run(await cookieWith({ staffExpires: Date.now() + 90_000 }));
    expect(appended).toHaveLength(1);
    const session = await getSession(cookie);
    expect(session.get("staff")).toBeUndefined();
    expect(session.get("student")).toBeDefined();
  });
});
