// Settings texts and the maintenance status file (spec 01 §3, §7).
import { Router } from "express";
import { getSettings, Settings } from "@domain/contract/identity";
import type { ApiDeps } from "../deps";
import { readMaintenanceWindow, readSettingsData } from "../queries/settings";
import { handle, serve } from "./kit";

export function settingsRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, getSettings, async () => Settings.parse(await readSettingsData(deps.db)));
  return r;
}

/** GET /status.json: state 1 (normal) with the maintenance window's start and end. */
export function statusRoute(deps: ApiDeps) {
  return handle(deps, { access: "public" }, async ({ res }) => {
    const window = await readMaintenanceWindow(deps.db);
    res.setHeader("Cache-Control", "no-store");
    return { state: 1, ...window };
  });
}
