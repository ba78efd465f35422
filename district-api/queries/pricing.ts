// Who may buy which fee, at what price, and how many (spec 02 §4 "Price rules", §5 "Quantity"):
// read-only, for the fee list, the cart and the assessed fees.
import { and, count, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { Buyer } from "@domain/rules/pricing";
import type { Exec } from "../db/client";
import {
  assessedFees,
  cartItems,
  carts,
  courseQuestions,
  feeCategories,
  fees,
  guests,
  participants,
  schools,
  staff,
} from "../db/schema";
import { spanishText, textLanguage } from "./spanish-texts";

export interface FeeRow {
  id: number;
  name: string;
  description: string;
  amount_cents: number;
  fee_type: "Course" | "Enrollment" | "Optional";
  fee_category_id: number | null;
  category_name: string | null;
  school_id: number | null;
  school_short: string | null;
  school_full: string | null;
  max_quantity: number;
  allow_partial: boolean;
  is_donation: boolean;
  fee_group_id: number | null;
  free_amount_cents: number | null;
  free_quantity: number | null;
  reduced_amount_cents: number | null;
  reduced_quantity: number | null;
  activity_amount_cents: number | null;
  activity_quantity: number | null;
  criteria_grades: string[] | null;
  notes: string | null;
  /** The name and description are the district's Spanish versions (decision 172). */
  name_es: boolean;
  description_es: boolean;
}

export interface BuyerInfo extends Buyer {
  grade: string | null;
  participantId: number | null;
  name: string;
}

/** Fees under the name the Spanish texts' joins read them by (`fees f`). */
const f = alias(fees, "f");

const allowColumn = {
  student: f.allowStudent,
  community_member: f.allowCommunityMember,
  guest_user: f.allowGuest,
  staff: f.allowEmployee,
} satisfies Record<TokenClaims["kind"], unknown>;

/**
 * The fees a condition picks, with their category, school and name and description in the
 * reply's language where the district wrote a Spanish version (decision 172).
 */
function selectFees(db: Exec) {
  const name = spanishText("fee_name_es", "fee", "name", sql`f.id`, sql`f.name`);
  const description = spanishText(
    "fee_description_es",
    "fee",
    "description",
    sql`f.id`,
    sql`f.description`,
  );
  return db
    .select({
      id: f.id,
      name: sql<string>`${name.text}`,
      description: sql<string>`${description.text}`,
      amount_cents: f.amountCents,
      fee_type: f.feeType,
      fee_category_id: f.feeCategoryId,
      category_name: feeCategories.name,
      school_id: f.schoolId,
      school_short: schools.shortName,
      school_full: schools.fullName,
      max_quantity: f.maxQuantity,
      allow_partial: f.allowPartial,
      is_donation: f.isDonation,
      fee_group_id: f.feeGroupId,
      free_amount_cents: f.freeAmountCents,
      free_quantity: f.freeQuantity,
      reduced_amount_cents: f.reducedAmountCents,
      reduced_quantity: f.reducedQuantity,
      activity_amount_cents: f.activityAmountCents,
      activity_quantity: f.activityQuantity,
      criteria_grades: f.criteriaGrades,
      notes: f.notes,
      name_es: sql<boolean>`${name.given}`,
      description_es: sql<boolean>`${description.given} and ${f.description} <> ''`,
    })
    .from(f)
    .leftJoin(feeCategories, eq(feeCategories.id, f.feeCategoryId))
    .leftJoin(schools, eq(schools.id, f.schoolId))
    .leftJoin(name.table, name.on)
    .leftJoin(description.table, description.on);
}

/** Fees this kind of user may buy now (active, on sale, allowed). */
export async function saleableFees(
  db: Exec,
  kind: TokenClaims["kind"],
  now: Date,
  opts: { feeId?: number; optionalOnly?: boolean } = {},
): Promise<FeeRow[]> {
  return selectFees(db)
    .where(
      and(
        eq(f.active, true),
        eq(allowColumn[kind], true),
        or(isNull(f.saleStart), lte(f.saleStart, now)),
        or(isNull(f.saleEnd), gte(f.saleEnd, now)),
        opts.optionalOnly ? eq(f.feeType, "Optional") : undefined,
        opts.feeId !== undefined ? eq(f.id, opts.feeId) : undefined,
      ),
    )
    .orderBy(f.name, f.id);
}

export async function feeById(db: Exec, feeId: number): Promise<FeeRow | null> {
  const [row] = await selectFees(db).where(eq(f.id, feeId));
  return row ?? null;
}

/**
 * The questions asked when buying these fees, in their order; in `language` where the district
 * wrote a Spanish version ("en" for what is kept with an answer: records stay English).
 */
export async function feeQuestions(db: Exec, feeIds: number[], language = textLanguage()) {
  if (!feeIds.length) return [];
  const q = alias(courseQuestions, "q");
  const question = spanishText(
    "q_question_es",
    "question",
    "question",
    sql`q.id`,
    sql`q.question`,
    language,
  );
  const answers = spanishText(
    "q_answers_es",
    "question",
    "answers",
    sql`q.id`,
    sql`null`,
    language,
  );
  return db
    .select({
      id: q.id,
      fee_id: q.feeId,
      question: sql<string>`${question.text}`,
      response_type: q.responseType,
      answer_list: q.answerList,
      sort_order: q.sortOrder,
      /** The district's Spanish question, and its Spanish answers one per line (decision 172). */
      question_es: sql<boolean>`${question.given}`,
      answer_labels: sql<string | null>`${answers.text}`,
    })
    .from(q)
    .leftJoin(question.table, question.on)
    .leftJoin(answers.table, answers.on)
    .where(inArray(q.feeId, feeIds.map(Number)))
    .orderBy(q.sortOrder, q.id);
}

export type FeeQuestionRow = Awaited<ReturnType<typeof feeQuestions>>[number];

/** The buyer's aid, pass, grade and name, for prices and the payer header. */
export async function buyerInfo(db: Exec, claims: TokenClaims): Promise<BuyerInfo> {
  if (claims.kind === "student" || claims.kind === "community_member") {
    const [p] = await db
      .select({
        id: participants.id,
        financialAid: participants.financialAid,
        activityPass: participants.activityPass,
        grade: participants.grade,
        nameFirst: participants.nameFirst,
        nameLast: participants.nameLast,
      })
      .from(participants)
      .where(eq(participants.id, Number(claims.sub)));
    return {
      financialAid: claims.kind === "student" ? (p?.financialAid ?? null) : null,
      activityPass: claims.kind === "student" ? !!p?.activityPass : false,
      grade: p?.grade ?? null,
      participantId: p?.id ?? null,
      name: p ? `${p.nameFirst} ${p.nameLast}` : "",
    };
  }
  if (claims.kind === "guest_user") {
    const [g] = await db
      .select({ nameFirst: guests.nameFirst, nameLast: guests.nameLast })
      .from(guests)
      .where(eq(guests.id, Number(claims.sub)));
    return {
      financialAid: null,
      activityPass: false,
      grade: null,
      participantId: null,
      name: g ? `${g.nameFirst} ${g.nameLast}` : "",
    };
  }
  const [s] = await db
    .select({ displayName: staff.displayName })
    .from(staff)
    .where(eq(staff.employeeId, claims.sub));
  return {
    financialAid: null,
    activityPass: false,
    grade: null,
    participantId: null,
    name: s?.displayName ?? "",
  };
}

/** Why this buyer may not buy the fee (its grades), or null. */
export function criteriaError(fee: FeeRow, buyer: BuyerInfo): string | null {
  if (!fee.criteria_grades?.length) return null;
  if (buyer.grade && fee.criteria_grades.includes(buyer.grade)) return null;
  return t("fees.criteria", { grades: fee.criteria_grades.join(", ") });
}

/** How many of each fee the owner bought (self-assessed purchases) and has in the open cart. */
export async function countsByFee(
  db: Exec,
  ownerKey: string,
): Promise<{ bought: Map<number, number>; inCart: Map<number, number> }> {
  const bought = await db
    .select({ feeId: assessedFees.feeId, n: sql<number>`sum(${assessedFees.quantity})::int` })
    .from(assessedFees)
    .where(
      and(
        eq(assessedFees.payerKey, ownerKey),
        eq(assessedFees.selfAssessed, true),
        inArray(assessedFees.status, ["paid", "partial"]),
      ),
    )
    .groupBy(assessedFees.feeId);
  const inCart = await db
    .select({ feeId: cartItems.feeId, n: count() })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(
      and(
        eq(cartItems.forKey, ownerKey),
        inArray(carts.status, ["OPEN", "PROCESSING"]),
        eq(cartItems.itemType, "fee"),
        isNull(cartItems.assessedFeeId),
      ),
    )
    .groupBy(cartItems.feeId);
  return {
    bought: new Map(bought.map((r) => [r.feeId, r.n])),
    inCart: new Map(inCart.map((r) => [Number(r.feeId), r.n])),
  };
}

/** The price fields of a fee, as the pricing rule reads them. */
export function mapPriced(fee: FeeRow) {
  return {
    amountCents: fee.amount_cents,
    freeAmountCents: fee.free_amount_cents,
    freeQuantity: fee.free_quantity,
    reducedAmountCents: fee.reduced_amount_cents,
    reducedQuantity: fee.reduced_quantity,
    activityAmountCents: fee.activity_amount_cents,
    activityQuantity: fee.activity_quantity,
  };
}
