// Read-only queries of the business office's refunds (decision 131): payments
// searched 50 a page, one payment with its lines and its refunds so far, and the automatic
// refunds still to pay out by hand or to retry. What a payment took in and what is refunded of
// it are read by the same functions the refund service checks amounts with (services/
// office-refunds.ts), so the page shows exactly what a refund may take.
import { sql, type SQL } from "drizzle-orm";
import { OFFICE_PAGE_SIZE } from "@domain/contract/office";
import type {
  PaymentDetailView,
  PaymentLineView,
  PaymentSearchQuery,
  RefundView,
} from "@domain/contract/office-refunds";
import { leftToRefund } from "@domain/rules/refund-limit";
import { queryRows, type Db, type Exec } from "../db/client";
import { staffShownName } from "./staff-name";

/** Payment methods whose money goes back by hand (no card to refund to). */
export const BY_HAND_PAYMENT_METHODS = ["cash", "inPersonCheck", "mail"] as const;

export const isByHand = (p: { method: string; provider_ref: string | null }) =>
  (BY_HAND_PAYMENT_METHODS as readonly string[]).includes(p.method) || !p.provider_ref;

/** The family of a payment: the cart's name, else the payer's (participant or guest). */
const FAMILY = sql`coalesce(nullif(ca.owner_name, ''), pa.name_first || ' ' || pa.name_last,
  g.name_first || ' ' || g.name_last, p.owner_key)`;

const FROM = sql`from payments p
  left join carts ca on ca.id = p.cart_id
  left join participants pa on p.owner_key ~ '^(student|community_member):[0-9]{1,9}$'
    and pa.id = split_part(p.owner_key, ':', 2)::int
  left join guests g on p.owner_key ~ '^guest_user:[0-9]{1,9}$'
    and g.id = split_part(p.owner_key, ':', 2)::int`;

/** What a payment took in: its amount once settled; for a mailed check, the checks received. */
const PAID = sql`(case when p.method = 'mail' then
    (select coalesce(sum(m.amount_cents), 0) from mailed_checks m
      where m.payment_id = p.id and m.status = 'received')
  when p.status in ('succeeded', 'refunded') then p.amount_cents else 0 end)::int`;

/** Refunded or being refunded: every refund not failed, automatic ones included. */
const REFUNDED = sql`(select coalesce(sum(x.amount_cents), 0) from payment_refunds x
  where x.payment_id = p.id and x.status in ('pending', 'succeeded'))::int`;

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
  created_at: Date | string;
  provider_ref: string | null;
  email: string | null;
  registration_id: string | null;
}

const COLUMNS = sql`p.id, p.confirmation_id, ${FAMILY} as family, p.owner_key, p.cart_id,
  p.method, p.status, ${PAID} as paid_cents, ${REFUNDED} as refunded_cents, p.created_at,
  p.provider_ref, coalesce(pa.email, g.email) as email, p.registration_id`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function rowOut(r: PaymentSqlRow) {
  return {
    id: Number(r.id),
    confirmationNumber: r.confirmation_id,
    family: r.family,
    ownerKey: r.owner_key,
    cartId: r.cart_id === null ? null : Number(r.cart_id),
    method: r.method,
    status: r.status,
    paidCents: Number(r.paid_cents),
    refundedCents: Number(r.refunded_cents),
    createdAt: iso(r.created_at)!,
  };
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(q: Omit<PaymentSearchQuery, "page">): SQL {
  // Payments that took money: settled ones, and mailed checks with a check received.
  const parts: SQL[] = [
    sql`(p.status in ('succeeded', 'refunded') or (p.method = 'mail' and exists (
      select 1 from mailed_checks m where m.payment_id = p.id and m.status = 'received')))`,
  ];
  if (q.q && /^[A-Za-z]\d{7}$/.test(q.q)) {
    parts.push(sql`p.confirmation_id = ${q.q.toUpperCase()}`);
  } else if (q.q) {
    const pattern = like(q.q);
    const number = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    parts.push(sql`(p.confirmation_id ilike ${pattern} or ${FAMILY} ilike ${pattern}
      or p.provider_ref = ${q.q} or p.id = ${number} or p.cart_id = ${number} or pa.id = ${number})`);
  }
  return sql.join(parts, sql` and `);
}

/** One page of payments that took money, newest first. */
export async function readPaymentPage(db: Db, q: PaymentSearchQuery) {
  const filter = where(q);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${FROM} where ${filter}`,
  );
  const rows = await queryRows<PaymentSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${filter} order by p.created_at desc, p.id desc
      limit ${OFFICE_PAGE_SIZE} offset ${(q.page - 1) * OFFICE_PAGE_SIZE}`,
  );
  return {
    payments: rows.map(rowOut),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: OFFICE_PAGE_SIZE,
  };
}

/** A payment's head (unlocked, or under the caller's lock): what it took in and gave back. */
export async function readPaymentHead(db: Exec, id: number): Promise<PaymentSqlRow | null> {
  const [row] = await queryRows<PaymentSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where p.id = ${id}`,
  );
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
  p: { id: number; registration_id: string | null; paid_cents: number },
): Promise<PaymentLine[]> {
  const rows = await queryRows<{
    registration_id: string | null;
    assessed_fee_id: number | null;
    paid: number;
    name: string | null;
    status: string | null;
  }>(
    db,
    sql`select pu.registration_id, pu.assessed_fee_id, sum(pu.amount_cents)::int as paid,
          coalesce(c.name || ' · ' || pa.name_first,
            -- A household's payment (decision 167): another child's fee names them too.
            f.name || coalesce(' · ' || case when af.payer_key <> py.owner_key then fa.name_first end, '')
          ) as name,
          coalesce(r.status, case when af.waived then 'waived' else af.status end) as status
        from purchases pu
          left join registrations r on r.id = pu.registration_id
          left join participants pa on pa.id = r.participant_id
          left join course_sections s on s.id = r.course_section_id
          left join courses c on c.id = s.course_id
          left join assessed_fees af on af.id = pu.assessed_fee_id
          left join fees f on f.id = af.fee_id
          left join participants fa on fa.id = af.participant_id
          join payments py on py.id = pu.payment_id
        where pu.payment_id = ${p.id}
        group by pu.registration_id, pu.assessed_fee_id, c.name, pa.name_first, f.name, r.status,
          af.waived, af.status, af.payer_key, py.owner_key, fa.name_first
        having sum(pu.amount_cents) > 0
        order by min(pu.id)`,
  );
  if (!rows.length && p.registration_id) {
    const [r] = await queryRows<{ name: string; status: string }>(
      db,
      sql`select c.name || ' · ' || pa.name_first as name, r.status
          from registrations r join participants pa on pa.id = r.participant_id
            join course_sections s on s.id = r.course_section_id join courses c on c.id = s.course_id
          where r.id = ${p.registration_id}`,
    );
    if (r && p.paid_cents > 0) {
      rows.push({
        registration_id: p.registration_id,
        assessed_fee_id: null,
        paid: p.paid_cents,
        name: r.name,
        status: r.status,
      });
    }
  }
  const refunded = await queryRows<{
    registration_id: string | null;
    assessed_fee_id: number | null;
    cents: number;
  }>(
    db,
    sql`select registration_id, assessed_fee_id, sum(amount_cents)::int as cents
        from payment_refunds
        where payment_id = ${p.id} and reason in ('office', 'section_cancelled')
          and status in ('pending', 'succeeded')
        group by registration_id, assessed_fee_id`,
  );
  return rows.map((r) => {
    const registrationId = r.registration_id;
    const assessedFeeId = r.assessed_fee_id === null ? null : Number(r.assessed_fee_id);
    const done = refunded.find((x) =>
      registrationId
        ? x.registration_id === registrationId
        : Number(x.assessed_fee_id) === assessedFeeId,
    );
    return {
      key: registrationId ? `r:${registrationId}` : `f:${assessedFeeId}`,
      kind: registrationId ? ("registration" as const) : ("fee" as const),
      registrationId,
      assessedFeeId,
      name: r.name ?? "",
      paidCents: Number(r.paid),
      refundedCents: Number(done?.cents ?? 0),
      status: r.status ?? "",
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

/**
 * Who made or paid out a refund, as their staff account stores them: the name shown for the
 * account, else first and last name, else the username; null without an account (the ID is shown).
 */
const EMPLOYEE_NAME = sql`(select ${staffShownName("st")} from staff st
  where st.employee_id = x.employee_id)`;

export const REFUND_COLUMNS = sql`x.id, x.payment_id, x.amount_cents, x.reason, x.note, x.status,
  x.paid_out_method, x.check_number, x.employee_id, ${EMPLOYEE_NAME} as employee_name,
  x.registration_id, x.assessed_fee_id, x.cancels_registration, x.unassesses_fee, x.failure,
  x.created_at, x.settled_at, x.idempotency_key, x.provider_ref`;

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
  return queryRows<RefundSqlRow>(
    db,
    sql`select ${REFUND_COLUMNS} from payment_refunds x where x.payment_id = ${paymentId}
        order by x.id`,
  );
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
  const rows = await queryRows<
    RefundSqlRow & { family: string; method: string; pay_ref: string | null }
  >(
    db,
    sql`select ${REFUND_COLUMNS}, ${FAMILY} as family, p.method, p.provider_ref as pay_ref
        from payment_refunds x join payments p on p.id = x.payment_id
          left join carts ca on ca.id = p.cart_id
          left join participants pa on p.owner_key ~ '^(student|community_member):[0-9]{1,9}$'
            and pa.id = split_part(p.owner_key, ':', 2)::int
          left join guests g on p.owner_key ~ '^guest_user:[0-9]{1,9}$'
            and g.id = split_part(p.owner_key, ':', 2)::int
        where x.status in ('pending', 'failed')
        order by x.created_at desc, x.id desc
        limit 200`,
  );
  return {
    refunds: rows.map((r) => ({
      ...refundOut(r),
      family: r.family,
      method: r.method,
      byHand: isByHand({ method: r.method, provider_ref: r.pay_ref }),
    })),
  };
}
