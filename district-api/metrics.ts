// The process's metrics in Prometheus's text format (decision 113): request counts and duration
// histograms by route pattern and status, and the business counters an IT team watches on opening
// morning. Owned outright (counters, gauges read at scrape time, histograms with fixed buckets):
// a few dozen lines instead of a dependency. Metrics are per process; Prometheus sums instances.
export type Labels = Record<string, string>;

function escapeLabel(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const keys = Object.keys(labels).sort();
  if (!keys.length) return "";
  return `{${keys.map((k) => `${k}="${escapeLabel(labels[k]!)}"`).join(",")}}`;
}

function formatNumber(n: number): string {
  if (n === Infinity) return "+Inf";
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12)));
}

interface Metric {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  lines(): string[];
}

export class Counter implements Metric {
  readonly type = "counter";
  private values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  lines(): string[] {
    return [...this.values].map(([l, v]) => `${this.name}${l} ${formatNumber(v)}`);
  }
}

export class Gauge implements Metric {
  readonly type = "gauge";
  constructor(
    readonly name: string,
    readonly help: string,
    private read: () => { labels?: Labels; value: number }[],
  ) {}
  lines(): string[] {
    return this.read().map(
      (s) => `${this.name}${labelText(s.labels ?? {})} ${formatNumber(s.value)}`,
    );
  }
}

export class Histogram implements Metric {
  readonly type = "histogram";
  private series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[],
  ) {}
  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i]! += 1;
    });
    s.sum += value;
    s.count += 1;
  }
  lines(): string[] {
    const out: string[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => {
        out.push(
          `${this.name}_bucket${labelText({ ...s.labels, le: formatNumber(b) })} ${s.counts[i]}`,
        );
      });
      out.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      out.push(`${this.name}_sum${labelText(s.labels)} ${formatNumber(s.sum)}`);
      out.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return out;
  }
}

export class Registry {
  private metrics: Metric[] = [];
  register<M extends Metric>(m: M): M {
    this.metrics = this.metrics.filter((x) => x.name !== m.name).concat(m);
    return m;
  }
  /** The exposition text (version 0.0.4). */
  text(): string {
    return (
      this.metrics
        .flatMap((m) => [`# HELP ${m.name} ${m.help}`, `# TYPE ${m.name} ${m.type}`, ...m.lines()])
        .join("\n") + "\n"
    );
  }
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The one registry of this process, with the metrics every part records into. */
export const registry = new Registry();

export const metrics = {
  httpRequests: registry.register(
    new Counter(
      "http_requests_total",
      "HTTP requests by service, method, route pattern and status.",
    ),
  ),
  httpDuration: registry.register(
    new Histogram(
      "http_request_duration_seconds",
      "HTTP request duration by service, method and route pattern.",
      SECONDS,
    ),
  ),
  registrations: registry.register(
    new Counter("registrations_total", "Registration calls by outcome (taken, refused, error)."),
  ),
  seatsReleased: registry.register(
    new Counter("seats_released_total", "Seats released because a hold ran out, by kind of hold."),
  ),
  payments: registry.register(
    new Counter("payment_calls_total", "Payment calls by method and outcome (ok, refused, error)."),
  ),
  mail: registry.register(
    new Counter("mail_total", "Mail by outcome (queued, sent, retried, failed, interrupted)."),
  ),
};

/** Reads a gauge at scrape time (e.g. the database pool); replaces one of the same name. */
export function gauge(
  name: string,
  help: string,
  read: () => { labels?: Labels; value: number }[],
): void {
  registry.register(new Gauge(name, help, read));
}

/** "ok", "refused" or "error" for an HTTP status. */
export function outcomeOf(status: number): "ok" | "refused" | "error" {
  return status >= 500 ? "error" : status >= 400 ? "refused" : "ok";
}
