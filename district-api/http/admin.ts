// The district administration's calls (issue 18, decision 119): /v1/admin/..., for the
// district_admin role only (every other caller gets 403, nothing written). This layer parses,
// authorises and calls one service or query; every write records its audit entry there.
import { Router } from "express";
import {
  AuditExport,
  AuditPage,
  AuditQuery,
  DISTRICT_ADMIN_ROLE,
  MaintenanceWindowRequest,
  PasswordResetRequest,
  SettingsChange,
  StaffAccountRequest,
  StaffIdParams,
} from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
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

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

export function adminRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/admin/settings",
    handle(deps, ADMIN, async () => readAdminSettings(db)),
  );
  r.put(
    "/admin/settings",
    handle(deps, { ...ADMIN, body: SettingsChange }, async ({ claims, body }) => {
      const changed = await changeSettings(db, actorOf(claims), body, clock.now());
      return { changed: Object.keys(changed.after), settings: await readAdminSettings(db) };
    }),
  );

  r.get(
    "/admin/maintenance",
    handle(deps, ADMIN, async () => readMaintenanceWindow(db)),
  );
  r.put(
    "/admin/maintenance",
    handle(deps, { ...ADMIN, body: MaintenanceWindowRequest }, async ({ claims, body }) => {
      const window = await scheduleMaintenance(db, actorOf(claims), body, clock.now());
      forgetMaintenanceWindow(db);
      return window;
    }),
  );
  r.delete(
    "/admin/maintenance",
    handle(deps, ADMIN, async ({ claims }) => {
      const after = await cancelMaintenance(db, actorOf(claims), clock.now());
      forgetMaintenanceWindow(db);
      if (!after) throw new ApiError(409, t("admin.maintenance.none"));
      return after;
    }),
  );

  r.get(
    "/admin/staff",
    handle(deps, ADMIN, async () => ({ accounts: await listStaffAccounts(db) })),
  );
  r.post(
    "/admin/staff",
    handle(deps, { ...ADMIN, body: StaffAccountRequest }, async ({ claims, body, res }) => {
      const account = await createStaffAccount(db, actorOf(claims), body, clock.now());
      res.status(201);
      return account;
    }),
  );
  r.post(
    "/admin/staff/:id/password",
    handle(
      deps,
      { ...ADMIN, params: StaffIdParams, body: PasswordResetRequest },
      async ({ claims, params, body }) =>
        resetStaffPassword(db, actorOf(claims), params.id, body.password, clock.now()),
    ),
  );
  r.post(
    "/admin/staff/:id/deactivate",
    handle(deps, { ...ADMIN, params: StaffIdParams }, async ({ claims, params }) =>
      deactivateStaffAccount(db, actorOf(claims), params.id, clock.now()),
    ),
  );

  r.get(
    "/admin/audit",
    handle(deps, { ...ADMIN, query: AuditQuery }, async ({ query }) =>
      AuditPage.parse(await readAuditPage(db, query)),
    ),
  );
  r.get(
    "/admin/audit/export",
    handle(deps, { ...ADMIN, query: AuditQuery.omit({ page: true }) }, async ({ query }) =>
      AuditExport.parse(await readAuditExport(db, query)),
    ),
  );
  return r;
}
