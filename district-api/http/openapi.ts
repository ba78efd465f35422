// The OpenAPI 3.1 document generated from the endpoint values (decision 114, decision 162), with
// @asteasolutions/zod-to-openapi turning the contract's zod schemas into JSON Schema. Served at
// GET /v1/openapi.json; a district running its own API can check itself against it.
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ErrorReply } from "@domain/contract/common";
import { ENDPOINTS } from "@domain/contract/endpoints";
import type { EndpointDefinition, SuccessStatus } from "@domain/contract/endpoint";

// The library reads schemas through the `.openapi()` method it adds to zod, as its README asks.
extendZodWithOpenApi(z);

const SUCCESS_TEXT: Record<SuccessStatus, string> = {
  200: "Success",
  201: "Created",
  204: "Done; no content",
};

/**
 * The refusals any call can give for what it is: bad input; no token or the wrong kind of
 * account (any call with a token); an unknown or someone else's record (a call with path
 * parameters); a change the record's state does not allow now; a body over the limit; the API's
 * own failure; and 503 (a maintenance window for families, or too many people at once on a locked
 * row: Retry-After says when to try again).
 */
function commonRefusals(e: EndpointDefinition): Record<string, string> {
  return {
    "400": "Bad input: the message names the field",
    // A call open to any signed-in person still refuses the kinds of account it is not for (a
    // guest at the register, a family on an employee's cart), so 403 goes with every token.
    ...(e.access === "public"
      ? {}
      : {
          "401": "No token, or a token that has ended",
          "403": "Not allowed for this kind of account or role",
        }),
    ...(e.path.includes(":") ? { "404": "No such record, or not the caller's" } : {}),
    ...(e.method === "GET"
      ? {}
      : {
          "409": "The record's state does not allow this now: the message says why",
          "413": "The body is larger than the API accepts",
        }),
    "500": "The district API failed",
    "503": "Unavailable for now (maintenance window, or too many people at once): see Retry-After",
  };
}

/** Every status `e` may answer with, each with what it means: its successes, then its refusals. */
export function declaredStatuses(e: EndpointDefinition): Map<number, string> {
  const statuses = new Map<number, string>();
  for (const status of Object.keys(e.replies)) {
    statuses.set(Number(status), SUCCESS_TEXT[Number(status) as SuccessStatus]);
  }
  const refusals = Object.entries({ ...commonRefusals(e), ...e.refusals }).sort(
    ([a], [b]) => Number(a) - Number(b),
  );
  for (const [status, text] of refusals) statuses.set(Number(status), text);
  return statuses;
}

/**
 * The paths and statuses of `endpoints` only, in the document's shape: what a test holding the
 * replies to the description reads, without generating every schema (which takes a second).
 */
export function statusesByOperation(endpoints: readonly EndpointDefinition[]): {
  paths: Record<string, Record<string, { responses: Record<string, object> }>>;
} {
  const paths: Record<string, Record<string, { responses: Record<string, object> }>> = {};
  for (const e of endpoints) {
    const responses = Object.fromEntries([...declaredStatuses(e).keys()].map((s) => [s, {}]));
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = { responses };
  }
  return { paths };
}

/** Express's /v1/register/:id as OpenAPI's /v1/register/{id}. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** The object schema under refinements and transforms: what lists a query's or path's fields. */
function objectOf(schema: z.ZodTypeAny): z.AnyZodObject | null {
  let s = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  return s instanceof z.ZodObject ? s : null;
}

function operationId(e: EndpointDefinition): string {
  return `${e.method} ${e.path}`.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

function routeOf(e: EndpointDefinition, error: z.ZodTypeAny): RouteConfig {
  const responses: RouteConfig["responses"] = {};
  for (const [status, description] of declaredStatuses(e)) {
    const body = status < 300 ? e.replies[status as SuccessStatus] : error;
    if (body === null || body === undefined) responses[status] = { description };
    else if (body === "pdf") {
      responses[status] = {
        description: "A PDF document",
        content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
      };
    } else responses[status] = { description, content: { "application/json": { schema: body } } };
  }
  const params = e.params ? objectOf(e.params) : null;
  const query = e.query ? objectOf(e.query) : null;
  return {
    method: e.method.toLowerCase() as RouteConfig["method"],
    path: openApiPath(e.path),
    operationId: operationId(e),
    summary: e.summary,
    tags: [e.tag],
    // A public call says so (no scheme) rather than leaving security unstated.
    security: e.access === "public" ? [] : [{ bearer: [] }],
    request: {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(e.body
        ? { body: { required: true, content: { "application/json": { schema: e.body } } } }
        : {}),
      ...(e.upload
        ? {
            body: {
              required: true,
              content: { [e.upload]: { schema: z.string().openapi({ format: "binary" }) } },
            },
          }
        : {}),
    },
    responses,
    "x-access": e.access,
    ...(e.roles?.length ? { "x-roles": [...e.roles] } : {}),
  };
}

type Operation = { parameters?: { in: string; required?: boolean; schema?: { type?: unknown } }[] };

/**
 * A path parameter is always there and never null, whatever the library reads from a coercing
 * schema (`z.coerce.number()` takes "42" and is described as nullable and optional).
 */
function pathParametersRequired(doc: { paths?: Record<string, Record<string, unknown>> }): void {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item) as Operation[]) {
      for (const p of op.parameters ?? []) {
        if (p.in !== "path") continue;
        p.required = true;
        const type = p.schema?.type;
        if (Array.isArray(type)) {
          const kept = type.filter((t) => t !== "null");
          p.schema!.type = kept.length === 1 ? kept[0] : kept;
        }
      }
    }
  }
}

/** The OpenAPI 3.1 document describing `endpoints`. */
export function describeEndpoints(
  endpoints: readonly EndpointDefinition[],
): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  const error = registry.register("Error", ErrorReply);
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  for (const e of endpoints) registry.registerPath(routeOf(e, error));
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "District API",
      version: "1",
      license: {
        name: "Proprietary: for the district's use",
        identifier: "LicenseRef-Proprietary",
      },
      description:
        "The district API the web app calls from its server (registration, fees, carts, payments, staff). Bearer tokens come from POST /v1/student, /v1/instructor or /v1/community/register-guest.",
    },
    servers: [{ url: "/" }],
  });
  pathParametersRequired(doc as Parameters<typeof pathParametersRequired>[0]);
  return doc as unknown as Record<string, unknown>;
}

let document: Record<string, unknown> | null = null;

/** The district API's OpenAPI 3.1 document: every declared call (generated once, on first use). */
export function openApiDocument(): Record<string, unknown> {
  return (document ??= describeEndpoints(ENDPOINTS));
}
