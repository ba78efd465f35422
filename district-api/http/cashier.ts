// /v1 cashier calls (spec 02 §7): the reader's payment intent and the in-person transaction,
// only for sessions that came through the desktop client with its key (services/cashier.ts).
import { Router } from "express";
import * as cashier from "@domain/contract/cashier";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import { ApiError } from "../errors";
import { provider } from "../services/payment-records";
import {
  completeInPerson,
  createTerminalIntent,
  inPersonConfig,
  inPersonReceipt,
  isCashier,
  processSimulatedReader,
} from "../services/cashier";

export function cashierRoutes(deps: ApiDeps): Router {
  const r = Router();

  // The reader's connection token for staff, and for a desktop cashier session of any kind (a
  // cashier may have signed the student in); anyone else is refused as a staff-only call would be.
  serve(r, deps, cashier.getConnectionToken, async ({ claims }) => {
    if (claims.kind !== "staff" && !isCashier(claims)) {
      throw new ApiError(403, t("error.forbidden"));
    }
    return { secret: await provider(deps).connectionToken() };
  });

  serve(r, deps, cashier.getInPersonConfig, ({ claims }) => inPersonConfig(deps, claims));

  serve(r, deps, cashier.getInPersonReceipt, ({ claims, params }) =>
    inPersonReceipt(deps, claims, params.cartId),
  );

  serve(r, deps, cashier.createTerminalPaymentIntent, ({ claims, body }) =>
    createTerminalIntent(deps, claims, body),
  );

  serve(r, deps, cashier.recordInPersonPayment, ({ claims, body }) =>
    completeInPerson(deps, claims, body),
  );

  serve(r, deps, cashier.presentSimulatedCard, ({ claims, params }) =>
    processSimulatedReader(deps, claims, params.id),
  );

  return r;
}
