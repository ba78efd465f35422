// The student import's calls (issue 19, decision 124): /v1/admin/imports/..., for the
// district_admin role only. The file comes as the raw body (text/csv), read only once the caller
// is known to be an administrator, up to IMPORT_FILE_LIMIT_MB (413 beyond).
import express, { Router, type Request, type Response } from "express";
import {
  IMPORT_FILE_LIMIT_MB,
  ImportFileQuery,
  ImportRunExport,
  ImportRunPage,
  ImportRunParams,
  ImportRunQuery,
  StudentImportRequest,
  CatalogueImportRequest,
  ImportApplyRequest,
} from "@domain/contract/admin-imports";
import { DISTRICT_ADMIN_ROLE } from "@domain/contract/admin";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { applyDryRun, importUploaded, storeImportFile } from "../services/imports";
import { readImportRun, readImportRunKind, readImportRunRows } from "../queries/imports";
import { applyStaffDryRun, importStaffUploaded } from "../services/staff-import";
import { applyCatalogueDryRun, importCatalogueUploaded } from "../services/catalogue-import";

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

const rawBody = express.raw({ type: () => true, limit: `${IMPORT_FILE_LIMIT_MB}mb` });

/** The request's body as bytes, read now (after the role check), refused beyond the limit. */
function readRawBody(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    rawBody(req, res, (err?: unknown) => {
      if (err) reject(err);
      else if (Buffer.isBuffer(req.body)) resolve(req.body);
      // A JSON body was already read by the API's JSON parser: not a CSV file.
      else reject(new ApiError(400, t("admin.imports.notCsv"), "file"));
    });
  });
}

export function adminImportRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.post(
    "/admin/imports/files",
    handle(deps, { ...ADMIN, query: ImportFileQuery }, async ({ req, res, claims, query }) => {
      const bytes = await readRawBody(req, res);
      const file = await storeImportFile(db, actorOf(claims).employeeId, query.name, bytes);
      res.status(201);
      return file;
    }),
  );
  r.post(
    "/admin/imports/students",
    handle(deps, { ...ADMIN, body: StudentImportRequest }, async ({ claims, body }) =>
      importUploaded(db, actorOf(claims), body.files, body, clock.now()),
    ),
  );
  // Staff (decision 128): the same files and runs as students, another service.
  r.post(
    "/admin/imports/staff",
    handle(deps, { ...ADMIN, body: StudentImportRequest }, async ({ claims, body }) =>
      importStaffUploaded(db, actorOf(claims), body.files, body, clock.now()),
    ),
  );
  r.post(
    "/admin/imports/catalogue",
    handle(deps, { ...ADMIN, body: CatalogueImportRequest }, async ({ claims, body }) =>
      importCatalogueUploaded(deps, actorOf(claims), body.files, body, clock.now()),
    ),
  );
  r.post(
    "/admin/imports/runs/:id/apply",
    handle(
      deps,
      { ...ADMIN, params: ImportRunParams, body: ImportApplyRequest },
      async ({ claims, params, body }) => {
        // A run is applied by the import of its kind.
        const kind = await readImportRunKind(db, params.id);
        if (kind === "staff") return applyStaffDryRun(db, actorOf(claims), params.id, clock.now());
        if (kind === "catalogue")
          return applyCatalogueDryRun(deps, actorOf(claims), params.id, clock.now());
        return applyDryRun(db, actorOf(claims), params.id, clock.now(), body.confirmDeactivations);
      },
    ),
  );
  r.get(
    "/admin/imports/runs/:id",
    handle(
      deps,
      { ...ADMIN, params: ImportRunParams, query: ImportRunQuery },
      async ({ params, query }) => {
        const run = await readImportRun(db, params.id, query);
        if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
        return ImportRunPage.parse(run);
      },
    ),
  );
  r.get(
    "/admin/imports/runs/:id/export",
    handle(deps, { ...ADMIN, params: ImportRunParams }, async ({ params }) => {
      const run = await readImportRunRows(db, params.id);
      if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
      return ImportRunExport.parse(run);
    }),
  );
  return r;
}
