// The audit trail (decision 119): every administrative change writes one entry,
// in the same transaction as the change, so a change without its entry (or an entry without its
// change) cannot happen. `before` and `after` hold only the values that changed, never a password.
import { sql } from "drizzle-orm";
import type { Exec } from "../db/client";

/** Who made a change: an administrator's employee id, or a named tool (the command line). */
export interface Actor {
  employeeId: string;
  /** Given for a tool; for an employee it is read from the account in the same statement. */
  username?: string;
}

export interface AuditChange {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The audit actions, for filters and tests. */
export const AUDIT_ACTIONS = {
  settingsChange: "settings.change",
  maintenanceSchedule: "maintenance.schedule",
  maintenanceCancel: "maintenance.cancel",
  staffCreate: "staff.create",
  staffResetPassword: "staff.reset-password",
  staffDeactivate: "staff.deactivate",
  staffRoles: "staff.roles",
  staffReactivate: "staff.reactivate",
  staffUnlock: "staff.unlock",
  participantFinancialAid: "participant.financial-aid",
  participantActivityPass: "participant.activity-pass",
  participantUnlock: "participant.unlock",
  schoolCreate: "school.create",
  schoolUpdate: "school.update",
  schoolYearCreate: "school-year.create",
  schoolYearUpdate: "school-year.update",
  districtTextChange: "district-text.change",
} as const;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Writes one entry; call it inside the transaction that makes the change. */
export async function recordAudit(
  tx: Exec,
  actor: Actor,
  change: AuditChange,
  at: Date,
): Promise<void> {
  const username = actor.username ?? null;
  await tx.execute(sql`insert into audit_entries
      (at, actor_employee_id, actor_username, action, entity, entity_id, before, after)
    values (${at.toISOString()}::timestamptz, ${actor.employeeId},
      coalesce(${username}, (select username from staff where employee_id = ${actor.employeeId}),
        ${actor.employeeId}),
      ${change.action}, ${change.entity},
      ${change.entityId === undefined || change.entityId === null ? null : String(change.entityId)},
      ${json(change.before)}::jsonb, ${json(change.after)}::jsonb)`);
}
