// What a payment bought, unit by unit, for the receipt page and the receipt e-mail (decision 144):
// each purchase with what it is, its price when it was paid for and what the payment gave
// it. The price is the cart line's cost at checkout (a fee already partly paid costs its
// balance); a fee bought from the cart was assessed at checkout at that cost; a registration's own
// payment outside a cart is priced at what it paid.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReceiptPurchase } from "@domain/rules/receipt-lines";
import type { Exec } from "../db/client";
import {
  assessedFees,
  cartItems,
  courseSections,
  courses,
  fees,
  participants,
  purchases,
  registrations,
} from "../db/schema";
import { lineTexts } from "./spanish-texts";

// Under the names lineTexts() reads them by (`fees f`, `courses c`).
const p = alias(purchases, "p");
const a = alias(assessedFees, "a");
const f = alias(fees, "f");
const fa = alias(participants, "fa");
const r = alias(registrations, "r");
const pa = alias(participants, "pa");
const s = alias(courseSections, "s");
const c = alias(courses, "c");

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

async function readPurchases(db: Exec, where: SQL | undefined): Promise<PurchaseRow[]> {
  // In the reader's language: the district's Spanish names where it wrote them (decision 172).
  const { feeName, feeText, courseName, courseText } = lineTexts();
  const isFee = sql`${f.id} is not null`;
  // The cart line's cost at checkout: the first line of the purchase's fee or registration.
  const lineCost = db
    .select({ cost: cartItems.costCents })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, p.cartId),
        or(
          eq(cartItems.assessedFeeId, p.assessedFeeId),
          eq(cartItems.registrationId, p.registrationId),
        ),
      ),
    )
    .orderBy(cartItems.id)
    .limit(1);
  const rows = await db
    .select({
      feeId: f.id,
      registrationId: p.registrationId,
      name: sql<string>`case when ${isFee} then ${feeName.text}
        else coalesce(${courseName.text}, '') end`,
      description: sql<string>`case when ${isFee} then ${feeText.text}
        else coalesce(${courseText.text}, '') end`,
      nameEs: sql<boolean>`case when ${isFee} then ${feeName.given} else ${courseName.given} end`,
      descriptionEs: sql<boolean>`case when ${isFee} then ${feeText.given} and ${f.description} <> ''
        else ${courseText.given} and ${c.description} <> '' end`,
      courseNameEs: sql<boolean>`${courseName.given}`,
      unitCents: sql<number>`coalesce((${lineCost}),
        case when ${a.selfAssessed} and ${a.cartId} = ${p.cartId} then ${a.assessedCostCents} end,
        ${p.amountCents})`,
      paidCents: p.amountCents,
      participantId: r.participantId,
      participantName: sql<string | null>`${pa.nameFirst} || ' ' || ${pa.nameLast}`,
      courseName: sql<string | null>`${courseName.text}`,
      createdAt: p.createdAt,
      personKey: sql<string>`coalesce(${pa.kind} || ':' || ${pa.id}, ${a.payerKey}, '')`,
      personFirst: sql<string | null>`coalesce(${pa.nameFirst}, ${fa.nameFirst})`,
      personName: sql<string | null>`coalesce(${pa.nameFirst} || ' ' || ${pa.nameLast},
        ${fa.nameFirst} || ' ' || ${fa.nameLast})`,
    })
    .from(p)
    .leftJoin(a, eq(a.id, p.assessedFeeId))
    .leftJoin(f, eq(f.id, a.feeId))
    .leftJoin(fa, eq(fa.id, a.participantId))
    .leftJoin(r, eq(r.id, p.registrationId))
    .leftJoin(pa, eq(pa.id, r.participantId))
    .leftJoin(s, eq(s.id, r.courseSectionId))
    .leftJoin(c, eq(c.id, s.courseId))
    .leftJoin(feeName.table, feeName.on)
    .leftJoin(feeText.table, feeText.on)
    .leftJoin(courseName.table, courseName.on)
    .leftJoin(courseText.table, courseText.on)
    .where(where)
    .orderBy(p.id);
  return rows.map((row) => ({
    // The same fee bought for two children is two lines.
    key: `${row.personKey}/${row.registrationId ? `registration:${row.registrationId}` : `fee:${row.feeId}`}`,
    itemType: row.registrationId ? "registration" : "fee",
    name: row.name,
    description: row.description,
    unitCents: Number(row.unitCents),
    paidCents: row.paidCents,
    participantId: row.participantId,
    participantName: row.participantName,
    courseName: row.courseName,
    paidAt: row.createdAt.toISOString(),
    personKey: row.personKey,
    personFirst: row.personFirst,
    personName: row.personName,
    spanish: [
      ...(row.nameEs ? (["name"] as const) : []),
      ...(row.descriptionEs ? (["description"] as const) : []),
      ...(row.courseNameEs ? (["courseName"] as const) : []),
    ],
  }));
}

/** The purchases of a paid cart. */
export const cartPurchases = (db: Exec, cartId: number) => readPurchases(db, eq(p.cartId, cartId));

/** The purchases of one payment. */
export const paymentPurchases = (db: Exec, paymentId: number) =>
  readPurchases(db, eq(p.paymentId, paymentId));
