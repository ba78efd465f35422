// Register, cancel, join and leave a waitlist (spec 01 §7), and more time to pay once (decision 146). The rules live in
// services/registration.ts; this module only checks the caller and the input.
import { Router } from "express";
import { PaymentWindowParams, RegisterParams, RegisterRequest } from "@domain/contract/programs";
import type { ApiDeps } from "../deps";
import { handle, participantId } from "./kit";
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
  const opts = { access: "participant" as const, body: RegisterRequest, params: RegisterParams };

  r.post(
    "/register/waitlist/:courseSelectionUUID",
    handle(deps, opts, ({ claims, params, body }) =>
      joinWaitlist(deps, participantId(claims), params.courseSelectionUUID, body),
    ),
  );
  r.delete(
    "/register/waitlist/:courseSelectionUUID",
    handle(deps, opts, ({ claims, params, body }) =>
      leaveWaitlist(deps, participantId(claims), params.courseSelectionUUID, body.reason),
    ),
  );
  r.get(
    "/register/:courseSelectionUUID/check",
    handle(deps, { access: "participant", params: RegisterParams }, ({ claims, params }) =>
      checkRegistration(deps, participantId(claims), params.courseSelectionUUID),
    ),
  );
  r.post(
    "/register/:courseSelectionUUID",
    handle(deps, opts, ({ claims, params, body }) =>
      register(deps, participantId(claims), params.courseSelectionUUID, body),
    ),
  );
  r.delete(
    "/register/:courseSelectionUUID",
    handle(deps, opts, ({ claims, params, body }) =>
      cancelRegistration(deps, participantId(claims), params.courseSelectionUUID, body.reason),
    ),
  );
  // More time to pay, once (decision 146): the registration's own participant only.
  r.post(
    "/registrations/:registrationId/payment-window",
    handle(deps, { access: "participant", params: PaymentWindowParams }, ({ claims, params }) =>
      extendPaymentWindow(deps, participantId(claims), params.registrationId),
    ),
  );
  return r;
}
