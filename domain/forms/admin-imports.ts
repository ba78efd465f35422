// The import's upload form (decision 124): up to three CSV files (one plain CSV, or a
// OneRoster set) and the full-export flag. Parsed by the action and by the page.
//
// Without JavaScript the files come in the form's own multipart post. With it, the page uploads
// each file first with its progress shown (/admin/imports/files) and posts the kept files' ids
// as `uploaded` instead: either way the action runs the same dry run.
import { z } from "zod";
import { IMPORT_MAX_FILES } from "../contract/admin-imports";
import { t } from "../messages/admin";
import { IMPORT_KINDS } from "../imports/kinds";

const isFile = (v: unknown): v is File =>
  typeof File !== "undefined" && v instanceof File && (v.size > 0 || v.name !== "");

const listOf = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

export const ImportUploadForm = z
  .object({
    kind: z.enum(IMPORT_KINDS).default("students"),
    files: z.preprocess(
      (v) => listOf(v).filter(isFile),
      z
        .array(z.custom<File>(isFile))
        .refine((files) => files.every((f) => /\.csv$/i.test(f.name)), t("admin.imports.notCsv")),
    ),
    uploaded: z.preprocess(
      (v) => listOf(v).filter((id) => id !== ""),
      z.array(z.string().uuid(t("admin.imports.fileGone"))),
    ),
    full: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    const count = form.files.length + form.uploaded.length;
    if (count === 0) {
      ctx.addIssue({ code: "custom", path: ["files"], message: t("admin.imports.noFile") });
    } else if (count > IMPORT_MAX_FILES) {
      ctx.addIssue({
        code: "custom",
        path: ["files"],
        message: t("admin.imports.tooManyFiles", { count: IMPORT_MAX_FILES }),
      });
    }
  });
export type ImportUploadForm = z.infer<typeof ImportUploadForm>;

/** What the upload of one file answers the page's script: the kept file, or why not. */
export type ImportFileUpload = { id: string; name: string } | { error: string };

/**
 * "Apply" on a dry run's report. A full student export marking more than a tenth of the active
 * students inactive carries the count typed by the administrator (decision 141); the district API
 * compares it with what applying marks inactive.
 */
export const ImportApplyForm = z.object({
  intent: z.literal("apply"),
  confirmDeactivations: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, t("admin.imports.confirmLabel"))
    .transform(Number)
    .optional(),
});
