// The session reply headers (decision 103): Secure only when the request is HTTPS as Express's
// `trust proxy` setting sees it, so an untrusted client cannot claim HTTPS; no-store for sessions.
import { afterEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";

process.env.SESSION_SECRET ??= "unit-test-secret";
const { sessionResponseHeaders } = await import("../../server/session-headers");
const { commitSession, getSession } = await import("../../app/.server/session");

let server: Server | null = null;
afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = null;
});

async function start(trustProxy: boolean | string): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(sessionResponseHeaders);
  app.get("/set", (_req, res) => {
    res.append("Set-Cookie", "a=1; Path=/; HttpOnly");
    res.send("ok");
  });
  app.get("/page", (_req, res) => {
    res.set("Cache-Control", "public, max-age=60").send("page");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

async function signedInCookie(): Promise<string> {
  const session = await getSession(null);
  session.set("student", {
    accessToken: "t",
    expires: Date.now() + 600_000,
    userType: "student",
    studentId: "100001",
    nameFirst: "A",
    nameLast: "B",
  });
  return (await commitSession(session)).split(";")[0]!;
}

describe("Secure cookies", () => {
  it("are Secure when a trusted proxy says HTTPS", async () => {
    const url = await start("loopback");
    const res = await fetch(`${url}/set`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("set-cookie")).toBe("a=1; Path=/; HttpOnly; Secure");
  });

  it("are not Secure on plain HTTP, nor when an untrusted client claims HTTPS", async () => {
    const url = await start(false);
    const res = await fetch(`${url}/set`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("set-cookie")).toBe("a=1; Path=/; HttpOnly");
  });
});

describe("no-store", () => {
  it("replaces a page's own caching when the request is signed in", async () => {
    const url = await start("loopback");
    const res = await fetch(`${url}/page`, { headers: { Cookie: await signedInCookie() } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves an anonymous page's caching alone, and a forged cookie counts as anonymous", async () => {
    const url = await start("loopback");
    for (const cookie of [undefined, "__session=forged"]) {
      const res = await fetch(`${url}/page`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    }
  });

  it("is set on any reply that sets a cookie", async () => {
    const url = await start("loopback");
    const res = await fetch(`${url}/set`);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
