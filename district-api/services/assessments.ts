// Waiving and adjusting an assessed fee (decision 121), under the assessed fee's
// lock: never below what was already paid, always with a reason, refused while a payment of it is
// under way, and taken out of an open cart (the family adds it again at the new balance).
import { and, eq, sql } from "drizzle-orm";
import { formatUsd } from "@domain/rules/money";
import { t } from "@domain/messages";
import type { AssessedStudent } from "@domain/contract/admin-fees";
import type { Db } from "../db/client";
import { assessedFees, cartItems, carts, participants } from "../db/schema";
import { recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";
import { lockRows } from "./locks";
import { FEE_AUDIT_ACTIONS } from "./admin-fees";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface Locked {
  id: number;
  fee_id: number;
  assessed_cost_cents: number;
  paid_cents: number;
  waived: boolean;
}

async function lockAssessed(tx: Tx, id: number): Promise<Locked> {
  const [row] = await lockRows<Locked>(
    tx,
    "assessed-fee",
    sql`select id, fee_id, assessed_cost_cents, paid_cents, waived from assessed_fees
        where id = ${id}`,
  );
  if (!row) throw new ApiError(404, t("adminFees.assessedNotFound"));
  const [paying] = await tx
    .select({ n: sql<number>`1` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.assessedFeeId, id), eq(carts.status, "PROCESSING")))
    .limit(1);
  if (paying) throw new ApiError(409, t("adminFees.paymentUnderWay"));
  return row;
}

async function setCost(
  tx: Tx,
  id: number,
  cents: number,
  waived: boolean,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(sql`update assessed_fees set assessed_cost_cents = ${cents},
      status = case when paid_cents >= ${cents} then 'paid'
                    when paid_cents > 0 then 'partial' else 'due' end,
      waived = ${waived}, adjust_reason = ${reason}, adjusted_at = ${now.toISOString()}::timestamptz
      where id = ${id}`);
  // An open cart holds the old balance: the item goes, the family adds the new one.
  await tx.execute(sql`delete from cart_items i using carts c
      where c.id = i.cart_id and c.status = 'OPEN' and i.assessed_fee_id = ${id}`);
}

async function readAssessed(tx: Tx, id: number): Promise<AssessedStudent> {
  const [r] = await tx
    .select({
      id: assessedFees.id,
      participantId: assessedFees.participantId,
      name: sql<string>`coalesce(${participants.nameLast} || ', ' || ${participants.nameFirst}, ${assessedFees.payerKey})`,
      grade: participants.grade,
      status: assessedFees.status,
      assessedCents: assessedFees.assessedCostCents,
      paidCents: assessedFees.paidCents,
      waived: assessedFees.waived,
      adjustReason: assessedFees.adjustReason,
    })
    .from(assessedFees)
    .leftJoin(participants, eq(participants.id, assessedFees.participantId))
    .where(eq(assessedFees.id, id));
  return r!;
}

/** Waives what is still owed: the cost becomes what was paid. */
export async function waiveAssessedFee(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  now: Date,
): Promise<AssessedStudent> {
  return db.transaction(async (tx) => {
    const a = await lockAssessed(tx, id);
    if (a.waived) throw new ApiError(409, t("adminFees.alreadyWaived"));
    if (a.assessed_cost_cents <= a.paid_cents) throw new ApiError(409, t("adminFees.nothingOwed"));
    await setCost(tx, id, a.paid_cents, true, reason, now);
    await recordAudit(
      tx,
      actor,
      {
        action: FEE_AUDIT_ACTIONS.waive,
        entity: "assessed-fee",
        entityId: id,
        before: { assessedCents: a.assessed_cost_cents, waived: false },
        after: { assessedCents: a.paid_cents, waived: true, reason },
      },
      now,
    );
    return readAssessed(tx, id);
  });
}

/** Sets what is owed in all, never below what was already paid. The same amount changes nothing. */
export async function adjustAssessedFee(
  db: Db,
  actor: Actor,
  id: number,
  amountCents: number,
  reason: string,
  now: Date,
): Promise<{ changed: boolean; assessed: AssessedStudent }> {
  return db.transaction(async (tx) => {
    const a = await lockAssessed(tx, id);
    if (amountCents < a.paid_cents) {
      const message = t("adminFees.belowPaid", { paid: formatUsd(a.paid_cents) });
      throw new ApiError(400, message, `amountCents: ${message}`);
    }
    if (amountCents === a.assessed_cost_cents) {
      return { changed: false, assessed: await readAssessed(tx, id) };
    }
    await setCost(tx, id, amountCents, false, reason, now);
    await recordAudit(
      tx,
      actor,
      {
        action: FEE_AUDIT_ACTIONS.adjust,
        entity: "assessed-fee",
        entityId: id,
        before: { assessedCents: a.assessed_cost_cents },
        after: { assessedCents: amountCents, reason },
      },
      now,
    );
    return { changed: true, assessed: await readAssessed(tx, id) };
  });
}
