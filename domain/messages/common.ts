// Texts of one area for the pages that show them: common plus the shell (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";

const catalogue = { ...common } as const;

export type CommonKey = keyof typeof catalogue;
export const t = translator(catalogue);
