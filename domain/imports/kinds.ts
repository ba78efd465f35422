// What the administration's import page can import (decisions 124, 128 and 129), without zod, so the
// page can list them on first load.
export const IMPORT_KINDS = ["students", "staff", "catalogue"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
