// Registration payment windows: what a registration held for payment (or offered from the
// waitlist) still owes, read for the payment dialog and for every path that pays a registration
// directly (card, hosted checkout, mailed check, confirmations without money). The window itself
// (the hold, its deadline, the seat) is the registration service's (registration.ts).
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import type { ActivityBalance } from "@domain/rules/checkout";
import { activityPaymentMinimumCents } from "@domain/rules/partial-payment";
import { promiseDueAt } from "@domain/rules/mailed-check-promises";
import type { Exec } from "../db/client";
import {
  courseSections,
  courses,
  participants,
  payments,
  programs,
  registrations,
} from "../db/schema";
import { readMailedCheckDays } from "../queries/office";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";

/** A registration of the caller for a section, with what is still due on it. */
export async function registrationFor(db: Exec, participant: number, sectionId: string) {
  const r = registrations;
  const [row] = await db
    .select({
      id: r.id,
      status: r.status,
      cost_cents: r.costCents,
      section_cost_cents: courseSections.costCents,
      credits_applied_cents: r.creditsAppliedCents,
      paid_cents: r.paidCents,
      pending_cents: r.pendingCents,
      hold_expires_at: r.holdExpiresAt,
      hold_extended: sql<boolean>`${r.holdExtendedAt} is not null`,
      financial_aid: r.financialAid,
      participant_aid: participants.financialAid,
      allow_partial: programs.allowPartial,
      in_cart: r.inCart,
      course_name: courses.name,
    })
    .from(r)
    .innerJoin(courseSections, eq(courseSections.id, r.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(programs, eq(programs.id, courseSections.programId))
    .innerJoin(participants, eq(participants.id, r.participantId))
    .where(
      and(
        eq(r.courseSectionId, sectionId),
        eq(r.participantId, participant),
        ne(r.status, "cancelled"),
      ),
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
    const [last] = await deps.db
      .select({ cancel_reason: registrations.cancelReason })
      .from(registrations)
      .where(
        and(
          eq(registrations.courseSectionId, sectionId),
          eq(registrations.participantId, participant),
        ),
      )
      .orderBy(desc(registrations.updatedAt))
      .limit(1);
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
  const [p] = await deps.db
    .select({
      confirmation_id: payments.confirmationId,
      amount_cents: payments.amountCents,
      at: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, registrationId),
        eq(payments.method, "mail"),
        eq(payments.status, "pending"),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  if (!p) return null;
  const due = promiseDueAt(new Date(p.at), await readMailedCheckDays(deps.db));
  return {
    // Every payment gets its confirmation id in the transaction that records it.
    confirmation: p.confirmation_id ?? "",
    amount: Number(p.amount_cents) / 100,
    dueAt: due.toISOString(),
  };
}
