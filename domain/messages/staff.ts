// Texts of one area for the pages that show them: common plus the staff area (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { staff } from "./en/staff";

const catalogue = { ...common, ...staff } as const;

export type StaffKey = keyof typeof catalogue;
export const t = translator(catalogue);
