// The business office's mail log (decision 130): /v1/office/mail..., for the
// business_office and district_admin roles only, like the rest of /v1/office (http/office.ts).
import { Router } from "express";
import * as officeMail from "@domain/contract/office-mail";
import { MailLog, ResendReply } from "@domain/contract/office-mail";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { readMailLog } from "../queries/mail-log";
import { resendMail } from "../services/mail-queue";

export function officeMailRoutes(deps: ApiDeps): Router {
  const r = Router();
  serve(r, deps, officeMail.getMailLog, async ({ query }) =>
    MailLog.parse(await readMailLog(deps.db, query.q)),
  );
  serve(r, deps, officeMail.resendMail, async ({ claims, params, res }) => {
    const actor = { employeeId: staffClaims(claims).employeeID };
    const reply = await resendMail(deps, actor, params.id);
    if (reply.created) res.status(201);
    return ResendReply.parse(reply);
  });
  return r;
}
