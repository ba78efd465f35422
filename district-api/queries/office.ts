// Read-only queries of the business office (decision 123): the mailed-check promises,
// 50 a page on the server, searched by family, student number, course, confirmation or check
// number, and one promise with its checks.
import { sql, type SQL } from "drizzle-orm";
import {
  OFFICE_PAGE_SIZE,
  PROMISE_RELEASED_MARK,
  type PromiseQuery,
  type PromiseStatus,
} from "@domain/contract/office";
import { formatDistrictDate } from "@domain/rules/time";
import { queryRows, type Db, type Exec } from "../db/client";
import { mailedCheckDays } from "./settings";

interface PromiseSqlRow {
  id: number;
  confirmation_id: string | null;
  family: string | null;
  participant_id: number | null;
  course: string | null;
  cart_id: number | null;
  amount_cents: number;
  received_cents: number;
  created_at: Date | string;
  status: string;
  provider_message: string | null;
  email: string | null;
}

/** The days a mailed-check promise holds its seat (the district setting, decision 123). */
export async function readMailedCheckDays(db: Exec): Promise<number> {
  const [row] = await queryRows<{ v: unknown }>(
    db,
    sql`select data->'mailedCheckDays' as v from settings where id = 1`,
  );
  return mailedCheckDays(row?.v);
}

const FROM = sql`from payments p
  left join registrations r on r.id = p.registration_id
  left join participants pa on pa.id = r.participant_id
  left join course_sections s on s.id = r.course_section_id
  left join courses c on c.id = s.course_id`;

const COLUMNS = sql`p.id, p.confirmation_id, pa.name_first || ' ' || pa.name_last as family,
  pa.id as participant_id, c.name as course, p.cart_id, p.amount_cents, p.created_at, p.status,
  p.provider_message, pa.email,
  (select coalesce(sum(m.amount_cents), 0)::int from mailed_checks m
    where m.payment_id = p.id and m.status = 'received') as received_cents`;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(q: Omit<PromiseQuery, "page">, overdueBefore: Date): SQL {
  const parts: SQL[] = [sql`p.method = 'mail'`];
  if (q.status === "open") parts.push(sql`p.status = 'pending'`);
  if (q.status === "overdue")
    parts.push(sql`p.status = 'pending' and p.created_at <= ${overdueBefore}`);
  if (q.status === "received") parts.push(sql`p.status = 'succeeded'`);
  const released = sql`p.provider_message is not distinct from ${PROMISE_RELEASED_MARK}`;
  if (q.status === "cancelled")
    parts.push(sql`p.status not in ('pending', 'succeeded') and not (${released})`);
  if (q.status === "released") parts.push(sql`p.status = 'expired' and ${released}`);
  if (q.q && /^[A-Za-z]\d{7}$/.test(q.q)) {
    // A confirmation number ("C0001234"): its unique index, not a scan of every promise.
    parts.push(sql`p.confirmation_id = ${q.q.toUpperCase()}`);
  } else if (q.q) {
    const text = q.q;
    const pattern = like(text);
    const number = /^\d{1,9}$/.test(text) ? Number(text) : null;
    parts.push(sql`(
      p.confirmation_id ilike ${pattern}
      or (pa.name_first || ' ' || pa.name_last) ilike ${pattern}
      or c.name ilike ${pattern}
      or pa.id = ${number}
      or p.cart_id = ${number}
      or exists (select 1 from mailed_checks m where m.payment_id = p.id
        and m.check_number ilike ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

function asRow(r: PromiseSqlRow, overdueBefore: Date) {
  const created = new Date(r.created_at);
  const status: PromiseStatus =
    r.status === "pending"
      ? "open"
      : r.status === "succeeded"
        ? "received"
        : r.provider_message === PROMISE_RELEASED_MARK
          ? "released"
          : "cancelled";
  return {
    id: Number(r.id),
    confirmationNumber: r.confirmation_id,
    family: r.family ?? "",
    participantId: r.participant_id === null ? null : Number(r.participant_id),
    course: r.course,
    cartId: r.cart_id === null ? null : Number(r.cart_id),
    amountCents: Number(r.amount_cents),
    receivedCents: Number(r.received_cents),
    promisedAt: created.toISOString(),
    status,
    overdue: status === "open" && created <= overdueBefore,
  };
}

const overdueLine = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** One page of promises, newest first, and how many match in all. */
export async function readPromisePage(db: Db, q: PromiseQuery, now: Date) {
  const days = await readMailedCheckDays(db);
  const before = overdueLine(now, days);
  const filter = where(q, before);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${FROM} where ${filter}`,
  );
  const rows = await queryRows<PromiseSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${filter} order by p.created_at desc, p.id desc
      limit ${OFFICE_PAGE_SIZE} offset ${(q.page - 1) * OFFICE_PAGE_SIZE}`,
  );
  return {
    promises: rows.map((r) => asRow(r, before)),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: OFFICE_PAGE_SIZE,
    mailedCheckDays: days,
  };
}

/** One promise with every check recorded for it; null when there is none with that id. */
export async function readPromise(db: Db, id: number, now: Date, timeZone: string) {
  const days = await readMailedCheckDays(db);
  const before = overdueLine(now, days);
  const [row] = await queryRows<PromiseSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where p.method = 'mail' and p.id = ${id}`,
  );
  if (!row) return null;
  const checks = await queryRows<{
    id: number;
    check_number: string;
    amount_cents: number;
    received_on: string;
    status: "received" | "reversed" | "bounced";
    reason: string | null;
    recorded_by: string;
    recorded_at: Date | string;
    undone_by: string | null;
    undone_at: Date | string | null;
  }>(
    db,
    sql`select m.id, m.check_number, m.amount_cents, m.received_on::text as received_on, m.status,
          m.reason, coalesce(st.username, m.recorded_by) as recorded_by, m.recorded_at,
          coalesce(su.username, m.undone_by) as undone_by, m.undone_at
        from mailed_checks m
          left join staff st on st.employee_id = m.recorded_by
          left join staff su on su.employee_id = m.undone_by
        where m.payment_id = ${id} order by m.id`,
  );
  const created = new Date(row.created_at);
  return {
    ...asRow(row, before),
    email: row.email,
    cancellableFrom: formatDistrictDate(new Date(created.getTime() + days * 86_400_000), timeZone),
    checks: checks.map((c) => ({
      id: Number(c.id),
      checkNumber: c.check_number,
      amountCents: Number(c.amount_cents),
      receivedOn: String(c.received_on).slice(0, 10),
      status: c.status,
      reason: c.reason,
      recordedBy: c.recorded_by,
      recordedAt: new Date(c.recorded_at).toISOString(),
      undoneBy: c.undone_by,
      undoneAt: c.undone_at === null ? null : new Date(c.undone_at).toISOString(),
    })),
  };
}

/** The overview's figures: open promises, those past the setting's days, the money still due. */
export async function readOfficeSummary(db: Db, now: Date) {
  const days = await readMailedCheckDays(db);
  const before = overdueLine(now, days);
  const [row] = await queryRows<{ open: number; overdue: number; cents: number }>(
    db,
    sql`select count(*)::int as open,
          count(*) filter (where p.created_at <= ${before})::int as overdue,
          coalesce(sum(p.amount_cents - (select coalesce(sum(m.amount_cents), 0) from mailed_checks m
            where m.payment_id = p.id and m.status = 'received')), 0)::bigint as cents
        from payments p where p.method = 'mail' and p.status = 'pending'`,
  );
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    openCents: Number(row?.cents ?? 0),
    mailedCheckDays: days,
  };
}
