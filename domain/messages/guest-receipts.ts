// Texts of the guests' earlier receipts (decision 141): common, fees and the page's own, kept out
// of the fees area so that the cart and fee pages do not carry them (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import type { guestReceipts as guestReceiptsEn } from "./en/guest-receipts";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";
import guestReceipts from "./compiled/page/guest-receipts.js";

export type GuestReceiptsKey =
  keyof typeof commonEn | keyof typeof feesEn | keyof typeof guestReceiptsEn;
export const t = translator<GuestReceiptsKey>({ ...common, ...fees, ...guestReceipts });
