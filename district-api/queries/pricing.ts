// Who may buy which fee, at what price, and how many (spec 02 §4 "Price rules", §5 "Quantity"):
// read-only, for the fee list, the cart and the assessed fees.
import { sql, type SQL } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { Buyer } from "@domain/rules/pricing";
import { queryRows, type Exec } from "../db/client";
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

const allowColumn: Record<TokenClaims["kind"], string> = {
  student: "allow_student",
  community_member: "allow_community_member",
  guest_user: "allow_guest",
  staff: "allow_employee",
};

/**
 * A fee's columns and the joins they need (`fees f` first): its name and description in the
 * reply's language where the district wrote a Spanish version (decision 172).
 */
function feeSelect(): { columns: SQL; joins: SQL } {
  const name = spanishText("fee_name_es", "fee", "name", sql`f.id`, sql`f.name`);
  const description = spanishText(
    "fee_description_es",
    "fee",
    "description",
    sql`f.id`,
    sql`f.description`,
  );
  return {
    columns: sql`f.id, ${name.text} as name, ${description.text} as description, f.amount_cents,
      f.fee_type, f.fee_category_id, fc.name as category_name, f.school_id,
      sc.short_name as school_short, sc.full_name as school_full, f.max_quantity, f.allow_partial,
      f.is_donation, f.fee_group_id, f.free_amount_cents, f.free_quantity, f.reduced_amount_cents,
      f.reduced_quantity, f.activity_amount_cents, f.activity_quantity, f.criteria_grades, f.notes,
      ${name.given} as name_es, ${description.given} and f.description <> '' as description_es`,
    joins: sql`left join fee_categories fc on fc.id = f.fee_category_id
      left join schools sc on sc.id = f.school_id
      ${name.join}
      ${description.join}`,
  };
}

/** Fees this kind of user may buy now (active, on sale, allowed). */
export async function saleableFees(
  db: Exec,
  kind: TokenClaims["kind"],
  now: Date,
  opts: { feeId?: number; optionalOnly?: boolean } = {},
): Promise<FeeRow[]> {
  const fee = feeSelect();
  return queryRows<FeeRow>(
    db,
    sql`select ${fee.columns}
        from fees f
        ${fee.joins}
        where f.active and ${sql.raw(`f.${allowColumn[kind]}`)}
          and (f.sale_start is null or f.sale_start <= ${now})
          and (f.sale_end is null or f.sale_end >= ${now})
          ${opts.optionalOnly ? sql`and f.fee_type = 'Optional'` : sql``}
          ${opts.feeId !== undefined ? sql`and f.id = ${opts.feeId}` : sql``}
        order by f.name, f.id`,
  );
}

export async function feeById(db: Exec, feeId: number): Promise<FeeRow | null> {
  const fee = feeSelect();
  const [row] = await queryRows<FeeRow>(
    db,
    sql`select ${fee.columns} from fees f
        ${fee.joins}
        where f.id = ${feeId}`,
  );
  return row ?? null;
}

/**
 * The questions asked when buying these fees, in their order; in `language` where the district
 * wrote a Spanish version ("en" for what is kept with an answer: records stay English).
 */
export async function feeQuestions(db: Exec, feeIds: number[], language = textLanguage()) {
  if (!feeIds.length) return [];
  const q = sql`q.id`;
  const question = spanishText(
    "q_question_es",
    "question",
    "question",
    q,
    sql`q.question`,
    language,
  );
  const answers = spanishText("q_answers_es", "question", "answers", q, sql`null`, language);
  return queryRows<{
    id: number;
    fee_id: number;
    question: string;
    response_type: "Value List" | "Free Form" | "Waiver" | "Signature";
    answer_list: string[];
    sort_order: number;
    /** The district's Spanish question, and its Spanish answers one per line (decision 172). */
    question_es: boolean;
    answer_labels: string | null;
  }>(
    db,
    sql`select q.id, q.fee_id, ${question.text} as question, q.response_type, q.answer_list,
          q.sort_order, ${question.given} as question_es, ${answers.text} as answer_labels
        from course_questions q
        ${question.join}
        ${answers.join}
        where q.fee_id in ${sql.raw(`(${feeIds.map((n) => Number(n)).join(",")})`)}
        order by q.sort_order, q.id`,
  );
}

export type FeeQuestionRow = Awaited<ReturnType<typeof feeQuestions>>[number];

/** The buyer's aid, pass, grade and name, for prices and the payer header. */
export async function buyerInfo(db: Exec, claims: TokenClaims): Promise<BuyerInfo> {
  if (claims.kind === "student" || claims.kind === "community_member") {
    const [p] = await queryRows<{
      id: number;
      financial_aid: "free" | "reduced" | null;
      activity_pass: boolean;
      grade: string | null;
      name_first: string;
      name_last: string;
    }>(
      db,
      sql`select id, financial_aid, activity_pass, grade, name_first, name_last
          from participants where id = ${Number(claims.sub)}`,
    );
    return {
      financialAid: claims.kind === "student" ? (p?.financial_aid ?? null) : null,
      activityPass: claims.kind === "student" ? !!p?.activity_pass : false,
      grade: p?.grade ?? null,
      participantId: p?.id ?? null,
      name: p ? `${p.name_first} ${p.name_last}` : "",
    };
  }
  if (claims.kind === "guest_user") {
    const [g] = await queryRows<{ name_first: string; name_last: string }>(
      db,
      sql`select name_first, name_last from guests where id = ${Number(claims.sub)}`,
    );
    return {
      financialAid: null,
      activityPass: false,
      grade: null,
      participantId: null,
      name: g ? `${g.name_first} ${g.name_last}` : "",
    };
  }
  const [s] = await queryRows<{ display_name: string }>(
    db,
    sql`select display_name from staff where employee_id = ${claims.sub}`,
  );
  return {
    financialAid: null,
    activityPass: false,
    grade: null,
    participantId: null,
    name: s?.display_name ?? "",
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
  const bought = await queryRows<{ fee_id: number; n: number }>(
    db,
    sql`select fee_id, sum(quantity)::int as n from assessed_fees
        where payer_key = ${ownerKey} and self_assessed and status in ('paid', 'partial')
        group by fee_id`,
  );
  const inCart = await queryRows<{ fee_id: number; n: number }>(
    db,
    sql`select i.fee_id, count(*)::int as n from cart_items i join carts c on c.id = i.cart_id
        where i.for_key = ${ownerKey} and c.status in ('OPEN', 'PROCESSING')
          and i.item_type = 'fee' and i.assessed_fee_id is null
        group by i.fee_id`,
  );
  return {
    bought: new Map(bought.map((r) => [Number(r.fee_id), Number(r.n)])),
    inCart: new Map(inCart.map((r) => [Number(r.fee_id), Number(r.n)])),
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
