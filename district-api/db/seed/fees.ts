// Demo fees (README "Demo accounts"): assessed fees for student 100001 (one due, one partial),
// optional fees in several categories, a donation, a fee group, a fee with questions, free and
// reduced prices (students 100003 free, 100004 reduced), an activity-pass price (100005), and
// fees for guests, employees and community members.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  assessedFees,
  courseQuestions,
  feeCategories,
  feeGroups,
  fees,
  schoolYears,
} from "../schema";

type NewFee = typeof fees.$inferInsert;

export async function seedFees(db: Db): Promise<void> {
  const cats = new Map((await db.select().from(feeCategories)).map((c) => [c.name, c.id]));
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.year, "2026-2027"));
  const cat = (name: string) => cats.get(name) ?? null;
  const [group] = await db.insert(feeGroups).values({ name: "Parking permit" }).returning();

  const base = { schoolYearId: year?.id ?? null, feeType: "Optional" as const };
  const specs: NewFee[] = [
    {
      ...base,
      name: "Athletic Pass",
      description:
        "<p>Admission to every home game of the season: football, basketball, volleyball, soccer and wrestling. The pass is personal and must be shown at the gate with a student ID.</p>",
      amountCents: 4000,
      feeCategoryId: cat("Athletics"),
      schoolId: 1,
      freeAmountCents: 0,
      freeQuantity: 1,
      reducedAmountCents: 1500,
      reducedQuantity: 1,
      activityAmountCents: 0,
      activityQuantity: 1,
      allowCommunityMember: true,
    },
    {
      ...base,
      name: "Yearbook",
      description: "<p>The 2026-2027 yearbook, delivered in May.</p>",
      amountCents: 6500,
      feeCategoryId: cat("Yearbook"),
      schoolId: 1,
      allowPartial: true,
      maxQuantity: 2,
      reducedAmountCents: 3250,
      reducedQuantity: 1,
    },
    {
      ...base,
      name: "Science Lab Goggles",
      description: "<p>Safety goggles for chemistry and biology labs.</p>",
      amountCents: 800,
      feeCategoryId: cat("Supplies"),
      schoolId: 2,
      maxQuantity: 30,
      allowGuest: true,
      allowEmployee: true,
    },
    {
      ...base,
      name: "Music Booster Donation",
      description: "<p>Support the music program's instruments and travel. Any amount helps.</p>",
      amountCents: 500,
      feeCategoryId: cat("Donations"),
      isDonation: true,
      maxQuantity: 20,
      allowGuest: true,
      allowEmployee: true,
      allowCommunityMember: true,
    },
    {
      ...base,
      name: "Student Parking - Main Lot",
      description: "<p>A parking permit for the main lot.</p>",
      amountCents: 2500,
      feeCategoryId: cat("Supplies"),
      schoolId: 1,
      feeGroupId: group!.id,
      notes: "One parking permit per student.",
    },
    {
      ...base,
      name: "Student Parking - North Lot",
      description: "<p>A parking permit for the north lot.</p>",
      amountCents: 2000,
      feeCategoryId: cat("Supplies"),
      schoolId: 1,
      feeGroupId: group!.id,
      notes: "One parking permit per student.",
    },
    {
      ...base,
      name: "Zoo Field Trip",
      description: "<p>Bus and admission for the spring zoo trip.</p>",
      amountCents: 1800,
      feeCategoryId: cat("Field Trips"),
      schoolId: 2,
      allowPartial: true,
    },
    {
      ...base,
      name: "Staff Appreciation Lunch",
      description: "<p>Lunch at the staff appreciation day.</p>",
      amountCents: 1200,
      feeCategoryId: cat("Clubs"),
      schoolId: 3,
      allowStudent: false,
      allowEmployee: true,
    },
    {
      ...base,
      name: "Community Pool Pass",
      description: "<p>Summer access to the district pool.</p>",
      amountCents: 3000,
      feeCategoryId: cat("Athletics"),
      schoolId: 3,
      allowStudent: true,
      allowCommunityMember: true,
      allowGuest: true,
    },
    {
      ...base,
      name: "Senior Trip Deposit",
      description: "<p>Deposit for the senior class trip.</p>",
      amountCents: 5000,
      feeCategoryId: cat("Field Trips"),
      schoolId: 1,
    },
    // Assessed (not for sale in the optional list).
    {
      ...base,
      feeType: "Course",
      name: "Chemistry Lab Fee",
      description: "<p>Consumables for the chemistry lab.</p>",
      amountCents: 3500,
      schoolId: 1,
    },
    {
      ...base,
      feeType: "Enrollment",
      name: "Technology Fee",
      description: "<p>Laptop use and repair for the school year.</p>",
      amountCents: 10000,
      schoolId: 1,
      allowPartial: true,
    },
  ];
  const created = await db.insert(fees).values(specs).returning({ id: fees.id, name: fees.name });
  const id = (name: string) => created.find((f) => f.name === name)!.id;

  // Only seniors may buy this one; others see the criteria error on the card.
  await db.execute(
    sql`update fees set criteria_grades = array['12'] where id = ${id("Senior Trip Deposit")}`,
  );

  await db.insert(courseQuestions).values([
    {
      feeId: id("Zoo Field Trip"),
      question: "T-shirt size",
      responseType: "Value List",
      answerList: ["S", "M", "L", "XL"],
      sortOrder: 1,
    },
    {
      feeId: id("Zoo Field Trip"),
      question: "Allergies or medical needs",
      responseType: "Free Form",
      sortOrder: 2,
    },
  ]);

  await db.insert(assessedFees).values([
    {
      feeId: id("Chemistry Lab Fee"),
      payerKey: "student:100001",
      participantId: 100001,
      status: "due",
      assessedCostCents: 3500,
    },
    {
      feeId: id("Technology Fee"),
      payerKey: "student:100001",
      participantId: 100001,
      status: "partial",
      assessedCostCents: 10000,
      paidCents: 4000,
      allowPartial: true,
      notes: "First installment received.",
      paidAt: new Date("2026-08-20T15:00:00Z"),
    },
    {
      feeId: id("Chemistry Lab Fee"),
      payerKey: "student:100002",
      participantId: 100002,
      status: "due",
      assessedCostCents: 3500,
    },
  ]);
}
