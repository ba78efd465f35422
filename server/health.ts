// /healthz and /readyz for a load balancer or an orchestrator to poll every few seconds: cheap,
// never cached, and saying nothing private (decision 111).
//   /healthz  the process answers (200), even while it drains;
//   /readyz   it should be sent traffic: not draining, the database answers, the migrations this
//             code needs are applied, the background jobs are alive (200, else 503 naming which).
import { Router, type Response } from "express";
import type { Readiness } from "../district-api/runtime";

export interface HealthSources {
  /** The embedded district API's readiness, or an external district API's /readyz. */
  readiness: () => Promise<Readiness>;
  draining: () => boolean;
}

function noStore(res: Response): Response {
  return res.set("Cache-Control", "no-store");
}

export function healthRoutes(sources: HealthSources): Router {
  const r = Router();
  r.get("/healthz", (_req, res) => {
    noStore(res).json({ status: "ok" });
  });
  r.get("/readyz", (_req, res, next) => {
    void (async () => {
      if (sources.draining()) {
        noStore(res).status(503).json({ status: "draining" });
        return;
      }
      const checks = await sources.readiness();
      const ready = checks.database && checks.migrations && checks.backgroundJobs;
      noStore(res)
        .status(ready ? 200 : 503)
        .json({
          status: ready ? "ready" : "not ready",
          checks: {
            database: checks.database ? "ok" : "failing",
            migrations: checks.migrations ? "ok" : "failing",
            backgroundJobs: checks.backgroundJobs ? "ok" : "failing",
          },
        });
    })().catch(next);
  });
  return r;
}

/** The readiness of a district API this web app calls over HTTP (DISTRICT_API_URL). */
export function externalReadiness(apiUrl: string, timeoutMs = 2_000): () => Promise<Readiness> {
  return async () => {
    try {
      const res = await fetch(new URL("/readyz", apiUrl), {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const ok = res.ok;
      return { database: ok, migrations: ok, backgroundJobs: ok };
    } catch {
      return { database: false, migrations: false, backgroundJobs: false };
    }
  };
}
