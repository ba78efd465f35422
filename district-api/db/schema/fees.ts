// Drizzle mirror of 0005_fees.sql: carts, cart items, payments, provider events, purchases and the
// payment simulator's records.
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { assessedFees, fees, registrations, type StoredAnswer } from "./catalogue";

export type CartStatus = "OPEN" | "PROCESSING" | "PAID" | "MAIL" | "EXPIRED" | "EMPTIED";

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  ownerKey: text("owner_key").notNull(),
  ownerName: text("owner_name").notNull().default(""),
  status: text("status").$type<CartStatus>().notNull().default("OPEN"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  paidCents: integer("paid_cents").notNull().default(0),
  paymentMethod: text("payment_method"),
  hadFees: boolean("had_fees").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
});

export const cartItems = pgTable("cart_items", {
  id: serial("id").primaryKey(),
  cartId: integer("cart_id")
    .notNull()
    .references(() => carts.id),
  /** Whose line it is (an owner key); the cart's owner pays (decision 167). */
  forKey: text("for_key").notNull(),
  itemType: text("item_type").$type<"fee" | "registration">().notNull(),
  feeId: integer("fee_id").references(() => fees.id),
  assessedFeeId: integer("assessed_fee_id").references(() => assessedFees.id),
  registrationId: uuid("registration_id").references(() => registrations.id),
  costCents: integer("cost_cents").notNull(),
  originalCostCents: integer("original_cost_cents").notNull(),
  allowPartial: boolean("allow_partial").notNull().default(false),
  donation: boolean("donation").notNull().default(false),
  answers: jsonb("answers").$type<StoredAnswer[]>().notNull().default([]),
  paidCents: integer("paid_cents").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentStatus =
  | "pending"
  | "processing"
  | "succeeded"
  | "failed"
  | "refunded"
  /** A hosted session that can no longer take money (0011, decision 101). */
  | "expired";

export const payments = pgTable("payments", {
  id: serial("id").primaryKey(),
  ownerKey: text("owner_key").notNull(),
  cartId: integer("cart_id").references(() => carts.id),
  registrationId: uuid("registration_id").references(() => registrations.id),
  method: text("method").notNull(),
  paymentType: text("payment_type").notNull().default("full"),
  amountCents: integer("amount_cents").notNull(),
  status: text("status").$type<PaymentStatus>().notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  providerRef: text("provider_ref").unique(),
  providerMessage: text("provider_message"),
  confirmationId: text("confirmation_id").unique(),
  /** Cash, check and reader payments: the employee at the register (0012_in_person_employee.sql). */
  takenByEmployeeId: text("taken_by_employee_id"),
  /**
   * Mailed-check promises of community members and guests: a hash of the client address they
   * were made from, so one address holds at most one unpaid seat (0038_promise_address.sql).
   */
  clientAddressHash: text("client_address_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
  // Migration 0008: the cash tendered and change given, the check's number and the card reader.
  tenderedCents: integer("tendered_cents"),
  changeCents: integer("change_cents"),
  checkNumber: text("check_number"),
  terminalId: text("terminal_id"),
  // Migration 0011 (one charge per cart): what the charge was for, until when it may be taken, and
  // when it was applied to the cart's lines.
  cartFingerprint: text("cart_fingerprint"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});

export const providerEvents = pgTable("provider_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const purchases = pgTable("purchases", {
  id: serial("id").primaryKey(),
  paymentId: integer("payment_id")
    .notNull()
    .references(() => payments.id),
  cartId: integer("cart_id").references(() => carts.id),
  assessedFeeId: integer("assessed_fee_id").references(() => assessedFees.id),
  registrationId: uuid("registration_id").references(() => registrations.id),
  amountCents: integer("amount_cents").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type SimKind = "setup_intent" | "payment_intent" | "checkout_session" | "refund";

export const simObjects = pgTable("sim_objects", {
  id: text("id").primaryKey(),
  kind: text("kind").$type<SimKind>().notNull(),
  status: text("status").notNull(),
  amountCents: integer("amount_cents"),
  paymentMethod: text("payment_method"),
  idempotencyKey: text("idempotency_key").unique(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
