// A guest's earlier receipts behind a code sent to the mailbox (decision 141).
import { Router } from "express";
import type { TokenClaims } from "@domain/contract/identity";
import * as guestReceipts from "@domain/contract/guest-receipts";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve } from "./kit";
import { ApiError } from "../errors";
import { confirmMailboxCode, earlierReceipts, sendMailboxCode } from "../services/guest-receipts";

/** The guest a token belongs to; the calls are a guest's only. */
function guestId(claims: TokenClaims): number {
  if (claims.kind !== "guest_user") throw new ApiError(403, t("error.forbidden"));
  return Number(claims.sub);
}

export function guestReceiptRoutes(deps: ApiDeps): Router {
  const r = Router();

  serve(r, deps, guestReceipts.sendMailboxCode, async ({ claims }) => {
    await sendMailboxCode(deps, guestId(claims));
    return { ok: true as const };
  });

  serve(r, deps, guestReceipts.confirmMailboxCode, async ({ claims, body }) => {
    await confirmMailboxCode(deps, guestId(claims), body.code);
    return { ok: true as const };
  });

  serve(r, deps, guestReceipts.listEarlierReceipts, async ({ claims }) =>
    earlierReceipts(deps.db, guestId(claims)),
  );

  return r;
}
