// A guest's earlier receipts, opened by a code sent to the mailbox (decision 141).
import { z } from "zod";
import { t } from "../messages/guest-receipts";
import { normaliseMailboxCode } from "../rules/guest-mailbox";

export const MailboxCodeReply = z.object({ ok: z.literal(true) });

export const MailboxCodeConfirmRequest = z.object({
  code: z
    .string({ required_error: t("guestReceipts.codeRequired") })
    .max(20, t("guestReceipts.codeInvalid"))
    .transform((typed, ctx) => {
      const code = normaliseMailboxCode(typed);
      if (!code) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("guestReceipts.codeInvalid") });
        return z.NEVER;
      }
      return code;
    }),
});

export const EarlierReceipt = z.object({
  cartId: z.number().int(),
  paidAt: z.string().nullable(),
  paidCents: z.number().int(),
});
export const EarlierReceiptsReply = z.object({
  proven: z.boolean(),
  receipts: z.array(EarlierReceipt),
});
export type EarlierReceiptsReply = z.infer<typeof EarlierReceiptsReply>;
