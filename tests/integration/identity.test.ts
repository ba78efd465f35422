import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApi, studentToken, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("POST /v1/student", () => {
  it("signs in demo student 100001 with the right birth date", async () => {
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: "100001", dob: "2012-01-15" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userType: "student", studentId: "100001" });
    expect(typeof r.body.accessToken).toBe("string");
  });

  it("refuses a wrong birth date with the spec's message", async () => {
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: "100002", dob: "2012-01-16" },
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe("Invalid Student ID or Birth Date.");
  });
});

describe("tokens", () => {
  it("refresh issues a new token, and a forged token gets 401", async () => {
    const token = await studentToken(api);
    api.clock.advance(5_000);
    const r = await call(api, "POST", "/v1/identity/refresh-token", { token });
    expect(r.status).toBe(200);
    expect(r.body.accessToken).not.toBe(token);
    const bad = await call(api, "POST", "/v1/identity/refresh-token", { token: token + "x" });
    expect(bad.status).toBe(401);
  });

  it("an expired token gets 401", async () => {
    const token = await studentToken(api);
    api.clock.advance(31 * 60_000);
    const r = await call(api, "POST", "/v1/identity/refresh-token", { token });
    api.clock.reset();
    expect(r.status).toBe(401);
  });
});
