// Texts of one area for the pages that show them: common plus the household's (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { household as householdEn } from "./en/household";
import common from "./compiled/page/common.js";
import household from "./compiled/page/household.js";

export type HouseholdKey = keyof typeof commonEn | keyof typeof householdEn;
export const t = translator<HouseholdKey>({ ...common, ...household });
