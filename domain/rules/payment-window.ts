// Who gets more time to pay (decision 146): a registration still awaiting payment whose window is
// running and was never extended. The district API grants it with a guarded update; this rule
// says, when the update finds nothing, which of the reasons the family is told.

export interface PaymentWindowState {
  status: string;
  /** The registration was cancelled because its payment window ran out. */
  timedOut: boolean;
  holdExpiresAt: Date | null;
}

/** Why a registration gets no more time; each is a message of its own. */
export type ExtensionRefusal = "ended" | "notAwaiting" | "already";

/**
 * The reason a registration of the caller's got no extension. A window that ran out is "ended"
 * whether or not the sweep has cancelled it yet; anything else no longer awaiting payment is
 * "notAwaiting"; a running window that was refused had its one extension already.
 */
export function extensionRefusal(reg: PaymentWindowState, now: Date): ExtensionRefusal {
  if (reg.status === "cancelled" && reg.timedOut) return "ended";
  if (reg.status !== "pending_payment") return "notAwaiting";
  const running = reg.holdExpiresAt !== null && reg.holdExpiresAt > now;
  return running ? "already" : "ended";
}
