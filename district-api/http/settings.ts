// Settings texts and the maintenance status file (spec 01 §3, §7).
import { Router } from "express";
import { eq } from "drizzle-orm";
import { Settings } from "@domain/contract/identity";
import type { ApiDeps } from "../deps";
import { maintenance, settings } from "../db/schema";
import { handle } from "./kit";

export function settingsRoutes(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/settings",
    handle(deps, { access: "public" }, async () => {
      const [row] = await deps.db.select().from(settings).where(eq(settings.id, 1));
      return Settings.parse(row?.data ?? {});
    }),
  );
  return r;
}

/** GET /status.json: state 1 (normal) with the maintenance window's start and end. */
export function statusRoute(deps: ApiDeps) {
  return handle(deps, { access: "public" }, async ({ res }) => {
    const [row] = await deps.db.select().from(maintenance).where(eq(maintenance.id, 1));
    res.setHeader("Cache-Control", "no-store");
    return {
      state: 1,
      start: row?.startsAt?.toISOString() ?? null,
      end: row?.endsAt?.toISOString() ?? null,
    };
  });
}
