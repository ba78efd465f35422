import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/** Sessions ended on the server by sign-out (migration 0013, decision 103). */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    sid: uuid("sid").primaryKey(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ended_sessions_expires_at").on(t.expiresAt)],
);
