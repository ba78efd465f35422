// GET /v1/payment/status: what the payment-complete page may confirm (decision 102). The reference
// is the one the return address carries: our payment id (`pay_<id>`, hosted checkout) or the card
// setup id (`setup_intent`, card payment of a registration). Only the caller's own payments are
// found; anything else is "unknown", exactly like a reference that never existed.
import { and, eq } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type { z } from "zod";
import type { PaymentStatusReply as Reply } from "@domain/contract/payments";
import { payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ownerKey } from "../errors";
import { cartHadFees, paidCartDestination } from "./payment-records";
import { receiptLines } from "@domain/rules/receipt-lines";
import { paymentPurchases } from "../queries/receipt-purchases";
import { describeCharge } from "./payment-targets";

interface StatusRow {
  id: number;
  amount_cents: number;
  registration_id: string | null;
  status: string;
  cart_id: number | null;
  provider_message: string | null;
}

/** The columns of a StatusRow, for the query builder's select. */
const STATUS_ROW = {
  id: payments.id,
  amount_cents: payments.amountCents,
  registration_id: payments.registrationId,
  status: payments.status,
  cart_id: payments.cartId,
  provider_message: payments.providerMessage,
};

type PaymentStatusReply = z.infer<typeof Reply>;

const unknown: PaymentStatusReply = { status: "unknown", cartId: null, message: null };

export async function ownPaymentStatus(
  deps: ApiDeps,
  claims: TokenClaims,
  ref: string,
): Promise<PaymentStatusReply> {
  const owner = ownerKey(claims);
  const id = /^pay_(\d{1,9})$/.exec(ref)?.[1];
  let rows: StatusRow[];
  if (id !== undefined) {
    rows = await deps.db
      .select(STATUS_ROW)
      .from(payments)
      .where(and(eq(payments.id, Number(id)), eq(payments.ownerKey, owner)));
  } else if (/^seti_[A-Za-z0-9_]{1,90}$/.test(ref)) {
    // A card payment made with this setup is keyed by its owner and the setup id.
    rows = await deps.db
      .select(STATUS_ROW)
      .from(payments)
      .where(eq(payments.idempotencyKey, `card:${owner}:${ref}`));
  } else {
    return unknown;
  }
  const p = rows[0];
  if (!p) return unknown;
  const status =
    p.status === "succeeded"
      ? "succeeded"
      : p.status === "failed" || p.status === "refunded" || p.status === "expired"
        ? "failed"
        : "pending";
  const cartId = p.cart_id === null ? null : Number(p.cart_id);
  // The return page sends a paid cart where the in-page checkout sends it (spec 02 §4).
  const destination =
    cartId !== null && status === "succeeded"
      ? await paidCartDestination(deps.db, claims.kind, cartId, await cartHadFees(deps.db, cartId))
      : null;
  return {
    status,
    cartId,
    message: p.provider_message,
    destination,
    ...(status === "succeeded"
      ? { amountCents: Number(p.amount_cents), paidFor: await paidFor(deps, Number(p.id)) }
      : {}),
  };
}

/** What a payment paid for, as its charge was described: the items and quantities, or the course. */
async function paidFor(deps: ApiDeps, paymentId: number): Promise<string> {
  const purchases = await paymentPurchases(deps.db, paymentId);
  return describeCharge(
    receiptLines(purchases).map((l) => ({ name: l.name, quantity: l.quantity })),
  );
}
