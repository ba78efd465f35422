// More time on a payment window, once (decision 146; WCAG 2.2.1 Timing
// Adjustable): the family that holds a seat may move the window's end by the district's window
// length, counted from the old end, once per registration. A registration in an open cart moves
// the cart's deadline with it, since the cart cancels its registrations at its own end (decision
// 041). The seat is held at most twice the window, and only this API decides it.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import type { PaymentWindowReply } from "@domain/contract/programs";
import { t, type MessageKey } from "@domain/messages";
import { extensionRefusal, type ExtensionRefusal } from "@domain/rules/payment-window";
import { carts, registrations } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { lockRows } from "./locks";
import { paymentTimeoutMinutes } from "./registration";

const iso = (d: Date | string) => new Date(d).toISOString();

const REFUSAL_MESSAGES: Record<ExtensionRefusal, MessageKey> = {
  ended: "paymentWindow.ended",
  notAwaiting: "paymentWindow.notAwaiting",
  already: "paymentWindow.already",
};

/**
 * POST /v1/registrations/{registrationId}/payment-window, for the registration's own participant;
 * anyone else's id is not found (404). Locks the open cart the registration is in, then the
 * registration (docs/architecture.md lock order), and extends with a guarded update ("not extended
 * yet, still running"), so identical requests at once grant exactly one; the others get 409.
 */
export async function extendPaymentWindow(
  deps: ApiDeps,
  participantId: number,
  registrationId: string,
): Promise<PaymentWindowReply> {
  const failed = t("paymentWindow.failed");
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [cart] = await lockRows<{ id: number }>(
      tx,
      "cart",
      sql`select id from carts where status = 'OPEN' and id in
            (select i.cart_id from cart_items i join registrations r on r.id = i.registration_id
             where i.registration_id = ${registrationId} and r.participant_id = ${participantId})`,
    );
    const [reg] = await lockRows<{
      status: string;
      cancel_reason: string | null;
      hold_expires_at: Date | string | null;
    }>(
      tx,
      "registration",
      sql`select status, cancel_reason, hold_expires_at from registrations
          where id = ${registrationId} and participant_id = ${participantId}`,
    );
    if (!reg) throw new ApiError(404, t("paymentWindow.notFound"));
    const minutes = await paymentTimeoutMinutes(tx);
    const [done] = await tx
      .update(registrations)
      .set({
        holdExpiresAt: sql`${registrations.holdExpiresAt} + make_interval(mins => ${minutes})`,
        holdExtendedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(registrations.id, registrationId),
          eq(registrations.participantId, participantId),
          eq(registrations.status, "pending_payment"),
          isNull(registrations.holdExtendedAt),
          gt(registrations.holdExpiresAt, now),
        ),
      )
      .returning({ hold_expires_at: registrations.holdExpiresAt });
    if (!done) {
      const reason = extensionRefusal(
        {
          status: reg.status,
          timedOut: reg.cancel_reason === REASON_TIMEOUT,
          holdExpiresAt: reg.hold_expires_at === null ? null : new Date(reg.hold_expires_at),
        },
        now,
      );
      throw new ApiError(409, failed, t(REFUSAL_MESSAGES[reason]));
    }
    let cartTimeout: string | null = null;
    if (cart) {
      const [moved] = await tx
        .update(carts)
        .set({ expiresAt: sql`${carts.expiresAt} + make_interval(mins => ${minutes})` })
        .where(and(eq(carts.id, cart.id), eq(carts.status, "OPEN"), gt(carts.expiresAt, now)))
        .returning({ expires_at: carts.expiresAt });
      if (moved) cartTimeout = iso(moved.expires_at!);
    }
    return { registrationId, paymentDeadline: iso(done.hold_expires_at!), cartTimeout };
  });
}
