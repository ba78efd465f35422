// Fee requests (spec 02 §7): lookups, the proposal list, save, and the fee administrator's review.
import { Router, type Response } from "express";
import * as feeRequests from "@domain/contract/fee-requests";
import { feeRequestSchema } from "@domain/forms/fee-request";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
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

/**
 * Sends a fee request refusal as spec 02 §7 has it, with errorCode and errorMessage beside the
 * message (the kit's refusals have no errorMessage). The reply is sent here, so the handler
 * returns nothing to send: typed `never` for the handler's declared reply.
 */
function sendRefusal(res: Response, status: number, reply: Record<string, unknown>): never {
  res.status(status).json(reply);
  return undefined as never;
}

function refuse(res: Response, err: unknown): never {
  if (!(err instanceof FeeRequestRefusal)) throw err;
  return sendRefusal(res, err.status, {
    message: err.message,
    errorCode: err.errorCode,
    errorMessage: err.message,
  });
}

export function feeRequestsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;

  // Lookups and the list serve the form (proposers) and the review (fee administrators).
  serve(r, deps, feeRequests.listSchools, async () => listSchools(db));
  serve(r, deps, feeRequests.listSchoolYears, async () => listSchoolYears(db));
  serve(r, deps, feeRequests.listApprovalRoutes, async () => listApprovalRoutes(db));
  serve(r, deps, feeRequests.listEmployees, async () => listActiveEmployees(db));
  serve(r, deps, feeRequests.listFeeCategories, async () => listFeeCategories(db));
  serve(r, deps, feeRequests.listFeeProposals, async ({ claims }) => {
    const c = staffClaims(claims);
    return listFeeProposals(db, {
      employeeId: c.employeeID,
      isAdmin: c.role.includes(feeRequests.FEE_ADMIN_ROLE),
    });
  });

  // Only proposers save. The body's fields are read by its declared schema; its rules are checked
  // by the form's own schema against the server's clock.
  serve(r, deps, feeRequests.saveFeeRequest, async ({ claims, body, res }) => {
    const c = staffClaims(claims);
    const now = clock.now();
    const parsed = feeRequestSchema({ now, timeZone: deps.timeZone }).safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message,
      }));
      const first = issues[0]!;
      return sendRefusal(res, 400, {
        message: t("feeRequest.saveError"),
        hint: `${first.path ? `${first.path}: ` : ""}${first.message}`,
        errorCode: feeRequests.SAVE_ERROR.invalid,
        errorMessage: first.message,
        issues,
      });
    }
    try {
      const saved = await saveFeeRequest(db, c.employeeID, parsed.data, now);
      return { errorCode: 0 as const, ...saved };
    } catch (err) {
      return refuse(res, err);
    }
  });

  serve(r, deps, feeRequests.approveFeeRequest, async ({ claims, params, body, res }) => {
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
  });

  serve(r, deps, feeRequests.denyFeeRequest, async ({ claims, params, body, res }) => {
    const c = staffClaims(claims);
    try {
      await denyFeeRequest(db, params.id, c.employeeID, body.notes, clock.now());
      return { feeRequestId: params.id, requestStatus: "Denied" as const, feeId: null };
    } catch (err) {
      return refuse(res, err);
    }
  });

  return r;
}
