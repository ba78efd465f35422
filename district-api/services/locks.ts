// Row locks, the one way (docs/architecture.md "Row locks and the order they are taken"; decision
// 117). Every lock of the district API is taken here:
// - in ONE order, LOCK_ORDER: a transaction that holds a later kind never asks for an earlier one,
//   so two transactions can never wait for each other (a deadlock is a family told to try again);
//   the tests run with the order checked, and a path that breaks it fails there;
// - with a lock timeout: a transaction that waits longer than LOCK_TIMEOUT for a row gives up, and
//   the person reads the spec's high-demand message (503) instead of a spinner until the web
//   app's own 30 s limit. PostgreSQL's error 55P03 is turned into that reply by the HTTP layer
//   (isLockTimeout).
// PGlite has one connection, so nothing ever waits there; the order and the timeout matter on
// PostgreSQL, with several processes.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Exec } from "../db/client";

/** The kinds of lock, in the order a transaction may take them. */
export const LOCK_ORDER = [
  // One staff import applied at a time (decision 128): it reads the staff on file, then locks the
  // accounts it changes (as "staff-account") and upserts them; a second import waits, then finds
  // them unchanged.
  "staff-import",
  // A staff account being changed by an administrator (reset, deactivation; decision 119).
  "staff-account",
  // The district's settings row or its maintenance row, while an administrator changes it.
  "district-setting",
  // A school or school year an administrator renames (decision 149); it takes no other lock.
  "school",
  // One student import applied at a time (decision 124): it reads what is on file, then upserts
  // every student of the file; a second import waits and then finds them unchanged. It writes
  // participants without their lock, so it comes before "participant".
  "student-import",
  // A fee request being saved, approved or denied.
  "fee-request",
  // A fee group an administrator renames (decision 127); it takes no other lock.
  "fee-group",
  // A fee an administrator edits or assesses: an assessment prices every student under it, so a
  // price change waits for it (decision 121).
  "fee",
  // One new community member at a time: the same-person check reads before it inserts.
  "community-registration",
  // A participant (student or community member) whose profile is being saved.
  "participant",
  // A course being changed by an administrator (decision 120).
  "course",
  // A program being changed or copied to a new term by an administrator (decision 120); its
  // sections are locked after it.
  "program",
  // A course section: seats are counted and taken under it, for every path that takes a seat.
  "section",
  // A client address promising a mailed check (decision 142): the open promises made from it are
  // counted under it, whichever sections they are for. An advisory lock on the address's hash.
  "promise-address",
  // A person's cart: items go in and out, and it is settled, under it.
  "cart",
  // A payment being settled from the provider's answer.
  "payment",
  // A registration whose hold or payment is being settled.
  "registration",
  // An assessed fee whose balance goes into a cart or is paid.
  "assessed-fee",
  // A queued e-mail the business office sends again (decision 130): one copy per double click.
  "mail",
] as const;
export type LockKind = (typeof LOCK_ORDER)[number];

/** How long a transaction waits for a row another one holds before it gives up. */
export const LOCK_TIMEOUT = "5s";

const COMMUNITY_REGISTRATION_KEY = 72710003;
const STUDENT_IMPORT_KEY = 72710004;
const STAFF_IMPORT_KEY = 72710128;
const PROMISE_ADDRESS_KEY = 72710142;

// The highest kind each open transaction holds (a transaction object lives as long as it does).
const held = new WeakMap<object, number>();

/** The tests check the order; in service a breach is still served, the timeout bounds it. */
const checkOrder = process.env.NODE_ENV === "test" || process.env.VITEST === "true";

async function prepare(tx: Exec, kind: LockKind): Promise<void> {
  const rank = LOCK_ORDER.indexOf(kind);
  const highest = held.get(tx);
  if (highest === undefined) {
    // `set local` lasts until the transaction ends.
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  } else if (rank < highest && checkOrder) {
    throw new Error(`lock order: "${kind}" asked for after "${LOCK_ORDER[highest]}"`);
  }
  held.set(tx, Math.max(highest ?? -1, rank));
}

/**
 * How strongly a row is locked: FOR UPDATE, or FOR NO KEY UPDATE when other transactions must
 * still be able to insert rows that refer to it (a registration's foreign key to its participant).
 */
export type LockStrength = "update" | "no key update";

/**
 * Runs `query` (a select of the rows to lock) with FOR UPDATE — `of` names the table alias to
 * lock when the select joins others, `strength` may weaken it to FOR NO KEY UPDATE — and returns
 * its rows, locked until the transaction ends.
 */
export async function lockRows<T>(
  tx: Exec,
  kind: Exclude<
    LockKind,
    "community-registration" | "student-import" | "staff-import" | "promise-address"
  >,
  query: SQL,
  of?: string,
  strength: LockStrength = "update",
): Promise<T[]> {
  await prepare(tx, kind);
  const clause = sql.raw(` for ${strength}${of ? ` of ${of}` : ""}`);
  return queryRows<T>(tx, sql`${query}${clause}`);
}

/** The community-registration lock (an advisory lock: the row it guards does not exist yet). */
export async function lockCommunityRegistration(tx: Exec): Promise<void> {
  await prepare(tx, "community-registration");
  await tx.execute(sql`select pg_advisory_xact_lock(${COMMUNITY_REGISTRATION_KEY})`);
}

/** The student-import lock (an advisory lock: it guards the whole set of students). */
export async function lockStudentImport(tx: Exec): Promise<void> {
  await prepare(tx, "student-import");
  await tx.execute(sql`select pg_advisory_xact_lock(${STUDENT_IMPORT_KEY})`);
}

/** The staff-import lock (an advisory lock: it guards the whole set of staff accounts). */
export async function lockStaffImport(tx: Exec): Promise<void> {
  await prepare(tx, "staff-import");
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_IMPORT_KEY})`);
}

/**
 * The lock of one client address promising a mailed check (an advisory lock: two promises from
 * the same address for different sections share no row). `addressHash` is the stored hash.
 */
export async function lockPromiseAddress(tx: Exec, addressHash: string): Promise<void> {
  await prepare(tx, "promise-address");
  await tx.execute(
    sql`select pg_advisory_xact_lock(${PROMISE_ADDRESS_KEY}, hashtext(${addressHash}))`,
  );
}

/** True for PostgreSQL's "lock not available" (55P03): a lock timeout ran out. */
export function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "55P03") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A worker's claim of queued rows (the mail queue, decision 130): `query` selects candidate rows,
 * locked FOR UPDATE SKIP LOCKED, so two processes claiming at once take different rows and never
 * wait for each other; `claim` (given the select as a subquery) updates them and returns them. One
 * statement, outside any other transaction: it holds its locks only while it runs, so it takes
 * no place in LOCK_ORDER.
 */
export async function claimRows<T>(
  db: Exec,
  query: SQL,
  claim: (locked: SQL) => SQL,
): Promise<T[]> {
  return queryRows<T>(db, claim(sql`(${query} for update skip locked)`));
}
