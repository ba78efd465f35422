// A guest's earlier receipts behind a code sent to the mailbox (issue 28 point 7, decision 141).
import { Router } from "express";
import type { TokenClaims } from "@domain/contract/identity";
import { MailboxCodeConfirmRequest } from "@domain/contract/guest-receipts";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle } from "./kit";
import { ApiError } from "../errors";
import { confirmMailboxCode, earlierReceipts, sendMailboxCode } from "../services/guest-receipts";

/** The guest a token belongs to; the calls are a guest's only. */
function guestId(claims: TokenClaims | null): number {
  if (claims?.kind !== "guest_user") throw new ApiError(403, t("error.forbidden"));
  return Number(claims.sub);
}

export function guestReceiptRoutes(deps: ApiDeps): Router {
  const r = Router();

  r.post(
    "/guest/mailbox-code",
    handle(deps, { access: "family" }, async ({ claims }) => {
      await sendMailboxCode(deps, guestId(claims));
      return { ok: true as const };
    }),
  );

  r.post(
    "/guest/mailbox-code/confirm",
    handle(
      deps,
      { access: "family", body: MailboxCodeConfirmRequest },
      async ({ claims, body }) => {
        await confirmMailboxCode(deps, guestId(claims), body.code);
        return { ok: true as const };
      },
    ),
  );

  r.get(
    "/guest/earlier-receipts",
    handle(deps, { access: "family" }, async ({ claims }) =>
      earlierReceipts(deps.db, guestId(claims)),
    ),
  );

  return r;
}
