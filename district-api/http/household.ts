// /v1 calls of a community account's remembered children (decision 168).
import { Router } from "express";
import * as household from "@domain/contract/household";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import {
  forgetChild,
  listRemembered,
  openRememberedSessions,
  rememberChild,
} from "../services/household-links";

export function householdRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, household.listRememberedChildren, ({ claims }) => listRemembered(deps, claims));
  serve(r, deps, household.rememberChild, ({ claims, body }) =>
    rememberChild(deps, claims, body.child),
  );
  serve(r, deps, household.forgetChild, ({ claims, params }) =>
    forgetChild(deps, claims, params.childId),
  );
  serve(r, deps, household.openChildSessions, ({ claims }) => openRememberedSessions(deps, claims));
  return r;
}
