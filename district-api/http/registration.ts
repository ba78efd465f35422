// Register, cancel, join and leave a waitlist (spec 01 §7), and more time to pay once (decision
// 146). The rules live in services/registration.ts; this module only checks the caller and the
// input.
import { Router } from "express";
import * as programs from "@domain/contract/programs";
import type { ApiDeps } from "../deps";
import { participantId, serve } from "./kit";
import {
  cancelRegistration,
  checkRegistration,
  joinWaitlist,
  leaveWaitlist,
  register,
} from "../services/registration";
import { extendPaymentWindow } from "../services/payment-window";

export function registrationRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, programs.joinWaitlist, ({ claims, params, body }) =>
    joinWaitlist(deps, participantId(claims), params.courseSelectionUUID, body),
  );
  serve(r, deps, programs.leaveWaitlist, ({ claims, params, body }) =>
    leaveWaitlist(deps, participantId(claims), params.courseSelectionUUID, body.reason),
  );
  serve(r, deps, programs.checkRegistration, ({ claims, params }) =>
    checkRegistration(deps, participantId(claims), params.courseSelectionUUID),
  );
  serve(r, deps, programs.registerForCourse, ({ claims, params, body }) =>
    register(deps, participantId(claims), params.courseSelectionUUID, body),
  );
  serve(r, deps, programs.cancelRegistration, ({ claims, params, body }) =>
    cancelRegistration(deps, participantId(claims), params.courseSelectionUUID, body.reason),
  );
  // More time to pay, once (decision 146): the registration's own participant only.
  serve(r, deps, programs.extendPaymentWindow, ({ claims, params }) =>
    extendPaymentWindow(deps, participantId(claims), params.registrationId),
  );
  return r;
}
