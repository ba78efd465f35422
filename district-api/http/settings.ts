// Settings texts and the maintenance status file (spec 01 §3, §7).
import { Router, type RequestHandler } from "express";
import { getSettings, Settings } from "@domain/contract/identity";
import type { ApiDeps } from "../deps";
import { readMaintenanceWindow, readSettingsData } from "../queries/settings";
import { serve } from "./kit";

export function settingsRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, getSettings, async () => Settings.parse(await readSettingsData(deps.db)));
  return r;
}

/**
 * GET /status.json: state 1 (normal) with the maintenance window's start and end. Outside /v1 (the
 * spec's file, read by the web app and the desktop client), so it is no endpoint of the contract.
 */
export function statusRoute(deps: ApiDeps): RequestHandler {
  return (_req, res, next) => {
    readMaintenanceWindow(deps.db)
      .then((window) => {
        res.setHeader("Cache-Control", "no-store");
        res.json({ state: 1, ...window });
      })
      .catch(next);
  };
}
