// The web app's API client asks an API on this machine (the embedded /v1) for uncompressed
// replies: gzip there and gunzip here would cost CPU for nothing (decision 094). An API elsewhere
// is left to negotiate compression. A loader's read that the API could not answer is a 503 with
// Retry-After (decision 150, addendum); a refusal and an unreadable reply are not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

process.env.SESSION_SECRET ??= "unit-test-secret";

const { callApi, dataOr404, onLoopback, or503, unavailable } =
  await import("../../app/.server/api");

let server: Server;
let port = 0;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const send = (status: number, body: string, type = "application/json") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(body);
    };
    if (req.url === "/v1/down") return send(500, JSON.stringify({ message: "Database error." }));
    if (req.url === "/v1/gateway") return send(502, "<html>Bad Gateway</html>", "text/html");
    if (req.url === "/v1/missing") return send(404, JSON.stringify({ message: "Not here." }));
    if (req.url === "/v1/refused") return send(409, JSON.stringify({ message: "Not now." }));
    if (req.url === "/v1/not-json") return send(200, "<html>oops</html>", "text/html");
    if (req.url === "/v1/slow") return void setTimeout(() => send(200, "{}"), 500);
    send(200, JSON.stringify({ value: 1 }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

const Reply = z.object({ value: z.number() });

describe("callApi on loopback", () => {
  it.each(["127.0.0.1", "localhost"])("asks %s for an uncompressed reply", async (host) => {
    seen.length = 0;
    const r = await callApi(
      {
        request: new Request("http://app.test/programs"),
        context: { apiBaseUrl: `http://${host}:${port}`, clientIp: "" },
      },
      { path: "/v1/ok", auth: "none", reply: Reply },
    );
    expect(r).toEqual({ ok: true, status: 200, data: { value: 1 } });
    expect(seen[0]!.headers["accept-encoding"]).toBe("identity");
  });
});

describe("onLoopback", () => {
  it("is true for this machine's addresses only", () => {
    expect(onLoopback("http://127.0.0.1:3000")).toBe(true);
    expect(onLoopback("http://127.1.2.3")).toBe(true);
    expect(onLoopback("http://localhost:8080/")).toBe(true);
    expect(onLoopback("http://[::1]:3000")).toBe(true);
    expect(onLoopback("https://district-api.example.org")).toBe(false);
    expect(onLoopback("http://10.0.0.5:3000")).toBe(false);
    expect(onLoopback("http://127.0.0.1.example.org")).toBe(false);
  });
});

describe("or503: a loader's read the district API could not answer", () => {
  const call = (path: string, base = `http://127.0.0.1:${port}`) =>
    callApi(
      { request: new Request("http://app.test/page"), context: { apiBaseUrl: base, clientIp: "" } },
      { path, auth: "none", reply: Reply, timeoutMs: 100 },
    );
  const thrown = (f: () => unknown): Response | null => {
    try {
      f();
      return null;
    } catch (e) {
      return e as Response;
    }
  };

  it.each([
    ["a 5xx with the API's error body", "/v1/down", undefined],
    ["a 5xx from a proxy in front of it", "/v1/gateway", undefined],
    ["a call over its time limit", "/v1/slow", undefined],
    ["an API that cannot be reached", "/v1/ok", "http://127.0.0.1:1"],
  ])("%s is a 503 with Retry-After and the page's words", async (_name, path, base) => {
    const r = await call(path, base);
    expect(unavailable(r)).toBe(true);
    const res = thrown(() => or503(r, "There was an error loading the list."));
    expect(res?.status).toBe(503);
    expect(res?.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await res?.text()).toBe("There was an error loading the list.");
  });

  it.each([
    ["a success", "/v1/ok"],
    ["a refusal (404)", "/v1/missing"],
    ["a success whose body cannot be read", "/v1/not-json"],
  ])("%s comes back as it was, for the page to handle", async (_name, path) => {
    const r = await call(path);
    expect(unavailable(r)).toBe(false);
    expect(or503(r, "unused")).toBe(r);
  });
});

describe("dataOr404: a page's record, or the page's refusal", () => {
  const call = (path: string) =>
    callApi(
      {
        request: new Request("http://app.test/page"),
        context: { apiBaseUrl: `http://127.0.0.1:${port}`, clientIp: "" },
      },
      { path, auth: "none", reply: Reply, timeoutMs: 100 },
    );
  const words = { loadError: "Could not load.", notFound: "No such record." };
  const refusal = async (path: string, w: { loadError: string; notFound?: string } = words) => {
    const r = await call(path);
    try {
      dataOr404(r, w);
    } catch (e) {
      const res = e as Response;
      return { status: res.status, text: await res.text() };
    }
    return null;
  };

  it("gives the data of a success", async () => {
    expect(dataOr404(await call("/v1/ok"), words)).toEqual({ value: 1 });
  });

  it.each([
    ["the API could not answer", "/v1/down", words, { status: 503, text: "Could not load." }],
    [
      "a record not there, in the page's words",
      "/v1/missing",
      words,
      { status: 404, text: "No such record." },
    ],
    [
      "a record not there, in the API's words",
      "/v1/missing",
      { loadError: "x" },
      { status: 404, text: "Not here." },
    ],
    ["another refusal keeps its status", "/v1/refused", words, { status: 409, text: "Not now." }],
    [
      "an answer that cannot be read",
      "/v1/not-json",
      words,
      { status: 502, text: expect.any(String) },
    ],
  ])("%s", async (_name, path, w, expected) => {
    expect(await refusal(path, w)).toEqual(expected);
  });
});
