// Reading /status.json (states 1, 2, -1, -2) and the gate that replaces the site in the window.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { readStatus, resetStatusCache } from "../../app/.server/maintenance";
import { maintenanceGate } from "../../server/maintenance-gate";
import { closedDuringMaintenance } from "@domain/rules/maintenance";

let server: Server;
let base: string;
let answer: { status: number; type: string; body: string } = {
  status: 200,
  type: "application/json",
  body: "{}",
};
let hits = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(answer.status, { "Content-Type": answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  resetStatusCache();
  hits = 0;
});

function statusWindow(startOffsetMs: number, endOffsetMs: number) {
  const now = Date.now();
  return {
    state: 1,
    start: new Date(now + startOffsetMs).toISOString(),
    end: new Date(now + endOffsetMs).toISOString(),
  };
}

describe("readStatus", () => {
  it("state 1 with the window as sent", async () => {
    const w = statusWindow(-1000, 1000);
    answer = { status: 200, type: "application/json", body: JSON.stringify(w) };
    expect(await readStatus(base, 0)).toEqual(w);
  });

  it("state 2 when an HTML page comes back", async () => {
    answer = { status: 200, type: "text/html", body: "<html>proxy error</html>" };
    expect((await readStatus(base, 0)).state).toBe(2);
  });

  it("state -2 when the reply is not a status", async () => {
    answer = { status: 200, type: "application/json", body: '{"hello":1}' };
    expect((await readStatus(base, 0)).state).toBe(-2);
  });

  it("state -1 when nothing answers", async () => {
    expect((await readStatus("http://127.0.0.1:9", 0)).state).toBe(-1);
  });

  it("reads at most once per poll interval", async () => {
    answer = { status: 200, type: "application/json", body: JSON.stringify(statusWindow(-1, 1)) };
    await readStatus(base, 60_000);
    await readStatus(base, 60_000);
    expect(hits).toBe(1);
    await readStatus(base, 0);
    expect(hits).toBe(2);
  });
});

describe("maintenanceGate", () => {
  async function run(
    path: string,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
    method = "GET",
  ) {
    let passed = false;
    const out: { status?: number; body?: string; headers: Record<string, string> } = {
      headers: {},
    };
    const res = {
      locals: { cspNonce: "n0nce" },
      status(code: number) {
        out.status = code;
        return this;
      },
      setHeader(name: string, value: string) {
        out.headers[name.toLowerCase()] = value;
        return this;
      },
      vary(name: string) {
        out.headers.vary = out.headers.vary ? `${out.headers.vary}, ${name}` : name;
        return this;
      },
      type() {
        return this;
      },
      send(body: string) {
        out.body = body;
        return this;
      },
      end(body?: string) {
        out.body = body ?? "";
        return this;
      },
    } as unknown as Response;
    await new Promise<void>((resolve) => {
      const next = (() => {
        passed = true;
        resolve();
      }) as NextFunction;
      const origSend = res.send.bind(res);
      (res as unknown as { send: (b: string) => void }).send = (b: string) => {
        origSend(b);
        resolve();
      };
      const origEnd = (res as unknown as { end: (b?: string) => void }).end.bind(res);
      (res as unknown as { end: (b?: string) => void }).end = (b?: string) => {
        origEnd(b);
        resolve();
      };
      const search = new URLSearchParams(query).toString();
      const originalUrl = search ? `${path}?${search}` : path;
      maintenanceGate(() => base, 0)(
        { method, path, query, originalUrl, headers } as unknown as Request,
        res,
        next,
      );
    });
    return { passed, ...out };
  }

  it("replaces every page inside the window with the spec's text and the end time", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    const r = await run("/programs");
    expect(r.passed).toBe(false);
    expect(r.status).toBe(503);
    expect(r.headers["retry-after"]).toBe("60");
    expect(r.body).toContain(
      "The site is currently offline for maintenance and is scheduled to be back online at",
    );
    expect(r.body).toContain('nonce="n0nce"');
    expect(r.body).not.toContain("<script");
    expect(r.body).toContain('<html lang="en">');
    // A Spanish-speaking family's browser, or their choice, gets it in Spanish (decision 170).
    const asked: Record<string, string>[] = [
      { "accept-language": "es-MX,es" },
      { cookie: "lang=es" },
    ];
    for (const headers of asked) {
      const es = await run("/programs", {}, headers);
      expect(es.status).toBe(503);
      expect(es.body).toContain('<html lang="es">');
      expect(es.body).toContain("El sitio no está disponible en este momento por mantenimiento.");
      expect(es.headers.vary).toBe("Accept-Language, Cookie");
    }
  });

  // A page's data request (single fetch's `<page>.data`) is answered as Remix answers a loader's
  // or an action's redirectDocument to the page: these bodies are Remix 2.17's own
  // (encodeViaTurboStream of getSingleFetchRedirect), so the open page loads the page itself.
  it("tells a page's data request inside the window to load the page itself", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    const r = await run("/instructor/fees.data", { tab: "2", _routes: "routes/instructor.fees" });
    expect(r.passed).toBe(false);
    expect(r.status).toBe(202);
    expect(r.headers["content-type"]).toBe("text/x-script");
    expect(r.body).toBe(
      '[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect","/instructor/fees?tab=2","status",302,"revalidate",false,"reload",true,"replace"]\n',
    );
    // The questionnaire's page asks at /_root.data.
    const root = await run("/_root.data", { persona: "student", _routes: "routes/_index" });
    expect(root.status).toBe(202);
    expect(root.body).toBe(
      '[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect","/?persona=student","status",302,"revalidate",false,"reload",true,"replace"]\n',
    );
  });

  it("tells a form posted from an open page inside the window to load the page itself", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    const r = await run("/edit-profile.data", {}, {}, "POST");
    expect(r.passed).toBe(false);
    expect(r.status).toBe(202);
    expect(r.headers["content-type"]).toBe("text/x-script");
    expect(r.body).toBe(
      '[{"_1":2,"_3":4,"_5":6,"_7":8,"_9":6},"redirect","/edit-profile","status",302,"revalidate",false,"reload",true,"replace"]\n',
    );
  });

  it("leaves the administration and the staff sign-in open inside the window", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    for (const path of ["/admin", "/admin/maintenance", "/instructor/sign-in"]) {
      expect((await run(path)).passed, path).toBe(true);
      // Their data requests and their forms' posts with JavaScript too.
      expect((await run(`${path}.data`)).passed, `${path}.data`).toBe(true);
      expect((await run(`${path}.data`, {}, {}, "POST")).passed, `POST ${path}.data`).toBe(true);
    }
    expect((await run("/administer")).passed).toBe(false);
    expect((await run("/administer.data")).passed).toBe(false);
  });

  it("lets assets through inside the window", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    expect((await run("/build/root.js")).passed).toBe(true);
  });

  it("lets route discovery through inside the window, for the administration's links", async () => {
    answer = {
      status: 200,
      type: "application/json",
      body: JSON.stringify(statusWindow(-1000, 60_000)),
    };
    expect((await run("/__manifest", { p: "/admin/maintenance", version: "1" })).passed).toBe(true);
  });

  it.each([
    ["before the window", statusWindow(60_000, 120_000)],
    ["after the window", statusWindow(-120_000, -60_000)],
    ["state 2 inside the window", { ...statusWindow(-1000, 60_000), state: 2 }],
  ])("lets pages through %s", async (_name, status) => {
    answer = { status: 200, type: "application/json", body: JSON.stringify(status) };
    expect((await run("/")).passed).toBe(true);
  });

  it("lets pages through when the status cannot be read", async () => {
    answer = { status: 500, type: "text/plain", body: "oops" };
    expect((await run("/")).passed).toBe(true);
  });
});

describe("closedDuringMaintenance: which /v1 calls a window refuses", () => {
  it("refuses every call of a family's token and the families' entry calls", () => {
    for (const tokenKind of ["student", "community_member", "guest_user", "unknown"]) {
      expect(closedDuringMaintenance({ method: "GET", path: "/cart", tokenKind })).toBe(true);
    }
    expect(closedDuringMaintenance({ method: "POST", path: "/student", tokenKind: null })).toBe(
      true,
    );
    expect(
      closedDuringMaintenance({
        method: "put",
        path: "/community/register-guest/",
        tokenKind: null,
      }),
    ).toBe(true);
  });

  it("keeps staff, their sign-in, public reads, the webhook and signing out open", () => {
    for (const call of [
      { method: "DELETE", path: "/admin/maintenance", tokenKind: "staff" },
      { method: "POST", path: "/instructor", tokenKind: null },
      { method: "GET", path: "/settings", tokenKind: null },
      { method: "POST", path: "/payment/webhook", tokenKind: null },
      { method: "POST", path: "/identity/sign-out", tokenKind: "student" },
    ]) {
      expect(closedDuringMaintenance(call), `${call.method} ${call.path}`).toBe(false);
    }
  });
});
