// Texts of one area for the pages that show them: common plus fees, cart and payments (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { refundsFamily } from "./en/refunds";
import { guestReceipts } from "./en/guest-receipts";

const catalogue = { ...common, ...fees, ...refundsFamily, ...guestReceipts } as const;

export type FeesKey = keyof typeof catalogue;
export const t = translator(catalogue);
