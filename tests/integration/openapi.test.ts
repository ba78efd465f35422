// The OpenAPI description of the district API (decision 114): every /v1 call is in it
// with a summary, its request schemas and replies; the document holds together.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { call, startTestApi, type TestApi } from "../support/api";
import { servedEndpoints } from "../../district-api/http/kit";
import { ENDPOINTS } from "../../domain/contract/endpoints";

let api: TestApi;
let doc: any;
beforeAll(async () => {
  api = await startTestApi();
  const r = await call(api, "GET", "/v1/openapi.json");
  expect(r.status).toBe(200);
  doc = r.body;
});
afterAll(async () => {
  await api?.close();
});

const METHODS = ["get", "post", "put", "delete", "patch"];
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** Every JSON Schema inside `node`, with the path to it. */
function* schemas(node: unknown, at: string): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  if ("type" in o || "anyOf" in o || "$ref" in o || "properties" in o) yield [at, o];
  for (const [k, v] of Object.entries(o)) yield* schemas(v, `${at}/${k}`);
}

describe("GET /v1/openapi.json", () => {
  it("describes every /v1 call, each with a summary, and nothing that is not a call", () => {
    // Every declared call is served exactly once, and nothing else is (a route registered without
    // an endpoint value is refused by lint: eslint.config.js).
    const served = servedEndpoints(api.runtime.deps).map((e) => `${e.method} ${e.path}`);
    const declared = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(served).size, "an endpoint served twice").toBe(served.length);
    expect([...served].sort()).toEqual([...declared].sort());
    for (const e of ENDPOINTS) {
      const op = doc.paths[e.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeTruthy();
      expect(op.summary, `${e.method} ${e.path}`).toBe(e.summary);
      expect(e.summary.length, `${e.method} ${e.path}`).toBeGreaterThan(5);
    }
  });

  it("is a well-formed OpenAPI 3.1 document", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearer).toEqual({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      expect(path.startsWith("/v1/")).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<any>(item)) {
        expect(METHODS).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        const declared = (op.parameters ?? [])
          .filter((p: any) => p.in === "path")
          .map((p: any) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual([...templated].sort());
        expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s))).toBe(true);
        for (const r of Object.values<any>(op.responses)) expect(r.description).toBeTruthy();
        expect(op.security).toEqual(op["x-access"] === "public" ? [] : [{ bearer: [] }]);
      }
    }
    const all = [
      ...schemas(doc.paths, "#/paths"),
      ...schemas(doc.components.schemas, "#/components/schemas"),
    ];
    for (const [at, s] of all) {
      if (typeof s.$ref === "string") {
        const target = s.$ref
          .slice(2)
          .split("/")
          .reduce((n: any, k: string) => n?.[k], doc);
        expect(target, `${at}: ${s.$ref}`).toBeTruthy();
      }
      if (typeof s.type === "string" && !at.endsWith("/properties/type")) {
        expect(TYPES.has(s.type), `${at}: type ${s.type}`).toBe(true);
      }
    }
  });

  it("carries the contract's schemas: register's body and reply, the program list's query", () => {
    const register = doc.paths["/v1/register/{courseSelectionUUID}"].post;
    expect(register.requestBody.content["application/json"].schema.properties).toHaveProperty(
      "activeCourse",
    );
    const reply = register.responses["200"].content["application/json"].schema;
    expect(reply.properties.status.enum).toContain("pending_payment");
    expect(register.security).toEqual([{ bearer: [] }]);
    const student = doc.paths["/v1/student"].post;
    expect(student.security).toEqual([]);
    expect(student.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["studentId", "dob"]),
    );
  });

  it("lists the replies the handlers give: created, sign-in refused, register refused, not found", () => {
    const op = (method: string, path: string) => doc.paths[path][method];
    const statuses = (method: string, path: string) => Object.keys(op(method, path).responses);
    expect(statuses("post", "/v1/admin/staff")).toContain("201");
    expect(statuses("post", "/v1/admin/staff")).not.toContain("200");
    expect(op("put", "/v1/fees/add-to-cart").responses["200"].content).toBeTruthy();
    expect(statuses("post", "/v1/student")).toEqual(expect.arrayContaining(["401", "429"]));
    expect(statuses("post", "/v1/register/{courseSelectionUUID}")).toEqual(
      expect.arrayContaining(["404", "406", "409", "503"]),
    );
    expect(statuses("get", "/v1/cart/{cartId}")).toContain("404");
    // A call that reads no body cannot be too large, nor refused for its record's state.
    expect(statuses("get", "/v1/program")).not.toContain("413");
    expect(statuses("get", "/v1/program")).not.toContain("409");
  });

  it("passes Redocly's recommended rules, but for the two register paths the spec names", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "/v1/openapi.json",
      config,
    });
    // The spec names both /register/waitlist/{id} and /register/{id}/check; Express tries routes
    // in the order they are registered, so the literal "waitlist" wins as the spec means.
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([
      "warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/v1/register/waitlist/{courseSelectionUUID}` and `/v1/register/{courseSelectionUUID}/check`.",
    ]);
  });
});
