// Demo fee requests: approval routes, and a pending, an approved and a denied request by the demo
// proposer (E1003). School years and categories are added here only when no other area has.
import type { Db } from "../client";
import { approvalRoutes, feeCategories, schoolYears, staff } from "../schema";
import { eq } from "drizzle-orm";
import { feeRequestSchema } from "@domain/forms/fee-request";
import { DEFAULT_DISTRICT_TZ, todayIn } from "@domain/rules/time";
import { approveFeeRequest, denyFeeRequest, saveFeeRequest } from "../../services/fee-requests";

export const DEMO_APPROVAL_ROUTES = [
  "Athletics",
  "Building Principal",
  "Business Office",
  "Curriculum",
];
const DEMO_YEARS = ["2025-2026", "2026-2027"];
const DEMO_CATEGORIES = ["Activities", "Athletics", "Clubs", "Field Trips", "Supplies"];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function seedFeeRequests(db: Db): Promise<void> {
  await db
    .insert(approvalRoutes)
    .values(DEMO_APPROVAL_ROUTES.map((route) => ({ route })))
    .onConflictDoNothing();
  await db
    .insert(schoolYears)
    .values(DEMO_YEARS.map((year) => ({ year })))
    .onConflictDoNothing();
  await db
    .insert(feeCategories)
    .values(DEMO_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();

  const [proposer] = await db.select().from(staff).where(eq(staff.employeeId, "E1003"));
  const [admin] = await db.select().from(staff).where(eq(staff.employeeId, "E1002"));
  if (!proposer || !admin) return;
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.year, "2026-2027"));
  const [category] = await db.select().from(feeCategories).where(eq(feeCategories.name, "Clubs"));
  const routes = await db.select().from(approvalRoutes);
  const route = routes.find((r) => r.route === "Building Principal") ?? routes[0];
  if (!year || !category || !route) return;

  const now = new Date();
  const timeZone = process.env.DISTRICT_TZ || DEFAULT_DISTRICT_TZ;
  const today = todayIn(timeZone, now);
  const schema = feeRequestSchema({ now, timeZone });
  const base = {
    school: 1,
    year: year.id,
    approvalRoute: route.id,
    accountNumber: "10-2200-5100",
    allowStudent: true,
    collectionStart: today,
    collectionEnd: addDays(today, 120),
    sponsors: [{ id: proposer.employeeId, name: proposer.displayName }],
  };
  const make = (v: Record<string, unknown>) => schema.parse({ ...base, ...v });

  await saveFeeRequest(
    db,
    proposer.employeeId,
    make({
      name: "Robotics Club Kit",
      type: "Optional",
      category: category.id,
      cost: 45,
      description: "Parts kit for the after-school robotics club.",
      requiresAdditionalInformation: true,
      questions: [
        {
          question: "T-shirt size",
          responseType: "Value List",
          answerList: "S, M, L, XL",
          sortOrder: 1,
        },
      ],
    }),
    now,
  );
  const approved = await saveFeeRequest(
    db,
    proposer.employeeId,
    make({
      name: "Chess Club Membership",
      type: "Optional",
      category: category.id,
      cost: 15,
      allowEmployee: true,
      allowCommunityMember: true,
      description: "Membership in the Lincoln High chess club for the year.",
    }),
    now,
  );
  await approveFeeRequest(
    db,
    approved.feeRequestId,
    admin.employeeId,
    "Approved for this year.",
    now,
  );
  const denied = await saveFeeRequest(
    db,
    proposer.employeeId,
    make({
      name: "Lab Coat",
      type: "Course",
      cost: 30,
      accountAssignedByBusinessOffice: true,
      description: "Lab coat for chemistry.",
    }),
    now,
  );
  await denyFeeRequest(
    db,
    denied.feeRequestId,
    admin.employeeId,
    "Lab coats are provided by the school; please remove this fee.",
    now,
  );
}
