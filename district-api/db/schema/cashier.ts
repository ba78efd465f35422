// Drizzle mirror of 0008_cashier.sql: the terminal payment records. The columns added to
// payments (tendered_cents, change_cents, check_number, terminal_id) are read with SQL in
// services/cashier.ts, so the fees area's table definition stays untouched. The employee who took
// an in-person payment (0012) is in that definition, as payments.takenByEmployeeId.
import { integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { carts, payments } from "./fees";

export const terminalPayments = pgTable("terminal_payments", {
  id: serial("id").primaryKey(),
  cartId: integer("cart_id")
    .notNull()
    .references(() => carts.id),
  ownerKey: text("owner_key").notNull(),
  paymentIntentId: text("payment_intent_id").notNull().unique(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  paymentType: text("payment_type").$type<"full" | "partial">().notNull().default("full"),
  paymentMethod: text("payment_method").notNull().default("terminal"),
  setupId: text("setup_id"),
  courseSectionId: uuid("course_section_id"),
  terminalId: text("terminal_id"),
  paymentId: integer("payment_id").references(() => payments.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
