// GET /metrics (decision 113): the process's metrics in Prometheus's text format, for a scraper
// that presents METRICS_TOKEN as a bearer token. Without METRICS_TOKEN the route does not exist
// (404), so nothing is exposed by default; a wrong token gets 401.
import { timingSafeEqual } from "node:crypto";
import { Router } from "express";
import { registry } from "../district-api/metrics";

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metricsRoute(token: string | null): Router {
  const r = Router();
  r.get("/metrics", (req, res, next) => {
    void (async () => {
      if (!token) {
        next();
        return;
      }
      const auth = req.headers.authorization ?? "";
      const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!tokenMatches(given, token)) {
        res.set("WWW-Authenticate", "Bearer").status(401).type("text/plain").send("Unauthorized\n");
        return;
      }
      const text = await registry.metrics();
      res.set("Cache-Control", "no-store").type(registry.contentType).send(text);
    })().catch(next);
  });
  return r;
}
