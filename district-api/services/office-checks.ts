// Mailed checks the business office receives (decision 123). A promise is a
// `payments` row with method 'mail' (services/mailed-checks.ts); checks recorded for it
// (`mailed_checks`) turn its pending amount into paid money on the registration, part by part.
// A check recorded by mistake is reversed; a bounced one is reversed with a reason and the family
// is told. A promise not honoured within the setting's days may be cancelled, which frees the
// seat for the waitlist (services/registration.ts withdrawPromisedPayment).
// Every action is one transaction with its audit entry; locks in LOCK_ORDER: cart, payment,
// registration (and the section first when a seat may be freed).
import { and, eq, sql } from "drizzle-orm";
import { inReaderLanguage } from "./participant-language";
import { z, ZodError } from "zod";
import type { BounceCheckRequest, ReceiveCheckRequest } from "@domain/contract/office";
import { t } from "@domain/messages";
import { formatUsd } from "@domain/rules/money";
import { todayIn } from "@domain/rules/time";
import type { Exec } from "../db/client";
import {
  courseSections,
  courses,
  mailedChecks,
  participants,
  payments,
  registrations,
} from "../db/schema";
import type { ApiDeps } from "../deps";
import { readMailedCheckDays } from "../queries/office";
import { recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";
import { lockRows } from "./locks";
import { enqueueMails, type QueuedMail } from "./mail-queue";
import { enqueueReceipt, enqueueRegistrationMail } from "./receipts";
import { recordPaymentReceived, withdrawPromisedPayment } from "./registration";

export const OFFICE_AUDIT_ACTIONS = {
  receive: "check.receive",
  reverse: "check.reverse",
  bounce: "check.bounce",
  cancelPromise: "check.cancel-promise",
  /** The product released a promise not honoured by its due date (decision 138). */
  releasePromise: "check.release-promise",
} as const;

/** The registration's cancel reason when its promise is cancelled. */
export const REASON_CHECK_NOT_RECEIVED = "Mailed Check Not Received";

export interface PromiseLock {
  id: number;
  cart_id: number | null;
  registration_id: string | null;
  amount_cents: number;
  status: string;
  created_at: Date | string;
}

interface CheckRow {
  id: number;
  check_number: string;
  amount_cents: number;
  received_on: string;
  status: "received" | "reversed" | "bounced";
}

/** The columns of a CheckRow, for the query builder's select and returning. */
const CHECK_ROW = {
  id: mailedChecks.id,
  check_number: mailedChecks.checkNumber,
  amount_cents: mailedChecks.amountCents,
  received_on: sql<string>`${mailedChecks.receivedOn}::text`,
  status: mailedChecks.status,
};

/** A 400 naming the field, as a refused contract would (nothing is written). */
function fieldError(field: string, message: string): ZodError {
  return new ZodError([{ code: z.ZodIssueCode.custom, path: [field], message }]);
}

const notFound = () => new ApiError(404, t("office.notFound"));

/** The promise's cart (when it has one), then the promise itself, locked; 404 when not one. */
export async function lockPromise(tx: Exec, paymentId: number): Promise<PromiseLock> {
  const [p] = await tx
    .select({ cart_id: payments.cartId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.method, "mail")));
  if (!p) throw notFound();
  if (p.cart_id !== null) {
    await lockRows(tx, "cart", sql`select id from carts where id = ${p.cart_id}`);
  }
  const [row] = await lockRows<PromiseLock>(
    tx,
    "payment",
    sql`select id, cart_id, registration_id, amount_cents, status, created_at
        from payments where id = ${paymentId} and method = 'mail'`,
  );
  if (!row) throw notFound();
  return row;
}

export async function receivedCents(tx: Exec, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${mailedChecks.amountCents}), 0)::int`.mapWith(Number) })
    .from(mailedChecks)
    .where(and(eq(mailedChecks.paymentId, paymentId), eq(mailedChecks.status, "received")));
  return Number(row?.n ?? 0);
}

/**
 * Whether a check received now is the first money of a registration held only by a promise: it
 * is registered with nothing paid or credited yet, so no confirmation was sent (decision 153).
 */
async function firstMoneyFor(tx: Exec, registrationId: string): Promise<boolean> {
  const [r] = await tx
    .select({
      confirming: sql<boolean>`${registrations.status} = 'registered' and ${registrations.paidCents} = 0
        and ${registrations.creditsAppliedCents} = 0`,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return r?.confirming === true;
}

/** Moves money between pending and paid on the promise's registration (and its cart). */
async function applyToRegistration(tx: Exec, p: PromiseLock, cents: number): Promise<void> {
  if (p.cart_id !== null) {
    await tx.execute(
      sql`update carts set paid_cents = greatest(paid_cents + ${cents}, 0) where id = ${p.cart_id}`,
    );
  }
  if (!p.registration_id) return;
  await lockRows(
    tx,
    "registration",
    sql`select id from registrations where id = ${p.registration_id}`,
  );
  if (cents >= 0) {
    await recordPaymentReceived(tx, p.registration_id, cents);
    return;
  }
  // A reversal or a bounce gives the check back to pending. When part of it was already given
  // back by hand (an office refund lowers paid and price together), what was paid cannot cover
  // the check: the shortfall is money the family holds that the district never received, so the
  // price the refund lowered comes back up by it and the whole promise is due again (decision
  // 139). A cancelled registration keeps its price: nothing more is owed for a seat let go.
  await tx.execute(
    sql`update registrations set
          cost_cents = cost_cents + case when status = 'cancelled' then 0
            else greatest(${-cents} - paid_cents, 0) end,
          paid_cents = greatest(paid_cents - ${-cents}, 0),
          pending_cents = pending_cents + ${-cents}
        where id = ${p.registration_id}`,
  );
}

const checkOut = (c: CheckRow) => ({
  id: Number(c.id),
  checkNumber: c.check_number,
  amountCents: Number(c.amount_cents),
  receivedOn: String(c.received_on).slice(0, 10),
});

/**
 * Records a check received for a promise: its amount (at most what is still due on it) becomes
 * paid; the promise is received when fully paid. The same check number recorded again (five
 * clicks, two processes) returns the check already recorded and changes nothing.
 */
export async function receiveCheck(
  deps: ApiDeps,
  actor: Actor,
  paymentId: number,
  body: ReceiveCheckRequest,
) {
  const now = deps.clock.now();
  if (body.receivedOn > todayIn(deps.timeZone, now)) {
    throw fieldError("receivedOn", t("office.check.futureDate"));
  }
  return deps.db.transaction(async (tx) => {
    const p = await lockPromise(tx, paymentId);
    const [same] = await tx
      .select(CHECK_ROW)
      .from(mailedChecks)
      .where(
        and(
          eq(mailedChecks.paymentId, paymentId),
          eq(mailedChecks.status, "received"),
          eq(sql`lower(${mailedChecks.checkNumber})`, body.checkNumber.toLowerCase()),
        ),
      );
    if (same) {
      if (Number(same.amount_cents) !== body.amountCents || same.received_on !== body.receivedOn) {
        throw new ApiError(409, t("office.check.numberTaken"), undefined);
      }
      return { ...checkOut(same), created: false };
    }
    if (p.status !== "pending") throw new ApiError(409, t("office.promiseClosed"));
    const received = await receivedCents(tx, paymentId);
    const due = Number(p.amount_cents) - received;
    if (body.amountCents > due) {
      throw fieldError("amountCents", t("office.check.moreThanDue", { amount: formatUsd(due) }));
    }
    const [check] = await tx
      .insert(mailedChecks)
      .values({
        paymentId,
        checkNumber: body.checkNumber,
        amountCents: body.amountCents,
        receivedOn: body.receivedOn,
        recordedBy: actor.employeeId,
        recordedAt: now,
      })
      .returning(CHECK_ROW);
    const full = body.amountCents === due;
    if (full) {
      await tx.execute(
        sql`update payments set status = 'succeeded', settled_at = ${now} where id = ${paymentId}`,
      );
    }
    const confirming = p.registration_id ? await firstMoneyFor(tx, p.registration_id) : false;
    await applyToRegistration(tx, p, body.amountCents);
    await recordAudit(
      tx,
      actor,
      {
        action: OFFICE_AUDIT_ACTIONS.receive,
        entity: "mailed-check",
        entityId: paymentId,
        before: { receivedCents: received, ...(full ? { status: "pending" } : {}) },
        after: {
          receivedCents: received + body.amountCents,
          ...(full ? { status: "succeeded" } : {}),
          check: { ...checkOut(check!), id: undefined },
        },
      },
      now,
    );
    await enqueueReceipt(tx, deps, paymentId, {
      amountCents: body.amountCents,
      check: body.checkNumber,
    });
    // The promise held the seat; the first money received confirms the registration (decision 153).
    if (confirming) await enqueueRegistrationMail(tx, deps, p.registration_id!, "registration");
    return { ...checkOut(check!), created: true };
  });
}

/**
 * Reverses a check recorded for a promise: by mistake ("reverse"), or returned by the bank
 * ("bounce", with the reason; the family is e-mailed). Its money goes back to pending, the
 * promise is open again. A check already reversed or bounced is a 409.
 */
export async function undoCheck(
  deps: ApiDeps,
  actor: Actor,
  paymentId: number,
  checkId: number,
  kind: "reverse" | "bounce",
  body?: BounceCheckRequest,
) {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const p = await lockPromise(tx, paymentId);
    const [check] = await tx
      .select(CHECK_ROW)
      .from(mailedChecks)
      .where(and(eq(mailedChecks.id, checkId), eq(mailedChecks.paymentId, paymentId)));
    if (!check) throw new ApiError(404, t("office.check.notFound"));
    if (check.status !== "received") throw new ApiError(409, t("office.check.alreadyUndone"));
    const status = kind === "bounce" ? ("bounced" as const) : ("reversed" as const);
    const reason = body?.reason ?? null;
    await tx.execute(
      sql`update mailed_checks set status = ${status}, reason = ${reason},
            undone_by = ${actor.employeeId}, undone_at = ${now}
          where id = ${checkId}`,
    );
    const wasPaid = p.status === "succeeded";
    if (wasPaid) {
      await tx.execute(
        sql`update payments set status = 'pending', settled_at = null where id = ${paymentId}`,
      );
    }
    await applyToRegistration(tx, p, -Number(check.amount_cents));
    await recordAudit(
      tx,
      actor,
      {
        action: kind === "bounce" ? OFFICE_AUDIT_ACTIONS.bounce : OFFICE_AUDIT_ACTIONS.reverse,
        entity: "mailed-check",
        entityId: paymentId,
        before: { check: { checkNumber: check.check_number, status: "received" } },
        after: {
          check: { checkNumber: check.check_number, status, ...(reason ? { reason } : {}) },
          ...(wasPaid ? { status: "pending" } : {}),
        },
      },
      now,
    );
    const out = { ...checkOut(check), status, reason };
    // The family's mail commits with the bounce (decision 130).
    if (kind === "bounce") {
      await enqueueMails(tx, await bounceMail(tx, deps, p, out, body!.reason));
    }
    return out;
  });
  return result;
}

/** The family's e-mail about a bounced check: the participant's address and the custodians'. */
async function bounceMail(
  tx: Exec,
  deps: ApiDeps,
  p: PromiseLock,
  check: { checkNumber: string; amountCents: number },
  reason: string,
): Promise<QueuedMail[]> {
  const registrationId = p.registration_id;
  if (!registrationId) return [];
  const [row] = await tx
    .select({
      participant_id: participants.id,
      email: participants.email,
      custodian_emails: participants.custodianEmails,
      name_first: participants.nameFirst,
      course: courses.name,
    })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .innerJoin(courseSections, eq(courseSections.id, registrations.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(registrations.id, registrationId));
  if (!row) return [];
  const to = [...new Set([row.email, ...(row.custodian_emails ?? [])].filter(Boolean))];
  // In the family's language (decision 171), though the office sends it.
  return inReaderLanguage(tx, row.participant_id, async () =>
    (to as string[]).map((address) => ({
      kind: "check-bounced" as const,
      participantId: Number(row.participant_id),
      registrationId,
      paymentId: Number(p.id),
      cartId: p.cart_id === null ? null : Number(p.cart_id),
      to: address,
      subject: t("office.bounceMail.subject", { district: deps.districtName }),
      text: t("office.bounceMail.body", {
        name: row.name_first,
        course: row.course,
        number: check.checkNumber,
        amount: formatUsd(check.amountCents),
        reason,
        district: deps.districtName,
      }),
    })),
  );
}

/**
 * Cancels a promise not honoured within the setting's days and with no check standing: the
 * amount no longer counts as promised; a registration left with nothing paid is cancelled and its
 * seat offered to the first person waiting.
 */
export async function cancelPromise(deps: ApiDeps, actor: Actor, paymentId: number) {
  const [row] = await deps.db
    .select({ registration_id: payments.registrationId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.method, "mail")));
  if (!row?.registration_id) throw notFound();
  const days = await readMailedCheckDays(deps.db);
  let registrationCancelled = false;
  const outcome = await withdrawPromisedPayment(
    deps,
    row.registration_id,
    REASON_CHECK_NOT_RECEIVED,
    async (tx, now) => {
      const p = await lockPromise(tx, paymentId);
      if (p.status !== "pending") throw new ApiError(409, t("office.promiseClosed"));
      if ((await receivedCents(tx, paymentId)) > 0) {
        throw new ApiError(409, t("office.cancel.checksStanding"));
      }
      const from = new Date(new Date(p.created_at).getTime() + days * 86_400_000);
      if (now < from) throw new ApiError(409, t("office.cancel.tooEarly", { days }));
      await tx.execute(
        sql`update payments set status = 'expired', settled_at = ${now},
              provider_message = ${REASON_CHECK_NOT_RECEIVED}
            where id = ${paymentId}`,
      );
      await recordAudit(
        tx,
        actor,
        {
          action: OFFICE_AUDIT_ACTIONS.cancelPromise,
          entity: "mailed-check",
          entityId: paymentId,
          before: { status: "pending" },
          after: { status: "expired" },
        },
        now,
      );
      return Number(p.amount_cents);
    },
  );
  registrationCancelled = outcome.registrationCancelled;
  return { id: paymentId, status: "cancelled" as const, registrationCancelled };
}
