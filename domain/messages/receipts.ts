// Texts of the pages that show a payment made (Payment Complete, the receipt, a fee's refunds):
// the fees area's plus the receipts' own (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import type { feesPage as feesPageEn } from "./en/fees-page";
import type { receipts as receiptsEn } from "./en/receipts";
import type { refundsFamily as refundsFamilyEn } from "./en/refunds-family";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";
import feesPage from "./compiled/page/fees-page.js";
import receipts from "./compiled/page/receipts.js";
import refundsFamily from "./compiled/page/refunds-family.js";

export type ReceiptsKey =
  | keyof typeof commonEn
  | keyof typeof feesEn
  | keyof typeof feesPageEn
  | keyof typeof receiptsEn
  | keyof typeof refundsFamilyEn;
export const t = translator<ReceiptsKey>({
  ...common,
  ...fees,
  ...feesPage,
  ...receipts,
  ...refundsFamily,
});
