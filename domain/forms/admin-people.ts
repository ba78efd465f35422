// Form schemas of the administration's people pages (decision 122), used by conform in the page
// and by the action; each field's rule is the contract's own (domain/contract/admin-people.ts).
import { z } from "zod";
import { t } from "../messages/admin";
import {
  FINANCIAL_AID,
  PEOPLE_QUERY_MAX,
  PERSON_KINDS,
  StaffRolesRequest,
} from "../contract/admin-people";
import { NO_CONTROL } from "../rules/input";

/** The people search (a GET form, so a search is a link). */
export const PeopleSearchForm = z.object({
  q: z
    .string()
    .trim()
    .max(PEOPLE_QUERY_MAX, t("admin.people.queryTooLong", { max: PEOPLE_QUERY_MAX }))
    .regex(NO_CONTROL, t("input.controlCharacters"))
    .optional(),
  kind: z.enum(PERSON_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type PeopleSearchForm = z.infer<typeof PeopleSearchForm>;

export const FinancialAidForm = z.object({
  financialAid: z.enum(FINANCIAL_AID, {
    errorMap: () => ({ message: t("admin.people.aidChoice") }),
  }),
});

/** An unticked box sends nothing: no pass. */
export const ActivityPassForm = z.object({ activityPass: z.boolean().default(false) });

export const StaffRolesForm = z.object({
  roles: z.preprocess((v) => v ?? [], StaffRolesRequest.shape.roles),
});
