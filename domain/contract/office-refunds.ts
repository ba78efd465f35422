// Wire contract of the business office's refunds (decision 131): payments found
// and shown with their refunds so far, a refund made (by the provider to the card, or by hand in
// cash or by check), and the automatic refunds still to pay out by hand or to retry. Every call is
// for the business_office and district_admin roles (OFFICE_ROLES).
import { z } from "zod";
import { t } from "../messages/admin";
import { NO_CONTROL } from "../rules/input";
import { endpoint } from "./endpoint";
import { MAX_CHECK_CENTS, OFFICE_ROLES } from "./office";

export const PaymentSearchQuery = z
  .object({
    q: z.string().trim().max(100).regex(NO_CONTROL, t("input.controlCharacters")).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type PaymentSearchQuery = z.infer<typeof PaymentSearchQuery>;

export const PaymentIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const RefundIdParams = z.object({
  refundId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** How money given back by hand went: cash, or a check the district writes. */
export const BY_HAND_METHODS = ["cash", "check"] as const;
export const ByHandMethod = z.enum(BY_HAND_METHODS, {
  errorMap: () => ({ message: t("office.refund.methodRequired") }),
});
export type ByHandMethod = z.infer<typeof ByHandMethod>;

export const RefundReasonText = z
  .string({ required_error: t("office.refund.reasonRequired") })
  .trim()
  .min(1, t("office.refund.reasonRequired"))
  .max(200, t("office.refund.reasonTooLong"))
  .regex(NO_CONTROL, t("input.controlCharacters"));

export const RefundCheckNumber = z
  .string()
  .trim()
  .max(20, t("office.check.numberFormat"))
  .regex(/^[A-Za-z0-9-]*$/, t("office.check.numberFormat"));

export const RefundAmountCents = z
  .number({
    required_error: t("office.refund.amountRequired"),
    invalid_type_error: t("office.refund.amountRequired"),
  })
  .int(t("office.check.amountCents"))
  .min(1, t("office.check.amountPositive"))
  .max(MAX_CHECK_CENTS, t("office.check.amountTooLarge"));

/** The form's one-time key: five clicks of one form refund once. */
export const RefundKey = z
  .string({ required_error: t("office.refund.keyRequired") })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, t("office.refund.keyRequired"));

/** A line of a payment: a registration ("r:<id>") or a fee bought ("f:<id>"). */
export const RefundLineKey = z
  .string()
  .regex(/^(r:[0-9a-f-]{36}|f:\d{1,10})$/, t("office.refund.lineRequired"));

export const RefundRequest = z
  .object({
    key: RefundKey,
    amountCents: RefundAmountCents,
    reason: RefundReasonText,
    line: RefundLineKey.optional(),
    /** Money by hand only (cash, check and mailed-check payments); a card goes back to the card. */
    method: ByHandMethod.optional(),
    checkNumber: RefundCheckNumber.optional(),
    cancelRegistration: z.boolean().optional(),
    unassessFee: z.boolean().optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequest>;

export const PaidOutRequest = z
  .object({
    method: ByHandMethod,
    checkNumber: RefundCheckNumber.optional(),
    note: z.string().trim().max(200, t("office.refund.reasonTooLong")).regex(NO_CONTROL).optional(),
  })
  .strict();
export type PaidOutRequest = z.infer<typeof PaidOutRequest>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

export const RefundView = z.object({
  id: z.number(),
  paymentId: z.number(),
  amountCents: z.number(),
  /** The kind: "office" for the office's own, else the automatic refund's reason. */
  kind: z.string(),
  note: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  paidOutMethod: z.enum(["card", "cash", "check"]).nullable(),
  checkNumber: z.string().nullable(),
  employeeId: z.string().nullable(),
  /**
   * Who made or paid out the refund, as their staff account names them (the name, else the
   * username); the employee ID when no account has it; null when nobody has yet.
   */
  employeeName: z.string().nullable(),
  line: z.string().nullable(),
  cancelsRegistration: z.boolean(),
  unassessesFee: z.boolean(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

export const PaymentRowView = z.object({
  id: z.number(),
  confirmationNumber: z.string().nullable(),
  family: z.string(),
  ownerKey: z.string(),
  cartId: z.number().nullable(),
  method: z.string(),
  status: z.string(),
  /** What the payment took in (for a mailed check, the checks received). */
  paidCents: z.number(),
  /** Refunded or being refunded (automatic refunds included). */
  refundedCents: z.number(),
  createdAt: z.string(),
});
export type PaymentRowView = z.infer<typeof PaymentRowView>;

export const PaymentSearchPage = z.object({
  payments: z.array(PaymentRowView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const PaymentLineView = z.object({
  key: z.string(),
  kind: z.enum(["registration", "fee"]),
  name: z.string(),
  paidCents: z.number(),
  refundedCents: z.number(),
  /** The registration's status or the fee's ("waived" when un-assessed). */
  status: z.string(),
});
export type PaymentLineView = z.infer<typeof PaymentLineView>;

export const PaymentDetailView = PaymentRowView.extend({
  email: z.string().nullable(),
  /** Card payments go back through the provider; the others by hand. */
  byHand: z.boolean(),
  refundableCents: z.number(),
  lines: z.array(PaymentLineView),
  refunds: z.array(RefundView),
});
export type PaymentDetailView = z.infer<typeof PaymentDetailView>;

export const RefundResult = RefundView.extend({
  created: z.boolean(),
  registrationCancelled: z.boolean(),
});
export type RefundResult = z.infer<typeof RefundResult>;

export const OpenRefundRow = RefundView.extend({
  family: z.string(),
  method: z.string(),
  /** Money by hand: recorded paid out; a card refund: retried with the provider. */
  byHand: z.boolean(),
});
export const OpenRefundList = z.object({ refunds: z.array(OpenRefundRow) });
export type OpenRefundRow = z.infer<typeof OpenRefundRow>;

// ---- The calls ------------------------------------------------------------------------------

const providerDown = {
  502: "The card processor did not answer; the refund is kept to be retried",
} as const;

export const searchPayments = endpoint({
  method: "GET",
  path: "/v1/office/payments",
  access: "staff",
  roles: OFFICE_ROLES,
  query: PaymentSearchQuery,
  replies: { 200: PaymentSearchPage },
  summary: "Payments that took money, 50 a page, searched, with what was refunded",
  tag: "office",
});

export const getPayment = endpoint({
  method: "GET",
  path: "/v1/office/payments/:id",
  access: "staff",
  roles: OFFICE_ROLES,
  params: PaymentIdParams,
  replies: { 200: PaymentDetailView },
  summary: "A payment with what it paid for and its refunds so far",
  tag: "office",
});

export const refundPayment = endpoint({
  method: "POST",
  path: "/v1/office/payments/:id/refunds",
  access: "staff",
  roles: OFFICE_ROLES,
  params: PaymentIdParams,
  body: RefundRequest,
  replies: { 200: RefundResult, 201: RefundResult },
  refusals: providerDown,
  summary:
    "Refund all or part of a payment (card through the provider, cash or check by hand), once per form key",
  tag: "office",
});

export const listOpenRefunds = endpoint({
  method: "GET",
  path: "/v1/office/refunds/open",
  access: "staff",
  roles: OFFICE_ROLES,
  replies: { 200: OpenRefundList },
  summary: "Automatic refunds to pay out by hand or to retry",
  tag: "office",
});

export const recordPaidOut = endpoint({
  method: "POST",
  path: "/v1/office/refunds/:refundId/paid-out",
  access: "staff",
  roles: OFFICE_ROLES,
  params: RefundIdParams,
  body: PaidOutRequest,
  replies: { 200: RefundView },
  summary: "Record a refund of money taken by hand as paid out",
  tag: "office",
});

export const retryRefund = endpoint({
  method: "POST",
  path: "/v1/office/refunds/:refundId/retry",
  access: "staff",
  roles: OFFICE_ROLES,
  params: RefundIdParams,
  replies: { 200: RefundResult },
  refusals: providerDown,
  summary: "Ask the provider again for a failed refund (same idempotency key)",
  tag: "office",
});
