// How the product runs: data kept across restarts in DATA_DIR, and the web app pointed at an
// external district API (DISTRICT_API_URL) without mounting its own.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "../../server";
import { call, startTestApi, type TestApi } from "../support/api";

process.env.LOG_LEVEL ??= "silent";
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "runtime-"));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Signs in through the web app's form post, as a browser without JavaScript would. */
async function formSignIn(server: RunningServer, studentId: string, dob: string) {
  return fetch(`${server.url}/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ intent: "login", studentId, dob }),
    redirect: "manual",
  });
}

describe("the embedded database in DATA_DIR", () => {
  it("keeps data and the generated secret across a restart", async () => {
    // The secret checked is the one a server generates when the environment has none. A server
    // started earlier in this process (a vitest worker runs files one after another,
    // vitest.e2e.config.ts) has put its own there: it is put back afterwards.
    const inherited = process.env.SESSION_SECRET;
    delete process.env.SESSION_SECRET;
    cleanup.push(async () => {
      if (inherited) process.env.SESSION_SECRET = inherited;
    });
    const dataDir = await tempDir();
    const first = await startServer({ port: 0, host: "127.0.0.1", dataDir });
    let guestToken: string;
    let cookie: string;
    try {
      const guest = await call({ baseUrl: first.url }, "PUT", "/v1/community/register-guest", {
        body: { nameFirst: "Rita", nameLast: "Restart", email: "rita@example.org" },
      });
      expect(guest.status).toBe(200);
      guestToken = guest.body.accessToken;
      const login = await formSignIn(first, "100001", "01/15/2012");
      expect(login.status).toBe(302);
      cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    } finally {
      await first.close();
    }
    await stat(path.join(dataDir, "pglite"));
    await stat(path.join(dataDir, "session-secret"));

    const second = await startServer({ port: 0, host: "127.0.0.1", dataDir });
    cleanup.push(() => second.close());
    // The guest made before the restart is still on file: its token refreshes.
    const again = await call({ baseUrl: second.url }, "POST", "/v1/identity/refresh-token", {
      token: guestToken,
    });
    expect(again.status).toBe(200);
    // The session cookie from before the restart is still good.
    const page = await fetch(`${second.url}/instructions`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(page.status).toBe(200);
  });
});

describe("an external district API", () => {
  let api: TestApi;
  let server: RunningServer;

  it("is called instead of the embedded one, which is not mounted", async () => {
    api = await startTestApi();
    cleanup.push(() => api.close());
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: await tempDir(),
      districtApiUrl: api.baseUrl,
    });
    cleanup.push(() => server.close());
    expect(server.api).toBeNull();

    const own = await fetch(`${server.url}/v1/settings`);
    expect(own.status).toBe(404);

    const login = await formSignIn(server, "100002", "01/15/2012");
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/programs");
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const page = await fetch(`${server.url}/instructions`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(page.status).toBe(200);

    // A refusal from that API reaches the person.
    const bad = await formSignIn(server, "100002", "01/16/2012");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid Student ID or Birth Date.");
  });
});
