// One access-log line and the request metrics per call (decision 113): method, route pattern (not
// the URL: no IDs, no query strings), status, duration and the request id, which the web app sends
// (X-Request-Id) so that one page load can be followed across both. Nothing personal is logged.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { inRequestScope, type Logger } from "../logger";
import { metrics, outcomeOf } from "../metrics";
import type { EndpointDefinition } from "@domain/contract/endpoint";

/** A request id another hop may hand us: short, and nothing but letters, digits, ".", "_", "-". */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(header: unknown): string {
  return typeof header === "string" && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Keeps the route pattern Express matches, e.g. /v1/register/:courseSelectionUUID, as it matches
 * it: Express sets `req.route` when a route takes the request, while `req.baseUrl` is still the
 * router's (/v1). By the time the reply is sent after an error, Express has reset `req.baseUrl`,
 * so reading both then would name the route without its /v1.
 */
function watchRoute(req: Request): () => string {
  let matched: unknown;
  let pattern = "(unmatched)";
  Object.defineProperty(req, "route", {
    configurable: true,
    enumerable: true,
    get: () => matched,
    set(route: { path?: unknown } | undefined) {
      matched = route;
      if (route && typeof route.path === "string") pattern = `${req.baseUrl}${route.path}`;
    },
  });
  return () => pattern;
}

/** Payment calls by the method they take (the card form's setup, the reader, a mailed check…). */
const PAYMENT_METHODS: Record<string, string> = {
  "POST /v1/payment/complete-setup-intent": "card",
  "POST /v1/payment/checkout-session": "card_hosted",
  "POST /v1/payment/complete-in-person-transaction": "in_person",
  "POST /v1/payment/confirm-mailin": "mailed_check",
  "POST /v1/payment/confirm-fab": "financial_assistance",
  "POST /v1/payment/confirm-free-after-cc": "course_credits",
  "POST /v1/payment/submit-order": "free_order",
  "POST /v1/payment/webhook": "provider_event",
};

/**
 * The pattern of a call that failed before Express reached its route (the maintenance gate or the
 * body parser threw, e.g. with the database down), found in the route table, so that its outcome
 * is still counted under its route.
 */
function patternMatcher(
  routes: readonly EndpointDefinition[],
): (method: string, path: string) => string | null {
  let compiled: { method: string; path: string; regex: RegExp }[] | null = null;
  return (method, path) => {
    compiled ??= routes.map((r) => ({
      method: r.method,
      path: r.path,
      regex: new RegExp(
        `^${r.path
          .split("/")
          .map((s) => (s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("/")}/?$`,
      ),
    }));
    return compiled.find((r) => r.method === method && r.regex.test(path))?.path ?? null;
  };
}

export function observeRequests(
  logger: Logger,
  routes?: readonly EndpointDefinition[],
): RequestHandler {
  const findPattern = routes ? patternMatcher(routes) : () => null;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const routePattern = watchRoute(req);
    res.on("finish", () => {
      const matched = routePattern();
      const route =
        matched === "(unmatched)"
          ? (findPattern(req.method, req.originalUrl.split("?")[0] ?? "") ?? matched)
          : matched;
      const status = res.statusCode;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.inc({
        service: "api",
        method: req.method,
        route,
        status: String(status),
      });
      metrics.httpDuration.observe({ service: "api", method: req.method, route }, seconds);
      const call = `${req.method} ${route}`;
      if (call === "POST /v1/register/:courseSelectionUUID") {
        const outcome = outcomeOf(status);
        metrics.registrations.inc({ outcome: outcome === "ok" ? "taken" : outcome });
      }
      const method = PAYMENT_METHODS[call];
      if (method) metrics.payments.inc({ method, outcome: outcomeOf(status) });
      logger.info(
        {
          type: "access",
          service: "api",
          requestId,
          method: req.method,
          route,
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        "request",
      );
    });
    inRequestScope(requestId, next);
  };
}
