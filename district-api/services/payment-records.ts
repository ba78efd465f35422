// Payment records: the `payments` rows. One row per payment, claimed once by its idempotency key
// (five identical submissions are one row), with its confirmation id; the provider that takes
// the money; what a cart payment is bound to (the cart's contents, decision 101). Every payment
// path (card, hosted checkout, mailed check, cashier, confirmations without money) creates and
// reads its rows through here; settlement (settlement.ts) moves them to their outcome.
import { createHash } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { t } from "@domain/messages";
import { cartContents } from "@domain/rules/cart-binding";
import { afterPaymentDestination } from "@domain/rules/checkout";
import type { TokenClaims } from "@domain/contract/identity";
import type { Exec } from "../db/client";
import { cartItems, carts, payments, type PaymentStatus } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import type { PaymentProvider } from "../payments/provider";

/** errorCode values of payment replies (0 = fine). */
export const PaymentErrorCode = {
  ok: 0,
  missingTarget: 1,
  declined: 2,
  invalid: 3,
  inProgress: 4,
} as const;

export function provider(deps: ApiDeps): PaymentProvider {
  if (!deps.payments) throw new ApiError(503, t("payment.error.unknown"));
  return deps.payments;
}

export interface PaymentRow {
  id: number;
  owner_key: string;
  cart_id: number | null;
  registration_id: string | null;
  method: string;
  payment_type: string;
  amount_cents: number;
  status: string;
  provider_ref: string | null;
  provider_message: string | null;
  confirmation_id: string | null;
  cart_fingerprint: string | null;
  expires_at: Date | string | null;
}

/** The columns of a PaymentRow, for the query builder's select and returning. */
export const PAYMENT_ROW = {
  id: payments.id,
  owner_key: payments.ownerKey,
  cart_id: payments.cartId,
  registration_id: payments.registrationId,
  method: payments.method,
  payment_type: payments.paymentType,
  amount_cents: payments.amountCents,
  status: payments.status,
  provider_ref: payments.providerRef,
  provider_message: payments.providerMessage,
  confirmation_id: payments.confirmationId,
  cart_fingerprint: payments.cartFingerprint,
  expires_at: payments.expiresAt,
};

/** What a payment for a cart is bound to: a hash of the cart's lines and total (decision 101). */
export function cartFingerprint(
  lines: { id: number; itemType: string; costCents: number; allowPartial: boolean }[],
): string {
  return createHash("sha256").update(cartContents(lines)).digest("hex");
}

export async function paymentById(db: Exec, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select(PAYMENT_ROW).from(payments).where(eq(payments.id, id));
  return row ?? null;
}

function confirmationFor(id: number): string {
  return `C${String(id).padStart(7, "0")}`;
}

/**
 * Records a payment once: a second insert with the same idempotency key returns the first row
 * (created false). A new row gets its confirmation id (C0000001) in the same transaction.
 */
export async function insertPayment(
  tx: Exec,
  row: {
    owner: string;
    cartId?: number | null;
    registrationId?: string | null;
    method: string;
    amountCents: number;
    status: PaymentStatus;
    key: string;
    now: Date;
  },
): Promise<(PaymentRow & { created: boolean }) | null> {
  const [p] = await tx
    .insert(payments)
    .values({
      ownerKey: row.owner,
      cartId: row.cartId ?? null,
      registrationId: row.registrationId ?? null,
      method: row.method,
      amountCents: row.amountCents,
      status: row.status,
      idempotencyKey: row.key,
      createdAt: row.now,
      settledAt: row.status === "succeeded" ? row.now : null,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning(PAYMENT_ROW);
  if (!p) {
    const [existing] = await tx
      .select(PAYMENT_ROW)
      .from(payments)
      .where(eq(payments.idempotencyKey, row.key));
    return existing ? { ...existing, created: false } : null;
  }
  await tx.execute(
    sql`update payments set confirmation_id = ${confirmationFor(p.id)} where id = ${p.id}`,
  );
  return { ...p, confirmation_id: confirmationFor(p.id), created: true };
}

/** The outcome of a payment another submission is charging: polls its row for up to 10 s. */
export async function waitForOutcome(deps: ApiDeps, key: string): Promise<PaymentRow | null> {
  for (let i = 0; i < 100; i++) {
    const [row] = await deps.db
      .select(PAYMENT_ROW)
      .from(payments)
      .where(eq(payments.idempotencyKey, key));
    if (row && row.status !== "processing" && row.status !== "pending") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/**
 * Where the page after a paid cart sends the person (spec 02 §4, `afterPaymentDestination`): a
 * household's cart, holding lines of other children than its owner (decision 167), to its one
 * receipt. Every way of paying a cart asks here.
 */
export async function paidCartDestination(
  db: Exec,
  userKind: TokenClaims["kind"],
  cartId: number,
  hadFees: boolean,
): Promise<string> {
  const [other] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.cartId, cartId), ne(cartItems.forKey, carts.ownerKey)))
    .limit(1);
  return afterPaymentDestination({ userKind, cartId, hadFees, household: other !== undefined });
}

/** Whether a paid cart had fees in it (where the page after payment sends the person). */
export async function cartHadFees(db: Exec, cartId: number): Promise<boolean> {
  const [row] = await db
    .select({ had_fees: carts.hadFees })
    .from(carts)
    .where(eq(carts.id, cartId));
  return !!row?.had_fees;
}
