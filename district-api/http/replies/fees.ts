// The fee calls' replies (spec 02 §7), shaped from what queries/fees.ts and queries/pricing.ts
// read: prices for the buyer, dollars at the wire edge, ISO times. The HTTP layer owns the shape
// of a reply; the queries only read.
import type { AssessedFee, Fee, PurchaseHistory } from "@domain/contract/fees";
import { unitPriceCents } from "@domain/rules/pricing";
import { answerLabels } from "@domain/rules/district-texts";
import { spanishList } from "../../queries/spanish-texts";
import type { StudentFeesData } from "../../queries/fees";
import {
  criteriaError,
  mapPriced,
  type BuyerInfo,
  type FeeQuestionRow,
  type FeeRow,
} from "../../queries/pricing";

const dollars = (c: number | null) => (c === null ? null : c / 100);

/** A fee as the family pages read it, priced for this buyer after `alreadyCounted` bought. */
export function feeToWire(
  fee: FeeRow,
  buyer: BuyerInfo,
  questions: FeeQuestionRow[],
  alreadyCounted: number,
): Fee {
  return {
    id: Number(fee.id),
    name: fee.name,
    description: fee.description,
    amount: fee.amount_cents / 100,
    price: unitPriceCents(mapPriced(fee), buyer, { alreadyCounted }) / 100,
    feeCategory:
      fee.fee_category_id !== null
        ? { id: Number(fee.fee_category_id), name: fee.category_name ?? "" }
        : null,
    school:
      fee.school_id !== null
        ? {
            id: Number(fee.school_id),
            shortName: fee.school_short ?? "",
            fullName: fee.school_full ?? "",
          }
        : null,
    quantity: fee.max_quantity,
    allowPartialPayment: fee.allow_partial,
    isDonation: fee.is_donation,
    courseQuestions: questions
      .filter((q) => Number(q.fee_id) === Number(fee.id))
      .map((q) => {
        const answerList = q.answer_list ?? [];
        // The district's Spanish answers label the English ones, one per line (decision 172).
        const labels = answerLabels(q.answer_labels, answerList);
        const labelled = labels !== null;
        return {
          id: q.id,
          question: q.question,
          responseType: q.response_type,
          answerList,
          sortOrder: q.sort_order,
          ...(labelled ? { answerLabels: labels } : {}),
          ...spanishList({ question: q.question_es, answerList: labelled }),
        };
      }),
    feeGroup: fee.fee_group_id !== null ? { id: Number(fee.fee_group_id) } : null,
    freeAmount: dollars(fee.free_amount_cents),
    freeQuantity: fee.free_quantity,
    reducedAmount: dollars(fee.reduced_amount_cents),
    reducedQuantity: fee.reduced_quantity,
    activityAmount: dollars(fee.activity_amount_cents),
    activityQuantity: fee.activity_quantity,
    feeCriteriaError: criteriaError(fee, buyer),
    notes: fee.notes,
    feeType: fee.fee_type,
    ...spanishList({ name: fee.name_es, description: fee.description_es }),
  };
}

/** GET /v1/student-fees: each assessed fee with its fee, payments, answers and refunds. */
export function studentFeesReply({
  rows,
  fees,
  payments,
  refunds,
  buyer,
  questions,
}: StudentFeesData): AssessedFee[] {
  const out: AssessedFee[] = [];
  for (const r of rows) {
    const fee = fees.get(Number(r.fee_id));
    if (!fee) continue;
    out.push({
      id: Number(r.id),
      fee: feeToWire(fee, buyer, questions, 0),
      status: r.status,
      assessedCost: r.assessed_cost_cents / 100,
      allowPartialPayment: r.allow_partial,
      selfAssessed: r.self_assessed,
      notes: r.notes,
      owed: Math.max(0, r.assessed_cost_cents - r.paid_cents) / 100,
      paid: r.paid_cents / 100,
      cost: r.assessed_cost_cents / 100,
      quantity: r.quantity,
      paymentDate: r.paid_at ? new Date(r.paid_at).toISOString() : null,
      assessedDate: new Date(r.assessed_at).toISOString(),
      studentFeePayments: payments
        .filter((p) => Number(p.assessed_fee_id) === Number(r.id))
        .map((p) => ({
          amount: p.amount_cents / 100,
          createdAt: new Date(p.created_at).toISOString(),
          cartId: p.cart_id === null ? null : Number(p.cart_id),
        })),
      answers: (r.answers ?? []).map((a) => ({
        questionID: a.questionId,
        answer: a.answer,
        cachedQuestion: a.question,
      })),
      refunds: refunds
        .filter((x) => Number(x.assessed_fee_id) === Number(r.id))
        .map((x) => ({
          amount: Number(x.amount_cents) / 100,
          date: new Date(x.settled_at).toISOString(),
        })),
    });
  }
  return out;
}

/** GET /v1/purchase-history: counts by fee id, and what is left on each partly paid fee. */
export function purchaseHistoryReply({
  bought,
  partial,
}: {
  bought: Map<number, number>;
  partial: { id: number; remaining: number }[];
}): PurchaseHistory {
  return {
    fees: Object.fromEntries([...bought].map(([k, v]) => [String(k), v])),
    partialStudentFeeIdsAndAmountRemaining: Object.fromEntries(
      partial.map((p) => [String(p.id), Number(p.remaining) / 100]),
    ),
  };
}
