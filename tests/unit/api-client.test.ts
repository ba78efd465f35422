// The web app's API client asks an API on this machine (the embedded /v1) for uncompressed
// replies: gzip there and gunzip here would cost CPU for nothing (decision 094). An API elsewhere
// is left to negotiate compression.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

process.env.SESSION_SECRET ??= "unit-test-secret";

const { callApi, onLoopback } = await import("../../app/.server/api");

let server: Server;
let port = 0;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ value: 1 }));
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
