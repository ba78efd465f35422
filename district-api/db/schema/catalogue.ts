import {
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { participants, schools } from "./core";

/** A school year's name is one row's, in any case (migration 0044). */
export const schoolYears = pgTable(
  "school_years",
  {
    id: serial("id").primaryKey(),
    year: text("year").notNull(),
  },
  (t) => [uniqueIndex("school_years_year_lower").on(sql`lower(${t.year})`)],
);

export const feeCategories = pgTable("fee_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

/**
 * The catalogue's version: one row, replaced by a trigger on every write to the catalogue's tables
 * (migration 0009, decision 094).
 */
export const catalogVersion = pgTable("catalog_version", {
  id: integer("id").primaryKey().default(1),
  version: uuid("version").notNull().defaultRandom(),
});

export const programs = pgTable("programs", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  open: boolean("open").notNull().default(true),
  active: boolean("active").notNull().default(true),
  oneSectionPerTerm: boolean("one_section_per_term").notNull().default(false),
  requiresSurvey: boolean("requires_survey").notNull().default(false),
  allowPartial: boolean("allow_partial").notNull().default(false),
  cancellationMessage: text("cancellation_message"),
  sortOrder: integer("sort_order").notNull().default(0),
  /** The catalogue import's key for a program it made (migration 0026). */
  sourceKey: text("source_key"),
});

export const courses = pgTable("courses", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  courseNumber: text("course_number").notNull(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  category: text("category"),
});

export const courseSections = pgTable("course_sections", {
  id: uuid("id").primaryKey().defaultRandom(),
  programId: uuid("program_id")
    .notNull()
    .references(() => programs.id),
  courseId: uuid("course_id")
    .notNull()
    .references(() => courses.id),
  sectionNumber: text("section_number").notNull(),
  termId: text("term_id").notNull(),
  term: text("term").notNull(),
  instructorEmployeeId: text("instructor_employee_id"),
  schoolId: integer("school_id").references(() => schools.id),
  restrictToSchool: boolean("restrict_to_school").notNull().default(false),
  capacity: integer("capacity").notNull(),
  seatsTaken: integer("seats_taken").notNull().default(0),
  waitlistEnabled: boolean("waitlist_enabled").notNull().default(true),
  creditHours: numeric("credit_hours", { precision: 5, scale: 2 }).notNull().default("0"),
  deliveryMethod: text("delivery_method").notNull().default("In Person"),
  meetingDays: text("meeting_days").array().notNull().default([]),
  roomNumber: text("room_number"),
  dateStart: date("date_start", { mode: "string" }).notNull(),
  dateEnd: date("date_end", { mode: "string" }).notNull(),
  timeStart: time("time_start"),
  timeEnd: time("time_end"),
  costCents: integer("cost_cents").notNull().default(0),
  allowCommunity: boolean("allow_community").notNull().default(true),
  eligibleGrades: text("eligible_grades").array(),
  timeConflictOverride: boolean("time_conflict_override").notNull().default(false),
  oneSectionPerTermOverride: boolean("one_section_per_term_override").notNull().default(false),
  active: boolean("active").notNull().default(true),
  notes: text("notes"),
  /** The catalogue import's key for a section it made (migration 0026). */
  sourceKey: text("source_key"),
});

export const feeGroups = pgTable("fee_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

export const fees = pgTable("fees", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  amountCents: integer("amount_cents").notNull(),
  feeType: text("fee_type")
    .$type<"Course" | "Enrollment" | "Optional">()
    .notNull()
    .default("Optional"),
  feeCategoryId: integer("fee_category_id").references(() => feeCategories.id),
  schoolId: integer("school_id").references(() => schools.id),
  schoolYearId: integer("school_year_id").references(() => schoolYears.id),
  accountCode: text("account_code"),
  maxQuantity: integer("max_quantity").notNull().default(1),
  allowPartial: boolean("allow_partial").notNull().default(false),
  isDonation: boolean("is_donation").notNull().default(false),
  feeGroupId: integer("fee_group_id").references(() => feeGroups.id),
  /** The grades an assessment by criteria reaches (migration 0005). */
  criteriaGrades: text("criteria_grades").array(),
  freeAmountCents: integer("free_amount_cents"),
  freeQuantity: integer("free_quantity"),
  reducedAmountCents: integer("reduced_amount_cents"),
  reducedQuantity: integer("reduced_quantity"),
  activityAmountCents: integer("activity_amount_cents"),
  activityQuantity: integer("activity_quantity"),
  allowStudent: boolean("allow_student").notNull().default(true),
  allowEmployee: boolean("allow_employee").notNull().default(false),
  allowCommunityMember: boolean("allow_community_member").notNull().default(false),
  allowGuest: boolean("allow_guest").notNull().default(false),
  saleStart: timestamp("sale_start", { withTimezone: true }),
  saleEnd: timestamp("sale_end", { withTimezone: true }),
  active: boolean("active").notNull().default(true),
  notes: text("notes"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const feeOwners = pgTable(
  "fee_owners",
  {
    feeId: integer("fee_id")
      .notNull()
      .references(() => fees.id),
    employeeId: text("employee_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.feeId, t.employeeId] })],
);

export type ResponseType = "Value List" | "Free Form" | "Waiver" | "Signature";

export const courseQuestions = pgTable("course_questions", {
  id: serial("id").primaryKey(),
  courseSectionId: uuid("course_section_id").references(() => courseSections.id),
  feeId: integer("fee_id").references(() => fees.id),
  question: text("question").notNull(),
  responseType: text("response_type").$type<ResponseType>().notNull(),
  answerList: text("answer_list").array().notNull().default([]),
  sortOrder: integer("sort_order").notNull(),
});

export type RegistrationStatus =
  "registered" | "pending_payment" | "waitlisted" | "offered" | "cancelled";

/** An answer as stored with a registration or an assessed fee. */
export interface StoredAnswer {
  questionId: number;
  question: string;
  responseType: ResponseType;
  answer: string;
}

export const registrations = pgTable("registrations", {
  id: uuid("id").primaryKey().defaultRandom(),
  courseSectionId: uuid("course_section_id")
    .notNull()
    .references(() => courseSections.id),
  participantId: integer("participant_id")
    .notNull()
    .references(() => participants.id),
  status: text("status").$type<RegistrationStatus>().notNull(),
  cancelReason: text("cancel_reason"),
  holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
  /** When the family extended the payment window, once (migration 0045, decision 146). */
  holdExtendedAt: timestamp("hold_extended_at", { withTimezone: true }),
  costCents: integer("cost_cents").notNull().default(0),
  creditsAppliedCents: integer("credits_applied_cents").notNull().default(0),
  financialAid: text("financial_aid"),
  answers: jsonb("answers").$type<StoredAnswer[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  // Migration 0004: money paid and in flight, the cart flag, the waiver's signature and name, and
  // the order registrations were made in.
  paidCents: integer("paid_cents").notNull().default(0),
  pendingCents: integer("pending_cents").notNull().default(0),
  inCart: boolean("in_cart").notNull().default(false),
  signature: text("signature"),
  legalName: text("legal_name"),
  seq: bigserial("seq", { mode: "number" }).notNull(),
});

export const assessedFees = pgTable("assessed_fees", {
  id: serial("id").primaryKey(),
  feeId: integer("fee_id")
    .notNull()
    .references(() => fees.id),
  payerKey: text("payer_key").notNull(),
  participantId: integer("participant_id").references(() => participants.id),
  status: text("status").$type<"due" | "partial" | "paid">().notNull().default("due"),
  assessedCostCents: integer("assessed_cost_cents").notNull(),
  paidCents: integer("paid_cents").notNull().default(0),
  quantity: integer("quantity").notNull().default(1),
  allowPartial: boolean("allow_partial").notNull().default(false),
  selfAssessed: boolean("self_assessed").notNull().default(false),
  registrationId: uuid("registration_id").references(() => registrations.id),
  notes: text("notes"),
  answers: jsonb("answers").$type<StoredAnswer[]>().notNull().default([]),
  assessedAt: timestamp("assessed_at", { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  // Migration 0018 (decision 121): who of the administration assessed it, a waiver, an adjustment.
  assessedBy: text("assessed_by"),
  waived: boolean("waived").notNull().default(false),
  adjustedAt: timestamp("adjusted_at", { withTimezone: true }),
  adjustReason: text("adjust_reason"),
  // Migration 0005: the cart a self-assessed fee waits in, and the amount a donation was given.
  cartId: integer("cart_id"),
  donationCents: integer("donation_cents"),
});
