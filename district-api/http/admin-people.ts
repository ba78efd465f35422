// The administration's people calls (issue 18 point 5, decision 122), for the district_admin role
// only: a staff account's details, roles, reactivation and sign-in unlock; finding a student or
// community member and reading their page; their financial aid, activity pass and sign-in unlock.
// This layer parses, authorises and calls one service or query.
import { Router } from "express";
import { DISTRICT_ADMIN_ROLE, StaffAccount, StaffIdParams } from "@domain/contract/admin";
import {
  ActivityPassRequest,
  FinancialAidRequest,
  PeoplePage,
  PeopleQuery,
  PersonDetails,
  PersonIdParams,
  StaffAccountDetails,
  PersonChangeReply,
  StaffRolesReply,
  StaffRolesRequest,
  UnlockReply,
} from "@domain/contract/admin-people";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { handle, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { readPerson, readStaffAccount, searchPeople } from "../queries/people";
import { changeStaffRoles, reactivateStaffAccount } from "../services/staff-accounts";
import {
  setActivityPass,
  setFinancialAid,
  unlockParticipant,
  unlockStaff,
} from "../services/people-admin";

const ADMIN: { access: "staff"; roles: string[] } = {
  access: "staff",
  roles: [DISTRICT_ADMIN_ROLE],
};

export function adminPeopleRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  r.get(
    "/admin/staff/:id",
    handle(deps, { ...ADMIN, params: StaffIdParams }, async ({ params }) => {
      const account = await readStaffAccount(db, params.id, clock.now());
      if (!account) throw new ApiError(404, t("admin.staff.notFound"));
      return StaffAccountDetails.parse(account);
    }),
  );
  r.put(
    "/admin/staff/:id/roles",
    handle(
      deps,
      { ...ADMIN, params: StaffIdParams, body: StaffRolesRequest },
      async ({ claims, params, body }) => {
        const { changed, ...account } = await changeStaffRoles(
          db,
          actorOf(claims),
          params.id,
          body.roles,
          clock.now(),
        );
        return StaffRolesReply.parse({ changed, account });
      },
    ),
  );
  r.post(
    "/admin/staff/:id/reactivate",
    handle(deps, { ...ADMIN, params: StaffIdParams }, async ({ claims, params }) =>
      StaffAccount.parse(await reactivateStaffAccount(db, actorOf(claims), params.id, clock.now())),
    ),
  );
  r.post(
    "/admin/staff/:id/unlock",
    handle(deps, { ...ADMIN, params: StaffIdParams }, async ({ claims, params }) =>
      UnlockReply.parse(await unlockStaff(db, actorOf(claims), params.id, clock.now())),
    ),
  );

  r.get(
    "/admin/people",
    handle(deps, { ...ADMIN, query: PeopleQuery }, async ({ query }) =>
      PeoplePage.parse(await searchPeople(db, query)),
    ),
  );
  r.get(
    "/admin/people/:id",
    handle(deps, { ...ADMIN, params: PersonIdParams }, async ({ params }) => {
      const person = await readPerson(db, params.id, clock.now());
      if (!person) throw new ApiError(404, t("admin.people.notFound"));
      return PersonDetails.parse(person);
    }),
  );
  r.put(
    "/admin/people/:id/financial-aid",
    handle(
      deps,
      { ...ADMIN, params: PersonIdParams, body: FinancialAidRequest },
      async ({ claims, params, body }) =>
        PersonChangeReply.parse(
          await setFinancialAid(db, actorOf(claims), params.id, body.financialAid, clock.now()),
        ),
    ),
  );
  r.put(
    "/admin/people/:id/activity-pass",
    handle(
      deps,
      { ...ADMIN, params: PersonIdParams, body: ActivityPassRequest },
      async ({ claims, params, body }) =>
        PersonChangeReply.parse(
          await setActivityPass(db, actorOf(claims), params.id, body.activityPass, clock.now()),
        ),
    ),
  );
  r.post(
    "/admin/people/:id/unlock",
    handle(deps, { ...ADMIN, params: PersonIdParams }, async ({ claims, params }) =>
      UnlockReply.parse(await unlockParticipant(db, actorOf(claims), params.id, clock.now())),
    ),
  );
  return r;
}
