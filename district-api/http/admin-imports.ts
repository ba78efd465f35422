// The student import's calls (decision 124): /v1/admin/imports/..., for the
// district_admin role only. The file comes as the raw body (text/csv), read only once the caller
// is known to be an administrator, up to IMPORT_FILE_LIMIT_MB (413 beyond).
import express, { Router, type Request, type Response } from "express";
import * as adminImports from "@domain/contract/admin-imports";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { applyDryRun, importUploaded, storeImportFile } from "../services/imports";
import { readImportRun, readImportRunKind, readImportRunRows } from "../queries/imports";
import { applyStaffDryRun, importStaffUploaded } from "../services/staff-import";
import { applyCatalogueDryRun, importCatalogueUploaded } from "../services/catalogue-import";

const rawBody = express.raw({ type: () => true, limit: `${adminImports.IMPORT_FILE_LIMIT_MB}mb` });

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

  serve(r, deps, adminImports.uploadImportFile, async ({ req, res, claims, query }) => {
    const bytes = await readRawBody(req, res);
    const file = await storeImportFile(db, actorOf(claims).employeeId, query.name, bytes);
    res.status(201);
    return file;
  });
  serve(r, deps, adminImports.importStudents, async ({ claims, body }) =>
    importUploaded(db, actorOf(claims), body.files, body, clock.now()),
  );
  // Staff (decision 128): the same files and runs as students, another service.
  serve(r, deps, adminImports.importStaff, async ({ claims, body }) =>
    importStaffUploaded(db, actorOf(claims), body.files, body, clock.now()),
  );
  serve(r, deps, adminImports.importCatalogue, async ({ claims, body }) =>
    importCatalogueUploaded(deps, actorOf(claims), body.files, body, clock.now()),
  );
  serve(r, deps, adminImports.applyImportRun, async ({ claims, params, body }) => {
    // A run is applied by the import of its kind.
    const kind = await readImportRunKind(db, params.id);
    if (kind === "staff") return applyStaffDryRun(db, actorOf(claims), params.id, clock.now());
    if (kind === "catalogue")
      return applyCatalogueDryRun(deps, actorOf(claims), params.id, clock.now());
    return applyDryRun(db, actorOf(claims), params.id, clock.now(), body.confirmDeactivations);
  });
  serve(r, deps, adminImports.getImportRun, async ({ params, query }) => {
    const run = await readImportRun(db, params.id, query);
    if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
    return adminImports.ImportRunPage.parse(run);
  });
  serve(r, deps, adminImports.exportImportRun, async ({ params }) => {
    const run = await readImportRunRows(db, params.id);
    if (!run) throw new ApiError(404, t("admin.imports.runNotFound"));
    return adminImports.ImportRunExport.parse(run);
  });
  return r;
}
