// Texts of one area for the pages that show them: common plus the shell (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import common from "./compiled/page/common.js";

export type CommonKey = keyof typeof commonEn;
export const t = translator<CommonKey>({ ...common });
