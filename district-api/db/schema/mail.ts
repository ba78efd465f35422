// Drizzle mirror of 0027_mail_queue.sql: outgoing mail, queued in the database (decision 130).
// The queue is read and written with SQL in services/mail-queue.ts and queries/mail-log.ts.
import { bigint, bigserial, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type MailStatus = "queued" | "sending" | "sent" | "failed";

export const mailQueue = pgTable("mail_queue", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").notNull(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
  ownerKey: text("owner_key"),
  participantId: integer("participant_id"),
  cartId: integer("cart_id"),
  paymentId: integer("payment_id"),
  registrationId: uuid("registration_id"),
  status: text("status").$type<MailStatus>().notNull().default("queued"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastError: text("last_error"),
  resendOf: bigint("resend_of", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
