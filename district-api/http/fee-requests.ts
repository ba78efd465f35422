// Fee requests (spec 02 §7): lookups, the proposal list, save, and the fee administrator's review.
import { Router, type Response } from "express";
import { z } from "zod";
import {
  ApproveRequest,
  DenyRequest,
  ReviewParams,
  SAVE_ERROR,
} from "@domain/contract/fee-requests";
import { feeRequestSchema } from "@domain/forms/fee-request";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import {
  approveFeeRequest,
  denyFeeRequest,
  FeeRequestRefusal,
  listFeeProposals,
  saveFeeRequest,
} from "../services/fee-requests";
import {
  listActiveEmployees,
  listApprovalRoutes,
  listFeeCategories,
  listSchoolYears,
  listSchools,
} from "../queries/fee-request-lookups";

export const PROPOSER = "fee_proposer";
export const FEE_ADMIN = "fee_admin";

function refuse(res: Response, err: unknown): undefined {
  if (!(err instanceof FeeRequestRefusal)) throw err;
  res.status(err.status).json({
    message: err.message,
    errorCode: err.errorCode,
    errorMessage: err.message,
  });
  return undefined;
}

export function feeRequestsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  // Lookups and the list serve the form (proposers) and the review (fee administrators).
  const readers = { access: "staff" as const, roles: [PROPOSER, FEE_ADMIN] };

  r.get(
    "/instructor/schools",
    handle(deps, readers, async () => listSchools(db)),
  );
  r.get(
    "/instructor/school-years",
    handle(deps, readers, async () => listSchoolYears(db)),
  );
  r.get(
    "/instructor/approval-routes",
    handle(deps, readers, async () => listApprovalRoutes(db)),
  );
  r.get(
    "/instructor/employees",
    handle(deps, readers, async () => listActiveEmployees(db)),
  );
  r.get(
    "/instructor/fee-categories",
    handle(deps, readers, async () => listFeeCategories(db)),
  );
  r.get(
    "/instructor/fee-proposals",
    handle(deps, readers, async ({ claims }) => {
      const c = staffClaims(claims);
      return listFeeProposals(db, {
        employeeId: c.employeeID,
        isAdmin: c.role.includes(FEE_ADMIN),
      });
    }),
  );

  // Only proposers save. The body is checked by the form's own schema against the server's clock.
  r.post(
    "/fee-requests/save",
    handle(
      deps,
      { access: "staff", roles: [PROPOSER], body: z.unknown() },
      async ({ claims, body, res }) => {
        const c = staffClaims(claims);
        const now = clock.now();
        const parsed = feeRequestSchema({ now, timeZone: deps.timeZone }).safeParse(body ?? {});
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({
            path: i.path.join("."),
            message: i.message,
          }));
          const first = issues[0]!;
          res.status(400).json({
            message: t("feeRequest.saveError"),
            hint: `${first.path ? `${first.path}: ` : ""}${first.message}`,
            errorCode: SAVE_ERROR.invalid,
            errorMessage: first.message,
            issues,
          });
          return undefined;
        }
        try {
          const saved = await saveFeeRequest(db, c.employeeID, parsed.data, now);
          return { errorCode: 0 as const, ...saved };
        } catch (err) {
          return refuse(res, err);
        }
      },
    ),
  );

  r.post(
    "/fee-requests/:id/approve",
    handle(
      deps,
      { access: "staff", roles: [FEE_ADMIN], params: ReviewParams, body: ApproveRequest },
      async ({ claims, params, body, res }) => {
        const c = staffClaims(claims);
        try {
          const { feeId } = await approveFeeRequest(
            db,
            params.id,
            c.employeeID,
            body.notes,
            clock.now(),
          );
          return { feeRequestId: params.id, requestStatus: "Approved" as const, feeId };
        } catch (err) {
          return refuse(res, err);
        }
      },
    ),
  );

  r.post(
    "/fee-requests/:id/deny",
    handle(
      deps,
      { access: "staff", roles: [FEE_ADMIN], params: ReviewParams, body: DenyRequest },
      async ({ claims, params, body, res }) => {
        const c = staffClaims(claims);
        try {
          await denyFeeRequest(db, params.id, c.employeeID, body.notes, clock.now());
          return { feeRequestId: params.id, requestStatus: "Denied" as const, feeId: null };
        } catch (err) {
          return refuse(res, err);
        }
      },
    ),
  );

  return r;
}
