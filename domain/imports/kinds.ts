// What the administration's import page can import (decisions 124 and 129), without zod, so the
// page can list them on first load.
export const IMPORT_KINDS = ["students", "catalogue"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
