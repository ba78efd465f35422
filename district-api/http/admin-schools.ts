// The district's schools and school years (decision 149), for the
// district_admin role only: list them, add one, rename one. This layer parses, authorises and
// calls one service or query; every write records its audit entry there.
import { Router } from "express";
import * as adminSchools from "@domain/contract/admin-schools";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { readSchools } from "../queries/schools";
import {
  createSchool,
  createSchoolYear,
  updateSchool,
  updateSchoolYear,
} from "../services/schools";

export function adminSchoolsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  serve(r, deps, adminSchools.listSchools, async () =>
    adminSchools.SchoolsReply.parse(await readSchools(db)),
  );
  serve(r, deps, adminSchools.createSchool, async ({ claims, body, res }) => {
    const school = await createSchool(db, actorOf(claims), body, clock.now());
    res.status(201);
    return adminSchools.School.parse(school);
  });
  serve(r, deps, adminSchools.renameSchool, async ({ claims, params, body }) =>
    adminSchools.SchoolChangeReply.parse(
      await updateSchool(db, actorOf(claims), params.id, body, clock.now()),
    ),
  );
  serve(r, deps, adminSchools.createSchoolYear, async ({ claims, body, res }) => {
    const year = await createSchoolYear(db, actorOf(claims), body, clock.now());
    res.status(201);
    return adminSchools.SchoolYear.parse(year);
  });
  serve(r, deps, adminSchools.renameSchoolYear, async ({ claims, params, body }) =>
    adminSchools.SchoolYearChangeReply.parse(
      await updateSchoolYear(db, actorOf(claims), params.id, body, clock.now()),
    ),
  );
  return r;
}
