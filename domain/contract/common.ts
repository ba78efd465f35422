import { z } from "zod";

/** Every refusal from the district API has this shape; `hint` is shown to the user. */
export const ErrorReply = z.object({
  message: z.string(),
  hint: z.string().optional(),
  errorCode: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/** A trimmed single-line text with a length cap: names, e-mails, ids. */
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD");
export const email = z.string().trim().max(254).email();
export const uuid = z.string().uuid();
