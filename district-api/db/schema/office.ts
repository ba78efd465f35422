// Drizzle mirror of 0020_business_office.sql: mailed checks the business office recorded.
import { date, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { payments } from "./fees";

export type MailedCheckStatus = "received" | "reversed" | "bounced";

export const mailedChecks = pgTable("mailed_checks", {
  id: serial("id").primaryKey(),
  paymentId: integer("payment_id")
    .notNull()
    .references(() => payments.id),
  checkNumber: text("check_number").notNull(),
  amountCents: integer("amount_cents").notNull(),
  receivedOn: date("received_on").notNull(),
  status: text("status").$type<MailedCheckStatus>().notNull().default("received"),
  reason: text("reason"),
  recordedBy: text("recorded_by").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  undoneBy: text("undone_by"),
  undoneAt: timestamp("undone_at", { withTimezone: true }),
});
