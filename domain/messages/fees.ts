// Texts of one area for the pages that show them: common plus fees, cart and payments (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { refundsFamily } from "./en/refunds-family";

const catalogue = { ...common, ...fees, ...refundsFamily } as const;

export type FeesKey = keyof typeof catalogue;
export const t = translator(catalogue);
