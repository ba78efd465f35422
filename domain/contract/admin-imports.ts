// Wire contract of the student import (decision 124), for the district_admin role only:
// upload a file (raw CSV body), run a dry run or a real run over uploaded files, apply a dry run,
// read a run's report a page at a time or whole (for its CSV).
import { z } from "zod";
import { t } from "../messages/admin";
import { IMPORT_KINDS } from "../imports/kinds";
import { MAX_STUDENT_ID } from "../imports/students";
import { DISTRICT_ADMIN_ROLE } from "./admin";
import { endpoint } from "./endpoint";

/** The largest file the import takes, in MB (the page says so; the district API answers 413). */
export const IMPORT_FILE_LIMIT_MB = 20;
/** Files in one import: one plain CSV, or users.csv, orgs.csv, demographics.csv and academicSessions.csv. */
export const IMPORT_MAX_FILES = 4;
/** Report rows a page. */
export const IMPORT_PAGE_SIZE = 50;

export const ImportFileQuery = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/\.[cC][sS][vV]$/, t("admin.imports.notCsv")),
  })
  .strict();

export const ImportFileReply = z.object({ id: z.string().uuid(), name: z.string() });

const ConfirmDeactivations = z
  .number({ invalid_type_error: t("admin.imports.confirmLabel") })
  .int()
  .min(0)
  .max(MAX_STUDENT_ID);

export const StudentImportRequest = z
  .object({
    files: z.array(z.string().uuid()).min(1, t("admin.imports.noFile")).max(IMPORT_MAX_FILES),
    full: z.boolean().default(false),
    dryRun: z.boolean().default(true),
    /** A full export marking more than a tenth inactive applies only with its count (decision 141). */
    confirmDeactivations: ConfirmDeactivations.optional(),
  })
  .strict();
export type StudentImportRequest = z.infer<typeof StudentImportRequest>;

/** Applying a dry run: the count of students it marks inactive, when that needs confirming. */
export const ImportApplyRequest = z
  .object({ confirmDeactivations: ConfirmDeactivations.optional() })
  .strict();

export const ImportOutcome = z.enum(["created", "updated", "unchanged", "refused", "deactivated"]);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

export const ImportSummary = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  deactivated: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportStatus = z.enum(["dry-run", "applied", "refused"]);

export const ImportRunReply = z.object({
  id: z.string().uuid(),
  status: ImportStatus,
  full: z.boolean(),
  summary: ImportSummary,
});
export type ImportRunReply = z.infer<typeof ImportRunReply>;

export const ImportRunParams = z.object({ id: z.string().uuid() }).strict();

export const IMPORT_FILTERS = ["all", "changes", "refused"] as const;
export const ImportRunQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    show: z.enum(IMPORT_FILTERS).default("all"),
  })
  .strict();
export type ImportRunQuery = z.infer<typeof ImportRunQuery>;

export const ImportReportRow = z.object({
  line: z.number().int(),
  id: z.string(),
  name: z.string(),
  outcome: ImportOutcome,
  reason: z.string(),
});
export type ImportReportRow = z.infer<typeof ImportReportRow>;

/** A school or school year orgs.csv and academicSessions.csv create or rename (decisions 154, 157). */
export const ImportSchoolChange = z.object({
  kind: z.enum(["school", "school-year"]),
  name: z.string(),
  fullName: z.string(),
  outcome: z.enum(["created", "updated"]),
});
export type ImportSchoolChange = z.infer<typeof ImportSchoolChange>;

export const ImportRunPage = z.object({
  id: z.string().uuid(),
  /** What the run imported: students, staff (decision 128) or the catalogue (decision 129). */
  kind: z.enum(IMPORT_KINDS).default("students"),
  at: z.string(),
  status: ImportStatus,
  full: z.boolean(),
  fileNames: z.array(z.string()),
  summary: ImportSummary,
  appliedRunId: z.string().uuid().nullable(),
  /** A full student export's count to confirm before applying it, else null (decision 141). */
  confirmDeactivations: z.number().int().nullable().default(null),
  rows: z.array(ImportReportRow),
  /** The schools and years orgs.csv and academicSessions.csv create or rename ("to create" in a dry run). */
  schools: z.array(ImportSchoolChange).default([]),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportRunPage = z.infer<typeof ImportRunPage>;

export const ImportRunExport = z.object({
  /** What the run imported: students, staff (decision 128) or the catalogue (decision 129). */
  kind: z.enum(IMPORT_KINDS).default("students"),
  rows: z.array(ImportReportRow),
});

/**
 * The catalogue import (decision 129): one uploaded CSV, with the district's
 * orgs.csv and academicSessions.csv beside it or not (decision 157), a dry run by default.
 */
export const CatalogueImportRequest = z
  .object({
    files: z.array(z.string().uuid()).min(1, t("admin.imports.noFile")).max(3),
    dryRun: z.boolean().default(true),
  })
  .strict();
export type CatalogueImportRequest = z.infer<typeof CatalogueImportRequest>;

// ---- The calls ------------------------------------------------------------------------------

/** Every call here: staff with the district_admin role (others get 403). */
const ADMIN = { access: "staff", roles: [DISTRICT_ADMIN_ROLE] } as const;

/** The file is the raw body, read only once the caller is known to be an administrator. */
export const uploadImportFile = endpoint({
  method: "POST",
  path: "/v1/admin/imports/files",
  ...ADMIN,
  query: ImportFileQuery,
  upload: "text/csv",
  replies: { 201: ImportFileReply },
  summary: "Upload one CSV file of a student import (the raw body, text/csv)",
  tag: "admin",
});

export const importStudents = endpoint({
  method: "POST",
  path: "/v1/admin/imports/students",
  ...ADMIN,
  body: StudentImportRequest,
  replies: { 200: ImportRunReply },
  refusals: { 404: "An uploaded file is no longer kept, or was never uploaded" },
  summary: "Run a student import over uploaded files: a dry run, or all rows or none",
  tag: "admin",
});

// Staff (decision 128): the same files and runs as students, another service.
export const importStaff = endpoint({
  method: "POST",
  path: "/v1/admin/imports/staff",
  ...ADMIN,
  body: StudentImportRequest,
  replies: { 200: ImportRunReply },
  refusals: { 404: "An uploaded file is no longer kept, or was never uploaded" },
  summary: "Run a staff import over uploaded files: a dry run, or all rows or none",
  tag: "admin",
});

export const importCatalogue = endpoint({
  method: "POST",
  path: "/v1/admin/imports/catalogue",
  ...ADMIN,
  body: CatalogueImportRequest,
  replies: { 200: ImportRunReply },
  refusals: { 404: "An uploaded file is no longer kept, or was never uploaded" },
  summary:
    "Run a catalogue import (programs and sections) over an uploaded file: a dry run, or all rows or none",
  tag: "admin",
});

export const applyImportRun = endpoint({
  method: "POST",
  path: "/v1/admin/imports/runs/:id/apply",
  ...ADMIN,
  params: ImportRunParams,
  body: ImportApplyRequest,
  replies: { 200: ImportRunReply },
  summary: "Apply the files of a dry run, once",
  tag: "admin",
});

export const getImportRun = endpoint({
  method: "GET",
  path: "/v1/admin/imports/runs/:id",
  ...ADMIN,
  params: ImportRunParams,
  query: ImportRunQuery,
  replies: { 200: ImportRunPage },
  summary: "A page of an import's report",
  tag: "admin",
});

export const exportImportRun = endpoint({
  method: "GET",
  path: "/v1/admin/imports/runs/:id/export",
  ...ADMIN,
  params: ImportRunParams,
  replies: { 200: ImportRunExport },
  summary: "Every row of an import's report, for a CSV download",
  tag: "admin",
});
