// Form schemas of the business office's mail log (decision 130): the search (a GET form) and the
// resend button of one message. The search checks with the contract's own rule.
import { z } from "zod";
import { MailLogQuery } from "../contract/office-mail";

export const MailSearchForm = MailLogQuery;
export type MailSearchForm = z.infer<typeof MailSearchForm>;

export const ResendMailForm = z.object({
  intent: z.literal("resend"),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  q: z.string().trim().max(254).optional(),
});
export type ResendMailForm = z.infer<typeof ResendMailForm>;
