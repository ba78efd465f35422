// The administration's programs, courses and sections (decision 120):
// /v1/admin/programs, /v1/admin/courses and /v1/admin/sections, for the district_admin role only.
// This layer parses, authorises and calls one service or query; every write records its audit
// entry in the service's transaction.
import { Router } from "express";
import * as catalogue from "@domain/contract/admin-catalogue";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
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

  serve(r, deps, catalogue.listPrograms, async ({ query }) => listPrograms(db, query));
  serve(r, deps, catalogue.createProgram, async ({ claims, body, res }) => {
    const created = await createProgram(db, actorOf(claims), body, clock.now());
    res.status(201);
    return created;
  });
  serve(r, deps, catalogue.getProgram, async ({ params, query }) =>
    found(await readProgram(db, params.id, query)),
  );
  serve(r, deps, catalogue.changeProgram, async ({ claims, params, body }) => ({
    changed: await updateProgram(db, actorOf(claims), params.id, body, clock.now()),
  }));
  serve(r, deps, catalogue.copyProgram, async ({ claims, params, body, res }) => {
    const copied = await copyProgram(db, actorOf(claims), params.id, body, clock.now());
    res.status(201);
    return copied;
  });

  serve(r, deps, catalogue.listCourses, async ({ query }) => listCourses(db, query));
  serve(r, deps, catalogue.createCourse, async ({ claims, body, res }) => {
    const created = await createCourse(db, actorOf(claims), body, clock.now());
    res.status(201);
    return created;
  });
  serve(r, deps, catalogue.getCourse, async ({ params }) => found(await readCourse(db, params.id)));
  serve(r, deps, catalogue.changeCourse, async ({ claims, params, body }) => ({
    changed: await updateCourse(db, actorOf(claims), params.id, body, clock.now()),
  }));

  serve(r, deps, catalogue.getSectionOptions, async () => readSectionOptions(db));
  serve(r, deps, catalogue.createSection, async ({ claims, body, res }) => {
    const created = await createSection(db, actorOf(claims), body, clock.now());
    res.status(201);
    return created;
  });
  serve(r, deps, catalogue.getSection, async ({ params }) =>
    found(await readSection(db, params.id)),
  );
  serve(r, deps, catalogue.saveSection, async ({ claims, params, body }) =>
    updateSection(deps, actorOf(claims), params.id, body, clock.now()),
  );
  serve(r, deps, catalogue.cancelSection, async ({ claims, params }) =>
    cancelSection(deps, actorOf(claims), params.id, clock.now()),
  );
  serve(r, deps, catalogue.deleteSection, async ({ claims, params }) => {
    await deleteSection(db, actorOf(claims), params.id, clock.now());
  });
  return r;
}
