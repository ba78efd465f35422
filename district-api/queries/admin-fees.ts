// Read-only queries of the administration's fee pages (decision 121): the fee
// list, one fee as the form edits it, the choices of the form, the fee groups (decision 127), who
// an assessment would charge and the students a fee was assessed to. The target and price SQL is
// shared with the assessment (services/admin-fees.ts), so the preview counts exactly what applying
// charges.
import { sql, type SQL } from "drizzle-orm";
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
import { ApiError } from "../errors";

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of fees, by name, searched by name or account code. */
export async function listAdminFees(db: Db, q: FeeListQuery) {
  const filter = q.q
    ? sql`(lower(f.name) like ${likePattern(q.q)} or lower(coalesce(f.account_code, '')) like ${likePattern(q.q)})`
    : sql`true`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from fees f where ${filter}`,
  );
  const rows = await queryRows<{
    id: number;
    name: string;
    amountCents: number;
    feeType: string;
    school: string | null;
    year: string | null;
    active: boolean;
    assessedCount: number;
  }>(
    db,
    sql`select f.id, f.name, f.amount_cents as "amountCents", f.fee_type as "feeType",
          sc.short_name as school, y.year, f.active,
          (select count(*)::int from assessed_fees a where a.fee_id = f.id and not a.self_assessed)
            as "assessedCount"
        from fees f
        left join schools sc on sc.id = f.school_id
        left join school_years y on y.id = f.school_year_id
        where ${filter}
        order by lower(f.name), f.id
        limit ${FEE_PAGE_SIZE} offset ${(q.page - 1) * FEE_PAGE_SIZE}`,
  );
  return {
    fees: rows.map((r) => ({ ...r, id: Number(r.id), assessedCount: Number(r.assessedCount) })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: FEE_PAGE_SIZE,
  };
}

interface FeeDbRow {
  id: number;
  name: string;
  description: string;
  fee_type: AdminFee["feeType"];
  school_id: number | null;
  school_year_id: number | null;
  fee_group_id: number | null;
  account_code: string | null;
  amount_cents: number;
  is_donation: boolean;
  max_quantity: number;
  allow_partial: boolean;
  free_amount_cents: number | null;
  free_quantity: number | null;
  reduced_amount_cents: number | null;
  reduced_quantity: number | null;
  activity_amount_cents: number | null;
  activity_quantity: number | null;
  allow_student: boolean;
  allow_employee: boolean;
  allow_community_member: boolean;
  allow_guest: boolean;
  sale_start: Date | string | null;
  sale_end: Date | string | null;
  active: boolean;
  created_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const special = (amount: number | null, quantity: number | null) =>
  amount === null ? null : { amountCents: amount, quantity };

/** One fee as the administration's form edits it, with its questions; null when there is none. */
export async function readAdminFee(db: Exec, id: number): Promise<AdminFee | null> {
  const [f] = await queryRows<FeeDbRow>(db, sql`select * from fees where id = ${id}`);
  if (!f) return null;
  const questions = await queryRows<{
    question: string;
    response_type: AdminFee["questions"][number]["responseType"];
    answer_list: string[];
    sort_order: number;
  }>(
    db,
    sql`select question, response_type, answer_list, sort_order from course_questions
        where fee_id = ${id} order by sort_order, id`,
  );
  return {
    id: Number(f.id),
    name: f.name,
    description: f.description,
    feeType: f.fee_type,
    schoolId: f.school_id,
    schoolYearId: f.school_year_id,
    feeGroupId: f.fee_group_id,
    accountCode: f.account_code,
    amountCents: f.amount_cents,
    isDonation: f.is_donation,
    maxQuantity: f.max_quantity,
    allowPartial: f.allow_partial,
    free: special(f.free_amount_cents, f.free_quantity),
    reduced: special(f.reduced_amount_cents, f.reduced_quantity),
    activity: special(f.activity_amount_cents, f.activity_quantity),
    allowStudent: f.allow_student,
    allowEmployee: f.allow_employee,
    allowCommunityMember: f.allow_community_member,
    allowGuest: f.allow_guest,
    saleStart: iso(f.sale_start),
    saleEnd: iso(f.sale_end),
    active: f.active,
    questions: questions.map((q) => ({
      question: q.question,
      responseType: q.response_type,
      answerList: q.answer_list ?? [],
      sortOrder: q.sort_order,
    })),
    createdAt: iso(f.created_at)!,
  };
}

/** The schools, years, fee groups and students' grades the form offers. */
export async function feeOptions(db: Db) {
  const [schools, years, groups, grades] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, full_name as name from schools order by full_name, id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, year as name from school_years order by year desc, id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from fee_groups order by name, id`,
    ),
    queryRows<{ grade: string }>(
      db,
      sql`select distinct grade from participants where kind = 'student' and grade is not null`,
    ),
  ]);
  const n = (r: { id: number; name: string }) => ({ id: Number(r.id), name: r.name });
  const rank = (g: string) => (/^\d+$/.test(g) ? Number(g) : g === "K" ? 0 : -1);
  return {
    schools: schools.map(n),
    years: years.map(n),
    feeGroups: groups.map(n),
    grades: grades.map((g) => g.grade).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
  };
}

// ---- Fee groups ------------------------------------------------------------------------------

/** Every fee group by name, with how many fees are in it (a district has a handful). */
export async function listFeeGroups(db: Exec): Promise<FeeGroupList> {
  const rows = await queryRows<{ id: number; name: string; feeCount: number }>(
    db,
    sql`select g.id, g.name,
          (select count(*)::int from fees f where f.fee_group_id = g.id) as "feeCount"
        from fee_groups g
        order by lower(g.name), g.id`,
  );
  return {
    groups: rows.map((r) => ({ id: Number(r.id), name: r.name, feeCount: Number(r.feeCount) })),
  };
}

// ---- Who an assessment charges ---------------------------------------------------------------

/** The price fields of a fee, as the pricing rule reads them. */
export async function pricedFee(
  db: Exec,
  feeId: number,
): Promise<(PricedFee & { allowPartial: boolean; name: string }) | null> {
  const [f] = await queryRows<FeeDbRow>(db, sql`select * from fees where id = ${feeId}`);
  if (!f) return null;
  return {
    name: f.name,
    allowPartial: f.allow_partial,
    amountCents: f.amount_cents,
    freeAmountCents: f.free_amount_cents,
    freeQuantity: f.free_quantity,
    reducedAmountCents: f.reduced_amount_cents,
    reducedQuantity: f.reduced_quantity,
    activityAmountCents: f.activity_amount_cents,
    activityQuantity: f.activity_quantity,
  };
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
  const [section] = await queryRows<{ id: string }>(
    db,
    sql`select id from course_sections where id = ${target.sectionId}::uuid`,
  );
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
  const [sums] = await queryRows<{ n: number; total: string | number; already: number }>(
    db,
    sql`select count(*) filter (where not a.done)::int as n,
          coalesce(sum(a.price) filter (where not a.done), 0)::bigint as total,
          count(*) filter (where a.done)::int as already
        from (select ${isAssessed(feeId)} as done, ${price} as price
              from participants p where ${where}) a`,
  );
  const students = await queryRows<{
    id: number;
    name: string;
    grade: string | null;
    priceCents: number;
  }>(
    db,
    sql`select p.id, p.name_last || ', ' || p.name_first as name, p.grade,
          ${price} as "priceCents"
        from participants p where ${where} and not ${isAssessed(feeId)}
        order by p.name_last, p.name_first, p.id
        limit ${FEE_PAGE_SIZE}`,
  );
  return {
    count: Number(sums?.n ?? 0),
    totalCents: Number(sums?.total ?? 0),
    alreadyAssessed: Number(sums?.already ?? 0),
    students: students.map((s) => ({ ...s, id: Number(s.id), priceCents: Number(s.priceCents) })),
  };
}

/** One page of the people assessed a fee (not self-bought), searched by name or ID. */
export async function listAssessed(db: Db, feeId: number, q: FeeListQuery) {
  if (!(await pricedFee(db, feeId))) throw new ApiError(404, t("adminFees.notFound"));
  const filter = q.q
    ? /^\d+$/.test(q.q)
      ? sql`a.participant_id = ${Number(q.q)}`
      : sql`lower(p.name_first || ' ' || p.name_last) like ${likePattern(q.q)}`
    : sql`true`;
  const base = sql`from assessed_fees a left join participants p on p.id = a.participant_id
    where a.fee_id = ${feeId} and not a.self_assessed and ${filter}`;
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  const rows = await queryRows<{
    id: number;
    participantId: number | null;
    name: string | null;
    grade: string | null;
    status: string;
    assessedCents: number;
    paidCents: number;
    waived: boolean;
    adjustReason: string | null;
  }>(
    db,
    sql`select a.id, a.participant_id as "participantId",
          p.name_last || ', ' || p.name_first as name, p.grade, a.status,
          a.assessed_cost_cents as "assessedCents", a.paid_cents as "paidCents", a.waived,
          a.adjust_reason as "adjustReason"
        ${base}
        order by p.name_last, p.name_first, a.id
        limit ${FEE_PAGE_SIZE} offset ${(q.page - 1) * FEE_PAGE_SIZE}`,
  );
  return {
    students: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      participantId: r.participantId === null ? null : Number(r.participantId),
      name: r.name ?? "",
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: FEE_PAGE_SIZE,
  };
}
