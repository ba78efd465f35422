// A guest's earlier receipts (decision 141). Every guest sign-in is a guest of
// its own, so a name and an e-mail open nothing bought before; a code mailed to the address and
// entered in this session proves the mailbox, and then the receipts of every guest under the
// same address open to it. The code's guesses and the mails to one address are counted in the
// database, so no process and no burst gets more.
import { createHash, randomInt } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { t } from "@domain/messages";
import {
  MAILBOX_CODE_DIGITS,
  MAILBOX_CODE_MAILS,
  MAILBOX_CODE_MAX_ATTEMPTS,
  MAILBOX_CODE_TTL_MS,
} from "@domain/rules/guest-mailbox";
import type { EarlierReceiptsReply } from "@domain/contract/guest-receipts";
import { queryRows, type Db } from "../db/client";
import { carts, guestMailboxCodes, guests } from "../db/schema";
import type { ApiDeps } from "../deps";
import { readDistrictName } from "../queries/settings";
import { ApiError } from "../errors";
import { enqueueMail } from "./mail-queue";
import { admitWindowedAttempt } from "./throttle";

/** The code's hash, bound to the guest it was sent for. */
function codeHash(guestId: number, code: string): string {
  return createHash("sha256").update(`${guestId}:${code}`).digest("hex");
}

async function guestOnFile(db: Db, guestId: number) {
  const [guest] = await db
    .select({
      id: guests.id,
      name_first: guests.nameFirst,
      name_last: guests.nameLast,
      email: guests.email,
      mailbox_proven_at: guests.mailboxProvenAt,
    })
    .from(guests)
    .where(eq(guests.id, guestId));
  if (!guest) throw new ApiError(401, t("error.unauthorized"));
  return guest;
}

/**
 * Mails a new code to this guest's address; an earlier code of the session stops counting. At
 * most MAILBOX_CODE_MAILS codes an hour go to one address, whichever guest asks.
 */
export async function sendMailboxCode(deps: ApiDeps, guestId: number): Promise<void> {
  const now = deps.clock.now();
  const guest = await guestOnFile(deps.db, guestId);
  const admission = await admitWindowedAttempt(
    deps.db,
    `guest-code-mail:${guest.email.toLowerCase()}`,
    now,
    MAILBOX_CODE_MAILS,
  );
  if (!admission.admitted) throw new ApiError(429, t("guestReceipts.tooManyMails"));
  const code = String(randomInt(0, 10 ** MAILBOX_CODE_DIGITS)).padStart(MAILBOX_CODE_DIGITS, "0");
  const expires = new Date(now.getTime() + MAILBOX_CODE_TTL_MS);
  const district = await readDistrictName(deps.db, deps.districtName);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`insert into guest_mailbox_codes (guest_id, code_hash, expires_at, attempts)
        values (${guestId}, ${codeHash(guestId, code)}, ${expires.toISOString()}::timestamptz, 0)
        on conflict (guest_id) do update set code_hash = excluded.code_hash,
          expires_at = excluded.expires_at, attempts = 0, created_at = now()`);
    await enqueueMail(tx, {
      kind: "guest-code",
      to: guest.email,
      subject: t("guestReceipts.mailSubject"),
      text: t("guestReceipts.mailBody", {
        name: `${guest.name_first} ${guest.name_last}`,
        code,
        district,
      }),
      ownerKey: `guest_user:${guestId}`,
    });
  });
}

/**
 * Checks a code typed in this guest session. The guess is counted in the same statement that
 * reads the code, before the comparison; a code out of guesses or time refuses every further
 * guess. The right code marks the guest's mailbox proven and is used up.
 */
export async function confirmMailboxCode(
  deps: ApiDeps,
  guestId: number,
  code: string,
): Promise<void> {
  const now = deps.clock.now();
  const [counted] = await deps.db
    .update(guestMailboxCodes)
    .set({ attempts: sql`${guestMailboxCodes.attempts} + 1` })
    .where(
      and(
        eq(guestMailboxCodes.guestId, guestId),
        lt(guestMailboxCodes.attempts, MAILBOX_CODE_MAX_ATTEMPTS),
        gt(guestMailboxCodes.expiresAt, now),
      ),
    )
    .returning({ code_hash: guestMailboxCodes.codeHash });
  if (!counted) throw new ApiError(400, t("guestReceipts.codeUsedUp"));
  if (counted.code_hash !== codeHash(guestId, code)) {
    throw new ApiError(400, t("guestReceipts.codeWrong"));
  }
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`delete from guest_mailbox_codes where guest_id = ${guestId}`);
    await tx.execute(
      sql`update guests set mailbox_proven_at = ${now.toISOString()}::timestamptz where id = ${guestId}`,
    );
  });
}

/** The owner keys of every guest under this guest's address, when this guest proved it. */
function provenOwnersSql(guestId: number) {
  return sql`(select 'guest_user:' || other.id from guests me
      join guests other on lower(other.email) = lower(me.email)
      where me.id = ${guestId} and me.mailbox_proven_at is not null)`;
}

/** Whether this guest may read the receipt of a cart owned by `ownerKey` (decision 141). */
export async function guestMayReadReceipt(
  db: Db,
  guestId: number,
  ownerKey: string,
): Promise<boolean> {
  // Raw: one value tested against a subquery, with no table to select from.
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${ownerKey} in ${provenOwnersSql(guestId)} as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** The paid carts of every guest under this guest's address, newest first, once proven. */
export async function earlierReceipts(db: Db, guestId: number): Promise<EarlierReceiptsReply> {
  const guest = await guestOnFile(db, guestId);
  if (!guest.mailbox_proven_at) return { proven: false, receipts: [] };
  const rows = await db
    .select({ id: carts.id, paid_at: carts.paidAt, paid_cents: carts.paidCents })
    .from(carts)
    .where(and(eq(carts.status, "PAID"), sql`${carts.ownerKey} in ${provenOwnersSql(guestId)}`))
    .orderBy(sql`${carts.paidAt} desc nulls last`, desc(carts.id))
    .limit(100);
  return {
    proven: true,
    receipts: rows.map((r) => ({
      cartId: Number(r.id),
      paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
      paidCents: Number(r.paid_cents),
    })),
  };
}
