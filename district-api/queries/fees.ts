// Read-only queries of a person's fees (spec 02 §7): their assessed fees with payments, and their
// purchase history. Everything is read by the caller's owner key, never by an id from outside.
import { sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
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
  assessed_at: Date | string;
  paid_at: Date | string | null;
}

/** A person's assessed fees with everything their reply shows (http/replies/fees.ts). */
export interface StudentFeesData {
  rows: AssessedFeeRow[];
  fees: Map<number, FeeRow>;
  payments: {
    assessed_fee_id: number;
    amount_cents: number;
    created_at: Date | string;
    cart_id: number | null;
  }[];
  refunds: { assessed_fee_id: number; amount_cents: number; settled_at: Date | string }[];
  buyer: BuyerInfo;
  questions: FeeQuestionRow[];
}

/** GET /v1/student-fees: the caller's assessed fees, with what was paid on each and when. */
export async function readStudentFees(db: Db, claims: TokenClaims): Promise<StudentFeesData> {
  const owner = ownerKey(claims);
  const rows = await queryRows<AssessedFeeRow>(
    db,
    sql`select * from assessed_fees where payer_key = ${owner} order by assessed_at, id`,
  );
  const feeIds = [...new Set(rows.map((r) => Number(r.fee_id)))];
  const fees = new Map<number, FeeRow>();
  for (const id of feeIds) {
    const f = await feeById(db, id);
    if (f) fees.set(id, f);
  }
  const payments = rows.length
    ? await queryRows<{
        assessed_fee_id: number;
        amount_cents: number;
        created_at: Date | string;
        cart_id: number | null;
      }>(
        db,
        sql`select p.assessed_fee_id, p.amount_cents, p.created_at, p.cart_id from purchases p
            join payments pa on pa.id = p.payment_id
            where p.assessed_fee_id in ${sql.raw(`(${rows.map((r) => Number(r.id)).join(",")})`)}
              and pa.status = 'succeeded'
            order by p.created_at`,
      )
    : [];
  const refunds = rows.length
    ? await queryRows<{ assessed_fee_id: number; amount_cents: number; settled_at: Date | string }>(
        db,
        sql`select assessed_fee_id, amount_cents, settled_at from payment_refunds
            where assessed_fee_id in ${sql.raw(`(${rows.map((r) => Number(r.id)).join(",")})`)}
              and status = 'succeeded' and settled_at is not null
            order by settled_at, id`,
      )
    : [];
  const buyer = await buyerInfo(db, claims);
  const questions = await feeQuestions(db, feeIds);
  return { rows, fees, payments, refunds, buyer, questions };
}

/** GET /v1/purchase-history: how many of each fee the caller bought, and partial balances. */
export async function readPurchaseHistory(db: Db, claims: TokenClaims) {
  const owner = ownerKey(claims);
  const { bought } = await countsByFee(db, owner);
  const partial = await queryRows<{ id: number; remaining: number }>(
    db,
    sql`select id, assessed_cost_cents - paid_cents as remaining from assessed_fees
        where payer_key = ${owner} and status = 'partial'`,
  );
  return { bought, partial };
}
