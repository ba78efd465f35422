// Read-only queries of the administration's people pages (decision 122): finding
// a student or community member by ID or name, one person's details, and a sign-in's lock state.
// The search matches prefixes (an ID's first digits, the start of a first or last name, any case)
// so that it is served by the lower(...) text_pattern_ops indexes of migration 0019 on PGlite and
// PostgreSQL alike, 50 a page.
import { count, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  PEOPLE_PAGE_SIZE,
  type PeopleQuery,
  type PersonDetails,
  type SignInLock,
} from "@domain/contract/admin-people";
import { lockAfterFailureMs, normaliseUsername } from "@domain/rules/sign-in-guessing";
import type { Db, Exec } from "../db/client";
import { STAFF_ACCOUNT_COLUMNS } from "./admin";
import {
  assessedFees,
  courseSections,
  courses,
  fees,
  participants,
  payments,
  programs,
  registrations,
  schools,
  signInAttempts,
  staff,
} from "../db/schema";

/** The sign-in guard's key of a student's or community member's ID (http/identity.ts). */
export const participantSignInKey = (id: number) => `student:${id}`;
/** The sign-in guard's key of a staff username. */
export const staffSignInKey = (username: string) => `staff:${normaliseUsername(username)}`;

/** A LIKE pattern matching texts that start with `text` (its wildcards taken literally). */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** People under the name the search's condition reads them by (`participants p`). */
const p = alias(participants, "p");

/** The search's condition: digits are an ID's start; words each start a first or last name. */
export function peopleFilter(q: Pick<PeopleQuery, "q" | "kind">): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.kind) parts.push(sql`p.kind = ${q.kind}`);
  const text = q.q?.trim() ?? "";
  if (/^\d+$/.test(text)) {
    const digits = text.replace(/^0+(?=\d)/, "");
    parts.push(sql`(p.id::text) like ${prefix(digits)}`);
  } else if (text) {
    for (const word of text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean)
      .slice(0, 5)) {
      const w = prefix(word);
      parts.push(sql`(lower(p.name_last) like ${w} or lower(p.name_first) like ${w})`);
    }
  }
  return sql.join(parts, sql` and `);
}

const SUMMARY = {
  id: p.id,
  kind: p.kind,
  nameFirst: p.nameFirst,
  nameLast: p.nameLast,
  grade: p.grade,
  school: schools.shortName,
  financialAid: p.financialAid,
  activityPass: p.activityPass,
};

/** One page of people matching the search, by last name, first name and ID, and the total. */
export async function searchPeople(db: Db, q: PeopleQuery) {
  const filter = peopleFilter(q);
  const [total] = await db.select({ n: count() }).from(p).where(filter);
  const people = await db
    .select(SUMMARY)
    .from(p)
    .leftJoin(schools, eq(schools.id, p.schoolId))
    .where(filter)
    .orderBy(sql`lower(${p.nameLast})`, sql`lower(${p.nameFirst})`, p.id)
    .limit(PEOPLE_PAGE_SIZE)
    .offset((q.page - 1) * PEOPLE_PAGE_SIZE);
  return {
    people,
    total: total?.n ?? 0,
    page: q.page,
    pageSize: PEOPLE_PAGE_SIZE,
  };
}

/** An instant as the API writes it, to the millisecond in UTC. */
const iso = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A sign-in's lock from its counter row: locked while the last failure's lock runs. */
export async function readSignInLock(db: Exec, key: string, now: Date): Promise<SignInLock> {
  const [row] = await db
    .select({ failures: signInAttempts.failures, lastAt: iso(signInAttempts.lastAt) })
    .from(signInAttempts)
    .where(eq(signInAttempts.key, key));
  if (!row) return { failures: 0, locked: false, until: null };
  const failures = row.failures;
  const ends = Date.parse(row.lastAt) + lockAfterFailureMs(failures);
  const locked = lockAfterFailureMs(failures) > 0 && ends > now.getTime();
  return { failures, locked, until: locked ? new Date(ends).toISOString() : null };
}

/** One person's details, registrations, assessed fees, payments and sign-in lock; null if none. */
export async function readPerson(db: Db, id: number, now: Date): Promise<PersonDetails | null> {
  const [person] = await db
    .select({
      ...SUMMARY,
      dob: p.dob,
      email: p.email,
      custodianEmails: p.custodianEmails,
    })
    .from(p)
    .leftJoin(schools, eq(schools.id, p.schoolId))
    .where(eq(p.id, id));
  if (!person) return null;
  const owner = `${person.kind}:${id}`;
  const [registrationRows, assessedFeeRows, paymentRows, signIn] = await Promise.all([
    db
      .select({
        id: registrations.id,
        program: programs.name,
        course: courses.name,
        term: courseSections.term,
        status: registrations.status,
        costCents: registrations.costCents,
        createdAt: iso(registrations.createdAt),
      })
      .from(registrations)
      .innerJoin(courseSections, eq(courseSections.id, registrations.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(programs, eq(programs.id, courseSections.programId))
      .where(eq(registrations.participantId, id))
      .orderBy(desc(registrations.createdAt), registrations.id),
    db
      .select({
        id: assessedFees.id,
        fee: fees.name,
        status: assessedFees.status,
        quantity: assessedFees.quantity,
        assessedCents: assessedFees.assessedCostCents,
        paidCents: assessedFees.paidCents,
        assessedAt: iso(assessedFees.assessedAt),
      })
      .from(assessedFees)
      .innerJoin(fees, eq(fees.id, assessedFees.feeId))
      .where(eq(assessedFees.payerKey, owner))
      .orderBy(desc(assessedFees.assessedAt), desc(assessedFees.id)),
    db
      .select({
        id: payments.id,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        confirmationId: payments.confirmationId,
        createdAt: iso(payments.createdAt),
      })
      .from(payments)
      .where(eq(payments.ownerKey, owner))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    readSignInLock(db, participantSignInKey(id), now),
  ]);
  return {
    ...person,
    registrations: registrationRows,
    assessedFees: assessedFeeRows,
    payments: paymentRows,
    signIn,
  };
}

/** A staff account with its sign-in lock; null if none. */
export async function readStaffAccount(db: Db, id: number, now: Date) {
  const [row] = await db.select(STAFF_ACCOUNT_COLUMNS).from(staff).where(eq(staff.id, id));
  if (!row) return null;
  return { ...row, signIn: await readSignInLock(db, staffSignInKey(row.username), now) };
}
