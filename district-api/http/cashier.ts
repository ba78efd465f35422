// /v1 cashier calls (spec 02 §7): the reader's payment intent and the in-person transaction,
// only for sessions that came through the desktop client with its key (services/cashier.ts).
import { Router } from "express";
import { z } from "zod";
import { CompleteInPersonRequest, CreateTerminalIntentRequest } from "@domain/contract/cashier";
import { CartIdParams } from "@domain/contract/cart";
import type { ApiDeps } from "../deps";
import { handle, readClaims } from "./kit";
import { provider } from "../services/payment-records";
import {
  completeInPerson,
  createTerminalIntent,
  inPersonConfig,
  inPersonReceipt,
  isCashier,
  processSimulatedReader,
} from "../services/cashier";

const IntentParams = z.object({ id: z.string().regex(/^pi_sim_[0-9a-f]+$/) });

export function cashierRoutes(deps: ApiDeps): Router {
  const r = Router();

  // The reader's connection token for a desktop cashier session of any kind (a cashier may have
  // signed the student in); every other caller falls through to the payments router's own rule.
  r.get("/payment/connectionToken", (req, res, next) => {
    void (async () => {
      const claims = await readClaims(req, deps);
      if (!isCashier(claims)) return next();
      res.json({ secret: await provider(deps).connectionToken() });
    })().catch(next);
  });

  r.get(
    "/payment/in-person",
    handle(deps, { access: "any" }, async ({ claims }) => inPersonConfig(deps, claims!)),
  );

  r.get(
    "/payment/in-person/:cartId",
    handle(deps, { access: "any", params: CartIdParams }, ({ claims, params }) =>
      inPersonReceipt(deps, claims!, params.cartId),
    ),
  );

  r.post(
    "/payment/create-terminal-payment-intent",
    handle(deps, { access: "any", body: CreateTerminalIntentRequest }, ({ claims, body }) =>
      createTerminalIntent(deps, claims!, body),
    ),
  );

  r.post(
    "/payment/complete-in-person-transaction",
    handle(deps, { access: "any", body: CompleteInPersonRequest }, ({ claims, body }) =>
      completeInPerson(deps, claims!, body),
    ),
  );

  r.post(
    "/payment/simulator/reader/:id/process",
    handle(deps, { access: "any", params: IntentParams }, ({ claims, params }) =>
      processSimulatedReader(deps, claims!, params.id),
    ),
  );

  return r;
}
