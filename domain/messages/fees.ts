// Texts of one area for the pages that show them: common plus fees, cart and payments (see
// translate.ts); the receipt's and Payment Complete's are in receipts.ts.
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";

export type FeesKey = keyof typeof commonEn | keyof typeof feesEn;
export const t = translator<FeesKey>({ ...common, ...fees });
