// Wire contract of the district's schools and school years (decision 149): an
// administrator lists, adds and renames them, so a new district is set up without SQL. A school
// has a short name (what files and pages name it by, "LHS") and a full name; a school year has a
// name ("2026-2027"). For the district_admin role only.
import { z } from "zod";
import { t } from "../messages/admin";
import { NO_CONTROL } from "../rules/input";
import { DISTRICT_ADMIN_ROLE } from "./admin";
import { endpoint } from "./endpoint";

/** The longest short name, full name and school year name. */
export const SCHOOL_NAME_MAX = { short: 20, full: 120, year: 40 } as const;

const name = (max: number) =>
  z
    .string({ required_error: t("admin.required") })
    .trim()
    .min(1, t("admin.required"))
    .max(max, t("admin.schools.tooLong", { max }))
    .regex(NO_CONTROL, t("input.controlCharacters"));

export const SchoolRequest = z
  .object({ shortName: name(SCHOOL_NAME_MAX.short), fullName: name(SCHOOL_NAME_MAX.full) })
  .strict();
export type SchoolRequest = z.infer<typeof SchoolRequest>;

export const SchoolYearRequest = z.object({ year: name(SCHOOL_NAME_MAX.year) }).strict();
export type SchoolYearRequest = z.infer<typeof SchoolYearRequest>;

export const SchoolIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const School = z.object({ id: z.number(), shortName: z.string(), fullName: z.string() });
export type School = z.infer<typeof School>;

export const SchoolYear = z.object({ id: z.number(), year: z.string() });
export type SchoolYear = z.infer<typeof SchoolYear>;

/** Every school and school year, schools by short name, years newest first. */
export const SchoolsReply = z.object({
  schools: z.array(School),
  schoolYears: z.array(SchoolYear),
});
export type SchoolsReply = z.infer<typeof SchoolsReply>;

/** A change's reply: whether anything changed (the same names again change nothing). */
export const SchoolChangeReply = z.object({ changed: z.boolean(), school: School });
export const SchoolYearChangeReply = z.object({ changed: z.boolean(), schoolYear: SchoolYear });

// ---- The calls ------------------------------------------------------------------------------

/** Every call here: staff with the district_admin role (others get 403). */
const ADMIN = { access: "staff", roles: [DISTRICT_ADMIN_ROLE] } as const;

export const listSchools = endpoint({
  method: "GET",
  path: "/v1/admin/schools",
  ...ADMIN,
  replies: { 200: SchoolsReply },
  summary: "Every school and school year",
  tag: "admin",
});

export const createSchool = endpoint({
  method: "POST",
  path: "/v1/admin/schools",
  ...ADMIN,
  body: SchoolRequest,
  replies: { 201: School },
  summary: "Add a school; a name another school has is a 400 naming the field",
  tag: "admin",
});

export const renameSchool = endpoint({
  method: "PUT",
  path: "/v1/admin/schools/:id",
  ...ADMIN,
  params: SchoolIdParams,
  body: SchoolRequest,
  replies: { 200: SchoolChangeReply },
  refusals: { 404: "No such school" },
  summary: "Rename a school; the same names again change nothing",
  tag: "admin",
});

export const createSchoolYear = endpoint({
  method: "POST",
  path: "/v1/admin/school-years",
  ...ADMIN,
  body: SchoolYearRequest,
  replies: { 201: SchoolYear },
  summary: "Add a school year; a name another year has is a 400 naming the field",
  tag: "admin",
});

export const renameSchoolYear = endpoint({
  method: "PUT",
  path: "/v1/admin/school-years/:id",
  ...ADMIN,
  params: SchoolIdParams,
  body: SchoolYearRequest,
  replies: { 200: SchoolYearChangeReply },
  refusals: { 404: "No such school year" },
  summary: "Rename a school year; the same name again changes nothing",
  tag: "admin",
});
