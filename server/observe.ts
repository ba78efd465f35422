// The web app's request id, access log and request metrics (decision 113). Each request gets an id
// (a sane X-Request-Id from the proxy, or a new one), returned in X-Request-Id and carried to the
// district API; one JSON line per request names the route pattern (the Remix route's path, not
// the URL), status and duration. The id reaches loaders and actions through the load context. Calls to the embedded /v1 are logged by the district API itself;
// static files and health polls only at debug level.
import type { RequestHandler } from "express";
import type { ServerBuild } from "@remix-run/node";
import type { Logger } from "../district-api/logger";
import { metrics } from "../district-api/metrics";
import { requestIdOf } from "../district-api/http/observe";

interface Pattern {
  id: string;
  path: string;
  regex: RegExp;
  score: number;
}

/** Every route's full path pattern (parents joined), most specific first. */
export function routePatterns(build: ServerBuild): {
  match(pathname: string, dataId?: string): string;
} {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const r = routes[id];
    if (!r) return "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    const own = r.path ?? "";
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
  };
  const byId = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, r] of Object.entries(routes)) {
    const path = fullPath(id) || "/";
    byId.set(id, path);
    // Only routes that render a page at their own path (leaves and index routes).
    const isLeaf = !Object.values(routes).some((c) => c.parentId === id && !c.index) || r.index;
    if (!isLeaf) continue;
    const segments = path.split("/").filter(Boolean);
    const source = segments
      .map((s) =>
        s === "*"
          ? "(?:/.*)?"
          : s.startsWith(":")
            ? "/[^/]+"
            : `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      )
      .join("");
    const score = segments.reduce((n, s) => n + (s === "*" ? 0 : s.startsWith(":") ? 2 : 3), 0);
    patterns.push({ id, path, regex: new RegExp(`^${source || "/"}/?$`), score });
  }
  patterns.sort((a, b) => b.score - a.score);
  return {
    match(pathname, dataId) {
      if (dataId && byId.has(dataId)) return `${byId.get(dataId)} (data)`;
      return patterns.find((p) => p.regex.test(pathname))?.path ?? "(unmatched)";
    },
  };
}

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
      const dataId = typeof req.query._data === "string" ? req.query._data : undefined;
      const route = quiet
        ? req.path.split("/").slice(0, 2).join("/") || "/"
        : patterns.match(req.path, dataId);
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
