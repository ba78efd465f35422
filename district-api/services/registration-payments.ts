// Registration payment windows: what a registration held for payment (or offered from the
// waitlist) still owes, read for the payment dialog and for every path that pays a registration
// directly (card, hosted checkout, mailed check, confirmations without money). The window itself
// (the hold, its deadline, the seat) is the registration service's (registration.ts).
import { sql } from "drizzle-orm";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { ActivityBalance } from "@domain/rules/checkout";
import { activityPaymentMinimumCents } from "@domain/rules/partial-payment";
import { promiseDueAt } from "@domain/rules/mailed-check-promises";
import { queryRows, type Exec } from "../db/client";
import { readMailedCheckDays } from "../queries/office";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";

/** A registration of the caller for a section, with what is still due on it. */
export async function registrationFor(db: Exec, participant: number, sectionId: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    cost_cents: number;
    section_cost_cents: number;
    credits_applied_cents: number;
    paid_cents: number;
    pending_cents: number;
    hold_expires_at: Date | string | null;
    hold_extended: boolean;
    financial_aid: string | null;
    participant_aid: string | null;
    allow_partial: boolean;
    in_cart: boolean;
    course_name: string;
  }>(
    db,
    sql`select r.id, r.status, r.cost_cents, s.cost_cents as section_cost_cents, r.credits_applied_cents,
          r.paid_cents, r.pending_cents, r.hold_expires_at, r.hold_extended_at is not null as hold_extended, r.financial_aid, pa.financial_aid as participant_aid,
          p.allow_partial, r.in_cart, c.name as course_name
        from registrations r
        join course_sections s on s.id = r.course_section_id
        join courses c on c.id = s.course_id
        join programs p on p.id = s.program_id
        join participants pa on pa.id = r.participant_id
        where r.course_section_id = ${sectionId} and r.participant_id = ${participant}
          and r.status <> 'cancelled'`,
  );
  if (!row) return null;
  const due = Math.max(
    0,
    row.cost_cents - row.credits_applied_cents - row.paid_cents - row.pending_cents,
  );
  return { ...row, dueCents: due };
}

/** What the amount rules of the payment dialog need of a registration. */
export function balanceOf(reg: {
  cost_cents: number;
  dueCents: number;
  allow_partial: boolean;
}): ActivityBalance {
  return { costCents: reg.cost_cents, balanceCents: reg.dueCents, allowPartial: reg.allow_partial };
}

/** The participant paying for their own registration (students and community members). */
export function requireParticipant(claims: TokenClaims): number {
  if (claims.kind !== "student" && claims.kind !== "community_member") {
    throw new ApiError(403, t("error.forbidden"));
  }
  return Number(claims.sub);
}

/** GET /v1/payment/registration/{courseSectionId}: what the payment dialog shows. */
export async function registrationPayment(deps: ApiDeps, claims: TokenClaims, sectionId: string) {
  const participant = requireParticipant(claims);
  const reg = await registrationFor(deps.db, participant, sectionId);
  if (!reg) {
    // The payment window ran out: say so, as the expiry dialog does.
    const [last] = await queryRows<{ cancel_reason: string | null }>(
      deps.db,
      sql`select cancel_reason from registrations
          where course_section_id = ${sectionId} and participant_id = ${participant}
          order by updated_at desc limit 1`,
    );
    if (last?.cancel_reason === REASON_TIMEOUT) throw new ApiError(410, t("paymentDialog.expired"));
    throw new ApiError(404, t("paymentDialog.notFound"));
  }
  return {
    registrationId: reg.id,
    courseSectionId: sectionId,
    courseName: reg.course_name,
    status: reg.status,
    cost: reg.cost_cents / 100,
    originalCost: reg.section_cost_cents / 100,
    credits: reg.credits_applied_cents / 100,
    paid: reg.paid_cents / 100,
    pending: reg.pending_cents / 100,
    balance: reg.dueCents / 100,
    minimumPayment: activityPaymentMinimumCents(reg.cost_cents, reg.dueCents) / 100,
    allowPartial: reg.allow_partial,
    financialAid: reg.participant_aid ?? reg.financial_aid,
    holdExpiresAt: reg.hold_expires_at ? new Date(reg.hold_expires_at).toISOString() : null,
    holdExtended: reg.hold_extended,
    inCart: reg.in_cart,
    mailedCheck: await awaitedCheck(deps, reg.id),
  };
}

/**
 * The newest mailed check promised for a registration and still awaited: what it is for and the
 * day it must arrive by (the promise's instant plus mailedCheckDays, decision 123), for the
 * dialog that confirms the promise (decision 153).
 */
async function awaitedCheck(
  deps: ApiDeps,
  registrationId: string,
): Promise<{ confirmation: string; amount: number; dueAt: string } | null> {
  const [p] = await queryRows<{ confirmation_id: string; amount_cents: number; at: Date | string }>(
    deps.db,
    sql`select confirmation_id, amount_cents, created_at as at from payments
        where registration_id = ${registrationId} and method = 'mail' and status = 'pending'
        order by created_at desc, id desc limit 1`,
  );
  if (!p) return null;
  const due = promiseDueAt(new Date(p.at), await readMailedCheckDays(deps.db));
  return {
    confirmation: p.confirmation_id,
    amount: Number(p.amount_cents) / 100,
    dueAt: due.toISOString(),
  };
}
