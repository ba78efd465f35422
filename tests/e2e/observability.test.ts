// Access logs, request ids and metrics (decision 113), on the whole server as it runs
// (the built web app and the embedded district API). No browser: plain HTTP, as a proxy and a
// metrics scraper see it.
import { Agent, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { startServer, type RunningServer } from "../../server";
import { createLogger } from "../../district-api/logger";
import { registry } from "../../district-api/metrics";
import { demoSnapshot } from "../support/pglite-snapshot";

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
  // Metrics are the process's, and a vitest worker runs other files' servers before this one
  // (vitest.e2e.config.ts): the figures start from nothing, as in a process of its own.
  registry.resetMetrics();
  dataDir = await mkdtemp(path.join(tmpdir(), "observe-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    inMemory: true,
    pgliteSnapshot: await demoSnapshot(),
    logger: createLogger("info", sink),
    metricsToken: TOKEN,
  });
});
afterAll(async () => {
  // The last test closed the database itself: closing it again is refused.
  await server?.close().catch(() => undefined);
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

describe("kept-alive connections", () => {
  it("are kept 65 s, longer than the web app's own calls (4 s) and a load balancer (60 s) keep theirs", async () => {
    // The side that closes an idle connection first is the one whose next request can be reset
    // as it is sent (ECONNRESET): the server says how long it keeps one, and keeps it longer.
    const agent = new Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string>((resolve, reject) => {
        get(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          resolve(String(res.headers["keep-alive"]));
        }).on("error", reject);
      });
      expect(keepAlive).toBe("timeout=65");
    } finally {
      agent.destroy();
    }
  });
});

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
    await fetch(`${server.url}/cart-receipt/12345.data`);
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/favicon.ico`);
    await settle();
    const added = access().slice(before);
    expect(added.map((l) => l.route)).toContain("/cart-receipt/:cartId");
    // The page's data request (single fetch's `<page>.data`) under the page's pattern.
    expect(added.map((l) => l.route)).toContain("/cart-receipt/:cartId (data)");
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
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.]+(?:e[+-]?[0-9]+)?|\+Inf|NaN)$/i.exec(
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

async function scrapeMetrics(): Promise<Map<string, number>> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  return parsePrometheus(await res.text());
}

/** How much a sample grew between two scrapes. */
const grew = (before: Map<string, number>, after: Map<string, number>, key: string) =>
  (after.get(key) ?? 0) - (before.get(key) ?? 0);

/** The http_requests_total sample whose labels include all of these. */
function requestsWith(samples: Map<string, number>, ...labels: string[]): number {
  return [...samples]
    .filter(([k]) => k.startsWith("http_requests_total{") && labels.every((l) => k.includes(l)))
    .reduce((n, [, v]) => n + v, 0);
}

/** The session cookie (name=value) a sign-in form's post sets. */
async function sessionCookie(path: string, form: Record<string, string>): Promise<string> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status, path).toBe(302);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect(cookie).toContain("=");
  return cookie;
}

async function familyToken(studentId: string): Promise<string> {
  const login = await fetch(`${server.url}/v1/student`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ studentId, dob: "2012-01-15" }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

describe("metrics and logs that see failures", () => {
  it("labels each page by its route pattern, apart from pages nobody has", async () => {
    const before = await scrapeMetrics();
    await fetch(`${server.url}/programs`, { redirect: "manual" });
    await fetch(`${server.url}/instructor/course/12/34`, { redirect: "manual" });
    await fetch(`${server.url}/no-such-page/at-all`);
    const after = await scrapeMetrics();
    expect(requestsWith(after, 'service="web"', 'route="/programs"')).toBeGreaterThan(
      requestsWith(before, 'service="web"', 'route="/programs"'),
    );
    expect(
      requestsWith(after, 'service="web"', 'route="/instructor/course/:programId/:courseId"'),
    ).toBeGreaterThan(0);
    // The page nobody has is a 404 under a label of its own, not a page's.
    const notFound = [...after.keys()].filter(
      (k) => k.startsWith("http_requests_total{") && k.includes('status="404"'),
    );
    expect(notFound.some((k) => k.includes('route="/programs"'))).toBe(false);
    expect(
      [...after.keys()].some((k) => k.includes('route="/*"') && !k.includes('status="404"')),
    ).toBe(false);
  });

  it("has the process's own figures: memory, CPU, event-loop lag, garbage collection", async () => {
    const res = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const text = await res.text();
    for (const name of [
      "process_resident_memory_bytes",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "nodejs_gc_duration_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toContain(`# TYPE ${name}`);
    }
  });

  it("counts a 409, a 400 and a payment refused under their /v1 routes and outcomes", async () => {
    const token = await familyToken("100036");
    const auth = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
    const before = await scrapeMetrics();
    // 400: a register call whose body is not a registration.
    const bad = await fetch(`${server.url}/v1/register/not-a-course`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ activeCourse: 7 }),
    });
    expect(bad.status).toBe(400);
    // 409: a course the family cannot take (nobody has this one).
    const list = (await (await fetch(`${server.url}/v1/program`, { headers: auth })).json()) as {
      courses: { name: string; courseSelectionUUID: string }[];
    }[];
    const course = list.flatMap((p) => p.courses).find((c) => c.name === "Study Hall")!;
    const register = () =>
      fetch(`${server.url}/v1/register/${course.courseSelectionUUID}`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ activeCourse: { courseSelectionUUID: course.courseSelectionUUID } }),
      });
    expect((await register()).status).toBe(200);
    const again = await register();
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    // A payment call refused: a mailed check for a cart that is not there.
    const pay = await fetch(`${server.url}/v1/payment/confirm-mailin`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ nonsense: true }),
    });
    expect(pay.status).toBeGreaterThanOrEqual(400);
    expect(pay.status).toBeLessThan(500);
    const after = await scrapeMetrics();
    const route = 'route="/v1/register/:courseSelectionUUID"';
    expect(requestsWith(after, route, 'status="400"')).toBe(
      requestsWith(before, route, 'status="400"') + 1,
    );
    expect(requestsWith(after, route, `status="${again.status}"`)).toBeGreaterThan(
      requestsWith(before, route, `status="${again.status}"`),
    );
    expect(grew(before, after, 'registrations_total{outcome="refused"}')).toBe(2);
    expect(
      grew(before, after, 'payment_calls_total{method="mailed_check",outcome="refused"}'),
    ).toBe(1);
    // No call is counted without its /v1 prefix.
    const apiRoutes = [...after.keys()].filter((k) => k.includes('service="api"'));
    expect(apiRoutes.filter((k) => /route="\/(program|register|payment)/.test(k))).toEqual([]);
  });

  // Last: the database goes away for good.
  it("with the database down: a 500 counted as an error, error lines with their request id, and the programs page a 503", async () => {
    const token = await familyToken("100037");
    const cookie = (await signIn("100038", "01/15/2012")).headers.get("set-cookie") ?? "";
    expect(cookie).toContain("=");
    // Signed in before the database goes: a community member, an instructor who proposes fees,
    // and the district administrator (who also has the business office).
    const member = await sessionCookie("/signin", {
      intent: "login",
      studentId: "200001",
      dob: "03/02/1980",
    });
    const proposer = await sessionCookie("/instructor/sign-in", {
      username: "proposer",
      password: "proposer-demo",
    });
    const admin = await sessionCookie("/instructor/sign-in", {
      username: "admin",
      password: "admin-demo",
    });
    const before = await scrapeMetrics();
    await server.api!.database.close();
    const failed = await fetch(`${server.url}/v1/program`, {
      headers: { Authorization: `Bearer ${token}`, "X-Request-Id": "db-down-api-1" },
    });
    expect(failed.status).toBe(500);
    const register = await fetch(`${server.url}/v1/register/any-course`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ activeCourse: { courseSelectionUUID: "any-course" } }),
    });
    expect(register.status).toBe(500);
    const page = await fetch(`${server.url}/programs`, {
      headers: { Cookie: cookie.split(";")[0]!, "X-Request-Id": "db-down-page-1" },
      redirect: "manual",
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await page.text();
    expect(html).toContain("There was an error loading the list of programs.");
    expect(html).not.toContain("There are no open programs right now.");
    // The cart and the fees read their data the same way: a 503 that says so, never an empty page.
    for (const [path, words] of [
      ["/cart", "There was an error loading the cart"],
      ["/fees", "There was an error loading the fees."],
    ] as const) {
      const other = await fetch(`${server.url}${path}`, {
        headers: { Cookie: cookie.split(";")[0]! },
        redirect: "manual",
      });
      expect(other.status, path).toBe(503);
      expect(other.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect(await other.text(), path).toContain(words);
    }
    // Every other page whose data comes from the district API: a 503 with Retry-After and its
    // words, never the page with its lists empty (decision 150, addendum).
    const family = cookie.split(";")[0]!;
    const uuid = "00000000-0000-4000-8000-000000000000";
    const pages: [cookie: string, path: string, words: string][] = [
      [family, "/my-registrations", "There was an error loading the list of programs."],
      [family, "/cart-receipt/1", "There was an error loading the cart"],
      [family, "/payment-complete?cartId=1", "There was an error loading the payment."],
      [member, "/edit-profile", "There was an error loading your profile."],
      [proposer, "/instructor/", "There was an error loading your activities."],
      [proposer, `/instructor/program/${uuid}`, "There was an error loading your activities."],
      [proposer, `/instructor/course/${uuid}/${uuid}`, "There was an error loading the section."],
      [proposer, "/instructor/my-fee/1", "Error Fetching your Fees"],
      [proposer, "/instructor/fees", "Error fetching data."],
      [proposer, "/instructor/fee-proposals", "Error fetching data."],
      [proposer, "/instructor/fees/new", "Error fetching data."],
      [proposer, "/instructor/buy-fees", "There was an error loading the fees."],
      [proposer, "/instructor/cart", "There was an error loading the cart"],
      [admin, "/admin/settings", "There was an error loading the settings."],
      [admin, "/admin/maintenance", "There was an error loading the maintenance window."],
      [admin, "/admin/staff", "There was an error loading the staff accounts."],
      [admin, "/admin/staff/1", "There was an error loading the staff accounts."],
      [admin, "/admin/audit", "The audit trail could not be loaded."],
      [admin, "/admin/people", "The people could not be read. Try again."],
      [admin, "/admin/people/1", "There was an error loading this person."],
      [admin, "/admin/programs", "There was an error loading the catalogue."],
      [admin, "/admin/programs/courses", "There was an error loading the catalogue."],
      [admin, `/admin/programs/${uuid}`, "There was an error loading the catalogue."],
      [admin, "/admin/fees", "There was an error loading the fees."],
      [admin, "/admin/fees/1", "There was an error loading the fees."],
      [admin, "/admin/fees/new", "There was an error loading the fees."],
      [admin, "/admin/schools", "There was an error loading the schools and school years."],
      [admin, `/admin/imports/runs/${uuid}`, "There was an error loading the import."],
      [admin, "/office", "There was an error loading the overview."],
      [admin, "/office/checks", "There was an error loading the mailed checks."],
      [admin, "/office/checks/1", "There was an error loading the mailed checks."],
      [admin, "/office/mail?q=family%40example.org", "There was an error loading the mail log."],
      [admin, "/office/payments", "There was an error loading the payments."],
      [admin, "/office/payments/1", "There was an error loading the payments."],
      [admin, "/office/refunds", "There was an error loading the refunds."],
      [admin, "/office/report", "There was an error loading the report."],
    ];
    for (const [who, path, words] of pages) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { Cookie: who },
        redirect: "manual",
      });
      // Soft: one run names every page that does not.
      expect.soft(res.status, path).toBe(503);
      expect.soft(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect.soft(await res.text(), path).toContain(words);
    }
    await settle();
    const after = await scrapeMetrics();
    expect(requestsWith(after, 'route="/v1/program"', 'status="500"')).toBeGreaterThan(
      requestsWith(before, 'route="/v1/program"', 'status="500"'),
    );
    expect(grew(before, after, 'registrations_total{outcome="error"}')).toBe(1);
    expect(requestsWith(after, 'service="web"', 'route="/programs"', 'status="503"')).toBe(1);
    // Every error line of a request names it (the background jobs' own failures serve no request).
    const errors = lines.filter((l) => (l.level as number) >= 50 && l.msg === "district api error");
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.requestId, JSON.stringify(e)).toBeTruthy();
    expect(errors.some((e) => e.requestId === "db-down-api-1")).toBe(true);
  });
});
