// The district administration's calls (decision 119): /v1/admin/..., for the
// district_admin role only (every other caller gets 403, nothing written). This layer parses,
// authorises and calls one service or query; every write records its audit entry there.
import { Router } from "express";
import * as admin from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { readAdminSettings, readMaintenanceWindow } from "../queries/settings";
import { listStaffAccounts, readAuditExport, readAuditPage } from "../queries/admin";
import { forgetMaintenanceWindow } from "./maintenance";
import {
  cancelMaintenance,
  changeSettings,
  scheduleMaintenance,
} from "../services/district-settings";
import {
  createStaffAccount,
  deactivateStaffAccount,
  resetStaffPassword,
} from "../services/staff-accounts";

export function adminRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  serve(r, deps, admin.getAdminSettings, async () => readAdminSettings(db));
  serve(r, deps, admin.changeAdminSettings, async ({ claims, body }) => {
    const changed = await changeSettings(db, actorOf(claims), body, clock.now());
    return { changed: Object.keys(changed.after), settings: await readAdminSettings(db) };
  });

  serve(r, deps, admin.getMaintenanceWindow, async () => readMaintenanceWindow(db));
  serve(r, deps, admin.scheduleMaintenanceWindow, async ({ claims, body }) => {
    const window = await scheduleMaintenance(db, actorOf(claims), body, clock.now());
    forgetMaintenanceWindow(db);
    return window;
  });
  serve(r, deps, admin.cancelMaintenanceWindow, async ({ claims }) => {
    const after = await cancelMaintenance(db, actorOf(claims), clock.now());
    forgetMaintenanceWindow(db);
    if (!after) throw new ApiError(409, t("admin.maintenance.none"));
    return after;
  });

  serve(r, deps, admin.listStaffAccounts, async () => ({
    accounts: await listStaffAccounts(db),
  }));
  serve(r, deps, admin.createStaffAccount, async ({ claims, body, res }) => {
    const account = await createStaffAccount(db, actorOf(claims), body, clock.now());
    res.status(201);
    return account;
  });
  serve(r, deps, admin.resetStaffPassword, async ({ claims, params, body }) =>
    resetStaffPassword(db, actorOf(claims), params.id, body.password, clock.now()),
  );
  serve(r, deps, admin.deactivateStaffAccount, async ({ claims, params }) =>
    deactivateStaffAccount(db, actorOf(claims), params.id, clock.now()),
  );

  serve(r, deps, admin.readAuditPage, async ({ query }) =>
    admin.AuditPage.parse(await readAuditPage(db, query)),
  );
  serve(r, deps, admin.exportAudit, async ({ query }) =>
    admin.AuditExport.parse(await readAuditExport(db, query)),
  );
  return r;
}
