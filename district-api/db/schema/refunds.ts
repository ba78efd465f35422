// Drizzle mirror of 0011_one_charge.sql: automatic refunds. The columns it added to payments
// (cart_fingerprint, expires_at, applied_at) are in the fees area's table definition (fees.ts).
import { boolean, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { assessedFees, registrations } from "./catalogue";
import { payments } from "./fees";

export type RefundReason =
  | "cart_paid"
  | "cart_changed"
  | "cart_expired"
  | "registration_paid"
  | "seat_lost"
  | "office"
  | "section_cancelled";
export type RefundStatus = "pending" | "succeeded" | "failed";

export const paymentRefunds = pgTable("payment_refunds", {
  id: serial("id").primaryKey(),
  paymentId: integer("payment_id")
    .notNull()
    .references(() => payments.id),
  registrationId: uuid("registration_id").references(() => registrations.id),
  amountCents: integer("amount_cents").notNull(),
  reason: text("reason").$type<RefundReason>().notNull(),
  status: text("status").$type<RefundStatus>().notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  providerRef: text("provider_ref"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
  // 0028_office_refunds.sql (decision 131): the office's refunds and refunds paid out by hand.
  employeeId: text("employee_id"),
  paidOutMethod: text("paid_out_method").$type<"card" | "cash" | "check">(),
  checkNumber: text("check_number"),
  note: text("note"),
  assessedFeeId: integer("assessed_fee_id").references(() => assessedFees.id),
  cancelsRegistration: boolean("cancels_registration").notNull().default(false),
  unassessesFee: boolean("unassesses_fee").notNull().default(false),
  failure: text("failure"),
});
