// Fee requests: save (create, edit, resubmit), list, and the fee administrator's review. Approval
// creates the fee families pay, with its questions, owners (the sponsors) and sale window.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { FeeProposal, RequestStatus, StatusHistoryEntry } from "@domain/contract/fee-requests";
import { SAVE_ERROR } from "@domain/contract/fee-requests";
import type { FeeRequestValues } from "@domain/forms/fee-request";
import { t } from "@domain/messages";
import type { Db } from "../db/client";
import {
  approvalRoutes,
  courseQuestions,
  feeCategories,
  feeOwners,
  feeRequestHistory,
  feeRequestQuestions,
  feeRequestSponsors,
  feeRequests,
  fees,
  schools,
  schoolYears,
  staff,
} from "../db/schema";
import { lockRows } from "./locks";

/** A refusal the person sees as a warning: errorCode and errorMessage (spec 02 §7, §8). */
export class FeeRequestRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Viewer {
  employeeId: string;
  isAdmin: boolean;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

async function checkLookups(db: Queryable, v: FeeRequestValues): Promise<void> {
  const missing = async (found: Promise<unknown[]>, field: string) => {
    if ((await found).length === 0) {
      throw new FeeRequestRefusal(
        422,
        SAVE_ERROR.unknownLookup,
        t("feeRequest.unknownLookup", { field }),
      );
    }
  };
  await missing(
    db.select({ id: schools.id }).from(schools).where(eq(schools.id, v.school)),
    t("feeRequest.school"),
  );
  await missing(
    db.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, v.year)),
    t("feeRequest.year"),
  );
  await missing(
    db
      .select({ id: approvalRoutes.id })
      .from(approvalRoutes)
      .where(eq(approvalRoutes.id, v.approvalRoute)),
    t("feeRequest.approvalRoute"),
  );
  if (v.category !== null) {
    await missing(
      db
        .select({ id: feeCategories.id })
        .from(feeCategories)
        .where(eq(feeCategories.id, v.category)),
      t("feeRequest.category"),
    );
  }
  const ids = v.sponsors.map((s) => s.id);
  const known = await db
    .select({ id: staff.employeeId })
    .from(staff)
    .where(and(inArray(staff.employeeId, ids), eq(staff.active, true)));
  const knownIds = new Set(known.map((k) => k.id));
  const unknown = ids.find((id) => !knownIds.has(id));
  if (unknown !== undefined) {
    throw new FeeRequestRefusal(
      422,
      SAVE_ERROR.unknownLookup,
      t("feeRequest.unknownSponsor", { id: unknown }),
    );
  }
}

function requestRow(v: FeeRequestValues) {
  return {
    feeName: v.name,
    schoolId: v.school,
    schoolYearId: v.year,
    feeType: v.type,
    feeCategoryId: v.category,
    approvalRouteId: v.approvalRoute,
    costCents: v.costCents,
    costVariable: v.costVariable,
    accountCode: v.accountNumber,
    accountAssignedByBo: v.accountAssignedByBusinessOffice,
    allowStudent: v.allowStudent,
    allowEmployee: v.allowEmployee,
    allowCommunityMember: v.allowCommunityMember,
    allowGuest: v.allowGuest,
    description: v.description,
    otherInformation: v.otherInformation,
    collectionStart: v.collectionStart,
    collectionEnd: v.collectionEnd,
    saleStart: new Date(v.saleStart),
    saleEnd: new Date(v.saleEnd),
    requiresAdditionalInformation: v.requiresAdditionalInformation,
  };
}

async function writeChildren(tx: Tx, requestId: number, v: FeeRequestValues): Promise<void> {
  await tx.delete(feeRequestSponsors).where(eq(feeRequestSponsors.feeRequestId, requestId));
  await tx.delete(feeRequestQuestions).where(eq(feeRequestQuestions.feeRequestId, requestId));
  await tx
    .insert(feeRequestSponsors)
    .values(v.sponsors.map((s) => ({ feeRequestId: requestId, employeeId: s.id })));
  if (v.questions.length) {
    await tx.insert(feeRequestQuestions).values(
      v.questions.map((q) => ({
        feeRequestId: requestId,
        question: q.question,
        responseType: q.responseType,
        answerList: q.answerList,
        sortOrder: q.sortOrder,
      })),
    );
  }
}

/**
 * Creates a request, or edits one of the caller's own Pending or Denied requests. Saving a Denied
 * request resubmits it (back to Pending). The status is never taken from the body.
 */
export async function saveFeeRequest(
  db: Db,
  employeeId: string,
  values: FeeRequestValues,
  now: Date,
): Promise<{ feeRequestId: number; requestStatus: RequestStatus }> {
  // The signed-in employee is always a sponsor (spec: pre-added and cannot be removed).
  const v: FeeRequestValues = values.sponsors.some((s) => s.id === employeeId)
    ? values
    : { ...values, sponsors: [{ id: employeeId, name: "" }, ...values.sponsors] };
  await checkLookups(db, v);
  return db.transaction(async (tx) => {
    if (v.feeRequestId === null) {
      const [row] = await tx
        .insert(feeRequests)
        .values({
          ...requestRow(v),
          status: "Pending",
          createdBy: employeeId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: feeRequests.id });
      await writeChildren(tx, row!.id, v);
      await tx
        .insert(feeRequestHistory)
        .values({ feeRequestId: row!.id, status: "Pending", byEmployeeId: employeeId, at: now });
      return { feeRequestId: row!.id, requestStatus: "Pending" as const };
    }
    const [existing] = await lockRows<{ status: string; createdBy: string }>(
      tx,
      "fee-request",
      sql`select status, created_by as "createdBy" from fee_requests where id = ${v.feeRequestId}`,
    );
    if (!existing) throw new FeeRequestRefusal(404, SAVE_ERROR.notFound, t("feeRequest.notFound"));
    if (existing.createdBy !== employeeId) {
      throw new FeeRequestRefusal(403, SAVE_ERROR.notYours, t("feeRequest.notYours"));
    }
    if (existing.status === "Approved") {
      throw new FeeRequestRefusal(409, SAVE_ERROR.notEditable, t("feeRequest.notEditable"));
    }
    await tx
      .update(feeRequests)
      .set({ ...requestRow(v), status: "Pending", updatedAt: now })
      .where(eq(feeRequests.id, v.feeRequestId));
    await writeChildren(tx, v.feeRequestId, v);
    if (existing.status === "Denied") {
      await tx.insert(feeRequestHistory).values({
        feeRequestId: v.feeRequestId,
        status: "Pending",
        byEmployeeId: employeeId,
        at: now,
      });
    }
    return { feeRequestId: v.feeRequestId, requestStatus: "Pending" as const };
  });
}

/**
 * Approves a Pending request: creates the fee, its questions and owners, in one transaction. An
 * approver never approves their own request, one they made or sponsor (they would own the fee),
 * whatever roles they hold (decision 140): another fee administrator does.
 */
export async function approveFeeRequest(
  db: Db,
  id: number,
  adminId: string,
  notes: string | undefined,
  now: Date,
): Promise<{ feeId: number }> {
  return db.transaction(async (tx) => {
    await lockRows(tx, "fee-request", sql`select id from fee_requests where id = ${id}`);
    const [r] = await tx.select().from(feeRequests).where(eq(feeRequests.id, id));
    if (!r) throw new FeeRequestRefusal(404, SAVE_ERROR.notFound, t("feeRequest.notFound"));
    if (r.status !== "Pending") {
      throw new FeeRequestRefusal(409, SAVE_ERROR.notPending, t("feeRequest.notPending"));
    }
    const sponsors = await tx
      .select({ employeeId: feeRequestSponsors.employeeId })
      .from(feeRequestSponsors)
      .where(eq(feeRequestSponsors.feeRequestId, id));
    if (r.createdBy === adminId || sponsors.some((s) => s.employeeId === adminId)) {
      throw new FeeRequestRefusal(403, SAVE_ERROR.ownRequest, t("feeRequest.notYourOwn"));
    }
    const [fee] = await tx
      .insert(fees)
      .values({
        name: r.feeName,
        description: r.description,
        amountCents: r.costCents,
        feeType: r.feeType,
        feeCategoryId: r.feeCategoryId,
        schoolId: r.schoolId,
        schoolYearId: r.schoolYearId,
        accountCode: r.accountCode,
        // A variable cost lets the payer give more than the cost, as a donation (decision 062).
        isDonation: r.costVariable,
        allowStudent: r.allowStudent,
        allowEmployee: r.allowEmployee,
        allowCommunityMember: r.allowCommunityMember,
        allowGuest: r.allowGuest,
        saleStart: r.saleStart,
        saleEnd: r.saleEnd,
        active: true,
        // Other information is for the reviewers, not shown to families (decision 062).
        notes: null,
        createdAt: now,
      })
      .returning({ id: fees.id });
    const feeId = fee!.id;
    if (sponsors.length) {
      await tx
        .insert(feeOwners)
        .values(sponsors.map((s) => ({ feeId, employeeId: s.employeeId })))
        .onConflictDoNothing();
    }
    const questions = await tx
      .select()
      .from(feeRequestQuestions)
      .where(eq(feeRequestQuestions.feeRequestId, id))
      .orderBy(asc(feeRequestQuestions.sortOrder));
    if (r.requiresAdditionalInformation && questions.length) {
      await tx.insert(courseQuestions).values(
        questions.map((q) => ({
          feeId,
          question: q.question,
          responseType: q.responseType,
          answerList: q.answerList,
          sortOrder: q.sortOrder,
        })),
      );
    }
    await tx
      .update(feeRequests)
      .set({ status: "Approved", feeId, updatedAt: now })
      .where(eq(feeRequests.id, id));
    await tx.insert(feeRequestHistory).values({
      feeRequestId: id,
      status: "Approved",
      byEmployeeId: adminId,
      notes: notes?.trim() ? notes.trim() : null,
      at: now,
    });
    return { feeId };
  });
}

/** Denies a Pending request with the approver's notes; the proposer may edit and resubmit it. */
export async function denyFeeRequest(
  db: Db,
  id: number,
  adminId: string,
  notes: string,
  now: Date,
): Promise<void> {
  if (!notes.trim()) {
    throw new FeeRequestRefusal(400, SAVE_ERROR.invalid, t("feeRequest.denyNotesRequired"));
  }
  await db.transaction(async (tx) => {
    const [r] = await lockRows<{ status: string }>(
      tx,
      "fee-request",
      sql`select status from fee_requests where id = ${id}`,
    );
    if (!r) throw new FeeRequestRefusal(404, SAVE_ERROR.notFound, t("feeRequest.notFound"));
    if (r.status !== "Pending") {
      throw new FeeRequestRefusal(409, SAVE_ERROR.notPending, t("feeRequest.notPending"));
    }
    await tx
      .update(feeRequests)
      .set({ status: "Denied", updatedAt: now })
      .where(eq(feeRequests.id, id));
    await tx.insert(feeRequestHistory).values({
      feeRequestId: id,
      status: "Denied",
      byEmployeeId: adminId,
      notes: notes.trim(),
      at: now,
    });
  });
}

/** Requests the viewer may see: all for a fee administrator; own or sponsored for a proposer. */
export async function listFeeProposals(db: Db, viewer: Viewer): Promise<FeeProposal[]> {
  const visible = viewer.isAdmin
    ? undefined
    : or(
        eq(feeRequests.createdBy, viewer.employeeId),
        sql`exists (select 1 from fee_request_sponsors s where s.fee_request_id = ${feeRequests.id} and s.employee_id = ${viewer.employeeId})`,
      );
  const rows = await db
    .select({
      r: feeRequests,
      schoolShort: schools.shortName,
      year: schoolYears.year,
      categoryName: feeCategories.name,
      route: approvalRoutes.route,
    })
    .from(feeRequests)
    .innerJoin(schools, eq(schools.id, feeRequests.schoolId))
    .innerJoin(schoolYears, eq(schoolYears.id, feeRequests.schoolYearId))
    .innerJoin(approvalRoutes, eq(approvalRoutes.id, feeRequests.approvalRouteId))
    .leftJoin(feeCategories, eq(feeCategories.id, feeRequests.feeCategoryId))
    .where(visible)
    .orderBy(sql`${feeRequests.createdAt} desc`, sql`${feeRequests.id} desc`);
  if (rows.length === 0) return [];
  const ids = rows.map((x) => x.r.id);
  const [sponsorRows, questionRows, historyRows, staffRows] = await Promise.all([
    db.select().from(feeRequestSponsors).where(inArray(feeRequestSponsors.feeRequestId, ids)),
    db
      .select()
      .from(feeRequestQuestions)
      .where(inArray(feeRequestQuestions.feeRequestId, ids))
      .orderBy(asc(feeRequestQuestions.sortOrder)),
    db
      .select()
      .from(feeRequestHistory)
      .where(inArray(feeRequestHistory.feeRequestId, ids))
      .orderBy(asc(feeRequestHistory.at), asc(feeRequestHistory.id)),
    db.select({ id: staff.employeeId, name: staff.displayName }).from(staff),
  ]);
  const names = new Map(staffRows.map((s) => [s.id, s.name]));
  const person = (id: string) => ({ id, name: names.get(id) ?? id });
  return rows.map(({ r, schoolShort, year, categoryName, route }) => {
    const history: StatusHistoryEntry[] = historyRows
      .filter((h) => h.feeRequestId === r.id)
      .map((h) => ({
        status: h.status,
        by: names.get(h.byEmployeeId) ?? h.byEmployeeId,
        notes: h.notes,
        at: h.at.toISOString(),
      }));
    return {
      id: r.id,
      feeName: r.feeName,
      school: { id: r.schoolId, shortName: schoolShort },
      schoolYear: { id: r.schoolYearId, year },
      feeType: r.feeType,
      feeCategory:
        r.feeCategoryId !== null && categoryName !== null
          ? { id: r.feeCategoryId, name: categoryName }
          : null,
      approvalRoute: { id: r.approvalRouteId, route },
      cost: r.costCents / 100,
      costVariable: r.costVariable,
      accountCode: r.accountCode,
      accountAssignedByBusinessOffice: r.accountAssignedByBo,
      allowStudent: r.allowStudent,
      allowEmployee: r.allowEmployee,
      allowCommunityMember: r.allowCommunityMember,
      allowGuest: r.allowGuest,
      feeDescription: r.description,
      otherInformation: r.otherInformation,
      courseQuestions: questionRows
        .filter((q) => q.feeRequestId === r.id)
        .map((q) => ({
          id: q.id,
          question: q.question,
          responseType: q.responseType,
          answerList: q.answerList,
          sortOrder: q.sortOrder,
        })),
      facultySponsors: sponsorRows
        .filter((s) => s.feeRequestId === r.id)
        .map((s) => person(s.employeeId))
        .sort((a, b) =>
          a.id === r.createdBy ? -1 : b.id === r.createdBy ? 1 : a.name.localeCompare(b.name),
        ),
      saleStartDate: r.saleStart.toISOString(),
      saleEndDate: r.saleEnd.toISOString(),
      collectionStart: r.collectionStart,
      collectionEnd: r.collectionEnd,
      createdAt: r.createdAt.toISOString(),
      createdBy: person(r.createdBy),
      requestStatus: r.status,
      approverNotes: history
        .filter((h) => h.notes)
        .map((h) => `${h.status}: ${h.notes}`)
        .join("\n"),
      statusHistory: history,
      feeId: r.feeId,
    };
  });
}
