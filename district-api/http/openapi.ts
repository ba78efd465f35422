// The OpenAPI 3.1 description of every /v1 call (decision 114), served at GET /v1/openapi.json.
// Requests (body, query, path parameters) come from the schemas each route is built with
// (route-table.ts); replies, summaries and tags from the table below, which a test holds complete:
// a route without a description fails it. A district running its own API can check itself
// against this document.
import type { Express } from "express";
import { z } from "zod";
import { listRoutes } from "./route-table";
import { ENDPOINTS } from "@domain/contract/endpoints";
import type { EndpointDefinition, Method } from "@domain/contract/endpoint";
import { describeEndpoints } from "./openapi-document";

interface Description {
  summary: string;
  tag: string;
  /** The 2xx reply's schema; "pdf" for a document; undefined for 204 No Content. */
  reply?: z.ZodTypeAny | "pdf" | "json";
  /** The success statuses, when not the usual one (200 with a reply, 204 without). */
  success?: (200 | 201 | 204)[];
  /**
   * Refusals this call gives beyond those every call of its kind can (`commonRefusals`), each
   * with what it means here. A test holds them true: every status an integration test sees is
   * listed (tests/support/contract-replies.ts).
   */
  refusals?: Partial<Record<400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 429 | 502, string>>;
}

/** Every /v1 call, "METHOD /v1/path" as Express declares it. */
export const DESCRIPTIONS: Record<string, Description> = {
  "GET /v1/openapi.json": { tag: "meta", summary: "This description of the API", reply: "json" },
};

/**
 * The calls not yet declared as endpoint values (domain/contract/endpoint.ts), read as if they
 * were: their schemas from the route table, their words and replies from DESCRIPTIONS above.
 */
function undeclaredEndpoints(app: Express): EndpointDefinition[] {
  const declared = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
  return listRoutes(app)
    .filter((route) => !declared.has(`${route.method} ${route.path}`))
    .map((route) => {
      const d = DESCRIPTIONS[`${route.method} ${route.path}`];
      const body = d?.reply === undefined ? null : d.reply === "json" ? z.unknown() : d.reply;
      const statuses = d?.success ?? [body === null ? 204 : 200];
      return {
        method: route.method as Method,
        path: route.path as `/v1/${string}`,
        access: route.spec?.access ?? "public",
        roles: route.spec?.roles,
        params: route.spec?.params,
        query: route.spec?.query,
        body: route.spec?.body,
        replies: Object.fromEntries(statuses.map((s) => [s, s === 204 ? null : body])),
        refusals: d?.refusals,
        summary: d?.summary ?? "",
        tag: d?.tag ?? "",
      };
    });
}

/** Every /v1 call of the district API `app`, declared or not yet. */
export function describedEndpoints(app: Express): EndpointDefinition[] {
  return [...ENDPOINTS, ...undeclaredEndpoints(app)];
}

/** The OpenAPI 3.1 document of the district API `app`. */
export function openApiDocument(app: Express): Record<string, unknown> {
  return describeEndpoints(describedEndpoints(app));
}
