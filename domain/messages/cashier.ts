// Texts of one area for the pages that show them: common plus fees and the cashier (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { cashier } from "./en/cashier";

const catalogue = { ...common, ...fees, ...cashier } as const;

export type CashierKey = keyof typeof catalogue;
export const t = translator(catalogue);
