// What a queued message is, and which kinds the business office may send again (decision 130):
// one rule for the resend itself (services/mail-queue.ts) and the mail log that offers it
// (queries/mail-log.ts).

/** What a message is, for the office's mail log (and which ones may be resent). */
export type MailKind =
  | "recover-id"
  | "member-id"
  | "member-exists"
  | "sign-in-lock"
  | "guest-code"
  | "waitlist-offer"
  | "section-cancelled"
  | "check-bounced"
  | "receipt"
  | "registration"
  | "waitlist"
  | "mailed-check"
  | "promise-released"
  | "refund";

/** The kinds the office may send again from the mail log: receipts and confirmations. */
const RESENDABLE_KINDS: readonly MailKind[] = [
  "receipt",
  "registration",
  "waitlist",
  "mailed-check",
  "refund",
];

/** True when a message of this kind (as stored, any text) may be sent again. */
export const isResendable = (kind: string): boolean =>
  (RESENDABLE_KINDS as readonly string[]).includes(kind);
