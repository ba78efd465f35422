// Access logs, request ids and metrics (issue 17, decision 113), on the whole server as it runs
// (the built web app and the embedded district API). No browser: plain HTTP, as a proxy and a
// metrics scraper see it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { startServer, type RunningServer } from "../../server";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});
const TOKEN = "metrics-token-for-tests-0123456789";
let server: RunningServer;
let dataDir = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "observe-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    inMemory: true,
    logger: pino({ level: "info" }, sink),
    metricsToken: TOKEN,
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const access = () => lines.filter((l) => l.type === "access");
const settle = () => new Promise((r) => setTimeout(r, 50));

async function signIn(studentId: string, dob: string, requestId?: string): Promise<Response> {
  return fetch(`${server.url}/signin?next=/programs&secret=shh`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      ...(requestId ? { "X-Request-Id": requestId } : {}),
    },
    body: new URLSearchParams({ intent: "login", studentId, dob }).toString(),
  });
}

describe("access log and request id", () => {
  it("one line per request in the web app and the API, with one request id across both", async () => {
    const res = await signIn("100001", "01/15/2012", "proxy-given.id_42");
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("x-request-id")).toBe("proxy-given.id_42");
    await settle();
    const mine = access().filter((l) => l.requestId === "proxy-given.id_42");
    const web = mine.filter((l) => l.service === "web");
    const api = mine.filter((l) => l.service === "api");
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({ method: "POST", route: "/signin", status: res.status });
    expect(typeof web[0]!.durationMs).toBe("number");
    // The sign-in action's call to the district API carries the same id.
    expect(api.map((l) => l.route)).toContain("/v1/student");
    // Nothing personal, no query string: not the ID, not the birth date, not "secret=shh".
    const text = JSON.stringify(lines);
    expect(text).not.toContain("100001");
    expect(text).not.toContain("01/15/2012");
    expect(text).not.toContain("2012-01-15");
    expect(text).not.toContain("shh");
  });

  it("replaces a request id that is not a plain short token", async () => {
    const res = await fetch(`${server.url}/signin`, {
      headers: { "X-Request-Id": `bad id with spaces ${"x".repeat(80)}` },
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs route patterns, not URLs, and leaves static files and health polls out", async () => {
    const before = access().length;
    await fetch(`${server.url}/cart-receipt/12345`);
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/favicon.ico`);
    await settle();
    const added = access().slice(before);
    expect(added.map((l) => l.route)).toContain("/cart-receipt/:cartId");
    expect(added.every((l) => !String(l.route).includes("12345"))).toBe(true);
    expect(added.some((l) => l.route === "/healthz")).toBe(false);
  });
});

/** Parses the exposition text: every sample line is `name{labels} value`. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const m =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+]+|\+Inf|NaN)$/.exec(
        line,
      );
    if (!m) throw new Error(`not a Prometheus sample: ${line}`);
    samples.set(`${m[1]}${m[2] ?? ""}`, Number(m[3]));
  }
  return samples;
}

describe("/metrics", () => {
  it("needs the token", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: "Bearer not-the-token-at-all-0000" },
    });
    expect(wrong.status).toBe(401);
  });

  it("is Prometheus text with request, registration and pool figures that move", async () => {
    const scrape = async () => {
      const res = await fetch(`${server.url}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const text = await res.text();
      expect(text).toContain("# TYPE http_requests_total counter");
      expect(text).toContain("# TYPE http_request_duration_seconds histogram");
      return parsePrometheus(text);
    };
    const before = await scrape();
    // A family signs in and registers for a free course, over the district API.
    const login = await fetch(`${server.url}/v1/student`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ studentId: "100039", dob: "2012-01-15" }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const list = (await (
      await fetch(`${server.url}/v1/program`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).json()) as { courses: { name: string; courseSelectionUUID: string }[] }[];
    const course = list.flatMap((p) => p.courses).find((c) => c.name === "Study Hall")!;
    const reg = await fetch(`${server.url}/v1/register/${course.courseSelectionUUID}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ activeCourse: { courseSelectionUUID: course.courseSelectionUUID } }),
    });
    expect(reg.status).toBe(200);
    const after = await scrape();
    const taken = 'registrations_total{outcome="taken"}';
    expect((after.get(taken) ?? 0) - (before.get(taken) ?? 0)).toBe(1);
    const routeKey = [...after.keys()].find(
      (k) =>
        k.startsWith("http_requests_total{") &&
        k.includes('route="/v1/register/:courseSelectionUUID"') &&
        k.includes('status="200"'),
    );
    expect(routeKey).toBeTruthy();
    expect(after.get('db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    const count = [...after.keys()].find((k) =>
      k.startsWith("http_request_duration_seconds_count{"),
    );
    expect(count).toBeTruthy();
  });
});
