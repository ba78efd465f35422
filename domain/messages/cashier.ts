// Texts of one area for the pages that show them: common plus fees and the cashier (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import type { cashier as cashierEn } from "./en/cashier";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";
import cashier from "./compiled/page/cashier.js";

export type CashierKey = keyof typeof commonEn | keyof typeof feesEn | keyof typeof cashierEn;
export const t = translator<CashierKey>({ ...common, ...fees, ...cashier });
