// Texts of the guests' earlier receipts (decision 141): common, fees and the page's own, kept out
// of the fees area so that the cart and fee pages do not carry them (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { guestReceipts } from "./en/guest-receipts";

const catalogue = { ...common, ...fees, ...guestReceipts } as const;

export type GuestReceiptsKey = keyof typeof catalogue;
export const t = translator(catalogue);
