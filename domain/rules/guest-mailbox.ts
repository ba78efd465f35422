// A guest proves the mailbox before earlier receipts open (decision 141): a
// one-time code sent to the address, entered in the same guest session.

/** Digits of the code: 10^6 codes against at most MAILBOX_CODE_MAX_ATTEMPTS guesses each. */
export const MAILBOX_CODE_DIGITS = 6;
/** How long a code counts once mailed: long enough to open the mail, short enough to forget. */
export const MAILBOX_CODE_TTL_MS = 15 * 60_000;
/** Guesses per code, counted before the comparison; then the guest asks for a new code. */
export const MAILBOX_CODE_MAX_ATTEMPTS = 5;
/** Codes mailed to one address per window, so nobody floods a stranger's mailbox. */
export const MAILBOX_CODE_MAILS = { max: 5, windowMs: 60 * 60_000 } as const;

/** The code as typed (spaces and dashes between digits allowed), or null if it cannot be one. */
export function normaliseMailboxCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${MAILBOX_CODE_DIGITS}}$`).test(digits) ? digits : null;
}
