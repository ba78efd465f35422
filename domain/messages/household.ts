// Texts of one area for the pages that show them: common plus the household's (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { household } from "./en/household";

const catalogue = { ...common, ...household } as const;

export type HouseholdKey = keyof typeof catalogue;
export const t = translator(catalogue);
