// Read-only queries of the administration's fee pages (decision 121): the fee
// list, one fee as the form edits it, the choices of the form, the fee groups (decision 127), who
// an assessment would charge and the students a fee was assessed to. The target and price SQL is
// shared with the assessment (services/admin-fees.ts), so the preview counts exactly what applying
// charges.
import { and, count, desc, eq, isNotNull, not, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  FEE_PAGE_SIZE,
  type AdminFee,
  type AssessPreview,
  type AssessTarget,
  type FeeGroupList,
  type FeeListQuery,
} from "@domain/contract/admin-fees";
import { t } from "@domain/messages";
import { unitPriceCents, type PricedFee } from "@domain/rules/pricing";
import { queryRows, type Db, type Exec } from "../db/client";
import {
  assessedFees,
  courseQuestions,
  courseSections,
  feeGroups,
  fees,
  participants,
  schoolYears,
  schools,
} from "../db/schema";
import { ApiError } from "../errors";

// Under the names the shared SQL of a target and a price reads them by (`participants p`).
const p = alias(participants, "p");
const a = alias(assessedFees, "a");
const f = alias(fees, "f");

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of fees, by name, searched by name or account code. */
export async function listAdminFees(db: Db, q: FeeListQuery) {
  const filter = q.q
    ? sql`(lower(${f.name}) like ${likePattern(q.q)} or lower(coalesce(${f.accountCode}, '')) like ${likePattern(q.q)})`
    : undefined;
  const [total] = await db.select({ n: count() }).from(f).where(filter);
  const assessedCount = db
    .select({ n: sql`count(*)::int` })
    .from(a)
    .where(and(eq(a.feeId, f.id), not(a.selfAssessed)));
  const rows = await db
    .select({
      id: f.id,
      name: f.name,
      amountCents: f.amountCents,
      feeType: f.feeType,
      school: schools.shortName,
      year: schoolYears.year,
      active: f.active,
      assessedCount: sql<number>`(${assessedCount})`,
    })
    .from(f)
    .leftJoin(schools, eq(schools.id, f.schoolId))
    .leftJoin(schoolYears, eq(schoolYears.id, f.schoolYearId))
    .where(filter)
    .orderBy(sql`lower(${f.name})`, f.id)
    .limit(FEE_PAGE_SIZE)
    .offset((q.page - 1) * FEE_PAGE_SIZE);
  return {
    fees: rows.map((r) => ({ ...r, assessedCount: Number(r.assessedCount) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: FEE_PAGE_SIZE,
  };
}

const special = (amount: number | null, quantity: number | null) =>
  amount === null ? null : { amountCents: amount, quantity };

/** One fee as the administration's form edits it, with its questions; null when there is none. */
export async function readAdminFee(db: Exec, id: number): Promise<AdminFee | null> {
  const [fee] = await db.select().from(fees).where(eq(fees.id, id));
  if (!fee) return null;
  const questions = await db
    .select({
      question: courseQuestions.question,
      responseType: courseQuestions.responseType,
      answerList: courseQuestions.answerList,
      sortOrder: courseQuestions.sortOrder,
    })
    .from(courseQuestions)
    .where(eq(courseQuestions.feeId, id))
    .orderBy(courseQuestions.sortOrder, courseQuestions.id);
  return {
    id: fee.id,
    name: fee.name,
    description: fee.description,
    feeType: fee.feeType,
    schoolId: fee.schoolId,
    schoolYearId: fee.schoolYearId,
    feeGroupId: fee.feeGroupId,
    accountCode: fee.accountCode,
    amountCents: fee.amountCents,
    isDonation: fee.isDonation,
    maxQuantity: fee.maxQuantity,
    allowPartial: fee.allowPartial,
    free: special(fee.freeAmountCents, fee.freeQuantity),
    reduced: special(fee.reducedAmountCents, fee.reducedQuantity),
    activity: special(fee.activityAmountCents, fee.activityQuantity),
    allowStudent: fee.allowStudent,
    allowEmployee: fee.allowEmployee,
    allowCommunityMember: fee.allowCommunityMember,
    allowGuest: fee.allowGuest,
    saleStart: fee.saleStart?.toISOString() ?? null,
    saleEnd: fee.saleEnd?.toISOString() ?? null,
    active: fee.active,
    questions: questions.map((q) => ({ ...q, answerList: q.answerList ?? [] })),
    createdAt: fee.createdAt.toISOString(),
  };
}

/** The schools, years, fee groups and students' grades the form offers. */
export async function feeOptions(db: Db) {
  const [schoolRows, years, groups, grades] = await Promise.all([
    db
      .select({ id: schools.id, name: schools.fullName })
      .from(schools)
      .orderBy(schools.fullName, schools.id),
    db
      .select({ id: schoolYears.id, name: schoolYears.year })
      .from(schoolYears)
      .orderBy(desc(schoolYears.year), schoolYears.id),
    db
      .select({ id: feeGroups.id, name: feeGroups.name })
      .from(feeGroups)
      .orderBy(feeGroups.name, feeGroups.id),
    db
      .selectDistinct({ grade: participants.grade })
      .from(participants)
      .where(and(eq(participants.kind, "student"), isNotNull(participants.grade))),
  ]);
  const rank = (g: string) => (/^\d+$/.test(g) ? Number(g) : g === "K" ? 0 : -1);
  return {
    schools: schoolRows,
    years,
    feeGroups: groups,
    grades: grades
      .flatMap((g) => (g.grade === null ? [] : [g.grade]))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
  };
}

// ---- Fee groups ------------------------------------------------------------------------------

/** Every fee group by name, with how many fees are in it (a district has a handful). */
export async function listFeeGroups(db: Exec): Promise<FeeGroupList> {
  const feeCount = db
    .select({ n: sql`count(*)::int` })
    .from(fees)
    .where(eq(fees.feeGroupId, feeGroups.id));
  const groups = await db
    .select({ id: feeGroups.id, name: feeGroups.name, feeCount: sql<number>`(${feeCount})` })
    .from(feeGroups)
    .orderBy(sql`lower(${feeGroups.name})`, feeGroups.id);
  return { groups };
}

// ---- Who an assessment charges ---------------------------------------------------------------

/** The price fields of a fee, as the pricing rule reads them. */
export async function pricedFee(
  db: Exec,
  feeId: number,
): Promise<(PricedFee & { allowPartial: boolean; name: string }) | null> {
  const [fee] = await db
    .select({
      name: fees.name,
      allowPartial: fees.allowPartial,
      amountCents: fees.amountCents,
      freeAmountCents: fees.freeAmountCents,
      freeQuantity: fees.freeQuantity,
      reducedAmountCents: fees.reducedAmountCents,
      reducedQuantity: fees.reducedQuantity,
      activityAmountCents: fees.activityAmountCents,
      activityQuantity: fees.activityQuantity,
    })
    .from(fees)
    .where(eq(fees.id, feeId));
  return fee ?? null;
}

/**
 * The price each person pays, as SQL over `p` (participants): the pricing rule of every family
 * (domain/rules/pricing.ts) decided here for each of the six kinds of buyer, so the database
 * prices 50,000 students in one statement exactly as the cart prices one. Community members
 * (registered in a section) have no aid.
 */
export function priceSql(fee: PricedFee): SQL {
  const p = (financialAid: "free" | "reduced" | null, activityPass: boolean) =>
    unitPriceCents(fee, { financialAid, activityPass });
  return sql`(case
    when p.kind <> 'student' then ${p(null, false)}::int
    when p.financial_aid = 'free' and p.activity_pass then ${p("free", true)}::int
    when p.financial_aid = 'free' then ${p("free", false)}::int
    when p.financial_aid = 'reduced' and p.activity_pass then ${p("reduced", true)}::int
    when p.financial_aid = 'reduced' then ${p("reduced", false)}::int
    when p.activity_pass then ${p(null, true)}::int
    else ${p(null, false)}::int end)`;
}

const idArray = (ids: number[]) => sql`string_to_array(${ids.join(",")}, ',')::int[]`;

/**
 * The condition on `p` (participants) of the people a target names. Refuses unknown student IDs
 * by naming them, and an unknown section, with nothing written.
 */
export async function targetSql(db: Exec, target: AssessTarget): Promise<SQL> {
  if (target.by === "students") {
    // The rows of unnest(), not of a table: nothing in the schema to type them by.
    const unknown = await queryRows<{ id: number }>(
      db,
      sql`select x as id from unnest(${idArray(target.studentIds)}) x
          where not exists (select 1 from participants s where s.id = x and s.kind = 'student')
          order by x limit 20`,
    );
    if (unknown.length) {
      const message = t("adminFees.unknownStudents", {
        ids: unknown.map((u) => String(u.id)).join(", "),
      });
      throw new ApiError(400, message, `target.studentIds: ${message}`);
    }
    return sql`p.kind = 'student' and p.id = any(${idArray(target.studentIds)})`;
  }
  if (target.by === "group") {
    return sql`p.kind = 'student'
      ${target.grade !== null ? sql`and p.grade = ${target.grade}` : sql``}
      ${target.schoolId !== null ? sql`and p.school_id = ${target.schoolId}` : sql``}`;
  }
  const [section] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.id, target.sectionId));
  if (!section) {
    const message = t("adminFees.unknownSection");
    throw new ApiError(400, message, `target.sectionId: ${message}`);
  }
  return sql`p.id in (select r.participant_id from registrations r
    where r.course_section_id = ${target.sectionId}::uuid and r.status = 'registered')`;
}

/** The people assessed this fee already (by the administration, with a course, or otherwise). */
const assessedAlready = (feeId: number) =>
  sql`select a.participant_id from assessed_fees a
    where a.fee_id = ${feeId} and not a.self_assessed and a.participant_id is not null`;

/**
 * `p` was assessed this fee already. IN over the subquery is a hashed subplan: one pass over the
 * fee's rows, whatever the planner guesses of their number right after a large assessment.
 */
export const isAssessed = (feeId: number) => sql`p.id in (${assessedAlready(feeId)})`;

/** Who an assessment would charge and how much: count, total, the first page of names. */
export async function previewAssessment(
  db: Db,
  feeId: number,
  target: AssessTarget,
): Promise<AssessPreview> {
  const fee = await pricedFee(db, feeId);
  if (!fee) throw new ApiError(404, t("adminFees.notFound"));
  const where = await targetSql(db, target);
  const price = priceSql(fee);
  const people = db
    .select({ done: sql<boolean>`${isAssessed(feeId)}`.as("done"), price: price.as("price") })
    .from(p)
    .where(where)
    .as("a");
  const [sums] = await db
    .select({
      n: sql<number>`count(*) filter (where not ${people.done})::int`,
      total: sql<number>`coalesce(sum(${people.price}) filter (where not ${people.done}), 0)::bigint`,
      already: sql<number>`count(*) filter (where ${people.done})::int`,
    })
    .from(people);
  const students = await db
    .select({
      id: p.id,
      name: sql<string>`${p.nameLast} || ', ' || ${p.nameFirst}`,
      grade: p.grade,
      priceCents: sql<number>`${price}`,
    })
    .from(p)
    .where(sql`${where} and not ${isAssessed(feeId)}`)
    .orderBy(p.nameLast, p.nameFirst, p.id)
    .limit(FEE_PAGE_SIZE);
  return {
    count: Number(sums?.n ?? 0),
    totalCents: Number(sums?.total ?? 0),
    alreadyAssessed: Number(sums?.already ?? 0),
    students: students.map((s) => ({ ...s, priceCents: Number(s.priceCents) })),
  };
}

/** One page of the people assessed a fee (not self-bought), searched by name or ID. */
export async function listAssessed(db: Db, feeId: number, q: FeeListQuery) {
  if (!(await pricedFee(db, feeId))) throw new ApiError(404, t("adminFees.notFound"));
  const filter = and(
    eq(a.feeId, feeId),
    not(a.selfAssessed),
    q.q
      ? /^\d+$/.test(q.q)
        ? eq(a.participantId, Number(q.q))
        : sql`lower(${p.nameFirst} || ' ' || ${p.nameLast}) like ${likePattern(q.q)}`
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(a)
    .leftJoin(p, eq(p.id, a.participantId))
    .where(filter);
  const rows = await db
    .select({
      id: a.id,
      participantId: a.participantId,
      name: sql<string | null>`${p.nameLast} || ', ' || ${p.nameFirst}`,
      grade: p.grade,
      status: a.status,
      assessedCents: a.assessedCostCents,
      paidCents: a.paidCents,
      waived: a.waived,
      adjustReason: a.adjustReason,
    })
    .from(a)
    .leftJoin(p, eq(p.id, a.participantId))
    .where(filter)
    .orderBy(p.nameLast, p.nameFirst, a.id)
    .limit(FEE_PAGE_SIZE)
    .offset((q.page - 1) * FEE_PAGE_SIZE);
  return {
    students: rows.map((r) => ({ ...r, name: r.name ?? "" })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: FEE_PAGE_SIZE,
  };
}
