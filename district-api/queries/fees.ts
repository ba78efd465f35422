// Read-only queries of a person's fees (spec 02 §7): their assessed fees with payments, and their
// purchase history. Everything is read by the caller's owner key, never by an id from outside.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type { Db } from "../db/client";
import { assessedFees, paymentRefunds, payments, purchases } from "../db/schema";
import { ownerKey } from "../errors";
import {
  buyerInfo,
  countsByFee,
  feeById,
  feeQuestions,
  type BuyerInfo,
  type FeeQuestionRow,
  type FeeRow,
} from "./pricing";

export interface AssessedFeeRow {
  id: number;
  fee_id: number;
  status: "due" | "partial" | "paid";
  assessed_cost_cents: number;
  paid_cents: number;
  quantity: number;
  allow_partial: boolean;
  self_assessed: boolean;
  notes: string | null;
  answers: { questionId: number; question: string; answer: string }[];
  assessed_at: Date;
  paid_at: Date | null;
}

/** A person's assessed fees with everything their reply shows (http/replies/fees.ts). */
export interface StudentFeesData {
  rows: AssessedFeeRow[];
  fees: Map<number, FeeRow>;
  payments: {
    assessed_fee_id: number | null;
    amount_cents: number;
    created_at: Date;
    cart_id: number | null;
  }[];
  refunds: { assessed_fee_id: number | null; amount_cents: number; settled_at: Date }[];
  buyer: BuyerInfo;
  questions: FeeQuestionRow[];
}

/** GET /v1/student-fees: the caller's assessed fees, with what was paid on each and when. */
export async function readStudentFees(db: Db, claims: TokenClaims): Promise<StudentFeesData> {
  const owner = ownerKey(claims);
  const rows: AssessedFeeRow[] = await db
    .select({
      id: assessedFees.id,
      fee_id: assessedFees.feeId,
      status: assessedFees.status,
      assessed_cost_cents: assessedFees.assessedCostCents,
      paid_cents: assessedFees.paidCents,
      quantity: assessedFees.quantity,
      allow_partial: assessedFees.allowPartial,
      self_assessed: assessedFees.selfAssessed,
      notes: assessedFees.notes,
      answers: assessedFees.answers,
      assessed_at: assessedFees.assessedAt,
      paid_at: assessedFees.paidAt,
    })
    .from(assessedFees)
    .where(eq(assessedFees.payerKey, owner))
    .orderBy(assessedFees.assessedAt, assessedFees.id);
  const feeIds = [...new Set(rows.map((r) => Number(r.fee_id)))];
  const fees = new Map<number, FeeRow>();
  for (const id of feeIds) {
    const f = await feeById(db, id);
    if (f) fees.set(id, f);
  }
  const assessedIds = rows.map((r) => Number(r.id));
  const paid = rows.length
    ? await db
        .select({
          assessed_fee_id: purchases.assessedFeeId,
          amount_cents: purchases.amountCents,
          created_at: purchases.createdAt,
          cart_id: purchases.cartId,
        })
        .from(purchases)
        .innerJoin(payments, eq(payments.id, purchases.paymentId))
        .where(and(inArray(purchases.assessedFeeId, assessedIds), eq(payments.status, "succeeded")))
        .orderBy(purchases.createdAt)
    : [];
  const refunds = rows.length
    ? await db
        .select({
          assessed_fee_id: paymentRefunds.assessedFeeId,
          amount_cents: paymentRefunds.amountCents,
          // Not null: only settled refunds are read.
          settled_at: sql<Date>`${paymentRefunds.settledAt}`.mapWith(paymentRefunds.settledAt),
        })
        .from(paymentRefunds)
        .where(
          and(
            inArray(paymentRefunds.assessedFeeId, assessedIds),
            eq(paymentRefunds.status, "succeeded"),
            isNotNull(paymentRefunds.settledAt),
          ),
        )
        .orderBy(paymentRefunds.settledAt, paymentRefunds.id)
    : [];
  const buyer = await buyerInfo(db, claims);
  const questions = await feeQuestions(db, feeIds);
  return { rows, fees, payments: paid, refunds, buyer, questions };
}

/** GET /v1/purchase-history: how many of each fee the caller bought, and partial balances. */
export async function readPurchaseHistory(db: Db, claims: TokenClaims) {
  const owner = ownerKey(claims);
  const { bought } = await countsByFee(db, owner);
  const partial = await db
    .select({
      id: assessedFees.id,
      remaining: sql<number>`${assessedFees.assessedCostCents} - ${assessedFees.paidCents}`,
    })
    .from(assessedFees)
    .where(and(eq(assessedFees.payerKey, owner), eq(assessedFees.status, "partial")));
  return { bought, partial };
}
