// Texts of one area for the pages that show them: common plus programs and registrations (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { programs } from "./en/programs";

const catalogue = { ...common, ...programs } as const;

export type ProgramsKey = keyof typeof catalogue;
export const t = translator(catalogue);
