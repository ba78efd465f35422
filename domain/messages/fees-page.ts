// Texts of the fees page and the employees' fee shop: the fees area's plus the fee cards' own
// (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { feesPage } from "./en/fees-page";
import { refundsFamily } from "./en/refunds-family";

const catalogue = { ...common, ...fees, ...feesPage, ...refundsFamily } as const;

export type FeesPageKey = keyof typeof catalogue;
export const t = translator(catalogue);
