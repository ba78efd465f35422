// The process's metrics in Prometheus's text format (decision 113): request counts and duration
// histograms by route pattern and status, the business counters an IT team watches on opening
// morning, and prom-client's default process figures (memory, CPU, event-loop lag, garbage
// collection, open handles). Metrics are per process; Prometheus sums instances.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Labels = Record<string, string>;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The one registry of this process, with the metrics every part records into. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const metrics = {
  httpRequests: new Counter({
    name: "http_requests_total",
    help: "HTTP requests by service, method, route pattern and status.",
    labelNames: ["service", "method", "route", "status"],
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by service, method and route pattern.",
    labelNames: ["service", "method", "route"],
    buckets: SECONDS,
    registers: [registry],
  }),
  registrations: new Counter({
    name: "registrations_total",
    help: "Registration calls by outcome (taken, refused, error).",
    labelNames: ["outcome"],
    registers: [registry],
  }),
  seatsReleased: new Counter({
    name: "seats_released_total",
    help: "Seats released because a hold ran out, by kind of hold.",
    labelNames: ["hold"],
    registers: [registry],
  }),
  payments: new Counter({
    name: "payment_calls_total",
    help: "Payment calls by method and outcome (ok, refused, error).",
    labelNames: ["method", "outcome"],
    registers: [registry],
  }),
  mail: new Counter({
    name: "mail_total",
    help: "Mail by outcome (queued, sent, retried, failed, interrupted).",
    labelNames: ["outcome"],
    registers: [registry],
  }),
};

/**
 * A gauge read at scrape time (e.g. the database pool); replaces one of the same name, as a
 * server started again in the same process (tests) reads its own pool.
 */
export function gauge(
  name: string,
  help: string,
  labelNames: string[],
  read: () => { labels?: Labels; value: number }[],
): void {
  registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of read()) this.set(s.labels ?? {}, s.value);
    },
  });
}

/** "ok", "refused" or "error" for an HTTP status. */
export function outcomeOf(status: number): "ok" | "refused" | "error" {
  return status >= 500 ? "error" : status >= 400 ? "refused" : "ok";
}
