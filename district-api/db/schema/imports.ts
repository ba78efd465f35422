import { boolean, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Files uploaded for an import, kept for its dry run and real run (migration 0021). */
export const importFiles = pgTable("import_files", {
  id: uuid("id").primaryKey(),
  employeeId: text("employee_id").notNull(),
  name: text("name").notNull(),
  content: text("content").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every import run and its report (migration 0021, decision 124). */
export const importRuns = pgTable("import_runs", {
  id: uuid("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  employeeId: text("employee_id").notNull(),
  kind: text("kind").$type<"students" | "staff" | "catalogue">().notNull(),
  dryRun: boolean("dry_run").notNull(),
  fullExport: boolean("full_export").notNull(),
  status: text("status").$type<"dry-run" | "applied" | "refused">().notNull(),
  fileIds: uuid("file_ids").array().notNull().default([]),
  fileNames: text("file_names").array().notNull().default([]),
  summary: jsonb("summary").notNull(),
  rows: jsonb("rows").notNull(),
  appliedRunId: uuid("applied_run_id"),
});
