// Texts of one area for the pages that show them: common plus fees, cart and payments (see
// translate.ts); the receipt's and Payment Complete's are in receipts.ts.
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";

const catalogue = { ...common, ...fees } as const;

export type FeesKey = keyof typeof catalogue;
export const t = translator(catalogue);
