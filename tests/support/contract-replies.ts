// Holds the district API to its description (decision 152): every reply a test API gives
// to a /v1 call is recorded, and when the test API closes each one must be a status the OpenAPI
// description lists for that operation. Every integration test is then also a check that the
// description tells the truth, without a list of expected statuses kept anywhere else.
import { appendFileSync } from "node:fs";
import type { Server } from "node:http";

export interface ObservedReply {
  method: string;
  path: string;
  status: number;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  statuses: Set<string>;
}

/** Records the method, path and status of every reply `server` sends; read them with the result. */
export function observeReplies(server: Server): () => ObservedReply[] {
  const seen = new Map<string, ObservedReply>();
  server.on("request", (req, res) => {
    res.on("finish", () => {
      const method = req.method ?? "GET";
      // Express strips a router's mount point from req.url while the router handles the call
      // (/v1/cart/count is /cart/count inside the /v1 router) and keeps the URL as it came in
      // originalUrl.
      const url = (req as typeof req & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
      const path = url.split("?")[0]!;
      const key = `${method} ${path} ${res.statusCode}`;
      if (!seen.has(key)) seen.set(key, { method, path, status: res.statusCode });
    });
  });
  return () => [...seen.values()];
}

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`,
    );
    for (const [method, op] of Object.entries(item)) {
      const responses = (op as { responses?: Record<string, unknown> }).responses ?? {};
      ops.push({
        method: method.toUpperCase(),
        template,
        pattern,
        statuses: new Set(Object.keys(responses)),
      });
    }
  }
  // A fixed segment wins over a parameter (/v1/cart/status before /v1/cart/{id}).
  return ops.sort((a, b) => paramCount(a.template) - paramCount(b.template));
}

const paramCount = (template: string) => (template.match(/\{/g) ?? []).length;

/**
 * The replies whose status the description does not list for their operation, as
 * "METHOD /v1/template → status". Calls that match no operation (an unknown path's 404) and
 * anything outside /v1 are not the description's business.
 */
export function undeclaredReplies(
  doc: { paths: Record<string, Record<string, unknown>> },
  replies: readonly ObservedReply[],
): string[] {
  const ops = operationsOf(doc);
  const found = new Set<string>();
  for (const r of replies) {
    if (!r.path.startsWith("/v1/")) continue;
    const op = ops.find((o) => o.method === r.method && o.pattern.test(r.path));
    if (!op) continue;
    if (!op.statuses.has(String(r.status))) found.add(`${op.method} ${op.template} → ${r.status}`);
  }
  const list = [...found].sort();
  // A run that wants the whole list at once (to describe many operations in one pass) sets
  // CONTRACT_REPLIES_LOG to a file and reads it after.
  const log = process.env.CONTRACT_REPLIES_LOG;
  if (log && list.length) appendFileSync(log, list.join("\n") + "\n");
  return list;
}
