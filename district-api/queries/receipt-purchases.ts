// What a payment bought, unit by unit, for the receipt page and the receipt e-mail (decision 144):
// each purchase with what it is, its price when it was paid for and what the payment gave
// it. The price is the cart line's cost at checkout (a fee already partly paid costs its
// balance); a fee bought from the cart was assessed at checkout at that cost; a registration's own
// payment outside a cart is priced at what it paid.
import { sql, type SQL } from "drizzle-orm";
import type { ReceiptPurchase } from "@domain/rules/receipt-lines";
import { queryRows, type Exec } from "../db/client";
import { lineTexts } from "./spanish-texts";

export interface PurchaseRow extends ReceiptPurchase {
  itemType: "fee" | "registration";
  description: string;
  /** The course and its participant, for a registration. */
  participantName: string | null;
  participantId: number | null;
  courseName: string | null;
  paidAt: string;
  /**
   * Whose the unit is (an owner key: the registration's participant, or the fee's payer), and
   * their first and whole names: a household's payment holds several children's (decision 167).
   */
  personKey: string;
  personFirst: string | null;
  personName: string | null;
  /** Which of name, description and courseName are the district's Spanish (decision 172). */
  spanish: ("name" | "description" | "courseName")[];
}

async function readPurchases(db: Exec, where: SQL): Promise<PurchaseRow[]> {
  // In the reader's language: the district's Spanish names where it wrote them (decision 172).
  const { feeName, feeText, courseName, courseText } = lineTexts();
  const rows = await queryRows<{
    name_es: boolean;
    description_es: boolean;
    course_name_es: boolean;
    fee_id: number | null;
    registration_id: string | null;
    name: string;
    description: string;
    unit_cents: number;
    paid_cents: number;
    participant_id: number | null;
    participant_name: string | null;
    course_name: string | null;
    created_at: Date | string;
    person_key: string;
    person_first: string | null;
    person_name: string | null;
  }>(
    db,
    sql`select f.id as fee_id, p.registration_id,
          case when f.id is not null then ${feeName.text} else coalesce(${courseName.text}, '') end
            as name,
          case when f.id is not null then ${feeText.text} else coalesce(${courseText.text}, '') end
            as description,
          case when f.id is not null then ${feeName.given} else ${courseName.given} end as name_es,
          case when f.id is not null then ${feeText.given} and f.description <> ''
            else ${courseText.given} and c.description <> '' end as description_es,
          ${courseName.given} as course_name_es,
          coalesce(
            (select i.cost_cents from cart_items i
              where i.cart_id = p.cart_id
                and (i.assessed_fee_id = p.assessed_fee_id or i.registration_id = p.registration_id)
              order by i.id limit 1),
            case when a.self_assessed and a.cart_id = p.cart_id then a.assessed_cost_cents end,
            p.amount_cents) as unit_cents,
          p.amount_cents as paid_cents, r.participant_id,
          pa.name_first || ' ' || pa.name_last as participant_name,
          ${courseName.text} as course_name,
          p.created_at, coalesce(pa.kind || ':' || pa.id, a.payer_key, '') as person_key,
          coalesce(pa.name_first, fa.name_first) as person_first,
          coalesce(pa.name_first || ' ' || pa.name_last, fa.name_first || ' ' || fa.name_last)
            as person_name
        from purchases p
        left join assessed_fees a on a.id = p.assessed_fee_id
        left join fees f on f.id = a.fee_id
        left join participants fa on fa.id = a.participant_id
        left join registrations r on r.id = p.registration_id
        left join participants pa on pa.id = r.participant_id
        left join course_sections s on s.id = r.course_section_id
        left join courses c on c.id = s.course_id
        ${feeName.join}
        ${feeText.join}
        ${courseName.join}
        ${courseText.join}
        where ${where}
        order by p.id`,
  );
  return rows.map((r) => ({
    // The same fee bought for two children is two lines.
    key: `${r.person_key}/${r.registration_id ? `registration:${r.registration_id}` : `fee:${r.fee_id}`}`,
    itemType: r.registration_id ? "registration" : "fee",
    name: r.name,
    description: r.description,
    unitCents: Number(r.unit_cents),
    paidCents: Number(r.paid_cents),
    participantId: r.participant_id === null ? null : Number(r.participant_id),
    participantName: r.participant_name,
    courseName: r.course_name,
    paidAt: new Date(r.created_at).toISOString(),
    personKey: r.person_key,
    personFirst: r.person_first,
    personName: r.person_name,
    spanish: [
      ...(r.name_es ? (["name"] as const) : []),
      ...(r.description_es ? (["description"] as const) : []),
      ...(r.course_name_es ? (["courseName"] as const) : []),
    ],
  }));
}

/** The purchases of a paid cart. */
export const cartPurchases = (db: Exec, cartId: number) =>
  readPurchases(db, sql`p.cart_id = ${cartId}`);

/** The purchases of one payment. */
export const paymentPurchases = (db: Exec, paymentId: number) =>
  readPurchases(db, sql`p.payment_id = ${paymentId}`);
