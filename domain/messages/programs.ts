// Texts of one area for the pages that show them: common plus programs and registrations (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { programs as programsEn } from "./en/programs";
import common from "./compiled/page/common.js";
import programs from "./compiled/page/programs.js";

export type ProgramsKey = keyof typeof commonEn | keyof typeof programsEn;
export const t = translator<ProgramsKey>({ ...common, ...programs });
