// Session safety of the web app (decision 103): an old cookie after sign-out
// opens nothing, web bodies have a size limit (413, answered before the body is read), a truncated
// multipart body is a 400 that writes nothing, the session cookie is Secure behind HTTPS, and
// signed-in pages are never stored by a cache.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../support/browser";
import { queryRows } from "../../district-api/db/client";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function post(
  path: string,
  body: BodyInit,
  opts: { cookie?: string; type?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": opts.type ?? "application/x-www-form-urlencoded",
      Origin: app.url,
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body,
  });
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

async function familyCookie(studentId = "100021", dob = "01/15/2012"): Promise<string> {
  const res = await post(
    "/signin",
    `intent=login&studentId=${studentId}&dob=${encodeURIComponent(dob)}`,
  );
  expect(res.status).toBe(302);
  return cookieOf(res);
}

async function staffCookie(username: string): Promise<string> {
  const res = await post("/instructor/sign-in", `username=${username}&password=${username}-demo`);
  expect(res.status).toBe(302);
  return cookieOf(res);
}

/**
 * Sends only the first `sent` bytes of a post that says it is `declared` bytes long, and waits
 * for the answer: a server that reads the whole body first never answers.
 */
function declaredPost(
  path: string,
  declared: number | "chunked",
  sent: number,
  type = "application/x-www-form-urlencoded",
): Promise<{ status: number; body: string }> {
  const url = new URL(path, app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "Content-Type": type,
          Origin: app.url,
          ...(declared === "chunked"
            ? { "Transfer-Encoding": "chunked" }
            : { "Content-Length": declared }),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("no answer before the body was sent")));
    req.write(Buffer.alloc(sent, "a"));
  });
}

describe("signing out ends the session on the server", () => {
  it("an old family cookie replayed after /signout opens nothing", async () => {
    const cookie = await familyCookie();
    expect((await get("/my-registrations", cookie)).status).toBe(200);
    const out = await post("/signout", "", { cookie });
    expect(out.status).toBe(302);
    const replay = await get("/my-registrations", cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).not.toContain("/my-registrations");
  });

  it("an old staff cookie replayed after /signout opens nothing", async () => {
    const cookie = await staffCookie("instructor");
    expect((await get("/instructor", cookie)).status).toBe(200);
    expect((await post("/signout", "", { cookie })).status).toBe(302);
    const replay = await get("/instructor", cookie);
    expect(replay.status).toBe(302);
  });

  it("an old staff cookie replayed after /signout does not render /instructor/fees (decision 140)", async () => {
    // instructor2 is no fee proposer: the page has no data of its own to load.
    const cookie = await staffCookie("instructor2");
    expect((await get("/instructor/fees", cookie)).status).toBe(200);
    expect((await post("/signout", "", { cookie })).status).toBe(302);
    const replay = await get("/instructor/fees", cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).not.toContain("/instructor/fees");
  });
});

describe("web bodies have a size limit", () => {
  it("a 100 MB sign-in post is refused with 413 before it is read", async () => {
    const r = await declaredPost("/signin", 100 * 1024 * 1024, 64 * 1024);
    expect(r.status).toBe(413);
    expect(r.body).toContain("too large");
  });

  it("a 20 MB multipart post to the signature forms is refused with 413 before it is read", async () => {
    for (const path of ["/register-community-member", "/edit-profile"]) {
      const r = await declaredPost(
        path,
        20 * 1024 * 1024,
        64 * 1024,
        "multipart/form-data; boundary=b",
      );
      expect(r.status, path).toBe(413);
    }
  });

  it("a chunked post with no length is refused before it is read", async () => {
    const r = await declaredPost("/signin", "chunked", 64 * 1024);
    expect(r.status).toBe(411);
  });

  it("an ordinary sign-in still works", async () => {
    expect(await familyCookie("100022")).toMatch(/^__session=/);
  });
});

describe("a truncated multipart body is a 400 and writes nothing", () => {
  const boundary = "----trunc";
  const truncated = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="nameFirst"',
    "",
    "Truncated",
    `--${boundary}`,
    'Content-Disposition: form-data; name="signatureFile"; filename="sig.png"',
    "Content-Type: image/png",
    "",
    "\x89PNG\r\n\x1a\n0000000000",
  ].join("\r\n");
  const type = `multipart/form-data; boundary=${boundary}`;

  it("on /register-community-member", async () => {
    const db = app.server.api!.deps.db;
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from participants`))[0]!.n;
    const before = await count();
    const r = await post("/register-community-member", truncated, { type });
    expect(r.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("on /edit-profile", async () => {
    const cookie = await familyCookie("200001", "03/02/1980");
    const r = await post("/edit-profile", truncated, { type, cookie });
    expect(r.status).toBe(400);
    const [p] = await queryRows<{ name_first: string }>(
      app.server.api!.deps.db,
      sql`select name_first from participants where id = 200001`,
    );
    expect(p!.name_first).toBe("Jordan");
  });
});

describe("cookies and caching", () => {
  it("the session cookie is Secure behind a trusted proxy that says HTTPS, and not on plain HTTP", async () => {
    const body = "intent=login&studentId=100023&dob=01%2F15%2F2012";
    const https = await post("/signin", body, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.status).toBe(302);
    expect(https.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    const plain = await post("/signin", body);
    expect(plain.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
  });

  it("a refreshed or cleared cookie behind HTTPS is Secure too", async () => {
    const cookie = await familyCookie("100024");
    const out = await post("/signout", "", { cookie, headers: { "X-Forwarded-Proto": "https" } });
    expect(out.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
  });

  it("signed-in pages say no-store; a page for nobody in particular may be cached", async () => {
    const family = await familyCookie("100025");
    for (const path of ["/my-registrations", "/programs", "/cart", "/fees"]) {
      const res = await get(path, family);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toMatch(/no-store/);
    }
    const staff = await staffCookie("instructor");
    for (const path of ["/instructor", "/instructor/fees"]) {
      const res = await get(path, staff);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toMatch(/no-store/);
    }
    // Remix's data requests of a signed-in page too.
    const data = await get("/my-registrations.data", family);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toMatch(/no-store/);
    const anonymous = await get("/signin");
    expect(anonymous.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
  });

  it("a reply that sets the session cookie says no-store", async () => {
    const res = await post("/signin", "intent=login&studentId=100026&dob=01%2F15%2F2012");
    expect(res.headers.get("set-cookie")).toMatch(/__session=/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });
});
