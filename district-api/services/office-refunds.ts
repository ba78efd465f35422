// Refunds made by the business office (decision 131): the whole or a part of a
// payment's line (a registration, a fee bought) given back, with the office's reason; a card
// payment through the provider (the form's key is the provider's idempotency key), money taken by
// hand (cash, a check, a mailed check) given back by hand and recorded with who paid it out.
// Optionally the registration is cancelled (its seat offered to the waitlist, as any cancellation)
// or the fee un-assessed (nothing more owed on it).
//
// Never more than the payment took in, net of every refund of it not failed (automatic ones
// included), nor more than the line took: checked under the payment's lock. A card refund is
// reserved first (a pending row, in a transaction under the cart and payment locks), then asked of
// the provider outside any transaction, then applied (the registration, cart and fee amounts) in
// a second one; a refusal deletes the reservation, so everything is as it was. The same form key
// five times makes one refund: the later ones find the row and answer it (after waiting for the
// first's answer from the provider). Locks in LOCK_ORDER: the section (when the registration is
// cancelled), the cart, the payment, the registration, the assessed fee.
//
// Money out, for the reconciliation report: a refund with status 'succeeded', on the district day
// of its settled_at, with its payment's method.
import { and, eq, inArray, sql } from "drizzle-orm";
import { inReaderLanguage } from "./participant-language";
import { z, ZodError } from "zod";
import type { PaidOutRequest, RefundRequest, RefundResult } from "@domain/contract/office-refunds";
import { t, type MessageKey } from "@domain/messages";
import { formatUsd } from "@domain/rules/money";
import { refundLimit } from "@domain/rules/refund-limit";
import { formatDistrictDate } from "@domain/rules/time";
import type { Exec } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { RefundRefused } from "../payments/provider";
import {
  isByHand,
  readPaymentHead,
  readPaymentLines,
  PAYMENT_PAYER,
  refundColumns,
  refundOut,
  REFUNDS_X as x,
  type PaymentLine,
  type RefundSqlRow,
} from "../queries/office-refunds";
import { recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";
import { lockRows } from "./locks";
import { enqueueMails, type QueuedMail } from "./mail-queue";
import { pageLink, renderMail } from "./receipts";
import { provider } from "./payment-records";
import { sendRefund } from "./refunds";
import { cancelForRefund, withRegistrationSection, type SectionRow } from "./registration";

export const REFUND_AUDIT_ACTIONS = {
  refund: "payment.refund",
  paidOut: "refund.paid-out",
  retry: "refund.retry",
} as const;

/** How long a repeated request waits for the first one's answer from the provider. */
const WAIT_MS = 20_000;

function fieldError(field: string, message: string): ZodError {
  return new ZodError([{ code: z.ZodIssueCode.custom, path: [field], message }]);
}

const notFound = () => new ApiError(404, t("office.refund.notFound"));

interface PaymentLock {
  id: number;
  cart_id: number | null;
  registration_id: string | null;
  method: string;
  status: string;
  provider_ref: string | null;
  owner_key: string;
}

/** The payment's cart (when it has one), then the payment, locked; 404 when there is none. */
async function lockPayment(tx: Exec, paymentId: number): Promise<PaymentLock> {
  const [p] = await tx
    .select({ cart_id: payments.cartId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!p) throw notFound();
  if (p.cart_id !== null) {
    await lockRows(tx, "cart", sql`select id from carts where id = ${p.cart_id}`);
  }
  const [row] = await lockRows<PaymentLock>(
    tx,
    "payment",
    sql`select id, cart_id, registration_id, method, status, provider_ref, owner_key
        from payments where id = ${paymentId}`,
  );
  if (!row) throw notFound();
  return row;
}

/** The line a refund is for: the one named, or the payment's only line; null when it has none. */
function chooseLine(lines: PaymentLine[], key: string | undefined): PaymentLine | null {
  if (key) {
    const line = lines.find((l) => l.key === key);
    if (!line) throw fieldError("line", t("office.refund.lineRequired"));
    return line;
  }
  if (lines.length > 1) throw fieldError("line", t("office.refund.lineRequired"));
  return lines[0] ?? null;
}

const storedKey = (paymentId: number, key: string) => `office:${paymentId}:${key}`;

async function refundByKey(tx: Exec, key: string): Promise<RefundSqlRow | null> {
  const [row] = await tx.select(refundColumns(tx)).from(x).where(eq(x.idempotencyKey, key));
  return row ?? null;
}

/**
 * Checks a refund against the locked payment and writes its row: succeeded at once when money
 * goes back by hand, pending for the provider otherwise. The same key again returns the row
 * already written (nothing new); with a different amount it is a 409.
 */
async function reserve(
  tx: Exec,
  actor: Actor,
  paymentId: number,
  body: RefundRequest,
  now: Date,
): Promise<{ row: RefundSqlRow; created: boolean; p: PaymentLock; line: PaymentLine | null }> {
  const p = await lockPayment(tx, paymentId);
  const head = (await readPaymentHead(tx, paymentId))!;
  const lines = await readPaymentLines(tx, head);
  const line = chooseLine(lines, body.line);
  const key = storedKey(paymentId, body.key);
  const same = await refundByKey(tx, key);
  if (same) {
    if (
      Number(same.amount_cents) !== body.amountCents ||
      (line && refundOut(same).line !== line.key)
    ) {
      throw new ApiError(409, t("office.refund.keyReused"));
    }
    return { row: same, created: false, p, line };
  }
  const byHand = isByHand(p);
  if (p.method !== "mail" && p.status !== "succeeded" && p.status !== "refunded") {
    throw new ApiError(409, t("office.refund.notPaid"));
  }
  const max = refundLimit(
    { paidCents: Number(head.paid_cents), refundedCents: Number(head.refunded_cents) },
    line,
  );
  if (max <= 0) throw new ApiError(409, t("office.refund.nothingLeft"));
  if (body.amountCents > max) {
    throw fieldError("amountCents", t("office.refund.moreThanPaid", { amount: formatUsd(max) }));
  }
  if (byHand && !body.method) throw fieldError("method", t("office.refund.methodRequired"));
  if (body.checkNumber && body.method !== "check") {
    throw fieldError("checkNumber", t("office.refund.checkNumberOnlyForCheck"));
  }
  if (body.cancelRegistration && line?.kind !== "registration") {
    throw fieldError("cancelRegistration", t("office.refund.noRegistration"));
  }
  if (body.unassessFee && line?.kind !== "fee") {
    throw fieldError("unassessFee", t("office.refund.noFee"));
  }
  const method = byHand ? body.method! : "card";
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId,
      registrationId: line?.registrationId ?? null,
      assessedFeeId: line?.assessedFeeId ?? null,
      amountCents: body.amountCents,
      reason: "office",
      status: byHand ? "succeeded" : "pending",
      idempotencyKey: key,
      createdAt: now,
      settledAt: byHand ? now : null,
      employeeId: actor.employeeId,
      paidOutMethod: method,
      checkNumber: body.checkNumber ? body.checkNumber : null,
      note: body.reason,
      cancelsRegistration: Boolean(body.cancelRegistration),
      unassessesFee: Boolean(body.unassessFee),
    })
    .returning(refundColumns(tx, paymentRefunds));
  return { row: row!, created: true, p, line };
}

/**
 * The money has gone back: what the family paid comes down on the cart, the registration or the
 * fee. A refund without cancelling or un-assessing lowers the price by the same amount (what is
 * owed stays as it was); cancelling frees the seat for the waitlist; un-assessing leaves nothing
 * owed on the fee. The caller holds the section lock when the registration is cancelled, and the
 * cart and payment locks.
 */
async function applyRefund(
  tx: Exec,
  deps: ApiDeps,
  section: SectionRow | null,
  p: PaymentLock,
  r: RefundSqlRow,
  now: Date,
  mail: QueuedMail[],
): Promise<{ registrationCancelled: boolean }> {
  const cents = Number(r.amount_cents);
  if (p.cart_id !== null) {
    await tx.execute(
      sql`update carts set paid_cents = greatest(paid_cents - ${cents}, 0) where id = ${p.cart_id}`,
    );
  }
  let registrationCancelled = false;
  if (r.registration_id) {
    const [reg] = await lockRows<{ status: string }>(
      tx,
      "registration",
      sql`select status from registrations where id = ${r.registration_id}`,
    );
    const lowerPrice = !r.cancels_registration && reg?.status !== "cancelled";
    await tx.execute(
      sql`update registrations set paid_cents = greatest(paid_cents - ${cents}, 0),
            cost_cents = case when ${lowerPrice} then greatest(cost_cents - ${cents}, 0)
                              else cost_cents end,
            updated_at = ${now}
          where id = ${r.registration_id}`,
    );
    if (r.cancels_registration && section) {
      registrationCancelled = await cancelForRefund(
        tx,
        deps,
        section,
        r.registration_id,
        r.note ?? t("office.refund.cancelReason"),
        now,
        mail,
      );
    }
  }
  if (r.assessed_fee_id !== null) {
    await lockRows(
      tx,
      "assessed-fee",
      sql`select id from assessed_fees where id = ${r.assessed_fee_id}`,
    );
    const unassess = Boolean(r.unassesses_fee);
    await tx.execute(
      sql`update assessed_fees set paid_cents = greatest(paid_cents - ${cents}, 0),
            assessed_cost_cents = case when ${unassess} then greatest(paid_cents - ${cents}, 0)
                                       else greatest(assessed_cost_cents - ${cents}, 0) end,
            waived = waived or ${unassess},
            adjust_reason = case when ${unassess} then ${r.note} else adjust_reason end,
            adjusted_at = case when ${unassess} then ${now.toISOString()}::timestamptz else adjusted_at end
          where id = ${r.assessed_fee_id}`,
    );
    await tx.execute(
      sql`update assessed_fees set status = case when paid_cents >= assessed_cost_cents then 'paid'
            when paid_cents > 0 then 'partial' else 'due' end
          where id = ${r.assessed_fee_id}`,
    );
    if (unassess) {
      // An open cart holding its old balance drops it, as a waiver does (services/assessments.ts).
      await tx.execute(sql`delete from cart_items i using carts c
          where c.id = i.cart_id and c.status = 'OPEN' and i.assessed_fee_id = ${r.assessed_fee_id}`);
    }
  }
  return { registrationCancelled };
}

async function audit(tx: Exec, actor: Actor, r: RefundSqlRow, now: Date, cancelled: boolean) {
  await recordAudit(
    tx,
    actor,
    {
      action: REFUND_AUDIT_ACTIONS.refund,
      entity: "payment",
      entityId: Number(r.payment_id),
      after: {
        refund: {
          id: Number(r.id),
          amountCents: Number(r.amount_cents),
          method: r.paid_out_method,
          line: refundOut(r).line,
          reason: r.note,
          ...(r.check_number ? { checkNumber: r.check_number } : {}),
        },
        ...(cancelled ? { registrationCancelled: true } : {}),
        ...(r.unassesses_fee ? { feeUnassessed: true } : {}),
      },
    },
    now,
  );
}

/** Runs fn under the registration's section lock when it is to be cancelled, else plainly. */
function inRefundTransaction<T>(
  deps: ApiDeps,
  cancelRegistrationId: string | null,
  fn: (tx: Exec, section: SectionRow | null, now: Date, mail: QueuedMail[]) => Promise<T>,
): Promise<T> {
  // withSection sends the mail of the people offered the freed seat after commit.
  if (cancelRegistrationId) return withRegistrationSection(deps, cancelRegistrationId, fn);
  return deps.db.transaction((tx) => fn(tx, null, deps.clock.now(), []));
}

async function waitForAnswer(deps: ApiDeps, id: number): Promise<RefundSqlRow> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await deps.db.select(refundColumns(deps.db)).from(x).where(eq(x.id, id));
    if (!row || row.status !== "pending" || Date.now() > until) {
      if (!row) throw new ApiError(409, t("office.refund.refusedAlready"));
      return row;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A card refund reserved (pending): asks the provider with the refund's key, then applies it.
 * A refusal deletes the reservation (409 with the provider's reason); no answer leaves it failed
 * for the office to retry (502).
 */
async function sendAndApply(
  deps: ApiDeps,
  actor: Actor,
  row: RefundSqlRow,
  paymentRef: string,
): Promise<{ row: RefundSqlRow; registrationCancelled: boolean }> {
  let providerRef: string;
  try {
    const answer = await provider(deps).refund({
      paymentRef,
      idempotencyKey: row.idempotency_key,
      amountCents: Number(row.amount_cents),
    });
    providerRef = answer.id;
  } catch (err) {
    if (err instanceof RefundRefused) {
      await deps.db.execute(
        sql`delete from payment_refunds where id = ${row.id} and status in ('pending', 'failed')`,
      );
      throw new ApiError(409, t("office.refund.refused", { reason: err.message }));
    }
    const message = err instanceof Error ? err.message.slice(0, 200) : "error";
    deps.logger.error({ refundId: row.id }, "office refund: provider did not answer");
    await deps.db.execute(
      sql`update payment_refunds set status = 'failed', failure = ${message}
          where id = ${row.id} and status = 'pending'`,
    );
    throw new ApiError(502, t("office.refund.providerDown"));
  }
  const cancelId = row.cancels_registration ? row.registration_id : null;
  const value = await inRefundTransaction(deps, cancelId, async (tx, section, now, mail) => {
    const p = await lockPayment(tx, Number(row.payment_id));
    const [claimed] = await tx
      .update(x)
      .set({ status: "succeeded", providerRef, settledAt: now, failure: null })
      .where(and(eq(x.id, row.id), inArray(x.status, ["pending", "failed"])))
      .returning(refundColumns(tx));
    if (!claimed) {
      const [done] = await tx.select(refundColumns(tx)).from(x).where(eq(x.id, row.id));
      return { row: done!, registrationCancelled: false, applied: false };
    }
    const out = await applyRefund(tx, deps, section, p, claimed, now, mail);
    await audit(tx, actor, claimed, now, out.registrationCancelled);
    return { row: claimed, ...out, applied: true };
  });
  if (value.applied) await mailFamily(deps, value.row);
  return value;
}

/** POST /v1/office/payments/:id/refunds: a refund of the payment (see the top of this file). */
export async function refundPayment(
  deps: ApiDeps,
  actor: Actor,
  paymentId: number,
  body: RefundRequest,
): Promise<RefundResult> {
  const head = await readPaymentHead(deps.db, paymentId);
  if (!head) throw notFound();
  const line = chooseLine(await readPaymentLines(deps.db, head), body.line);
  if (body.cancelRegistration && line?.kind !== "registration") {
    throw fieldError("cancelRegistration", t("office.refund.noRegistration"));
  }
  const byHand = isByHand(head);
  const cancelId = body.cancelRegistration && byHand ? line!.registrationId : null;

  // Money by hand: one transaction, written succeeded (paid out now, by this employee).
  // A card: reserved here, then sent and applied.
  const first = await inRefundTransaction(deps, cancelId, async (tx, section, now, mail) => {
    const got = await reserve(tx, actor, paymentId, body, now);
    if (!got.created || !byHand) return { ...got, registrationCancelled: false };
    const out = await applyRefund(tx, deps, section, got.p, got.row, now, mail);
    await audit(tx, actor, got.row, now, out.registrationCancelled);
    return { ...got, ...out };
  });
  if (byHand) {
    if (first.created) await mailFamily(deps, first.row);
    return {
      ...refundOut(first.row),
      created: first.created,
      registrationCancelled: first.registrationCancelled,
    };
  }
  if (!first.created) {
    // Another click of the same form: its answer, once the provider gave it.
    const row = await waitForAnswer(deps, Number(first.row.id));
    if (row.status === "failed") throw new ApiError(502, t("office.refund.providerDown"));
    return { ...refundOut(row), created: false, registrationCancelled: false };
  }
  const done = await sendAndApply(deps, actor, first.row, first.p.provider_ref!);
  return {
    ...refundOut(done.row),
    created: true,
    registrationCancelled: done.registrationCancelled,
  };
}

/**
 * POST /v1/office/refunds/:refundId/retry: a refund that is failed (or pending after a crash) is
 * asked of the provider again with its own key (never twice at the provider). An automatic
 * refund is of money never applied, so only its status changes; an office refund is applied.
 */
export async function retryRefund(deps: ApiDeps, actor: Actor, refundId: number) {
  const { p } = PAYMENT_PAYER;
  const [row] = await deps.db
    .select({ ...refundColumns(deps.db), pay_ref: p.providerRef, method: p.method })
    .from(x)
    .innerJoin(p, eq(p.id, x.paymentId))
    .where(eq(x.id, refundId));
  if (!row) throw new ApiError(404, t("office.refund.refundNotFound"));
  if (row.status === "succeeded") throw new ApiError(409, t("office.refund.alreadyDone"));
  if (isByHand({ method: row.method, provider_ref: row.pay_ref })) {
    throw new ApiError(409, t("office.refund.byHandNoRetry"));
  }
  if (row.reason === "office") {
    const done = await sendAndApply(deps, actor, row, row.pay_ref!);
    return {
      ...refundOut(done.row),
      created: false,
      registrationCancelled: done.registrationCancelled,
    };
  }
  await deps.db.execute(
    sql`update payment_refunds set status = 'pending', failure = null
        where id = ${refundId} and status = 'failed'`,
  );
  await sendRefund(deps, row, row.pay_ref);
  const [after] = await deps.db.select(refundColumns(deps.db)).from(x).where(eq(x.id, refundId));
  await recordAudit(
    deps.db,
    actor,
    {
      action: REFUND_AUDIT_ACTIONS.retry,
      entity: "payment",
      entityId: Number(row.payment_id),
      before: { refund: { id: refundId, status: row.status } },
      after: { refund: { id: refundId, status: after!.status } },
    },
    deps.clock.now(),
  );
  if (after!.status !== "succeeded") throw new ApiError(502, t("office.refund.providerDown"));
  await mailFamily(deps, after!);
  return { ...refundOut(after!), created: false, registrationCancelled: false };
}

/**
 * POST /v1/office/refunds/:refundId/paid-out: an automatic refund of money taken by hand (cash,
 * a check) is recorded given back: succeeded now, with who paid it out and how.
 */
export async function recordPaidOut(
  deps: ApiDeps,
  actor: Actor,
  refundId: number,
  body: PaidOutRequest,
) {
  if (body.checkNumber && body.method !== "check") {
    throw fieldError("checkNumber", t("office.refund.checkNumberOnlyForCheck"));
  }
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [refund] = await tx
      .select({ payment_id: paymentRefunds.paymentId })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, refundId));
    if (!refund) throw new ApiError(404, t("office.refund.refundNotFound"));
    const p = await lockPayment(tx, Number(refund.payment_id));
    if (!isByHand(p)) throw new ApiError(409, t("office.refund.cardNoPaidOut"));
    const [claimed] = await tx
      .update(x)
      .set({
        status: "succeeded",
        settledAt: now,
        employeeId: actor.employeeId,
        paidOutMethod: body.method,
        checkNumber: body.checkNumber || null,
        note: sql`coalesce(${body.note || null}, ${x.note})`,
        failure: null,
      })
      .where(and(eq(x.id, refundId), inArray(x.status, ["pending", "failed"])))
      .returning(refundColumns(tx));
    if (!claimed) throw new ApiError(409, t("office.refund.alreadyDone"));
    await recordAudit(
      tx,
      actor,
      {
        action: REFUND_AUDIT_ACTIONS.paidOut,
        entity: "payment",
        entityId: Number(claimed.payment_id),
        before: { refund: { id: refundId, status: "pending" } },
        after: {
          refund: {
            id: refundId,
            status: "succeeded",
            method: body.method,
            ...(body.checkNumber ? { checkNumber: body.checkNumber } : {}),
          },
        },
      },
      now,
    );
    return claimed;
  });
  await mailFamily(deps, row);
  return refundOut(row);
}

// ---- Telling the family ---------------------------------------------------------------------

/** The payer's addresses: a student's or member's own and their custodians', a guest's. */
async function familyOf(deps: ApiDeps, paymentId: number): Promise<RefundFamily | null> {
  // The payer's joins read the owner key's number inside case (see PAYMENT_PAYER).
  const { p, pa, g, participantOn, guestOn } = PAYMENT_PAYER;
  const [row] = await deps.db
    .select({
      participant_id: pa.id,
      email: pa.email,
      custodian_emails: pa.custodianEmails,
      guest_email: g.email,
      name: sql<string | null>`coalesce(${pa.nameFirst}, ${g.nameFirst})`,
      confirmation: sql<string>`coalesce(${p.confirmationId}, ${p.id}::text)`,
      cart_id: p.cartId,
    })
    .from(p)
    .leftJoin(pa, participantOn)
    .leftJoin(g, guestOn)
    .where(eq(p.id, paymentId));
  if (!row) return null;
  const to = [
    ...new Set([row.email, row.guest_email, ...(row.custodian_emails ?? [])].filter(Boolean)),
  ] as string[];
  return {
    to,
    name: row.name ?? "",
    confirmation: row.confirmation,
    cartId: row.cart_id === null ? null : Number(row.cart_id),
    participantId: row.participant_id === null ? null : Number(row.participant_id),
  };
}

/** Who a refund's mail goes to, and how the payment is named on the receipt they have. */
export interface RefundFamily {
  to: string[];
  name: string;
  confirmation: string;
  /** The cart the payment paid: the receipt page names it "Cart ID", and so does the mail. */
  cartId?: number | null;
  /** The student or member who paid (not a guest): the mail is in their language (decision 171). */
  participantId?: number | null;
}

/**
 * The family's e-mail about a refund, one per address, in plain text and HTML with the district's
 * name (renderMail, decision 130), for the mail queue.
 */
export function refundMail(
  deps: Pick<ApiDeps, "districtName" | "timeZone" | "publicOrigin">,
  family: RefundFamily,
  refund: {
    paymentId?: number;
    amountCents: number;
    settledAt: Date;
    method: string | null;
    reason: string | null;
  },
): QueuedMail[] {
  const how =
    refund.method === "cash"
      ? t("office.refundMail.cash")
      : refund.method === "check"
        ? t("office.refundMail.check")
        : t("office.refundMail.card");
  const district = deps.districtName;
  const said = {
    district,
    amount: formatUsd(refund.amountCents),
    date: formatDistrictDate(refund.settledAt.toISOString(), deps.timeZone),
  };
  const cartId = family.cartId ?? null;
  const body = renderMail({
    greeting: t("mail.greeting", { name: family.name }),
    paragraphs: [
      // A cart's payment is named as its receipt names it (decision 153).
      cartId !== null
        ? t("office.refundMail.introCart", { ...said, cartId })
        : t("office.refundMail.intro", { ...said, confirmation: family.confirmation }),
      how,
      ...(refund.reason ? [t("office.refundMail.reason", { reason: refund.reason })] : []),
    ],
    link:
      cartId !== null
        ? pageLink(deps, t("mail.link.receipt"), `/cart-receipt/${cartId}`)
        : pageLink(deps, t("mail.link.registrations"), "/my-registrations"),
    district,
  });
  return family.to.map((address) => ({
    to: address,
    kind: "refund" as const,
    subject: t("office.refundMail.subject", { district }),
    ...body,
    paymentId: refund.paymentId ?? null,
  }));
}

async function mailFamily(deps: ApiDeps, r: RefundSqlRow): Promise<void> {
  const family = await familyOf(deps, Number(r.payment_id));
  if (!family || r.status !== "succeeded") return;
  const messages = await inReaderLanguage(deps.db, family.participantId, async () =>
    refundMail(deps, family, {
      paymentId: Number(r.payment_id),
      amountCents: Number(r.amount_cents),
      settledAt: new Date(r.settled_at ?? deps.clock.now()),
      method: r.paid_out_method,
      reason: r.reason === "office" ? r.note : t(`office.refundKind.${r.reason}` as MessageKey),
    }),
  );
  // After the refund's commit (its provider answer comes between two transactions): queued at once.
  await enqueueMails(deps.db, messages);
}
