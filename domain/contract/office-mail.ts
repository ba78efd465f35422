// Wire contract of the business office's mail log (decision 130): the e-mail
// queued for a family, found by student ID, member number or address, and a receipt or
// confirmation sent again. For the business_office and district_admin roles (OFFICE_ROLES).
import { z } from "zod";
import { t } from "../messages/admin";
import { NO_CONTROL } from "../rules/input";
import { endpoint } from "./endpoint";
import { OFFICE_ROLES } from "./office";

/** The most messages the log shows for one search, newest first. */
export const MAIL_LOG_LIMIT = 200;

export const MailLogQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(254, t("office.mail.queryInvalid"))
      .regex(NO_CONTROL, t("input.controlCharacters"))
      .refine((q) => q === "" || /^\d{1,9}$/.test(q) || /^[^\s@]+@[^\s@]+$/.test(q), {
        message: t("office.mail.queryInvalid"),
      })
      .optional(),
  })
  .strict();
export type MailLogQuery = z.infer<typeof MailLogQuery>;

export const MailIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const MAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;

export const MailLogEntry = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  /** When it was queued, and sent (instants). */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The last failure, without addresses. */
  lastError: z.string().nullable(),
  participantId: z.number().nullable(),
  paymentId: z.number().nullable(),
  /** A copy of this message (a resend), or null. */
  resendOf: z.number().nullable(),
  /** Receipts and confirmations may be sent again. */
  resendable: z.boolean(),
});
export type MailLogEntry = z.infer<typeof MailLogEntry>;

export const MailLog = z.object({
  q: z.string(),
  messages: z.array(MailLogEntry),
});
export type MailLog = z.infer<typeof MailLog>;

export const ResendReply = z.object({
  id: z.number(),
  to: z.string(),
  /** False when a copy was queued moments ago (a double click): that copy is the answer. */
  created: z.boolean(),
});
export type ResendReply = z.infer<typeof ResendReply>;

// ---- The calls ------------------------------------------------------------------------------

export const getMailLog = endpoint({
  method: "GET",
  path: "/v1/office/mail",
  access: "staff",
  roles: OFFICE_ROLES,
  query: MailLogQuery,
  replies: { 200: MailLog },
  summary: "The mail log of a family, by student ID, member number or e-mail address",
  tag: "office",
});

export const resendMail = endpoint({
  method: "POST",
  path: "/v1/office/mail/:id/resend",
  access: "staff",
  roles: OFFICE_ROLES,
  params: MailIdParams,
  replies: { 200: ResendReply, 201: ResendReply },
  summary: "Queue a copy of a receipt or confirmation (once per double click)",
  tag: "office",
});
