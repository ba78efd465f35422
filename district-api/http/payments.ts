// /v1 routes of this area (built by the issue that covers it).
import { Router } from "express";
import type { ApiDeps } from "../deps";

export function paymentsRoutes(_deps: ApiDeps): Router {
  return Router();
}
