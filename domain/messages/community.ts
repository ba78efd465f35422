// Texts of one area for the pages that show them: common plus community members (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { community } from "./en/community";

const catalogue = { ...common, ...community } as const;

export type CommunityKey = keyof typeof catalogue;
export const t = translator(catalogue);
