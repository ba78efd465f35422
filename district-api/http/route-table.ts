// The district API's route table, read from its Express routers: every /v1 call with what `handle`
// accepts (access, roles, body, query and params schemas). The OpenAPI document and the contract
// fuzz test are built from it, so neither can miss a route. It reads Express 4's router stack
// (`_router.stack`, `layer.route`), which Express 4 keeps stable; a major upgrade must revisit it.
import type { Express } from "express";
import { ROUTE_SPEC, type RouteSpec } from "./kit";

export interface RouteEntry {
  method: string;
  /** Express path, e.g. /v1/register/:courseSelectionUUID. */
  path: string;
  /** Null for a route whose handlers are not built with `handle`. */
  spec: RouteSpec | null;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: Layer[] } & Record<symbol, unknown>;
  regexp?: RegExp & { fast_slash?: boolean };
}

export function listRoutes(app: Express): RouteEntry[] {
  const found = new Map<string, RouteSpec | null>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          const key = `${method.toUpperCase()} ${prefix}${layer.route.path}`;
          const spec = layer.route.stack
            .map((s) => (s.handle as Record<symbol, RouteSpec | undefined>)[ROUTE_SPEC])
            .find(Boolean);
          if (!found.get(key)) found.set(key, spec ?? null);
        }
      } else if (layer.handle.stack) {
        const mounted = layer.regexp && !layer.regexp.fast_slash && layer.regexp.test("/v1");
        walk(layer.handle.stack, mounted ? `${prefix}/v1` : prefix);
      }
    }
  };
  walk((app as unknown as { _router: { stack: Layer[] } })._router.stack, "");
  return [...found]
    .filter(([key]) => key.includes(" /v1/"))
    .map(([key, spec]) => {
      const [method, path] = key.split(" ") as [string, string];
      return { method, path, spec };
    });
}
