import { z } from "zod";
import { t } from "../messages/common";
import { isSaneCalendarDate, MAX_DB_INT, NO_CONTROL } from "../rules/input";

/** Every refusal from the district API has this shape; `hint` is shown to the user. */
export const ErrorReply = z.object({
  message: z.string(),
  hint: z.string().optional(),
  errorCode: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/** A trimmed single-line text with a length cap: names, e-mails, ids. */
export const text = (max: number) =>
  z.string().trim().max(max).regex(NO_CONTROL, t("input.controlCharacters"));
export const requiredText = (max: number) =>
  z.string().trim().min(1).max(max).regex(NO_CONTROL, t("input.controlCharacters"));
/** A real calendar date, "YYYY-MM-DD", between 1900-01-01 and 2099-12-31. */
export const isoDate = z.string().max(10).refine(isSaneCalendarDate, t("input.date"));
/** A row id: a positive integer the database's `integer` column holds. */
export const dbId = () => z.number().int().positive().max(MAX_DB_INT);
/** A row id in a route parameter or query ("42"). */
export const dbIdParam = () => z.coerce.number().int().positive().max(MAX_DB_INT);
export const email = z.string().trim().max(254).email();
export const uuid = z.string().uuid();
