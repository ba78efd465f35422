// Drizzle mirror of 0003_community.sql.
import {
  customType,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { participants } from "./core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  // PGlite hands back Uint8Array, node-postgres a Buffer.
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const communityProfiles = pgTable("community_profiles", {
  participantId: integer("participant_id")
    .primaryKey()
    .references(() => participants.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  homePhone: text("home_phone").notNull(),
  printedSignature: text("printed_signature").notNull(),
  signaturePng: bytea("signature_png"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const guardians = pgTable("guardians", {
  id: serial("id").primaryKey(),
  participantId: integer("participant_id")
    .notNull()
    .references(() => participants.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
  nameFirst: text("name_first").notNull(),
  nameLast: text("name_last").notNull(),
  relationship: text("relationship").$type<"Mother" | "Father" | "Other">().notNull(),
  relationshipOther: text("relationship_other"),
  phone1: text("phone1").notNull(),
  phone1Type: text("phone1_type").$type<"Home" | "Work" | "Mobile">().notNull(),
  phone2: text("phone2"),
  phone2Type: text("phone2_type").$type<"Home" | "Work" | "Mobile">(),
  email: text("email"),
});

/** Remembered children of a community account (0047, decision 168). */
export const householdLinks = pgTable(
  "household_links",
  {
    holderId: integer("holder_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    childId: integer("child_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.holderId, t.childId] })],
);
