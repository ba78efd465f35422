// The student import's upload form (issue 19, decision 124): up to three CSV files (one plain CSV,
// or a OneRoster set) and the full-export flag. Parsed by the action and by the page.
import { z } from "zod";
import { IMPORT_MAX_FILES } from "../contract/admin-imports";
import { t } from "../messages/admin";
import { IMPORT_KINDS } from "../imports/kinds";

const isFile = (v: unknown): v is File =>
  typeof File !== "undefined" && v instanceof File && (v.size > 0 || v.name !== "");

export const ImportUploadForm = z.object({
  kind: z.enum(IMPORT_KINDS).default("students"),
  files: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(isFile),
    z
      .array(z.custom<File>(isFile))
      .min(1, t("admin.imports.noFile"))
      .max(IMPORT_MAX_FILES, t("admin.imports.tooManyFiles", { count: IMPORT_MAX_FILES }))
      .refine((files) => files.every((f) => /\.csv$/i.test(f.name)), t("admin.imports.notCsv")),
  ),
  full: z.boolean().default(false),
});
export type ImportUploadForm = z.infer<typeof ImportUploadForm>;
