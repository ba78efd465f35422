// The business office's calls (issue 20, decision 123): /v1/office/..., for the business_office
// and district_admin roles only (every other caller gets 403, nothing written). This layer parses,
// authorises and calls one service or query; every write records its audit entry there.
import { Router } from "express";
import {
  BounceCheckRequest,
  CheckIdParams,
  OFFICE_ROLES,
  OfficeSummary,
  PromiseDetail,
  PromiseIdParams,
  PromisePage,
  PromiseQuery,
  ReceiveCheckRequest,
} from "@domain/contract/office";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../services/errors";
import { readOfficeSummary, readPromise, readPromisePage } from "../queries/office";
import { cancelPromise, receiveCheck, undoCheck } from "../services/office-checks";

const OFFICE: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [...OFFICE_ROLES],
};

export function officeRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/office/summary",
    handle(deps, OFFICE, async () => OfficeSummary.parse(await readOfficeSummary(db, clock.now()))),
  );
  r.get(
    "/office/checks",
    handle(deps, { ...OFFICE, query: PromiseQuery }, async ({ query }) =>
      PromisePage.parse(await readPromisePage(db, query, clock.now())),
    ),
  );
  r.get(
    "/office/checks/:id",
    handle(deps, { ...OFFICE, params: PromiseIdParams }, async ({ params }) => {
      const promise = await readPromise(db, params.id, clock.now(), deps.timeZone);
      if (!promise) throw new ApiError(404, t("office.notFound"));
      return PromiseDetail.parse(promise);
    }),
  );
  r.post(
    "/office/checks/:id/receive",
    handle(
      deps,
      { ...OFFICE, params: PromiseIdParams, body: ReceiveCheckRequest },
      async ({ claims, params, body, res }) => {
        const check = await receiveCheck(deps, actorOf(claims), params.id, body);
        if (check.created) res.status(201);
        return check;
      },
    ),
  );
  r.post(
    "/office/checks/:id/checks/:checkId/reverse",
    handle(deps, { ...OFFICE, params: CheckIdParams }, async ({ claims, params }) =>
      undoCheck(deps, actorOf(claims), params.id, params.checkId, "reverse"),
    ),
  );
  r.post(
    "/office/checks/:id/checks/:checkId/bounce",
    handle(
      deps,
      { ...OFFICE, params: CheckIdParams, body: BounceCheckRequest },
      async ({ claims, params, body }) =>
        undoCheck(deps, actorOf(claims), params.id, params.checkId, "bounce", body),
    ),
  );
  r.post(
    "/office/checks/:id/cancel",
    handle(deps, { ...OFFICE, params: PromiseIdParams }, async ({ claims, params }) =>
      cancelPromise(deps, actorOf(claims), params.id),
    ),
  );
  return r;
}
