// Settings texts and the maintenance status file (spec 01 §3, §7).
import { Router, type RequestHandler } from "express";
import { getSettings, Settings } from "@domain/contract/identity";
import type { ApiDeps } from "../deps";
import { readMaintenanceWindow, readSettingsData } from "../queries/settings";
import { readSpanishSettings } from "../queries/spanish-texts";
import { serve } from "./kit";

/** The settings with the district's Spanish versions in place of their English (decision 172). */
function withSpanishSettings(settings: Settings, spanish: Map<string, string>): Settings {
  if (spanish.size === 0) return settings;
  const given: string[] = [];
  const texts: Record<string, unknown> = { ...settings };
  for (const [key, text] of spanish) {
    if (key === "homeMessage") {
      texts.homeMessage = { ...settings.homeMessage, message: text };
    } else if (typeof texts[key] === "string") {
      texts[key] = text;
    } else {
      continue;
    }
    given.push(key);
  }
  return Settings.parse({ ...texts, spanish: given });
}

export function settingsRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, getSettings, async () => {
    const english = Settings.parse(await readSettingsData(deps.db));
    return withSpanishSettings(english, await readSpanishSettings(deps.db));
  });
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
