// The administration's people calls (decision 122), for the district_admin role
// only: a staff account's details, roles, reactivation and sign-in unlock; finding a student or
// community member and reading their page; their financial aid, activity pass and sign-in unlock.
// This layer parses, authorises and calls one service or query.
import { Router } from "express";
import { StaffAccount } from "@domain/contract/admin";
import * as people from "@domain/contract/admin-people";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import { serve, staffClaims } from "./kit";
import { ApiError } from "../errors";
import { readPerson, readStaffAccount, searchPeople } from "../queries/people";
import { changeStaffRoles, reactivateStaffAccount } from "../services/staff-accounts";
import {
  setActivityPass,
  setFinancialAid,
  unlockParticipant,
  unlockStaff,
} from "../services/people-admin";

export function adminPeopleRoutes(deps: ApiDeps): Router {
  const r = Router();
  const { db, clock } = deps;
  const actorOf = (claims: Parameters<typeof staffClaims>[0]) => ({
    employeeId: staffClaims(claims).employeeID,
  });

  serve(r, deps, people.getStaffAccount, async ({ params }) => {
    const account = await readStaffAccount(db, params.id, clock.now());
    if (!account) throw new ApiError(404, t("admin.staff.notFound"));
    return people.StaffAccountDetails.parse(account);
  });
  serve(r, deps, people.changeStaffRoles, async ({ claims, params, body }) => {
    const { changed, ...account } = await changeStaffRoles(
      db,
      actorOf(claims),
      params.id,
      body.roles,
      clock.now(),
    );
    return people.StaffRolesReply.parse({ changed, account });
  });
  serve(r, deps, people.reactivateStaffAccount, async ({ claims, params }) =>
    StaffAccount.parse(await reactivateStaffAccount(db, actorOf(claims), params.id, clock.now())),
  );
  serve(r, deps, people.unlockStaffSignIn, async ({ claims, params }) =>
    people.UnlockReply.parse(await unlockStaff(db, actorOf(claims), params.id, clock.now())),
  );

  serve(r, deps, people.findPeople, async ({ query }) =>
    people.PeoplePage.parse(await searchPeople(db, query)),
  );
  serve(r, deps, people.getPerson, async ({ params }) => {
    const person = await readPerson(db, params.id, clock.now());
    if (!person) throw new ApiError(404, t("admin.people.notFound"));
    return people.PersonDetails.parse(person);
  });
  serve(r, deps, people.setFinancialAid, async ({ claims, params, body }) =>
    people.PersonChangeReply.parse(
      await setFinancialAid(db, actorOf(claims), params.id, body.financialAid, clock.now()),
    ),
  );
  serve(r, deps, people.setActivityPass, async ({ claims, params, body }) =>
    people.PersonChangeReply.parse(
      await setActivityPass(db, actorOf(claims), params.id, body.activityPass, clock.now()),
    ),
  );
  serve(r, deps, people.unlockPersonSignIn, async ({ claims, params }) =>
    people.UnlockReply.parse(await unlockParticipant(db, actorOf(claims), params.id, clock.now())),
  );
  return r;
}
