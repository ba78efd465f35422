// Read-only lookups of the fee request form (spec 02 §5): schools, school years, approval routes,
// active employees and fee categories, each in the order the form lists them.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { approvalRoutes, feeCategories, schoolYears, schools, staff } from "../db/schema";

export function listSchools(db: Db) {
  return db
    .select({ id: schools.id, shortName: schools.shortName, fullName: schools.fullName })
    .from(schools)
    .orderBy(asc(schools.fullName));
}

export function listSchoolYears(db: Db) {
  return db.select().from(schoolYears).orderBy(asc(schoolYears.year));
}

export function listApprovalRoutes(db: Db) {
  return db.select().from(approvalRoutes).orderBy(asc(approvalRoutes.route));
}

export function listActiveEmployees(db: Db) {
  return db
    .select({ id: staff.employeeId, name: staff.displayName })
    .from(staff)
    .where(eq(staff.active, true))
    .orderBy(asc(staff.displayName));
}

export function listFeeCategories(db: Db) {
  return db.select().from(feeCategories).orderBy(asc(feeCategories.name));
}
