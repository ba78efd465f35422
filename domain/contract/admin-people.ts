// Wire contract of the administration's people calls (decision 122): a staff
// account's roles, reactivation and sign-in lock; finding a student or community member by ID or
// name and reading their registrations, assessed fees, payments and sign-in lock; their financial
// aid and activity pass; unlocking a locked sign-in. For the district_admin role only.
import { z } from "zod";
import { t } from "../messages/admin";
import { NO_CONTROL } from "../rules/input";
import { DISTRICT_ADMIN_ROLE, StaffAccount, StaffIdParams, STAFF_ROLES } from "./admin";
import { endpoint } from "./endpoint";

export const PEOPLE_PAGE_SIZE = 50;
/** The longest search text. */
export const PEOPLE_QUERY_MAX = 100;

/** A staff account's new roles: the whole set, from the fixed list, at least one. */
export const StaffRolesRequest = z
  .object({
    roles: z
      .array(z.enum(STAFF_ROLES))
      .min(1, t("admin.staff.rolesRequired"))
      .max(STAFF_ROLES.length),
  })
  .strict();
export type StaffRolesRequest = z.infer<typeof StaffRolesRequest>;
/** Whether the roles changed (the same set again changes nothing), and the account. */
export const StaffRolesReply = z.object({ changed: z.boolean(), account: StaffAccount });

/** A sign-in's lock as the guard keeps it (sign_in_attempts, decision 100). */
export const SignInLock = z.object({
  /** Failed attempts counted since the last success. */
  failures: z.number(),
  /** True while the guard refuses the account. */
  locked: z.boolean(),
  /** When the lock ends (an instant), when locked. */
  until: z.string().nullable(),
});
export type SignInLock = z.infer<typeof SignInLock>;

export const StaffAccountDetails = z.object({
  id: z.number(),
  username: z.string(),
  employeeId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  active: z.boolean(),
  signIn: SignInLock,
});
export type StaffAccountDetails = z.infer<typeof StaffAccountDetails>;

export const PERSON_KINDS = ["student", "community_member"] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export const PeopleQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(PEOPLE_QUERY_MAX, t("admin.people.queryTooLong", { max: PEOPLE_QUERY_MAX }))
      .regex(NO_CONTROL, t("input.controlCharacters"))
      .optional(),
    kind: z.enum(PERSON_KINDS).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type PeopleQuery = z.infer<typeof PeopleQuery>;

export const PersonIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const FINANCIAL_AID = ["none", "free", "reduced"] as const;
export type FinancialAidChoice = (typeof FINANCIAL_AID)[number];

export const FinancialAidRequest = z
  .object({
    financialAid: z.enum(FINANCIAL_AID, {
      errorMap: () => ({ message: t("admin.people.aidChoice") }),
    }),
  })
  .strict();
export const ActivityPassRequest = z
  .object({ activityPass: z.boolean({ invalid_type_error: t("admin.people.passChoice") }) })
  .strict();

/** Whether a change of a person changed anything (the same value again records nothing). */
export const PersonChangeReply = z.object({ changed: z.boolean() });

export const PersonSummary = z.object({
  id: z.number(),
  kind: z.enum(PERSON_KINDS),
  nameFirst: z.string(),
  nameLast: z.string(),
  grade: z.string().nullable(),
  school: z.string().nullable(),
  financialAid: z.enum(["free", "reduced"]).nullable(),
  activityPass: z.boolean(),
});
export type PersonSummary = z.infer<typeof PersonSummary>;

export const PeoplePage = z.object({
  people: z.array(PersonSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PeoplePage = z.infer<typeof PeoplePage>;

export const PersonDetails = PersonSummary.extend({
  dob: z.string(),
  email: z.string().nullable(),
  custodianEmails: z.array(z.string()),
  signIn: SignInLock,
  registrations: z.array(
    z.object({
      id: z.string(),
      program: z.string(),
      course: z.string(),
      term: z.string(),
      status: z.string(),
      costCents: z.number(),
      createdAt: z.string(),
    }),
  ),
  assessedFees: z.array(
    z.object({
      id: z.number(),
      fee: z.string(),
      status: z.string(),
      quantity: z.number(),
      assessedCents: z.number(),
      paidCents: z.number(),
      assessedAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      method: z.string(),
      status: z.string(),
      amountCents: z.number(),
      confirmationId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type PersonDetails = z.infer<typeof PersonDetails>;

/** What an unlock answers: whether a lock (or counted failures) was cleared. */
export const UnlockReply = z.object({ cleared: z.boolean(), signIn: SignInLock });

// ---- The calls ------------------------------------------------------------------------------

const admin = { access: "staff", roles: [DISTRICT_ADMIN_ROLE], tag: "admin" } as const;

export const getStaffAccount = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/staff/:id",
  params: StaffIdParams,
  replies: { 200: StaffAccountDetails },
  summary: "One staff account with its sign-in lock",
});

export const changeStaffRoles = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/staff/:id/roles",
  params: StaffIdParams,
  body: StaffRolesRequest,
  replies: { 200: StaffRolesReply },
  summary: "Replace a staff account's roles and end its sessions at once",
});

export const reactivateStaffAccount = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/staff/:id/reactivate",
  params: StaffIdParams,
  replies: { 200: StaffAccount },
  summary: "Let a deactivated staff account sign in again",
});

export const unlockStaffSignIn = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/staff/:id/unlock",
  params: StaffIdParams,
  replies: { 200: UnlockReply },
  summary: "Clear a staff member's locked sign-in",
});

export const findPeople = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/people",
  query: PeopleQuery,
  replies: { 200: PeoplePage },
  summary: "Find students and community members by ID or name, 50 a page",
});

export const getPerson = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/people/:id",
  params: PersonIdParams,
  replies: { 200: PersonDetails },
  summary: "One person's details, registrations, assessed fees, payments and sign-in lock",
});

export const setFinancialAid = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/people/:id/financial-aid",
  params: PersonIdParams,
  body: FinancialAidRequest,
  replies: { 200: PersonChangeReply },
  summary: "Set a person's financial aid (none, free or reduced)",
});

export const setActivityPass = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/people/:id/activity-pass",
  params: PersonIdParams,
  body: ActivityPassRequest,
  replies: { 200: PersonChangeReply },
  summary: "Give or take a person's activity pass",
});

export const unlockPersonSignIn = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/people/:id/unlock",
  params: PersonIdParams,
  replies: { 200: UnlockReply },
  summary: "Clear a student's or community member's locked sign-in",
});
