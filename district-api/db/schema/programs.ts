// Drizzle mirror of 0004_programs.sql: survey answers (the registration columns it adds are read
// and written with SQL in services/registration.ts, so catalogue.ts stays untouched).
import { boolean, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { participants } from "./core";
import { programs } from "./catalogue";

export const surveyResponses = pgTable(
  "survey_responses",
  {
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id),
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id),
    isAtRisk: boolean("is_at_risk").notNull(),
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.programId] })],
);
