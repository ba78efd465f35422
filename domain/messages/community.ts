// Texts of one area for the pages that show them: common plus community members (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { community as communityEn } from "./en/community";
import common from "./compiled/page/common.js";
import community from "./compiled/page/community.js";

export type CommunityKey = keyof typeof commonEn | keyof typeof communityEn;
export const t = translator<CommunityKey>({ ...common, ...community });
