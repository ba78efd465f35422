// Small helpers every route module uses: validated input, authorisation, typed refusals.
import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import { z, ZodError } from "zod";
import type { TokenClaims } from "@domain/contract/identity";
import type {
  Access,
  Endpoint,
  EndpointDefinition,
  HandlerReply,
  Parsed,
} from "@domain/contract/endpoint";
import { t } from "@domain/messages";
import { findControlCharacter } from "@domain/rules/input";
import type { ApiDeps } from "../deps";
import { liveClaims } from "../services/sessions";
import { isLockTimeout } from "../services/locks";
import { ApiError } from "../errors";
import { logSafeError } from "../logger";
import { JSON_MAX_DEPTH, JSON_MAX_ITEMS } from "./body-shape";

export type { Access };

export interface HandlerContext<B, Q, P> {
  req: Request;
  res: Response;
  body: B;
  query: Q;
  params: P;
  claims: TokenClaims | null;
  deps: ApiDeps;
}

interface HandlerOptions<B extends z.ZodTypeAny, Q extends z.ZodTypeAny, P extends z.ZodTypeAny> {
  access: Access;
  /** Staff roles, any of which allows the call. */
  roles?: readonly string[];
  body?: B;
  query?: Q;
  params?: P;
}

const kindsFor: Record<Exclude<Access, "public" | "any">, TokenClaims["kind"][]> = {
  participant: ["student", "community_member"],
  family: ["student", "community_member", "guest_user"],
  staff: ["staff"],
};

export async function readClaims(req: Request, deps: ApiDeps): Promise<TokenClaims | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  return liveClaims(deps, header.slice(7));
}

/**
 * Wraps a route: checks the bearer token and role, parses body, query and params with their
 * schemas (400 with the issues on failure), and sends the returned value as JSON.
 */
function handle<
  B extends z.ZodTypeAny = z.ZodUndefined,
  Q extends z.ZodTypeAny = z.ZodUndefined,
  P extends z.ZodTypeAny = z.ZodUndefined,
>(
  deps: ApiDeps,
  options: HandlerOptions<B, Q, P>,
  fn: (ctx: HandlerContext<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<unknown>,
): RequestHandler {
  const handler: RequestHandler = (req, res, next) => {
    void (async () => {
      let claims: TokenClaims | null = null;
      if (options.access !== "public") {
        claims = await readClaims(req, deps);
        if (!claims) throw new ApiError(401, t("error.unauthorized"));
        if (options.access !== "any" && !kindsFor[options.access].includes(claims.kind)) {
          throw new ApiError(403, t("error.forbidden"));
        }
        if (options.roles && !options.roles.some((r) => claims!.role.includes(r))) {
          throw new ApiError(403, t("error.forbidden"));
        }
      } else {
        claims = await readClaims(req, deps);
      }
      refuseControlCharacters({
        body: options.body && req.body,
        query: options.query && req.query,
        params: options.params && req.params,
      });
      const body = options.body ? options.body.parse(req.body ?? {}) : undefined;
      const query = options.query ? options.query.parse(req.query) : undefined;
      const params = options.params ? options.params.parse(req.params) : undefined;
      const result = await fn({ req, res, body, query, params, claims, deps });
      if (!res.headersSent) {
        if (result === undefined) res.status(204).end();
        else res.json(result);
      }
    })().catch(next);
  };
  return handler;
}

const servedBy = new WeakMap<ApiDeps, Endpoint[]>();

/** The endpoints served for `deps`, in the order they were registered (a test holds them to the contract's list). */
export function servedEndpoints(deps: ApiDeps): readonly Endpoint[] {
  return servedBy.get(deps) ?? [];
}

/** The claims a handler sees: always there unless anyone may call. */
type ClaimsOf<E extends EndpointDefinition> = E["access"] extends "public"
  ? TokenClaims | null
  : TokenClaims;

export interface EndpointContext<E extends EndpointDefinition> {
  req: Request;
  res: Response;
  body: Parsed<E["body"]>;
  query: Parsed<E["query"]>;
  params: Parsed<E["params"]>;
  claims: ClaimsOf<E>;
  deps: ApiDeps;
}

/**
 * Answers the call `e` declares on `router` (mounted under /v1) with `fn`, which must return a body
 * one of `e`'s replies allows (or nothing, for a PDF it sends itself or a 204). Access, roles and
 * the parsing of params, query and body are `e`'s; refusals as `handle` gives them.
 */
export function serve<const E extends Endpoint>(
  router: Router,
  deps: ApiDeps,
  e: E,
  fn: (ctx: EndpointContext<E>) => Promise<HandlerReply<E>>,
): void {
  const served = servedBy.get(deps) ?? [];
  servedBy.set(deps, [...served, e]);
  const local = e.path.slice("/v1".length);
  const handler = handle(
    deps,
    e,
    fn as (ctx: HandlerContext<unknown, unknown, unknown>) => Promise<unknown>,
  );
  switch (e.method) {
    case "GET":
      router.get(local, handler);
      break;
    case "POST":
      router.post(local, handler);
      break;
    case "PUT":
      router.put(local, handler);
      break;
    case "DELETE":
      router.delete(local, handler);
      break;
  }
}

export { logSafeError };

/**
 * No text from outside may hold NUL or other control characters (tab and line breaks aside), nor
 * half of a surrogate pair: the database refuses NUL and cannot encode a lone surrogate, and none
 * belongs in a name, a date or an id. A 400 naming the field.
 */
function refuseControlCharacters(parts: Record<string, unknown>): void {
  for (const value of Object.values(parts)) {
    const path = findControlCharacter(value);
    if (path) {
      throw new ZodError([
        { code: z.ZodIssueCode.custom, path, message: t("input.controlCharacters") },
      ]);
    }
  }
}

/** Turns every failure into a JSON reply; bad input is always a 4xx, never a 5xx. */
export function errorHandler(deps: ApiDeps) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    // An error line names its request (set by http/observe.ts), even when the store is gone.
    const requestId = res.locals.requestId as string | undefined;
    if (err instanceof ApiError) {
      res.status(err.status).json({
        message: err.message,
        ...(err.hint !== undefined ? { hint: err.hint } : {}),
        ...(err.errorCode !== undefined ? { errorCode: err.errorCode } : {}),
      });
      return;
    }
    if (isLockTimeout(err)) {
      // A row stayed locked longer than the lock timeout (services/locks.ts): too many people at
      // once, or a stuck transaction. The spec's high-demand message; nothing was written.
      res.setHeader("Retry-After", "5");
      res.status(503).json({ message: t("register.highDemand") });
      return;
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      const first = issues[0];
      res.status(400).json({
        message: t("error.badRequest"),
        hint: first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : undefined,
        issues,
      });
      return;
    }
    const type = (err as { type?: string } | null)?.type;
    if (type === "entity.parse.failed") {
      res.status(400).json({ message: t("error.malformedJson") });
      return;
    }
    if (type === "entity.too.deep") {
      res.status(400).json({ message: t("error.jsonTooDeep", { max: JSON_MAX_DEPTH }) });
      return;
    }
    if (type === "entity.too.wide") {
      res.status(400).json({ message: t("error.jsonTooWide", { max: JSON_MAX_ITEMS }) });
      return;
    }
    if (type === "entity.too.large") {
      res.status(413).json({ message: t("error.payloadTooLarge") });
      return;
    }
    const status = (err as { status?: number } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).json({ message: t("error.badRequest") });
      return;
    }
    deps.logger.error({ err: logSafeError(err), requestId }, "district api error");
    res.status(500).json({ message: t("error.generic") });
  };
}

/** Claims of a staff user, or a 403. */
export function staffClaims(claims: TokenClaims | null): TokenClaims & { employeeID: string } {
  if (!claims || claims.kind !== "staff" || !claims.employeeID) {
    throw new ApiError(403, t("error.forbidden"));
  }
  return claims as TokenClaims & { employeeID: string };
}

/** The participant (student or community member) ID of the caller, or a 403. */
export function participantId(claims: TokenClaims | null): number {
  if (!claims || (claims.kind !== "student" && claims.kind !== "community_member")) {
    throw new ApiError(403, t("error.forbidden"));
  }
  return Number(claims.studentId);
}

export const NoBody = z.undefined();
