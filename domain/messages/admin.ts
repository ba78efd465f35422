// Texts of one area for the pages that show them: common plus the administration (translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { admin } from "./en/admin";

const catalogue = { ...common, ...admin } as const;

export type AdminKey = keyof typeof catalogue;
export const t = translator(catalogue);
