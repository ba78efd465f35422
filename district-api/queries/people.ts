// Read-only queries of the administration's people pages (decision 122): finding
// a student or community member by ID or name, one person's details, and a sign-in's lock state.
// The search matches prefixes (an ID's first digits, the start of a first or last name, any case)
// so that it is served by the lower(...) text_pattern_ops indexes of migration 0019 on PGlite and
// PostgreSQL alike, 50 a page.
import { sql, type SQL } from "drizzle-orm";
import {
  PEOPLE_PAGE_SIZE,
  type PeopleQuery,
  type PersonDetails,
  type PersonSummary,
  type SignInLock,
} from "@domain/contract/admin-people";
import { lockAfterFailureMs, normaliseUsername } from "@domain/rules/sign-in-guessing";
import { queryRows, type Db, type Exec } from "../db/client";

/** The sign-in guard's key of a student's or community member's ID (http/identity.ts). */
export const participantSignInKey = (id: number) => `student:${id}`;
/** The sign-in guard's key of a staff username. */
export const staffSignInKey = (username: string) => `staff:${normaliseUsername(username)}`;

/** A LIKE pattern matching texts that start with `text` (its wildcards taken literally). */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

interface SummaryRow {
  id: number;
  kind: PersonSummary["kind"];
  nameFirst: string;
  nameLast: string;
  grade: string | null;
  school: string | null;
  financialAid: PersonSummary["financialAid"];
  activityPass: boolean;
}

const SUMMARY = sql`p.id, p.kind, p.name_first as "nameFirst", p.name_last as "nameLast", p.grade,
  s.short_name as school, p.financial_aid as "financialAid", p.activity_pass as "activityPass"`;

/** One page of people matching the search, by last name, first name and ID, and the total. */
export async function searchPeople(db: Db, q: PeopleQuery) {
  const filter = peopleFilter(q);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from participants p where ${filter}`,
  );
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY} from participants p left join schools s on s.id = p.school_id
      where ${filter}
      order by lower(p.name_last), lower(p.name_first), p.id
      limit ${PEOPLE_PAGE_SIZE} offset ${(q.page - 1) * PEOPLE_PAGE_SIZE}`,
  );
  return {
    people: rows.map((r) => ({ ...r, id: Number(r.id) })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: PEOPLE_PAGE_SIZE,
  };
}

/** A sign-in's lock from its counter row: locked while the last failure's lock runs. */
export async function readSignInLock(db: Exec, key: string, now: Date): Promise<SignInLock> {
  const [row] = await queryRows<{ failures: number; lastAt: string }>(
    db,
    sql`select failures, to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        as "lastAt" from sign_in_attempts where key = ${key}`,
  );
  if (!row) return { failures: 0, locked: false, until: null };
  const failures = Number(row.failures);
  const ends = Date.parse(row.lastAt) + lockAfterFailureMs(failures);
  const locked = lockAfterFailureMs(failures) > 0 && ends > now.getTime();
  return { failures, locked, until: locked ? new Date(ends).toISOString() : null };
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One person's details, registrations, assessed fees, payments and sign-in lock; null if none. */
export async function readPerson(db: Db, id: number, now: Date): Promise<PersonDetails | null> {
  const [p] = await queryRows<
    SummaryRow & { dob: string; email: string | null; custodianEmails: string[] }
  >(
    db,
    sql`select ${SUMMARY}, p.dob::text as dob, p.email, p.custodian_emails as "custodianEmails"
      from participants p left join schools s on s.id = p.school_id where p.id = ${id}`,
  );
  if (!p) return null;
  const owner = `${p.kind}:${id}`;
  const [registrations, assessedFees, payments, signIn] = await Promise.all([
    queryRows<PersonDetails["registrations"][number]>(
      db,
      sql`select r.id::text as id, pr.name as program, c.name as course, cs.term, r.status,
          r.cost_cents as "costCents", ${iso("r.created_at")} as "createdAt"
        from registrations r
        join course_sections cs on cs.id = r.course_section_id
        join courses c on c.id = cs.course_id
        join programs pr on pr.id = cs.program_id
        where r.participant_id = ${id}
        order by r.created_at desc, r.id`,
    ),
    queryRows<PersonDetails["assessedFees"][number]>(
      db,
      sql`select a.id, f.name as fee, a.status, a.quantity, a.assessed_cost_cents as "assessedCents",
          a.paid_cents as "paidCents", ${iso("a.assessed_at")} as "assessedAt"
        from assessed_fees a join fees f on f.id = a.fee_id
        where a.payer_key = ${owner}
        order by a.assessed_at desc, a.id desc`,
    ),
    queryRows<PersonDetails["payments"][number]>(
      db,
      sql`select id, method, status, amount_cents as "amountCents",
          confirmation_id as "confirmationId", ${iso("created_at")} as "createdAt"
        from payments where owner_key = ${owner}
        order by created_at desc, id desc`,
    ),
    readSignInLock(db, participantSignInKey(id), now),
  ]);
  return {
    ...p,
    id: Number(p.id),
    registrations,
    assessedFees: assessedFees.map((a) => ({
      ...a,
      id: Number(a.id),
      quantity: Number(a.quantity),
      assessedCents: Number(a.assessedCents),
      paidCents: Number(a.paidCents),
    })),
    payments: payments.map((x) => ({ ...x, id: Number(x.id), amountCents: Number(x.amountCents) })),
    signIn,
  };
}

/** A staff account with its sign-in lock; null if none. */
export async function readStaffAccount(db: Db, id: number, now: Date) {
  const [row] = await queryRows<{
    id: number;
    username: string;
    employeeId: string;
    nameFirst: string;
    nameLast: string;
    email: string | null;
    roles: string[];
    active: boolean;
  }>(
    db,
    sql`select id, username, employee_id as "employeeId", name_first as "nameFirst",
      name_last as "nameLast", email, roles, active from staff where id = ${id}`,
  );
  if (!row) return null;
  return { ...row, signIn: await readSignInLock(db, staffSignInKey(row.username), now) };
}
