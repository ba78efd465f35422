// The administration's fees (issue 18 point 4, decision 121): /v1/admin/fees,
// /v1/admin/assessed-fees and /v1/admin/fee-groups (decision 127), for the district_admin role only. This layer parses, authorises and
// calls one service or query; every write records its audit entry there.
import { Router } from "express";
import {
  AdjustRequest,
  AssessedFeeIdParams,
  AssessedListQuery,
  AssessedPage,
  AssessPreview,
  AssessRequest,
  AssessResult,
  FeeGroupCreated,
  FeeGroupIdParams,
  FeeGroupList,
  FeeGroupRenamed,
  FeeGroupRequest,
  FeeIdParams,
  FeeListPage,
  FeeListQuery,
  FeeOptions,
  FeeRequest,
  WaiveRequest,
} from "@domain/contract/admin-fees";
import { DISTRICT_ADMIN_ROLE } from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../errors";
import {
  feeOptions,
  listAdminFees,
  listFeeGroups,
  listAssessed,
  previewAssessment,
  readAdminFee,
} from "../queries/fee-admin";
import {
  assessFee,
  createFee,
  createFeeGroup,
  renameFeeGroup,
  updateFee,
} from "../services/fee-admin";
import { adjustAssessedFee, waiveAssessedFee } from "../services/assessments";

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

export function adminFeeRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/admin/fees",
    handle(deps, { ...ADMIN, query: FeeListQuery }, async ({ query }) =>
      FeeListPage.parse(await listAdminFees(db, query)),
    ),
  );
  r.get(
    "/admin/fees/options",
    handle(deps, ADMIN, async () => FeeOptions.parse(await feeOptions(db))),
  );
  r.post(
    "/admin/fees",
    handle(deps, { ...ADMIN, body: FeeRequest }, async ({ claims, body, res }) => {
      const fee = await createFee(db, actorOf(claims), body, clock.now());
      res.status(201);
      return fee;
    }),
  );
  r.get(
    "/admin/fees/:id",
    handle(deps, { ...ADMIN, params: FeeIdParams }, async ({ params }) => {
      const fee = await readAdminFee(db, params.id);
      if (!fee) throw new ApiError(404, t("adminFees.notFound"));
      return fee;
    }),
  );
  r.put(
    "/admin/fees/:id",
    handle(
      deps,
      { ...ADMIN, params: FeeIdParams, body: FeeRequest },
      async ({ claims, params, body }) =>
        updateFee(db, actorOf(claims), params.id, body, clock.now()),
    ),
  );
  r.post(
    "/admin/fees/:id/assess/preview",
    handle(deps, { ...ADMIN, params: FeeIdParams, body: AssessRequest }, async ({ params, body }) =>
      AssessPreview.parse(await previewAssessment(db, params.id, body.target)),
    ),
  );
  r.post(
    "/admin/fees/:id/assess",
    handle(
      deps,
      { ...ADMIN, params: FeeIdParams, body: AssessRequest },
      async ({ claims, params, body }) =>
        AssessResult.parse(
          await assessFee(db, actorOf(claims), params.id, body.target, clock.now()),
        ),
    ),
  );
  r.get(
    "/admin/fees/:id/assessed",
    handle(
      deps,
      { ...ADMIN, params: FeeIdParams, query: AssessedListQuery },
      async ({ params, query }) => AssessedPage.parse(await listAssessed(db, params.id, query)),
    ),
  );
  r.post(
    "/admin/assessed-fees/:id/waive",
    handle(
      deps,
      { ...ADMIN, params: AssessedFeeIdParams, body: WaiveRequest },
      async ({ claims, params, body }) =>
        waiveAssessedFee(db, actorOf(claims), params.id, body.reason, clock.now()),
    ),
  );
  r.post(
    "/admin/assessed-fees/:id/adjust",
    handle(
      deps,
      { ...ADMIN, params: AssessedFeeIdParams, body: AdjustRequest },
      async ({ claims, params, body }) =>
        adjustAssessedFee(
          db,
          actorOf(claims),
          params.id,
          body.amountCents,
          body.reason,
          clock.now(),
        ),
    ),
  );
  r.get(
    "/admin/fee-groups",
    handle(deps, ADMIN, async () => FeeGroupList.parse(await listFeeGroups(db))),
  );
  r.post(
    "/admin/fee-groups",
    handle(deps, { ...ADMIN, body: FeeGroupRequest }, async ({ claims, body, res }) => {
      const created = await createFeeGroup(db, actorOf(claims), body, clock.now());
      res.status(201);
      return FeeGroupCreated.parse(created);
    }),
  );
  r.put(
    "/admin/fee-groups/:id",
    handle(
      deps,
      { ...ADMIN, params: FeeGroupIdParams, body: FeeGroupRequest },
      async ({ claims, params, body }) =>
        FeeGroupRenamed.parse(
          await renameFeeGroup(db, actorOf(claims), params.id, body, clock.now()),
        ),
    ),
  );
  return r;
}
