// The web app's request id, access log and request metrics (decision 113). Each request gets an id
// (a sane X-Request-Id from the proxy, or a new one), returned in X-Request-Id and carried to the
// district API; one JSON line per request names the route pattern (the Remix route's path, not
// the URL), status and duration. The id reaches loaders and actions through the load context. Calls to the embedded /v1 are logged by the district API itself;
// static files and health polls only at debug level.
import type { RequestHandler } from "express";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import type { Logger } from "../district-api/logger";
import { metrics } from "../district-api/metrics";
import { requestIdOf } from "../district-api/http/observe";
import { isDataRequest, pagePathOf } from "./data-requests";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/**
 * The route pattern of a URL as Remix itself matches it (react-router's `matchRoutes` over the
 * build's routes): the deepest matched route's full path, e.g. /instructor/course/:programId/:courseId.
 * A URL no page has matches only the splat route ($.tsx), whose 404 is labelled "/*". A page's
 * data request (single fetch's `<page>.data`) is labelled by the page's pattern with "(data)".
 */
export function routePatterns(build: ServerBuild): {
  match(pathname: string): string;
} {
  const nodes = new Map<string, RouteNode>();
  for (const [id, r] of Object.entries(build.routes)) {
    nodes.set(id, {
      id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: [],
    });
  }
  const roots: RouteNode[] = [];
  for (const [id, r] of Object.entries(build.routes)) {
    const node = nodes.get(id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const fullPath = new Map<string, string>();
  const walk = (list: RouteNode[], base: string) => {
    for (const n of list) {
      const own = n.path ? `${base.replace(/\/$/, "")}/${n.path}` : base;
      fullPath.set(n.id, own || "/");
      walk(n.children, own);
    }
  };
  walk(roots, "");
  // matchRoutes flattens and ranks every route on each call: under the opening-morning rush that
  // was 6 % of a page's CPU for a label (decision 166). A page's few hot paths are kept; a path
  // seen once (an id in it) is matched again, and the memo stays bounded whatever is asked.
  const known = new Map<string, string>();
  const pageLabel = (pathname: string): string => {
    const kept = known.get(pathname);
    if (kept !== undefined) return kept;
    // An index route never has children here, which react-router's type cannot tell.
    const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pathname);
    const leaf = matches?.[matches.length - 1]?.route.id;
    const label = (leaf && fullPath.get(leaf)) || "(unmatched)";
    if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value!);
    known.set(pathname, label);
    return label;
  };
  return {
    match(pathname) {
      // Remix's route discovery (decision 173) answers this path before any route.
      if (pathname === ROUTE_DISCOVERY) return ROUTE_DISCOVERY;
      if (isDataRequest(pathname)) return `${pageLabel(pagePathOf(pathname))} (data)`;
      return pageLabel(pathname);
    },
  };
}

/** Where a page asks for the routes its links lead to (Remix's lazy route discovery). */
const ROUTE_DISCOVERY = "/__manifest";

/** How many paths' labels a process keeps (a few hundred bytes each). */
export const KNOWN_PATHS = 500;

const QUIET = /^\/(build\/|healthz$|readyz$|metrics$|favicon)/;

export function observeWebRequests(logger: Logger, build: ServerBuild): RequestHandler {
  const patterns = routePatterns(build);
  return (req, res, next) => {
    // The district API logs its own calls, with the id it is given.
    if (req.path.startsWith("/v1/") || req.path === "/status.json") {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const quiet = QUIET.test(req.path) || res.locals.staticFile === true;
      const route = quiet
        ? req.path.split("/").slice(0, 2).join("/") || "/"
        : patterns.match(req.path);
      const status = res.statusCode;
      if (!quiet) {
        metrics.httpRequests.inc({
          service: "web",
          method: req.method,
          route,
          status: String(status),
        });
        metrics.httpDuration.observe({ service: "web", method: req.method, route }, seconds);
      }
      logger[quiet ? "debug" : "info"](
        {
          type: "access",
          service: "web",
          requestId,
          method: req.method,
          route,
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        "request",
      );
    });
    next();
  };
}
