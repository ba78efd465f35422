// Read-only queries of the business office's refunds (decision 131): payments
// searched 50 a page, one payment with its lines and its refunds so far, and the automatic
// refunds still to pay out by hand or to retry. What a payment took in and what is refunded of
// it are read by the same functions the refund service checks amounts with (services/
// office-refunds.ts), so the page shows exactly what a refund may take.
import { and, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { OFFICE_PAGE_SIZE } from "@domain/contract/office";
import type {
  PaymentDetailView,
  PaymentLineView,
  PaymentSearchQuery,
  RefundView,
} from "@domain/contract/office-refunds";
import { leftToRefund } from "@domain/rules/refund-limit";
import type { Db, Exec } from "../db/client";
import {
  assessedFees,
  carts,
  courseSections,
  courses,
  fees,
  guests,
  mailedChecks,
  participants,
  paymentRefunds,
  payments,
  purchases,
  registrations,
  staff,
} from "../db/schema";
import { staffShownName } from "./staff-name";

const p = alias(payments, "p");
const ca = alias(carts, "ca");
const pa = alias(participants, "pa");
const g = alias(guests, "g");
const x = alias(paymentRefunds, "x");

/** Payment methods whose money goes back by hand (no card to refund to). */
export const BY_HAND_PAYMENT_METHODS = ["cash", "inPersonCheck", "mail"] as const;

export const isByHand = (p: { method: string; provider_ref: string | null }) =>
  (BY_HAND_PAYMENT_METHODS as readonly string[]).includes(p.method) || !p.provider_ref;

/** The family of a payment: the cart's name, else the payer's (participant or guest). */
const FAMILY = sql<string>`coalesce(nullif(${ca.ownerName}, ''),
  ${pa.nameFirst} || ' ' || ${pa.nameLast}, ${g.nameFirst} || ' ' || ${g.nameLast}, ${p.ownerKey})`;

/**
 * The payer of a payment (`payments p`) by its owner key: a participant's or a guest's. The number
 * is read inside `case`: PostgreSQL may evaluate a join's conditions in any order, and an
 * employee's key (`staff:E1003`) read as a number fails the whole statement.
 */
const PAYER_PARTICIPANT = sql`${pa.id} = case when ${p.ownerKey} ~ '^(student|community_member):[0-9]{1,9}$'
    then split_part(${p.ownerKey}, ':', 2)::int end`;
const PAYER_GUEST = sql`${g.id} = case when ${p.ownerKey} ~ '^guest_user:[0-9]{1,9}$'
    then split_part(${p.ownerKey}, ':', 2)::int end`;

/** A payment (`payments p`) and the joins of its payer, for the refund service's mail. */
export const PAYMENT_PAYER = { p, pa, g, participantOn: PAYER_PARTICIPANT, guestOn: PAYER_GUEST };

/** The checks received for the payment `p`. */
const RECEIVED_CHECKS = and(eq(mailedChecks.paymentId, p.id), eq(mailedChecks.status, "received"));

/** A payment with what it took in and gave back, and its family (its joins: readPayments). */
function paymentColumns(db: Exec) {
  // What a payment took in: its amount once settled; for a mailed check, the checks received.
  const checksReceived = db
    .select({ cents: sql`coalesce(sum(${mailedChecks.amountCents}), 0)` })
    .from(mailedChecks)
    .where(RECEIVED_CHECKS);
  // Refunded or being refunded: every refund not failed, automatic ones included.
  const refunded = db
    .select({ cents: sql`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, p.id),
        inArray(paymentRefunds.status, ["pending", "succeeded"]),
      ),
    );
  return {
    id: p.id,
    confirmation_id: p.confirmationId,
    family: FAMILY,
    owner_key: p.ownerKey,
    cart_id: p.cartId,
    method: p.method,
    status: p.status,
    paid_cents: sql<number>`(case when ${p.method} = 'mail' then (${checksReceived})
      when ${p.status} in ('succeeded', 'refunded') then ${p.amountCents} else 0 end)::int`,
    refunded_cents: sql<number>`(${refunded})::int`,
    created_at: p.createdAt,
    provider_ref: p.providerRef,
    email: sql<string | null>`coalesce(${pa.email}, ${g.email})`,
    registration_id: p.registrationId,
  };
}

interface PaymentSqlRow {
  id: number;
  confirmation_id: string | null;
  family: string;
  owner_key: string;
  cart_id: number | null;
  method: string;
  status: string;
  paid_cents: number;
  refunded_cents: number;
  created_at: Date;
  provider_ref: string | null;
  email: string | null;
  registration_id: string | null;
}

/** Payments (`payments p`) with their cart and payer, as a payment's family is read. */
function readPayments(db: Exec, condition: SQL | undefined) {
  return db
    .select(paymentColumns(db))
    .from(p)
    .leftJoin(ca, eq(ca.id, p.cartId))
    .leftJoin(pa, PAYER_PARTICIPANT)
    .leftJoin(g, PAYER_GUEST)
    .where(condition);
}

function rowOut(r: PaymentSqlRow) {
  return {
    id: r.id,
    confirmationNumber: r.confirmation_id,
    family: r.family,
    ownerKey: r.owner_key,
    cartId: r.cart_id,
    method: r.method,
    status: r.status,
    paidCents: r.paid_cents,
    refundedCents: r.refunded_cents,
    createdAt: r.created_at.toISOString(),
  };
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(db: Exec, q: Omit<PaymentSearchQuery, "page">): SQL | undefined {
  // Payments that took money: settled ones, and mailed checks with a check received.
  const tookMoney = sql`(${p.status} in ('succeeded', 'refunded') or (${p.method} = 'mail' and ${exists(
    db
      .select({ one: sql`1` })
      .from(mailedChecks)
      .where(RECEIVED_CHECKS),
  )}))`;
  let search: SQL | undefined;
  if (q.q && /^[A-Za-z]\d{7}$/.test(q.q)) {
    search = eq(p.confirmationId, q.q.toUpperCase());
  } else if (q.q) {
    const pattern = like(q.q);
    const number = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    search = sql`(${p.confirmationId} ilike ${pattern} or ${FAMILY} ilike ${pattern}
      or ${p.providerRef} = ${q.q} or ${p.id} = ${number} or ${p.cartId} = ${number} or ${pa.id} = ${number})`;
  }
  return and(tookMoney, search);
}

/** One page of payments that took money, newest first. */
export async function readPaymentPage(db: Db, q: PaymentSearchQuery) {
  const filter = where(db, q);
  const [total] = await db
    .select({ n: count() })
    .from(p)
    .leftJoin(ca, eq(ca.id, p.cartId))
    .leftJoin(pa, PAYER_PARTICIPANT)
    .leftJoin(g, PAYER_GUEST)
    .where(filter);
  const rows = await readPayments(db, filter)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(OFFICE_PAGE_SIZE)
    .offset((q.page - 1) * OFFICE_PAGE_SIZE);
  return {
    payments: rows.map(rowOut),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: OFFICE_PAGE_SIZE,
  };
}

/** A payment's head (unlocked, or under the caller's lock): what it took in and gave back. */
export async function readPaymentHead(db: Exec, id: number): Promise<PaymentSqlRow | null> {
  const [row] = await readPayments(db, eq(p.id, id));
  return row ?? null;
}

export interface PaymentLine {
  key: string;
  kind: "registration" | "fee";
  registrationId: string | null;
  assessedFeeId: number | null;
  name: string;
  paidCents: number;
  refundedCents: number;
  status: string;
}

/**
 * What a payment paid for, line by line: the purchases it made (a registration, a fee), or for a
 * registration's own payment without purchases (a mailed check) the registration with what was
 * received. `refundedCents` counts the office's refunds of that line (automatic refunds of a lost
 * seat already set its purchase to nothing).
 */
export async function readPaymentLines(
  db: Exec,
  payment: { id: number; registration_id: string | null; paid_cents: number },
): Promise<PaymentLine[]> {
  const pu = purchases;
  const r = alias(registrations, "r");
  const linePa = alias(participants, "pa");
  const sec = alias(courseSections, "s");
  const c = alias(courses, "c");
  const af = alias(assessedFees, "af");
  const f = alias(fees, "f");
  const fa = alias(participants, "fa");
  const py = alias(payments, "py");
  const rows = await db
    .select({
      registrationId: pu.registrationId,
      assessedFeeId: pu.assessedFeeId,
      paid: sql<number>`sum(${pu.amountCents})::int`,
      name: sql<string | null>`coalesce(${c.name} || ' · ' || ${linePa.nameFirst},
        -- A household's payment (decision 167): another child's fee names them too.
        ${f.name} || coalesce(' · ' || case when ${af.payerKey} <> ${py.ownerKey} then ${fa.nameFirst} end, ''))`,
      status: sql<string | null>`coalesce(${r.status},
        case when ${af.waived} then 'waived' else ${af.status} end)`,
    })
    .from(pu)
    .leftJoin(r, eq(r.id, pu.registrationId))
    .leftJoin(linePa, eq(linePa.id, r.participantId))
    .leftJoin(sec, eq(sec.id, r.courseSectionId))
    .leftJoin(c, eq(c.id, sec.courseId))
    .leftJoin(af, eq(af.id, pu.assessedFeeId))
    .leftJoin(f, eq(f.id, af.feeId))
    .leftJoin(fa, eq(fa.id, af.participantId))
    .innerJoin(py, eq(py.id, pu.paymentId))
    .where(eq(pu.paymentId, payment.id))
    .groupBy(
      pu.registrationId,
      pu.assessedFeeId,
      c.name,
      linePa.nameFirst,
      f.name,
      r.status,
      af.waived,
      af.status,
      af.payerKey,
      py.ownerKey,
      fa.nameFirst,
    )
    .having(sql`sum(${pu.amountCents}) > 0`)
    .orderBy(sql`min(${pu.id})`);
  if (!rows.length && payment.registration_id) {
    const [reg] = await db
      .select({
        name: sql<string>`${c.name} || ' · ' || ${linePa.nameFirst}`,
        status: r.status,
      })
      .from(r)
      .innerJoin(linePa, eq(linePa.id, r.participantId))
      .innerJoin(sec, eq(sec.id, r.courseSectionId))
      .innerJoin(c, eq(c.id, sec.courseId))
      .where(eq(r.id, payment.registration_id));
    if (reg && payment.paid_cents > 0) {
      rows.push({
        registrationId: payment.registration_id,
        assessedFeeId: null,
        paid: payment.paid_cents,
        name: reg.name,
        status: reg.status,
      });
    }
  }
  const refunded = await db
    .select({
      registrationId: paymentRefunds.registrationId,
      assessedFeeId: paymentRefunds.assessedFeeId,
      cents: sql<number>`sum(${paymentRefunds.amountCents})::int`,
    })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, payment.id),
        inArray(paymentRefunds.reason, ["office", "section_cancelled"]),
        inArray(paymentRefunds.status, ["pending", "succeeded"]),
      ),
    )
    .groupBy(paymentRefunds.registrationId, paymentRefunds.assessedFeeId);
  return rows.map((row) => {
    const { registrationId, assessedFeeId } = row;
    const done = refunded.find((x) =>
      registrationId
        ? x.registrationId === registrationId
        : x.assessedFeeId !== null && x.assessedFeeId === assessedFeeId,
    );
    return {
      key: registrationId ? `r:${registrationId}` : `f:${assessedFeeId}`,
      kind: registrationId ? ("registration" as const) : ("fee" as const),
      registrationId,
      assessedFeeId,
      name: row.name ?? "",
      paidCents: Number(row.paid),
      refundedCents: Number(done?.cents ?? 0),
      status: row.status ?? "",
    };
  });
}

export interface RefundSqlRow {
  id: number;
  payment_id: number;
  amount_cents: number;
  reason: string;
  note: string | null;
  status: "pending" | "succeeded" | "failed";
  paid_out_method: "card" | "cash" | "check" | null;
  check_number: string | null;
  employee_id: string | null;
  employee_name: string | null;
  registration_id: string | null;
  assessed_fee_id: number | null;
  cancels_registration: boolean;
  unassesses_fee: boolean;
  failure: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  idempotency_key: string;
  provider_ref: string | null;
}

/** payment_refunds under the name `x` the refund columns read it by (updates may name it so). */
export const REFUNDS_X = x;

/**
 * A RefundSqlRow's columns, over `payment_refunds x` or, for an insert's returning (which cannot
 * name the table otherwise), over `payment_refunds` itself. Who made or paid out a refund is named
 * as their staff account stores them: the name shown for the account, else first and last name,
 * else the username; null without an account (the ID is shown).
 */
export function refundColumns(db: Exec, over: typeof x | typeof paymentRefunds = x) {
  const st = alias(staff, "st");
  const employeeName = db
    .select({ name: staffShownName("st") })
    .from(st)
    .where(eq(st.employeeId, over.employeeId));
  return {
    id: over.id,
    payment_id: over.paymentId,
    amount_cents: over.amountCents,
    reason: over.reason,
    note: over.note,
    status: over.status,
    paid_out_method: over.paidOutMethod,
    check_number: over.checkNumber,
    employee_id: over.employeeId,
    employee_name: sql<string | null>`(${employeeName})`,
    registration_id: over.registrationId,
    assessed_fee_id: over.assessedFeeId,
    cancels_registration: over.cancelsRegistration,
    unassesses_fee: over.unassessesFee,
    failure: over.failure,
    created_at: over.createdAt,
    settled_at: over.settledAt,
    idempotency_key: over.idempotencyKey,
    provider_ref: over.providerRef,
  };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function refundOut(r: RefundSqlRow): RefundView {
  return {
    id: Number(r.id),
    paymentId: Number(r.payment_id),
    amountCents: Number(r.amount_cents),
    kind: r.reason,
    note: r.note,
    status: r.status,
    paidOutMethod: r.paid_out_method,
    checkNumber: r.check_number,
    employeeId: r.employee_id,
    employeeName: r.employee_id === null ? null : (r.employee_name ?? r.employee_id),
    line: r.registration_id
      ? `r:${r.registration_id}`
      : r.assessed_fee_id !== null
        ? `f:${r.assessed_fee_id}`
        : null,
    cancelsRegistration: Boolean(r.cancels_registration),
    unassessesFee: Boolean(r.unassesses_fee),
    failure: r.failure,
    createdAt: iso(r.created_at)!,
    settledAt: iso(r.settled_at),
  };
}

export async function readRefundsOf(db: Exec, paymentId: number): Promise<RefundSqlRow[]> {
  return db.select(refundColumns(db)).from(x).where(eq(x.paymentId, paymentId)).orderBy(x.id);
}

/** One payment with its lines and refunds, or null. */
export async function readPaymentDetail(db: Db, id: number): Promise<PaymentDetailView | null> {
  const head = await readPaymentHead(db, id);
  if (!head) return null;
  const lines = await readPaymentLines(db, head);
  const refunds = await readRefundsOf(db, id);
  const out = rowOut(head);
  return {
    ...out,
    email: head.email,
    byHand: isByHand(head),
    refundableCents: leftToRefund(out),
    lines: lines.map((l): PaymentLineView => ({
      key: l.key,
      kind: l.kind,
      name: l.name,
      paidCents: l.paidCents,
      refundedCents: l.refundedCents,
      status: l.status,
    })),
    refunds: refunds.map(refundOut),
  };
}

/** Refunds still to be made: automatic ones pending (cash to give back) or failed (to retry). */
export async function readOpenRefunds(db: Db) {
  const rows = await db
    .select({ ...refundColumns(db), family: FAMILY, method: p.method, pay_ref: p.providerRef })
    .from(x)
    .innerJoin(p, eq(p.id, x.paymentId))
    .leftJoin(ca, eq(ca.id, p.cartId))
    .leftJoin(pa, PAYER_PARTICIPANT)
    .leftJoin(g, PAYER_GUEST)
    .where(inArray(x.status, ["pending", "failed"]))
    .orderBy(desc(x.createdAt), desc(x.id))
    .limit(200);
  return {
    refunds: rows.map((r) => ({
      ...refundOut(r),
      family: r.family,
      method: r.method,
      byHand: isByHand({ method: r.method, provider_ref: r.pay_ref }),
    })),
  };
}
