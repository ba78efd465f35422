// Texts of the fees page and the employees' fee shop: the fees area's plus the fee cards' own
// (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import type { feesPage as feesPageEn } from "./en/fees-page";
import type { refundsFamily as refundsFamilyEn } from "./en/refunds-family";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";
import feesPage from "./compiled/page/fees-page.js";
import refundsFamily from "./compiled/page/refunds-family.js";

export type FeesPageKey =
  | keyof typeof commonEn
  | keyof typeof feesEn
  | keyof typeof feesPageEn
  | keyof typeof refundsFamilyEn;
export const t = translator<FeesPageKey>({ ...common, ...fees, ...feesPage, ...refundsFamily });
