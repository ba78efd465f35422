// /v1 fee calls (spec 02 §7): fees for sale, the caller's assessed fees, purchase history, and
// adding a fee to the cart (price decided here, never taken from the body).
import { Router } from "express";
import * as feeCalls from "@domain/contract/fees";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import { ownerKey } from "../errors";
import { buyerInfo, countsByFee, feeQuestions, saleableFees } from "../queries/pricing";
import { addFeeToCart } from "../services/cart";
import { readPurchaseHistory, readStudentFees } from "../queries/fees";
import { feeToWire, purchaseHistoryReply, studentFeesReply } from "./replies/fees";

export function feesRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;

  serve(r, deps, feeCalls.listFees, async ({ claims }) => {
    const owner = ownerKey(claims);
    const [fees, buyer, counts] = await Promise.all([
      saleableFees(db, claims.kind, clock.now(), { optionalOnly: true }),
      buyerInfo(db, claims),
      countsByFee(db, owner),
    ]);
    const questions = await feeQuestions(
      db,
      fees.map((f) => Number(f.id)),
    );
    return fees.map((f) =>
      feeToWire(
        f,
        buyer,
        questions,
        (counts.bought.get(Number(f.id)) ?? 0) + (counts.inCart.get(Number(f.id)) ?? 0),
      ),
    );
  });

  serve(r, deps, feeCalls.listAssessedFees, async ({ claims }) =>
    studentFeesReply(await readStudentFees(db, claims)),
  );

  serve(r, deps, feeCalls.getPurchaseHistory, async ({ claims }) =>
    purchaseHistoryReply(await readPurchaseHistory(db, claims)),
  );

  serve(r, deps, feeCalls.addFeeToCart, async ({ claims, body }) => {
    await addFeeToCart(deps, claims, body);
    return { ok: true as const };
  });

  return r;
}
