// Texts of the pages that show a payment made (Payment Complete, the receipt, a fee's refunds):
// the fees area's plus the receipts' own (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { fees } from "./en/fees";
import { feesPage } from "./en/fees-page";
import { receipts } from "./en/receipts";
import { refundsFamily } from "./en/refunds-family";

const catalogue = { ...common, ...fees, ...feesPage, ...receipts, ...refundsFamily } as const;

export type ReceiptsKey = keyof typeof catalogue;
export const t = translator(catalogue);
