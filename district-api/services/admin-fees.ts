// Fees the administration makes, edits and assesses (decision 121). Every write
// is one transaction under the fee's lock and records its audit entry there. An assessment is one
// set-based statement (INSERT ... SELECT ... ON CONFLICT DO NOTHING): the unique index of
// migration 0018 charges a student a fee once, however many identical requests run at once.
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z, ZodError } from "zod";
import type {
  AdminFee,
  AssessResult,
  AssessTarget,
  FeeGroupRequest,
  FeeRequest,
} from "@domain/contract/admin-fees";
import { t } from "@domain/messages";
import { queryRows, type Db, type Exec } from "../db/client";
import { feeGroups, fees, participants, schoolYears, schools } from "../db/schema";
import { recordAudit, type Actor } from "./audit";
import { ApiError, isUniqueViolation } from "../errors";
import { lockRows } from "./locks";
import { isAssessed, priceSql, pricedFee, readAdminFee, targetSql } from "../queries/admin-fees";

/** The audit actions of fees (services/audit.ts has the foundation's). */
export const FEE_AUDIT_ACTIONS = {
  create: "fee.create",
  update: "fee.update",
  assess: "fee.assess",
  waive: "assessed-fee.waive",
  adjust: "assessed-fee.adjust",
  groupCreate: "fee-group.create",
  groupUpdate: "fee-group.update",
} as const;

/** Refuses a school, year or fee group that does not exist: 400 naming the field. */
async function checkLookups(db: Exec, v: Partial<FeeRequest>): Promise<void> {
  const checks: [
    keyof FeeRequest,
    typeof schools | typeof schoolYears | typeof feeGroups,
    number | null | undefined,
  ][] = [
    ["schoolId", schools, v.schoolId],
    ["schoolYearId", schoolYears, v.schoolYearId],
    ["feeGroupId", feeGroups, v.feeGroupId],
  ];
  for (const [field, table, id] of checks) {
    if (id === null || id === undefined) continue;
    const found = await db
      .select({ n: sql<number>`1` })
      .from(table)
      .where(eq(table.id, id));
    if (!found.length) {
      const message = t("adminFees.unknownLookup", { field });
      throw new ApiError(400, message, `${field}: ${message}`);
    }
  }
}

const normalised = (v: FeeRequest): FeeRequest => ({
  ...v,
  accountCode: v.accountCode ? v.accountCode : null,
  saleStart: v.saleStart === null ? null : new Date(v.saleStart).toISOString(),
  saleEnd: v.saleEnd === null ? null : new Date(v.saleEnd).toISOString(),
});

/** The fee's columns as a request sets them (every one, for a new fee and a change alike). */
function columns(v: FeeRequest) {
  return {
    name: v.name,
    description: v.description,
    feeType: v.feeType,
    schoolId: v.schoolId,
    schoolYearId: v.schoolYearId,
    feeGroupId: v.feeGroupId,
    accountCode: v.accountCode,
    amountCents: v.amountCents,
    isDonation: v.isDonation,
    maxQuantity: v.maxQuantity,
    allowPartial: v.allowPartial,
    freeAmountCents: v.free?.amountCents ?? null,
    freeQuantity: v.free?.quantity ?? null,
    reducedAmountCents: v.reduced?.amountCents ?? null,
    reducedQuantity: v.reduced?.quantity ?? null,
    activityAmountCents: v.activity?.amountCents ?? null,
    activityQuantity: v.activity?.quantity ?? null,
    allowStudent: v.allowStudent,
    allowEmployee: v.allowEmployee,
    allowCommunityMember: v.allowCommunityMember,
    allowGuest: v.allowGuest,
    saleStart: v.saleStart === null ? null : new Date(v.saleStart),
    saleEnd: v.saleEnd === null ? null : new Date(v.saleEnd),
    active: v.active,
  } satisfies Partial<typeof fees.$inferInsert>;
}

async function writeQuestions(tx: Exec, feeId: number, v: FeeRequest): Promise<void> {
  await tx.execute(sql`delete from course_questions where fee_id = ${feeId}`);
  for (const q of v.questions) {
    await tx.execute(sql`insert into course_questions
        (fee_id, question, response_type, answer_list, sort_order)
      values (${feeId}, ${q.question}, ${q.responseType},
        array(select jsonb_array_elements_text(${JSON.stringify(q.answerList)}::jsonb)),
        ${q.sortOrder})`);
  }
}

/** Creates a fee with its questions. */
export async function createFee(
  db: Db,
  actor: Actor,
  input: FeeRequest,
  now: Date,
): Promise<AdminFee> {
  const v = normalised(input);
  return db.transaction(async (tx) => {
    await checkLookups(tx, v);
    const [row] = await tx
      .insert(fees)
      .values({ ...columns(v), createdAt: now })
      .returning({ id: fees.id });
    const id = Number(row!.id);
    await writeQuestions(tx, id, v);
    await recordAudit(
      tx,
      actor,
      { action: FEE_AUDIT_ACTIONS.create, entity: "fee", entityId: id, after: v },
      now,
    );
    return (await readAdminFee(tx, id))!;
  });
}

/** Changes a fee; only the changed fields are written and audited, and nothing when none did. */
export async function updateFee(
  db: Db,
  actor: Actor,
  id: number,
  input: FeeRequest,
  now: Date,
): Promise<{ changed: string[]; fee: AdminFee }> {
  const v = normalised(input);
  return db.transaction(async (tx) => {
    const [locked] = await lockRows<{ id: number }>(
      tx,
      "fee",
      sql`select id from fees where id = ${id}`,
    );
    if (!locked) throw new ApiError(404, t("adminFees.notFound"));
    await checkLookups(tx, v);
    const current = (await readAdminFee(tx, id))!;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(v) as (keyof FeeRequest)[]) {
      if (JSON.stringify(current[key]) !== JSON.stringify(v[key])) {
        before[key] = current[key];
        after[key] = v[key];
      }
    }
    const changed = Object.keys(after);
    if (!changed.length) return { changed, fee: current };
    await tx.update(fees).set(columns(v)).where(eq(fees.id, id));
    if ("questions" in after) await writeQuestions(tx, id, v);
    await recordAudit(
      tx,
      actor,
      { action: FEE_AUDIT_ACTIONS.update, entity: "fee", entityId: id, before, after },
      now,
    );
    return { changed, fee: (await readAdminFee(tx, id))! };
  });
}

/** The target as the audit trail keeps it: a list of IDs by its size only. */
const auditTarget = (target: AssessTarget) =>
  target.by === "students" ? { by: "students", students: target.studentIds.length } : target;

/**
 * Charges the fee to everyone the target names who was not assessed it yet, each at their price
 * (free, reduced, activity pass), in one statement. Counts and the total go to the audit entry;
 * an assessment that charges nobody records nothing.
 */
export async function assessFee(
  db: Db,
  actor: Actor,
  feeId: number,
  target: AssessTarget,
  now: Date,
): Promise<AssessResult> {
  return db.transaction(async (tx) => {
    const [locked] = await lockRows<{ id: number }>(
      tx,
      "fee",
      sql`select id from fees where id = ${feeId}`,
      undefined,
      // Assessments insert rows that refer to the fee; a price change waits for them.
      "no key update",
    );
    if (!locked) throw new ApiError(404, t("adminFees.notFound"));
    const fee = (await pricedFee(tx, feeId))!;
    const where = await targetSql(tx, target);
    // The target's and the assessment's conditions are written on the alias p.
    const p = alias(participants, "p");
    const [already] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(sql`${where} and ${isAssessed(feeId)}`);
    // Raw: an insert from a select, counted and summed in a data-modifying CTE (one statement).
    const [done] = await queryRows<{ n: number; total: string | number }>(
      tx,
      sql`with ins as (
            insert into assessed_fees (fee_id, payer_key, participant_id, status,
              assessed_cost_cents, paid_cents, quantity, allow_partial, self_assessed, assessed_at,
              assessed_by)
            select ${feeId}, p.kind || ':' || p.id, p.id,
              case when p.price = 0 then 'paid' else 'due' end, p.price, 0, 1,
              ${fee.allowPartial}, false, ${now.toISOString()}::timestamptz, ${actor.employeeId}
            from (select p.id, p.kind, ${priceSql(fee)} as price from participants p
                  where ${where} and not ${isAssessed(feeId)}) p
            on conflict (fee_id, participant_id) where assessed_by is not null do nothing
            returning assessed_cost_cents)
          select count(*)::int as n, coalesce(sum(assessed_cost_cents), 0)::bigint as total
          from ins`,
    );
    const result = {
      assessed: Number(done?.n ?? 0),
      totalCents: Number(done?.total ?? 0),
      alreadyAssessed: Number(already?.n ?? 0),
    };
    if (result.assessed > 0) {
      await recordAudit(
        tx,
        actor,
        {
          action: FEE_AUDIT_ACTIONS.assess,
          entity: "fee",
          entityId: feeId,
          after: {
            target: auditTarget(target),
            assessed: result.assessed,
            totalCents: result.totalCents,
          },
        },
        now,
      );
    }
    return result;
  });
}

// ---- Fee groups (decision 127) ---------------------------------------------------------------

/** The unique index of migration 0023: one fee group of a name, whatever its case. */
const GROUP_NAME_INDEX = "fee_groups_name_lower";

/** A 400 naming `name`, as a refused contract would (nothing is written). */
const groupNameTaken = (name: string) =>
  new ZodError([
    {
      code: z.ZodIssueCode.custom,
      path: ["name"],
      message: t("adminFees.groupNameTaken", { name }),
    },
  ]);

/** Refuses a name another group has, whatever its case. */
async function refuseTakenName(tx: Exec, name: string, id: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: feeGroups.id })
    .from(feeGroups)
    .where(
      and(
        eq(sql`lower(${feeGroups.name})`, sql`lower(${name})`),
        id === null ? undefined : ne(feeGroups.id, id),
      ),
    )
    .limit(1);
  if (taken) throw groupNameTaken(name);
}

/** The same refusal for the name another request wrote at the same moment (the unique index). */
async function uniqueName<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, GROUP_NAME_INDEX)) throw groupNameTaken(name);
    throw err;
  }
}

/** Creates a fee group. */
export async function createFeeGroup(
  db: Db,
  actor: Actor,
  input: FeeGroupRequest,
  now: Date,
): Promise<{ id: number }> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      await refuseTakenName(tx, input.name, null);
      const [row] = await tx
        .insert(feeGroups)
        .values({ name: input.name })
        .returning({ id: feeGroups.id });
      const id = Number(row!.id);
      await recordAudit(
        tx,
        actor,
        {
          action: FEE_AUDIT_ACTIONS.groupCreate,
          entity: "fee-group",
          entityId: id,
          after: { name: input.name },
        },
        now,
      );
      return { id };
    }),
  );
}

/** Renames a fee group; the same name again changes and records nothing. */
export async function renameFeeGroup(
  db: Db,
  actor: Actor,
  id: number,
  input: FeeGroupRequest,
  now: Date,
): Promise<{ id: number; name: string; changed: boolean }> {
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      // Fees that name the group may still be saved meanwhile (their foreign key to it).
      const [group] = await lockRows<{ id: number; name: string }>(
        tx,
        "fee-group",
        sql`select id, name from fee_groups where id = ${id}`,
        undefined,
        "no key update",
      );
      if (!group) throw new ApiError(404, t("adminFees.groupNotFound"));
      if (group.name === input.name) return { id, name: group.name, changed: false };
      await refuseTakenName(tx, input.name, id);
      await tx.execute(sql`update fee_groups set name = ${input.name} where id = ${id}`);
      await recordAudit(
        tx,
        actor,
        {
          action: FEE_AUDIT_ACTIONS.groupUpdate,
          entity: "fee-group",
          entityId: id,
          before: { name: group.name },
          after: { name: input.name },
        },
        now,
      );
      return { id, name: input.name, changed: true };
    }),
  );
}
