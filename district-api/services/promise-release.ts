// Mailed-check promises not honoured by their due date are released by the product
// (decision 138): no clerk has to act for a seat held by a check that never came to go
// to the waitlist. The sweeper (services/holds.ts) runs this in every process.
// - A promise is due `mailedCheckDays` 24-hour days after it was made (the line the office's
//   "overdue" and its cancelling already use). One with nothing received by then is released:
//   the payment becomes `expired` with PROMISE_RELEASED_MARK, its amount comes off the
//   registration, a registration left with nothing paid is cancelled ("Mailed Check Not
//   Received") and its seat offered to the first person waiting (withdrawPromisedPayment, the
//   office's own cancelling path), the family is e-mailed and the audit trail has the entry, all
//   in one transaction.
// - Two processes sweeping at once: each release takes the section's lock, then the promise's
//   cart and the promise (LOCK_ORDER), and checks again under them that the promise is still open
//   and due; the second finds it released and changes nothing.
// - A promise with a check standing (a part received) is not released: money arrived, and the
//   office decides (it is shown overdue).
import { and, asc, eq, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { PROMISE_RELEASED_MARK } from "@domain/contract/office";
import { promiseDueAt } from "@domain/rules/mailed-check-promises";
import { mailedChecks, payments } from "../db/schema";
import type { ApiDeps } from "../deps";
import { logSafeError } from "../logger";
import { readMailedCheckDays } from "../queries/office";
import { recordAudit, type Actor } from "./audit";
import { ApiError } from "../errors";
import {
  lockPromise,
  OFFICE_AUDIT_ACTIONS,
  REASON_CHECK_NOT_RECEIVED,
  receivedCents,
} from "./office-checks";
import { enqueuePromiseReleasedMail } from "./receipts";
import { withdrawPromisedPayment } from "./registration";

/** Who released it, in the audit trail: the product, not a person. */
export const RELEASE_ACTOR: Actor = { employeeId: "system", username: "automatic release" };

/** Promises looked at per pass; the next pass (15 s later) takes the rest. */
const RELEASE_BATCH = 200;

/** Thrown inside the release when the promise is no longer releasable; nothing is written. */
class NotReleasable extends ApiError {
  constructor() {
    super(409, "not releasable");
  }
}

/**
 * Releases one promise if it is still open, due and without a check standing; true when this
 * call released it (false when another process or the office got there first).
 */
export async function releasePromise(
  deps: ApiDeps,
  paymentId: number,
  registrationId: string,
  days: number,
): Promise<boolean> {
  let due = new Date(0);
  try {
    await withdrawPromisedPayment(
      deps,
      registrationId,
      REASON_CHECK_NOT_RECEIVED,
      async (tx, now) => {
        const p = await lockPromise(tx, paymentId);
        due = promiseDueAt(new Date(p.created_at), days);
        if (p.status !== "pending" || now < due) throw new NotReleasable();
        if ((await receivedCents(tx, paymentId)) > 0) throw new NotReleasable();
        await tx.execute(
          sql`update payments set status = 'expired', settled_at = ${now},
                provider_message = ${PROMISE_RELEASED_MARK}
              where id = ${paymentId}`,
        );
        await recordAudit(
          tx,
          RELEASE_ACTOR,
          {
            action: OFFICE_AUDIT_ACTIONS.releasePromise,
            entity: "mailed-check",
            entityId: paymentId,
            before: { status: "pending" },
            after: { status: "expired", dueAt: due.toISOString() },
          },
          now,
        );
        return Number(p.amount_cents);
      },
      (tx, outcome) => enqueuePromiseReleasedMail(tx, deps, paymentId, { ...outcome, due }),
    );
    return true;
  } catch (err) {
    if (err instanceof NotReleasable) return false;
    throw err;
  }
}

/**
 * One pass: every open promise made at least `mailedCheckDays` days ago with no check standing,
 * oldest first, released one by one. Returns how many this process released.
 */
export async function releaseUnhonouredPromises(deps: ApiDeps): Promise<number> {
  const days = await readMailedCheckDays(deps.db);
  const before = new Date(deps.clock.now().getTime() - days * 86_400_000);
  const candidates = await deps.db
    .select({ id: payments.id, registration_id: payments.registrationId })
    .from(payments)
    .where(
      and(
        eq(payments.method, "mail"),
        eq(payments.status, "pending"),
        lte(payments.createdAt, before),
        isNotNull(payments.registrationId),
        notExists(
          deps.db
            .select({ n: sql`1` })
            .from(mailedChecks)
            .where(
              and(eq(mailedChecks.paymentId, payments.id), eq(mailedChecks.status, "received")),
            ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(RELEASE_BATCH);
  let released = 0;
  let failed = 0;
  for (const c of candidates) {
    try {
      if (await releasePromise(deps, Number(c.id), c.registration_id!, days)) released++;
    } catch (err) {
      // One promise that cannot be released now (a lock timeout under load) does not hold back
      // the others; the next pass tries it again.
      failed++;
      deps.logger.warn(
        { err: logSafeError(err), paymentId: Number(c.id) },
        "promise release failed",
      );
    }
  }
  if (failed && !released) throw new Error(`no promise released; ${failed} failed`);
  return released;
}
