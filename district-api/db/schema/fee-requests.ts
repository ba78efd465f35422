// Drizzle mirror of 0007_fee_requests.sql.
import {
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { ResponseType } from "./catalogue";

export type FeeRequestStatus = "Pending" | "Approved" | "Denied";

export const approvalRoutes = pgTable("approval_routes", {
  id: serial("id").primaryKey(),
  route: text("route").notNull(),
});

export const feeRequests = pgTable("fee_requests", {
  id: serial("id").primaryKey(),
  feeName: text("fee_name").notNull(),
  schoolId: integer("school_id").notNull(),
  schoolYearId: integer("school_year_id").notNull(),
  feeType: text("fee_type").$type<"Course" | "Enrollment" | "Optional">().notNull(),
  feeCategoryId: integer("fee_category_id"),
  approvalRouteId: integer("approval_route_id").notNull(),
  costCents: integer("cost_cents").notNull(),
  costVariable: boolean("cost_variable").notNull().default(false),
  accountCode: text("account_code"),
  accountAssignedByBo: boolean("account_assigned_by_bo").notNull().default(false),
  allowStudent: boolean("allow_student").notNull().default(false),
  allowEmployee: boolean("allow_employee").notNull().default(false),
  allowCommunityMember: boolean("allow_community_member").notNull().default(false),
  allowGuest: boolean("allow_guest").notNull().default(false),
  description: text("description").notNull().default(""),
  otherInformation: text("other_information").notNull().default(""),
  collectionStart: date("collection_start", { mode: "string" }).notNull(),
  collectionEnd: date("collection_end", { mode: "string" }).notNull(),
  saleStart: timestamp("sale_start", { withTimezone: true }).notNull(),
  saleEnd: timestamp("sale_end", { withTimezone: true }).notNull(),
  requiresAdditionalInformation: boolean("requires_additional_information")
    .notNull()
    .default(false),
  status: text("status").$type<FeeRequestStatus>().notNull().default("Pending"),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  feeId: integer("fee_id"),
});

export const feeRequestSponsors = pgTable(
  "fee_request_sponsors",
  {
    feeRequestId: integer("fee_request_id").notNull(),
    employeeId: text("employee_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.feeRequestId, t.employeeId] })],
);

export const feeRequestQuestions = pgTable("fee_request_questions", {
  id: serial("id").primaryKey(),
  feeRequestId: integer("fee_request_id").notNull(),
  question: text("question").notNull(),
  responseType: text("response_type").$type<ResponseType>().notNull(),
  answerList: text("answer_list").array().notNull().default([]),
  sortOrder: integer("sort_order").notNull(),
});

export const feeRequestHistory = pgTable("fee_request_history", {
  id: serial("id").primaryKey(),
  feeRequestId: integer("fee_request_id").notNull(),
  status: text("status").$type<FeeRequestStatus>().notNull(),
  byEmployeeId: text("by_employee_id").notNull(),
  notes: text("notes"),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});
