// The district's schools and school years (issue 30 point 1, decision 149), for the
// district_admin role only: list them, add one, rename one. This layer parses, authorises and
// calls one service or query; every write records its audit entry there.
import { Router } from "express";
import { DISTRICT_ADMIN_ROLE } from "@domain/contract/admin";
import {
  School,
  SchoolChangeReply,
  SchoolIdParams,
  SchoolRequest,
  SchoolsReply,
  SchoolYear,
  SchoolYearChangeReply,
  SchoolYearRequest,
} from "@domain/contract/admin-schools";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { readSchools } from "../queries/schools";
import {
  createSchool,
  createSchoolYear,
  updateSchool,
  updateSchoolYear,
} from "../services/schools";

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

export function adminSchoolsRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/admin/schools",
    handle(deps, ADMIN, async () => SchoolsReply.parse(await readSchools(db))),
  );
  r.post(
    "/admin/schools",
    handle(deps, { ...ADMIN, body: SchoolRequest }, async ({ claims, body, res }) => {
      const school = await createSchool(db, actorOf(claims), body, clock.now());
      res.status(201);
      return School.parse(school);
    }),
  );
  r.put(
    "/admin/schools/:id",
    handle(
      deps,
      { ...ADMIN, params: SchoolIdParams, body: SchoolRequest },
      async ({ claims, params, body }) =>
        SchoolChangeReply.parse(
          await updateSchool(db, actorOf(claims), params.id, body, clock.now()),
        ),
    ),
  );
  r.post(
    "/admin/school-years",
    handle(deps, { ...ADMIN, body: SchoolYearRequest }, async ({ claims, body, res }) => {
      const year = await createSchoolYear(db, actorOf(claims), body, clock.now());
      res.status(201);
      return SchoolYear.parse(year);
    }),
  );
  r.put(
    "/admin/school-years/:id",
    handle(
      deps,
      { ...ADMIN, params: SchoolIdParams, body: SchoolYearRequest },
      async ({ claims, params, body }) =>
        SchoolYearChangeReply.parse(
          await updateSchoolYear(db, actorOf(claims), params.id, body, clock.now()),
        ),
    ),
  );
  return r;
}
