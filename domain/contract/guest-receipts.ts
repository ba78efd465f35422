// A guest's earlier receipts, opened by a code sent to the mailbox (decision 141).
import { z } from "zod";
import { t } from "../messages/guest-receipts";
import { normaliseMailboxCode } from "../rules/guest-mailbox";
import { endpoint } from "./endpoint";

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

// ---- The calls ------------------------------------------------------------------------------

export const sendMailboxCode = endpoint({
  method: "POST",
  path: "/v1/guest/mailbox-code",
  access: "family",
  replies: { 200: MailboxCodeReply },
  refusals: { 429: "Too many codes mailed to this address: try again later" },
  summary: "Mail the guest's address a code that opens earlier receipts (decision 141)",
  tag: "identity",
});

export const confirmMailboxCode = endpoint({
  method: "POST",
  path: "/v1/guest/mailbox-code/confirm",
  access: "family",
  body: MailboxCodeConfirmRequest,
  replies: { 200: MailboxCodeReply },
  summary: "Prove the guest's mailbox with the code mailed to it",
  tag: "identity",
});

export const listEarlierReceipts = endpoint({
  method: "GET",
  path: "/v1/guest/earlier-receipts",
  access: "family",
  replies: { 200: EarlierReceiptsReply },
  summary: "The paid carts of every guest under a proven address",
  tag: "identity",
});
