// Read-only queries of the business office (decision 123): the mailed-check promises,
// 50 a page on the server, searched by family, student number, course, confirmation or check
// number, and one promise with its checks.
import {
  and,
  count,
  desc,
  eq,
  exists,
  ilike,
  lte,
  not,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  OFFICE_PAGE_SIZE,
  PROMISE_RELEASED_MARK,
  type PromiseQuery,
  type PromiseStatus,
} from "@domain/contract/office";
import { formatDistrictDate } from "@domain/rules/time";
import type { Db, Exec } from "../db/client";
import {
  courseSections,
  courses,
  mailedChecks,
  participants,
  payments,
  registrations,
  settings,
  staff,
} from "../db/schema";
import { mailedCheckDays } from "./settings";

const p = alias(payments, "p");
const r = alias(registrations, "r");
const pa = alias(participants, "pa");
const s = alias(courseSections, "s");
const c = alias(courses, "c");

/** The days a mailed-check promise holds its seat (the district setting, decision 123). */
export async function readMailedCheckDays(db: Exec): Promise<number> {
  const [row] = await db
    .select({ v: sql<unknown>`${settings.data}->'mailedCheckDays'` })
    .from(settings)
    .where(eq(settings.id, 1));
  return mailedCheckDays(row?.v);
}

/** A promise as listed: its family and course, and what its checks brought in so far. */
function promiseColumns(db: Exec) {
  const received = db
    .select({ cents: sql`coalesce(sum(${mailedChecks.amountCents}), 0)::int` })
    .from(mailedChecks)
    .where(and(eq(mailedChecks.paymentId, p.id), eq(mailedChecks.status, "received")));
  return {
    id: p.id,
    confirmationId: p.confirmationId,
    family: sql<string | null>`${pa.nameFirst} || ' ' || ${pa.nameLast}`,
    participantId: pa.id,
    course: c.name,
    cartId: p.cartId,
    amountCents: p.amountCents,
    createdAt: p.createdAt,
    status: p.status,
    providerMessage: p.providerMessage,
    email: pa.email,
    receivedCents: sql<number>`(${received})`,
  };
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(db: Exec, q: Omit<PromiseQuery, "page">, overdueBefore: Date): SQL | undefined {
  const released = sql`${p.providerMessage} is not distinct from ${PROMISE_RELEASED_MARK}`;
  let search: SQL | undefined;
  if (q.q && /^[A-Za-z]\d{7}$/.test(q.q)) {
    // A confirmation number ("C0001234"): its unique index, not a scan of every promise.
    search = eq(p.confirmationId, q.q.toUpperCase());
  } else if (q.q) {
    const text = q.q;
    const pattern = like(text);
    const number = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const checkMatches = db
      .select({ one: sql`1` })
      .from(mailedChecks)
      .where(and(eq(mailedChecks.paymentId, p.id), ilike(mailedChecks.checkNumber, pattern)));
    search = sql`(
      ${p.confirmationId} ilike ${pattern}
      or (${pa.nameFirst} || ' ' || ${pa.nameLast}) ilike ${pattern}
      or ${c.name} ilike ${pattern}
      or ${pa.id} = ${number}
      or ${p.cartId} = ${number}
      or ${exists(checkMatches)})`;
  }
  return and(
    eq(p.method, "mail"),
    q.status === "open" ? eq(p.status, "pending") : undefined,
    q.status === "overdue"
      ? and(eq(p.status, "pending"), lte(p.createdAt, overdueBefore))
      : undefined,
    q.status === "received" ? eq(p.status, "succeeded") : undefined,
    q.status === "cancelled"
      ? and(notInArray(p.status, ["pending", "succeeded"]), not(released))
      : undefined,
    q.status === "released" ? and(eq(p.status, "expired"), released) : undefined,
    search,
  );
}

type PromiseRow = Awaited<ReturnType<typeof readPromiseRows>>[number];

/** Promises (`payments p`) with their registration's participant, section and course. */
function readPromiseRows(db: Exec, condition: SQL | undefined) {
  return db
    .select(promiseColumns(db))
    .from(p)
    .leftJoin(r, eq(r.id, p.registrationId))
    .leftJoin(pa, eq(pa.id, r.participantId))
    .leftJoin(s, eq(s.id, r.courseSectionId))
    .leftJoin(c, eq(c.id, s.courseId))
    .where(condition);
}

/** How many promises meet the condition (over the same joins as readPromiseRows). */
async function countPromises(db: Exec, condition: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(p)
    .leftJoin(r, eq(r.id, p.registrationId))
    .leftJoin(pa, eq(pa.id, r.participantId))
    .leftJoin(s, eq(s.id, r.courseSectionId))
    .leftJoin(c, eq(c.id, s.courseId))
    .where(condition);
  return row?.n ?? 0;
}

function asRow(r: PromiseRow, overdueBefore: Date) {
  const created = r.createdAt;
  const status: PromiseStatus =
    r.status === "pending"
      ? "open"
      : r.status === "succeeded"
        ? "received"
        : r.providerMessage === PROMISE_RELEASED_MARK
          ? "released"
          : "cancelled";
  return {
    id: r.id,
    confirmationNumber: r.confirmationId,
    family: r.family ?? "",
    participantId: r.participantId,
    course: r.course,
    cartId: r.cartId,
    amountCents: r.amountCents,
    receivedCents: Number(r.receivedCents),
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
  const filter = where(db, q, before);
  const total = await countPromises(db, filter);
  const rows = await readPromiseRows(db, filter)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(OFFICE_PAGE_SIZE)
    .offset((q.page - 1) * OFFICE_PAGE_SIZE);
  return {
    promises: rows.map((r) => asRow(r, before)),
    total,
    page: q.page,
    pageSize: OFFICE_PAGE_SIZE,
    mailedCheckDays: days,
  };
}

/** One promise with every check recorded for it; null when there is none with that id. */
export async function readPromise(db: Db, id: number, now: Date, timeZone: string) {
  const days = await readMailedCheckDays(db);
  const before = overdueLine(now, days);
  const [row] = await readPromiseRows(db, and(eq(p.method, "mail"), eq(p.id, id)));
  if (!row) return null;
  const m = mailedChecks;
  const st = alias(staff, "st");
  const su = alias(staff, "su");
  const checks = await db
    .select({
      id: m.id,
      checkNumber: m.checkNumber,
      amountCents: m.amountCents,
      receivedOn: m.receivedOn,
      status: m.status,
      reason: m.reason,
      recordedBy: sql<string>`coalesce(${st.username}, ${m.recordedBy})`,
      recordedAt: m.recordedAt,
      undoneBy: sql<string | null>`coalesce(${su.username}, ${m.undoneBy})`,
      undoneAt: m.undoneAt,
    })
    .from(m)
    .leftJoin(st, eq(st.employeeId, m.recordedBy))
    .leftJoin(su, eq(su.employeeId, m.undoneBy))
    .where(eq(m.paymentId, id))
    .orderBy(m.id);
  return {
    ...asRow(row, before),
    email: row.email,
    cancellableFrom: formatDistrictDate(
      new Date(row.createdAt.getTime() + days * 86_400_000),
      timeZone,
    ),
    checks: checks.map((check) => ({
      ...check,
      receivedOn: check.receivedOn.slice(0, 10),
      recordedAt: check.recordedAt.toISOString(),
      undoneAt: check.undoneAt?.toISOString() ?? null,
    })),
  };
}

/** The overview's figures: open promises, those past the setting's days, the money still due. */
export async function readOfficeSummary(db: Db, now: Date) {
  const days = await readMailedCheckDays(db);
  const before = overdueLine(now, days);
  const received = db
    .select({ cents: sql`coalesce(sum(${mailedChecks.amountCents}), 0)` })
    .from(mailedChecks)
    .where(and(eq(mailedChecks.paymentId, p.id), eq(mailedChecks.status, "received")));
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${p.createdAt} <= ${before})::int`,
      cents: sql<number | string>`coalesce(sum(${p.amountCents} - (${received})), 0)::bigint`,
    })
    .from(p)
    .where(and(eq(p.method, "mail"), eq(p.status, "pending")));
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    openCents: Number(row?.cents ?? 0),
    mailedCheckDays: days,
  };
}
