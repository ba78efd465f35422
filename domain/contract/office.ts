// Wire contract of the business office (decision 123): the mailed-check promises and the
// checks recorded for them. Every call is for the business_office and district_admin roles.
import { z } from "zod";
import { t } from "../messages/admin";
import { NO_CONTROL, isSaneCalendarDate } from "../rules/input";
import { BUSINESS_OFFICE_ROLE, DISTRICT_ADMIN_ROLE } from "./admin";
import { endpoint } from "./endpoint";

/** The roles that may call /v1/office (administrators have the business office too). */
export const OFFICE_ROLES = [BUSINESS_OFFICE_ROLE, DISTRICT_ADMIN_ROLE] as const;

export const OFFICE_PAGE_SIZE = 50;

/** The largest check the office records, in cents ($1,000,000). */
export const MAX_CHECK_CENTS = 100_000_000;

/**
 * Where a promise stands: money still due on it, fully received, cancelled by the office, or
 * released by the product when no check arrived by its due date (decision 138).
 */
export const PROMISE_STATUSES = ["open", "received", "cancelled", "released"] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

/**
 * The payment's `provider_message` of a promise the product released (its status is `expired`,
 * as when the office cancels one); what tells the two apart on the office's list.
 */
export const PROMISE_RELEASED_MARK = "released: no check by the due date";

export const PromiseFilter = z.enum([
  "open",
  "overdue",
  "received",
  "cancelled",
  "released",
  "all",
]);
export type PromiseFilter = z.infer<typeof PromiseFilter>;

export const PromiseQuery = z
  .object({
    q: z.string().trim().max(100).regex(NO_CONTROL, t("input.controlCharacters")).optional(),
    status: PromiseFilter.default("open"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type PromiseQuery = z.infer<typeof PromiseQuery>;

export const PromiseIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const CheckIdParams = PromiseIdParams.extend({
  checkId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A check number as printed on a check: letters, digits and dashes. */
export const CheckNumber = z
  .string({ required_error: t("office.check.numberRequired") })
  .trim()
  .min(1, t("office.check.numberRequired"))
  .max(20, t("office.check.numberFormat"))
  .regex(/^[A-Za-z0-9-]+$/, t("office.check.numberFormat"));

/** A district calendar day (YYYY-MM-DD); "not in the future" is checked by the district API. */
export const DistrictDay = z
  .string({ required_error: t("office.check.badDate") })
  .trim()
  .refine(isSaneCalendarDate, t("office.check.badDate"));

export const CheckAmountCents = z
  .number({ required_error: t("office.check.amountRequired") })
  .int(t("office.check.amountCents"))
  .min(1, t("office.check.amountPositive"))
  .max(MAX_CHECK_CENTS, t("office.check.amountTooLarge"));

export const ReceiveCheckRequest = z
  .object({ checkNumber: CheckNumber, amountCents: CheckAmountCents, receivedOn: DistrictDay })
  .strict();
export type ReceiveCheckRequest = z.infer<typeof ReceiveCheckRequest>;

export const BounceReason = z
  .string({ required_error: t("office.check.reasonRequired") })
  .trim()
  .min(1, t("office.check.reasonRequired"))
  .max(200, t("office.check.reasonTooLong"))
  .regex(NO_CONTROL, t("input.controlCharacters"));

export const BounceCheckRequest = z.object({ reason: BounceReason }).strict();
export type BounceCheckRequest = z.infer<typeof BounceCheckRequest>;

export const MailedCheck = z.object({
  id: z.number(),
  checkNumber: z.string(),
  amountCents: z.number(),
  receivedOn: z.string(),
  status: z.enum(["received", "reversed", "bounced"]),
  reason: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  undoneBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type MailedCheck = z.infer<typeof MailedCheck>;

export const PromiseRow = z.object({
  id: z.number(),
  confirmationNumber: z.string().nullable(),
  family: z.string(),
  participantId: z.number().nullable(),
  course: z.string().nullable(),
  cartId: z.number().nullable(),
  amountCents: z.number(),
  receivedCents: z.number(),
  /** When the family promised the check (an instant). */
  promisedAt: z.string(),
  status: z.enum(PROMISE_STATUSES),
  /** Open past the setting's number of days: the office may cancel it. */
  overdue: z.boolean(),
});
export type PromiseRow = z.infer<typeof PromiseRow>;

export const PromisePage = z.object({
  promises: z.array(PromiseRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  mailedCheckDays: z.number(),
});
export type PromisePage = z.infer<typeof PromisePage>;

export const PromiseDetail = PromiseRow.extend({
  email: z.string().nullable(),
  /** The day from which the promise may be cancelled, in the district's calendar. */
  cancellableFrom: z.string(),
  checks: z.array(MailedCheck),
});
export type PromiseDetail = z.infer<typeof PromiseDetail>;

export const OfficeSummary = z.object({
  open: z.number(),
  overdue: z.number(),
  openCents: z.number(),
  mailedCheckDays: z.number(),
});
export type OfficeSummary = z.infer<typeof OfficeSummary>;

/** A check recorded for a promise; `created` is false when that number was already recorded. */
export const ReceivedCheck = z.object({
  id: z.number(),
  checkNumber: z.string(),
  amountCents: z.number(),
  receivedOn: z.string(),
  created: z.boolean(),
});
export type ReceivedCheck = z.infer<typeof ReceivedCheck>;

/** A check reversed or bounced, with the bounce's reason. */
export const UndoneCheck = z.object({
  id: z.number(),
  checkNumber: z.string(),
  amountCents: z.number(),
  receivedOn: z.string(),
  status: z.enum(["reversed", "bounced"]),
  reason: z.string().nullable(),
});
export type UndoneCheck = z.infer<typeof UndoneCheck>;

export const CancelledPromise = z.object({
  id: z.number(),
  status: z.literal("cancelled"),
  /** The registration had nothing else paid: it was cancelled and its seat offered on. */
  registrationCancelled: z.boolean(),
});
export type CancelledPromise = z.infer<typeof CancelledPromise>;

// ---- The calls ------------------------------------------------------------------------------

export const getOfficeSummary = endpoint({
  method: "GET",
  path: "/v1/office/summary",
  access: "staff",
  roles: OFFICE_ROLES,
  replies: { 200: OfficeSummary },
  summary: "The business office's figures: open and overdue mailed-check promises",
  tag: "office",
});

export const listPromises = endpoint({
  method: "GET",
  path: "/v1/office/checks",
  access: "staff",
  roles: OFFICE_ROLES,
  query: PromiseQuery,
  replies: { 200: PromisePage },
  summary: "One page of mailed-check promises, searched and filtered by status",
  tag: "office",
});

export const getPromise = endpoint({
  method: "GET",
  path: "/v1/office/checks/:id",
  access: "staff",
  roles: OFFICE_ROLES,
  params: PromiseIdParams,
  replies: { 200: PromiseDetail },
  summary: "One mailed-check promise with the checks recorded for it",
  tag: "office",
});

export const receiveCheck = endpoint({
  method: "POST",
  path: "/v1/office/checks/:id/receive",
  access: "staff",
  roles: OFFICE_ROLES,
  params: PromiseIdParams,
  body: ReceiveCheckRequest,
  replies: { 200: ReceivedCheck, 201: ReceivedCheck },
  summary: "Record a check received for a promise (partial amounts allowed; once per number)",
  tag: "office",
});

export const reverseCheck = endpoint({
  method: "POST",
  path: "/v1/office/checks/:id/checks/:checkId/reverse",
  access: "staff",
  roles: OFFICE_ROLES,
  params: CheckIdParams,
  replies: { 200: UndoneCheck },
  summary: "Reverse a check recorded by mistake; its amount is pending again",
  tag: "office",
});

export const bounceCheck = endpoint({
  method: "POST",
  path: "/v1/office/checks/:id/checks/:checkId/bounce",
  access: "staff",
  roles: OFFICE_ROLES,
  params: CheckIdParams,
  body: BounceCheckRequest,
  replies: { 200: UndoneCheck },
  summary: "Record a bounced check with a reason; the family is e-mailed",
  tag: "office",
});

export const cancelPromise = endpoint({
  method: "POST",
  path: "/v1/office/checks/:id/cancel",
  access: "staff",
  roles: OFFICE_ROLES,
  params: PromiseIdParams,
  replies: { 200: CancelledPromise },
  summary: "Cancel a promise not honoured in time; the seat goes to the waitlist",
  tag: "office",
});
