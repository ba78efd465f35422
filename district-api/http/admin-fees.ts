// The administration's fees (decision 121): /v1/admin/fees,
// /v1/admin/assessed-fees and /v1/admin/fee-groups (decision 127), for the district_admin role only. This layer parses, authorises and
// calls one service or query; every write records its audit entry there.
import { Router } from "express";
import * as adminFees from "@domain/contract/admin-fees";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import {
  feeOptions,
  listAdminFees,
  listFeeGroups,
  listAssessed,
  previewAssessment,
  readAdminFee,
} from "../queries/admin-fees";
import {
  assessFee,
  createFee,
  createFeeGroup,
  renameFeeGroup,
  updateFee,
} from "../services/admin-fees";
import { adjustAssessedFee, waiveAssessedFee } from "../services/assessments";

export function adminFeeRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  serve(r, deps, adminFees.listFees, async ({ query }) =>
    adminFees.FeeListPage.parse(await listAdminFees(db, query)),
  );
  serve(r, deps, adminFees.getFeeOptions, async () =>
    adminFees.FeeOptions.parse(await feeOptions(db)),
  );
  serve(r, deps, adminFees.createFee, async ({ claims, body, res }) => {
    const fee = await createFee(db, actorOf(claims), body, clock.now());
    res.status(201);
    return fee;
  });
  serve(r, deps, adminFees.getFee, async ({ params }) => {
    const fee = await readAdminFee(db, params.id);
    if (!fee) throw new ApiError(404, t("adminFees.notFound"));
    return fee;
  });
  serve(r, deps, adminFees.updateFee, async ({ claims, params, body }) =>
    updateFee(db, actorOf(claims), params.id, body, clock.now()),
  );
  serve(r, deps, adminFees.previewAssessment, async ({ params, body }) =>
    adminFees.AssessPreview.parse(await previewAssessment(db, params.id, body.target)),
  );
  serve(r, deps, adminFees.assessFee, async ({ claims, params, body }) =>
    adminFees.AssessResult.parse(
      await assessFee(db, actorOf(claims), params.id, body.target, clock.now()),
    ),
  );
  serve(r, deps, adminFees.listAssessed, async ({ params, query }) =>
    adminFees.AssessedPage.parse(await listAssessed(db, params.id, query)),
  );
  serve(r, deps, adminFees.waiveAssessedFee, async ({ claims, params, body }) =>
    waiveAssessedFee(db, actorOf(claims), params.id, body.reason, clock.now()),
  );
  serve(r, deps, adminFees.adjustAssessedFee, async ({ claims, params, body }) =>
    adjustAssessedFee(db, actorOf(claims), params.id, body.amountCents, body.reason, clock.now()),
  );
  serve(r, deps, adminFees.listFeeGroups, async () =>
    adminFees.FeeGroupList.parse(await listFeeGroups(db)),
  );
  serve(r, deps, adminFees.createFeeGroup, async ({ claims, body, res }) => {
    const created = await createFeeGroup(db, actorOf(claims), body, clock.now());
    res.status(201);
    return adminFees.FeeGroupCreated.parse(created);
  });
  serve(r, deps, adminFees.renameFeeGroup, async ({ claims, params, body }) =>
    adminFees.FeeGroupRenamed.parse(
      await renameFeeGroup(db, actorOf(claims), params.id, body, clock.now()),
    ),
  );
  return r;
}
