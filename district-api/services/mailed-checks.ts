// Mailed-check promises: registrations (from the payment dialog, or a cart without fees paid in
// full) are confirmed with the amount pending until the check arrives; the cart goes to MAIL.
// One payment row per registration and promise (its idempotency key), so identical
// confirmations reach the registration once. Unpaid promises may hold only the district's share
// of a section's seats (decision 138): counted and refused under the section's lock. From one
// client address, a community member's or guest's unpaid promises may hold one seat (decision
// 142): counted and refused under the address's lock, taken after the sections'.
import { createHash } from "node:crypto";
import { and, eq, notInArray, sql, type SQL } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { activityAmountCentsError, cartTotalCents, methodAllowed } from "@domain/rules/checkout";
import { toCents } from "@domain/rules/money";
import {
  mailedCheckSeatCap,
  mailedCheckSharePercent,
  mayPromiseFromAddress,
  mayPromiseMailedCheck,
  promiseLimitedByAddress,
} from "@domain/rules/mailed-check-promises";
import { addressKey } from "@domain/rules/sign-in-guessing";
import { payments, registrations, settings } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError, ownerKey } from "../errors";
import { confirmRegistrationPayment } from "./registration";
import { cartLines, currentCart, releaseExpiredCarts, takeRegistrationOutOfCarts } from "./cart";
import { expireAtProvider } from "./hosted-sessions";
import { moveCart } from "./cart-status";
import { PaymentErrorCode, insertPayment } from "./payment-records";
import { balanceOf, registrationFor, requireParticipant } from "./registration-payments";
import { enqueueMailedCheckMail } from "./receipts";
import { lockPromiseAddress, lockRows } from "./locks";

type Exec = Parameters<typeof insertPayment>[0];

/**
 * How many registrations unpaid mailed-check promises hold among those `where` picks (of
 * `payments` joined to their `registrations`): a promise counts while it is pending, for a
 * registration neither cancelled nor waitlisted; `except` are not counted.
 */
async function promisedRegistrations(tx: Exec, where: SQL, except: string[]): Promise<number> {
  const [held] = await tx
    .select({ n: sql<number>`count(distinct ${registrations.id})::int`.mapWith(Number) })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(
      and(
        eq(payments.method, "mail"),
        eq(payments.status, "pending"),
        where,
        notInArray(registrations.status, ["cancelled", "waitlisted"]),
        except.length ? notInArray(registrations.id, except) : undefined,
      ),
    );
  return held?.n ?? 0;
}

/**
 * Locks the sections (LOCK_ORDER "section", in id order) and refuses, before anything is written,
 * a promise that would take a section past the share of its seats unpaid mailed-check promises
 * may hold (decision 138). `promising` counts the registrations about to be promised per section;
 * `except` are theirs, so an identical confirmation sent again is not counted against itself.
 */
async function refuseBeyondPromiseShare(
  tx: Exec,
  promising: Map<string, number>,
  except: string[],
): Promise<void> {
  const ids = [...promising.keys()].sort();
  if (!ids.length) return;
  const sections = await lockRows<{ id: string; capacity: number; course: string }>(
    tx,
    "section",
    sql`select s.id, s.capacity, c.name as course
        from course_sections s join courses c on c.id = s.course_id
        where s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by s.id`,
    "s",
  );
  const [setting] = await tx
    .select({ v: sql<unknown>`${settings.data}->'mailedCheckSharePercent'` })
    .from(settings)
    .where(eq(settings.id, 1));
  const share = mailedCheckSharePercent(setting?.v);
  for (const section of sections) {
    const held = await promisedRegistrations(
      tx,
      eq(registrations.courseSectionId, section.id),
      except,
    );
    const capacity = Number(section.capacity);
    if (!mayPromiseMailedCheck(held, promising.get(section.id) ?? 0, capacity, share)) {
      throw new ApiError(
        409,
        mailedCheckSeatCap(capacity, share) === 0
          ? t("paymentDialog.mailNotOffered", { course: section.course })
          : t("paymentDialog.mailShareFull", { share, course: section.course }),
      );
    }
  }
}

/** What a promise stores of its client address: a hash of its addressKey, never the address. */
export function promiseAddressHash(ip: string | undefined): string {
  return createHash("sha256")
    .update(`promise-address:${addressKey(ip)}`)
    .digest("hex");
}

/**
 * Locks the client address (LOCK_ORDER "promise-address", after the sections) and refuses,
 * before anything is written, a promise that would give the address's unpaid promises more
 * seats than UNPAID_PROMISES_PER_ADDRESS (decision 142). A promise counts while it is pending
 * (a part received still counts, as for the share of decision 138: a token check must not free
 * the address) for a registration neither cancelled nor waitlisted: received in full, released
 * or cancelled, it frees the address. `except` are the registrations being promised,
 * so an identical confirmation, or a check for the rest of a balance, is not counted against
 * itself. `addressHash` null: the caller is not limited (a student).
 */
async function refuseBeyondAddressLimit(
  tx: Exec,
  addressHash: string | null,
  except: string[],
): Promise<void> {
  if (!addressHash || !except.length) return;
  await lockPromiseAddress(tx, addressHash);
  const held = await promisedRegistrations(tx, eq(payments.clientAddressHash, addressHash), except);
  if (!mayPromiseFromAddress(held, except.length)) {
    throw new ApiError(409, t("paymentDialog.mailOnePerAddress"));
  }
}

/** Records on a new promise the hash of the address it was made from (decision 142). */
async function recordPromiseAddress(
  tx: Exec,
  paymentId: number,
  addressHash: string | null,
): Promise<void> {
  if (!addressHash) return;
  await tx.execute(
    sql`update payments set client_address_hash = ${addressHash} where id = ${paymentId}`,
  );
}

/**
 * POST /v1/payment/confirm-mailin: registrations (from the dialog, or a cart without fees paid in
 * full) are confirmed with the amount pending until the check arrives.
 */
export async function confirmMailin(
  deps: ApiDeps,
  claims: TokenClaims,
  body: { courseSectionIds: string[]; cartId?: number | null; payNowAmount?: number },
  ip: string | undefined,
): Promise<true | { confirmationIds: string[] }> {
  const participant = requireParticipant(claims);
  // Community members and guests make their own accounts; students are the district's.
  const addressHash = promiseLimitedByAddress(claims.kind) ? promiseAddressHash(ip) : null;
  const owner = ownerKey(claims);
  const now = deps.clock.now();
  if (body.cartId) {
    await releaseExpiredCarts(deps, owner);
    const regs = await deps.db.transaction(async (tx) => {
      // The sections come before the cart in LOCK_ORDER: read the cart's sections, lock them,
      // then lock the cart and check that it still holds registrations of those sections only.
      const seen = await currentCart(tx, owner, "", { create: false });
      if (!seen || Number(seen.id) !== body.cartId || seen.status !== "OPEN")
        throw new ApiError(404, t("cart.error.load"));
      const promising = new Map<string, number>();
      const registrations: string[] = [];
      for (const l of await cartLines(tx, seen.id)) {
        if (l.itemType !== "registration" || !l.row.section_id || !l.row.registration_id) continue;
        promising.set(l.row.section_id, (promising.get(l.row.section_id) ?? 0) + 1);
        registrations.push(l.row.registration_id);
      }
      await refuseBeyondPromiseShare(tx, promising, registrations);
      await refuseBeyondAddressLimit(tx, addressHash, [...new Set(registrations)]);
      const cart = await currentCart(tx, owner, "", { lock: true, create: false });
      if (!cart || Number(cart.id) !== body.cartId || cart.status !== "OPEN")
        throw new ApiError(404, t("cart.error.load"));
      const lines = await cartLines(tx, cart.id);
      const unlocked = lines.some(
        (l) =>
          l.itemType === "registration" &&
          (!l.row.registration_id || !registrations.includes(l.row.registration_id)),
      );
      if (unlocked) throw new ApiError(409, t("cart.error.notOpen"));
      const total = cartTotalCents(lines);
      if (!lines.length || !methodAllowed({ lines, desktop: false }, "full", total, "mail")) {
        throw new ApiError(400, t("checkout.error.methodUnavailable"));
      }
      const out: { registrationId: string; cents: number; paymentId: number }[] = [];
      for (const l of lines) {
        const p = await insertPayment(tx, {
          owner,
          cartId: cart.id,
          registrationId: l.row.registration_id,
          method: "mail",
          amountCents: l.costCents,
          status: "pending",
          key: `mail:${cart.id}:${l.row.registration_id}`,
          now,
        });
        if (p?.created) await recordPromiseAddress(tx, p.id, addressHash);
        if (p)
          out.push({ registrationId: l.row.registration_id!, cents: l.costCents, paymentId: p.id });
      }
      await moveCart(tx, Number(cart.id), "MAIL", sql`payment_method = 'mail', paid_at = ${now}`);
      // One e-mail with the mailing instructions and every promise's confirmation number.
      await enqueueMailedCheckMail(
        tx,
        deps,
        out.map((r) => r.paymentId),
      );
      return out;
    });
    for (const r of regs) {
      await confirmRegistrationPayment(
        deps,
        r.registrationId,
        { pendingCents: r.cents },
        r.paymentId,
      );
    }
    return true;
  }
  const ids: string[] = [];
  for (const sectionId of body.courseSectionIds) {
    const reg = await registrationFor(deps.db, participant, sectionId);
    if (!reg || (reg.dueCents <= 0 && reg.status !== "pending_payment"))
      throw new ApiError(404, t("paymentDialog.notFound"));
    // A check for part of the balance (one registration, partial payments allowed) leaves the
    // rest payable; otherwise the check covers the whole balance.
    let cents = reg.dueCents;
    if (body.payNowAmount !== undefined && body.courseSectionIds.length === 1) {
      cents = toCents(body.payNowAmount);
      const type = cents === reg.dueCents ? "full" : "partial";
      const error = activityAmountCentsError(cents, type, balanceOf(reg));
      if (error) throw new ApiError(400, error, undefined, PaymentErrorCode.invalid);
    }
    const promised = await deps.db.transaction(async (tx) => {
      await refuseBeyondPromiseShare(tx, new Map([[sectionId, 1]]), [reg.id]);
      await refuseBeyondAddressLimit(tx, addressHash, [reg.id]);
      // Promised here, it is no longer the cart's to pay (decision 169).
      const stale = await takeRegistrationOutOfCarts(tx, reg.id);
      const p = await insertPayment(tx, {
        owner,
        registrationId: reg.id,
        method: "mail",
        amountCents: cents,
        status: "pending",
        key: `mail:reg:${reg.id}:${reg.paid_cents + reg.pending_cents}`,
        now,
      });
      if (p?.created) await recordPromiseAddress(tx, p.id, addressHash);
      // The instructions go out once per promise (identical confirmations share the row).
      if (p?.created) await enqueueMailedCheckMail(tx, deps, [p.id]);
      return { payment: p, stale };
    });
    await expireAtProvider(deps, promised.stale);
    const payment = promised.payment;
    // Identical confirmations share the payment row (same key); its amount reaches the
    // registration once, whichever of them gets there first.
    const outcome = await confirmRegistrationPayment(
      deps,
      reg.id,
      { pendingCents: payment!.amount_cents },
      payment!.id,
    );
    if (outcome.result === "seat-lost") throw new ApiError(409, t("paymentDialog.expired"));
    ids.push(payment!.confirmation_id!);
  }
  return { confirmationIds: ids };
}
