// The business office's mail log (issue 20 point 5, decision 130): /v1/office/mail..., for the
// business_office and district_admin roles only, like the rest of /v1/office (http/office.ts).
import { Router } from "express";
import { OFFICE_ROLES } from "@domain/contract/office";
import { MailIdParams, MailLog, MailLogQuery, ResendReply } from "@domain/contract/office-mail";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { readMailLog } from "../queries/mail-log";
import { resendMail } from "../services/mail-queue";

const OFFICE: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [...OFFICE_ROLES],
};

export function officeMailRoutes(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/office/mail",
    handle(deps, { ...OFFICE, query: MailLogQuery }, async ({ query }) =>
      MailLog.parse(await readMailLog(deps.db, query.q)),
    ),
  );
  r.post(
    "/office/mail/:id/resend",
    handle(deps, { ...OFFICE, params: MailIdParams }, async ({ claims, params, res }) => {
      const actor = { employeeId: staffClaims(claims).employeeID };
      const reply = await resendMail(deps, actor, params.id);
      if (reply.created) res.status(201);
      return ResendReply.parse(reply);
    }),
  );
  return r;
}
