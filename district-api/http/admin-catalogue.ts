// The administration's programmes, courses and sections (issue 18 point 3, decision 120):
// /v1/admin/programs, /v1/admin/courses and /v1/admin/sections, for the district_admin role only.
// This layer parses, authorises and calls one service or query; every write records its audit
// entry in the service's transaction.
import { Router } from "express";
import { DISTRICT_ADMIN_ROLE } from "@domain/contract/admin";
import {
  CopyRequest,
  CourseRequest,
  IdParams,
  ListQuery,
  ProgramChange,
  ProgramRequest,
  SectionCreateRequest,
  SectionUpdateRequest,
} from "@domain/contract/admin-catalogue";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../errors";
import {
  cancelSection,
  copyProgram,
  createCourse,
  createProgram,
  createSection,
  deleteSection,
  updateCourse,
  updateProgram,
  updateSection,
} from "../services/catalogue";
import {
  listCourses,
  listPrograms,
  readCourse,
  readProgram,
  readSection,
  readSectionOptions,
} from "../queries/catalogue";

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

const found = <T>(v: T | null): T => {
  if (v === null) throw new ApiError(404, t("admin.catalogue.notFound"));
  return v;
};

export function adminCatalogueRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/admin/programs",
    handle(deps, { ...ADMIN, query: ListQuery }, async ({ query }) => listPrograms(db, query)),
  );
  r.post(
    "/admin/programs",
    handle(deps, { ...ADMIN, body: ProgramRequest }, async ({ claims, body, res }) => {
      const created = await createProgram(db, actorOf(claims), body, clock.now());
      res.status(201);
      return created;
    }),
  );
  r.get(
    "/admin/programs/:id",
    handle(deps, { ...ADMIN, params: IdParams, query: ListQuery }, async ({ params, query }) =>
      found(await readProgram(db, params.id, query)),
    ),
  );
  r.put(
    "/admin/programs/:id",
    handle(
      deps,
      { ...ADMIN, params: IdParams, body: ProgramChange },
      async ({ claims, params, body }) => ({
        changed: await updateProgram(db, actorOf(claims), params.id, body, clock.now()),
      }),
    ),
  );
  r.post(
    "/admin/programs/:id/copy",
    handle(
      deps,
      { ...ADMIN, params: IdParams, body: CopyRequest },
      async ({ claims, params, body, res }) => {
        const copied = await copyProgram(db, actorOf(claims), params.id, body, clock.now());
        res.status(201);
        return copied;
      },
    ),
  );

  r.get(
    "/admin/courses",
    handle(deps, { ...ADMIN, query: ListQuery }, async ({ query }) => listCourses(db, query)),
  );
  r.post(
    "/admin/courses",
    handle(deps, { ...ADMIN, body: CourseRequest }, async ({ claims, body, res }) => {
      const created = await createCourse(db, actorOf(claims), body, clock.now());
      res.status(201);
      return created;
    }),
  );
  r.get(
    "/admin/courses/:id",
    handle(deps, { ...ADMIN, params: IdParams }, async ({ params }) =>
      found(await readCourse(db, params.id)),
    ),
  );
  r.put(
    "/admin/courses/:id",
    handle(
      deps,
      { ...ADMIN, params: IdParams, body: CourseRequest },
      async ({ claims, params, body }) => ({
        changed: await updateCourse(db, actorOf(claims), params.id, body, clock.now()),
      }),
    ),
  );

  r.get(
    "/admin/section-options",
    handle(deps, ADMIN, async () => readSectionOptions(db)),
  );
  r.post(
    "/admin/sections",
    handle(deps, { ...ADMIN, body: SectionCreateRequest }, async ({ claims, body, res }) => {
      const created = await createSection(db, actorOf(claims), body, clock.now());
      res.status(201);
      return created;
    }),
  );
  r.get(
    "/admin/sections/:id",
    handle(deps, { ...ADMIN, params: IdParams }, async ({ params }) =>
      found(await readSection(db, params.id)),
    ),
  );
  r.put(
    "/admin/sections/:id",
    handle(
      deps,
      { ...ADMIN, params: IdParams, body: SectionUpdateRequest },
      async ({ claims, params, body }) =>
        updateSection(deps, actorOf(claims), params.id, body, clock.now()),
    ),
  );
  r.post(
    "/admin/sections/:id/cancel",
    handle(deps, { ...ADMIN, params: IdParams }, async ({ claims, params }) =>
      cancelSection(deps, actorOf(claims), params.id, clock.now()),
    ),
  );
  r.delete(
    "/admin/sections/:id",
    handle(deps, { ...ADMIN, params: IdParams }, async ({ claims, params }) => {
      await deleteSection(db, actorOf(claims), params.id, clock.now());
    }),
  );
  return r;
}
