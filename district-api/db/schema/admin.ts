import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Every administrative change, with its values before and after (migration 0016, decision 119). */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorEmployeeId: text("actor_employee_id").notNull(),
    actorUsername: text("actor_username").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [index("audit_entries_at").on(t.at, t.id)],
);

/** The district's texts in Spanish, one per record's text (migration 0049, decision 172). */
export const districtTexts = pgTable(
  "district_texts",
  {
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    field: text("field").notNull(),
    language: text("language").$type<"es">().notNull(),
    text: text("text").notNull(),
    english: text("english").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId, t.field, t.language] })],
);
