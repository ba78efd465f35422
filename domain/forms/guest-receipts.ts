// The earlier-receipts page's two forms (decision 141): send a code, then enter it.
import { z } from "zod";
import { t } from "../messages/guest-receipts";
import { normaliseMailboxCode } from "../rules/guest-mailbox";

export const MailboxCodeForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send") }),
  z.object({
    intent: z.literal("confirm"),
    code: z
      .string({ required_error: t("guestReceipts.codeRequired") })
      .max(20, t("guestReceipts.codeInvalid"))
      .refine((v) => normaliseMailboxCode(v) !== null, t("guestReceipts.codeInvalid")),
  }),
]);
