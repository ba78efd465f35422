// No token, birth date, e-mail address or ID in the district API's logs, even when a database
// query fails (query errors carry their parameters).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { startDistrictApi, type DistrictApiRuntime } from "../../district-api/runtime";
import { call } from "../support/api";

const lines: string[] = [];
let runtime: DistrictApiRuntime;
let server: Server;
let api: { baseUrl: string };
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "outbox-"));
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  runtime = await startDistrictApi({
    outboxDir,
    secret: "log-test-secret",
    logger: pino({ level: "trace" }, stream),
    // Mail that cannot be sent is logged; its address must not be.
    mailer: {
      send: (m) => Promise.reject(new Error(`550 Recipient address rejected: <${m.to}>`)),
    },
  });
  server = runtime.app.listen(0, "127.0.0.1");
  await new Promise<void>((r) => server.once("listening", () => r()));
  api = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await runtime.close().catch(() => undefined);
  await rm(outboxDir, { recursive: true, force: true });
});

describe("logs", () => {
  it("hold no personal data through sign-in, recovery, guests and a failing database", async () => {
    const ok = await call(api, "POST", "/v1/student", {
      body: { studentId: "100001", dob: "2012-01-15" },
    });
    expect(ok.status).toBe(200);
    const token = ok.body.accessToken as string;
    await call(api, "POST", "/v1/student", { body: { studentId: "100002", dob: "2011-11-11" } });
    await call(api, "POST", "/v1/identity/refresh-token", { token });
    await call(api, "PUT", "/v1/student/recover-student", {
      body: { email: "parent100001@example.org" },
    });
    await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Gail", nameLast: "Guest", email: "gail.secret@example.org" },
    });
    // Mail goes out in the background: wait for its failure to be logged.
    for (let i = 0; i < 60 && !lines.join("").includes("mail send failed"); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(lines.join("")).toContain("mail send failed");

    // Now every query fails: the errors are logged, without their parameters.
    await runtime.database.close();
    const failed = await call(api, "PUT", "/v1/community/register-guest", {
      body: { nameFirst: "Gail", nameLast: "Guest", email: "second.secret@example.org" },
    });
    expect(failed.status).toBe(500);
    expect(failed.body.message).toBe("There was an error.");
    const login = await call(api, "POST", "/v1/student", {
      body: { studentId: "100003", dob: "2012-01-15" },
    });
    expect(login.status).toBe(500);

    const log = lines.join("");
    expect(log).toContain("district api error");
    for (const secret of [
      token,
      token.split(".")[2]!,
      "2012-01-15",
      "2011-11-11",
      "parent100001@example.org",
      "gail.secret@example.org",
      "second.secret@example.org",
      "student:100003",
      "100003",
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
