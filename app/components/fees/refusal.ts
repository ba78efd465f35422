// A fee shop's refused post (app/.server/fees.ts answers conform's `submission.reply()`): the fee
// it was for, from the post's values, and the message, shown on that fee's card or dialog.
import type { SubmissionResult } from "@conform-to/react";

export interface FeeRefusal {
  feeId: number | null;
  message: string;
}

export function feeRefusal(result: SubmissionResult<string[]> | undefined): FeeRefusal | null {
  if (!result || result.status !== "error") return null;
  const errors = result.error ?? {};
  // The form's own message first (the district API's, a donation's), then a field's.
  const message = [errors[""], ...Object.values(errors)].flatMap((e) => e ?? [])[0];
  if (!message) return null;
  const feeId = Number((result.initialValue as { feeId?: unknown } | null | undefined)?.feeId);
  return { feeId: Number.isSafeInteger(feeId) && feeId > 0 ? feeId : null, message };
}
