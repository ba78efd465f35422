import {
  boolean,
  date,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/** Each name names one school, in any case (migration 0044): files name a school by either. */
export const schools = pgTable(
  "schools",
  {
    id: serial("id").primaryKey(),
    shortName: text("short_name").notNull(),
    fullName: text("full_name").notNull(),
  },
  (t) => [
    uniqueIndex("schools_short_name_lower").on(sql`lower(${t.shortName})`),
    uniqueIndex("schools_full_name_lower").on(sql`lower(${t.fullName})`),
  ],
);

export const participants = pgTable("participants", {
  id: integer("id").primaryKey(),
  kind: text("kind").$type<"student" | "community_member">().notNull(),
  nameFirst: text("name_first").notNull(),
  nameLast: text("name_last").notNull(),
  dob: date("dob", { mode: "string" }).notNull(),
  grade: text("grade"),
  gender: text("gender").$type<"M" | "F">(),
  email: text("email"),
  custodianEmails: text("custodian_emails").array().notNull().default([]),
  emergencyName: text("emergency_name"),
  emergencyPhone: text("emergency_phone"),
  emergencyRelationship: text("emergency_relationship"),
  financialAid: text("financial_aid").$type<"free" | "reduced">(),
  activityPass: boolean("activity_pass").notNull().default(false),
  schoolId: integer("school_id").references(() => schools.id),
  /** False once missing from a full import (migration 0021): kept, but cannot sign in. */
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** The language the family chose for its pages; its mail follows it (migration 0048). */
  language: text("language").$type<"en" | "es">().notNull().default("en"),
});

export const guests = pgTable("guests", {
  id: serial("id").primaryKey(),
  nameFirst: text("name_first").notNull(),
  nameLast: text("name_last").notNull(),
  email: text("email").notNull(),
  /** When this guest session proved the mailbox with a code sent to it (migration 0037). */
  mailboxProvenAt: timestamp("mailbox_proven_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A guest's mailbox code while it is waiting to be typed: its hash only (migration 0037). */
export const guestMailboxCodes = pgTable("guest_mailbox_codes", {
  guestId: integer("guest_id")
    .primaryKey()
    .references(() => guests.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which start created the database, demo or production: one row (migration 0031, decision 135). */
export const databaseOrigin = pgTable("database_origin", {
  id: smallint("id").primaryKey().default(1),
  createdBy: text("created_by").$type<"demo" | "production">().notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staff = pgTable("staff", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  /** Null for an imported staff member until an administrator sets a password (decision 128). */
  passwordHash: text("password_hash"),
  employeeId: text("employee_id").notNull().unique(),
  displayName: text("display_name").notNull(),
  nameFirst: text("name_first").notNull(),
  nameLast: text("name_last").notNull(),
  email: text("email"),
  roles: text("roles").array().notNull().default([]),
  active: boolean("active").notNull().default(true),
  /** Tokens issued at or before this instant are refused (deactivation, reset; decision 119). */
  sessionsEndedAt: timestamp("sessions_ended_at", { withTimezone: true }),
  /** Staff import (decision 128): created by it, the roles it gave, deactivated by it, school. */
  imported: boolean("imported").notNull().default(false),
  importRoles: text("import_roles").array().notNull().default([]),
  importDeactivated: boolean("import_deactivated").notNull().default(false),
  schoolId: integer("school_id"),
});

export const settings = pgTable("settings", {
  id: integer("id").primaryKey().default(1),
  data: jsonb("data").notNull(),
});

export const maintenance = pgTable("maintenance", {
  id: integer("id").primaryKey().default(1),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
});

/** Counters of sign-in attempts per key (migration 0010, decision 100). */
export const signInAttempts = pgTable("sign_in_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  admitted: boolean("admitted").notNull().default(true),
});

/** Browsers remembered for a person, by the SHA-256 of their token (migration 0032, decision 136). */
export const signInDevices = pgTable("sign_in_devices", {
  tokenHash: text("token_hash").primaryKey(),
  account: text("account").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
});

/** An address's counted failures from unknown browsers in its window (decision 136). */
export const signInAddresses = pgTable("sign_in_addresses", {
  address: text("address").primaryKey(),
  failures: integer("failures").notNull().default(0),
  firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  admitted: boolean("admitted").notNull().default(true),
});

/** One person's counted failures from one address, and their last sign-in from it (decision 136). */
export const signInAddressPeople = pgTable(
  "sign_in_address_people",
  {
    address: text("address").notNull(),
    account: text("account").notNull(),
    failures: integer("failures").notNull().default(0),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.account] })],
);
