// Texts of one area for the pages that show them: common plus the staff area (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { staff as staffEn } from "./en/staff";
import common from "./compiled/page/common.js";
import staff from "./compiled/page/staff.js";

export type StaffKey = keyof typeof commonEn | keyof typeof staffEn;
export const t = translator<StaffKey>({ ...common, ...staff });
