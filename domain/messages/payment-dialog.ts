// Texts of the registration's payment dialog: the fees area's plus the dialog's own (see
// translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { fees as feesEn } from "./en/fees";
import type { paymentDialog as paymentDialogEn } from "./en/payment-dialog";
import common from "./compiled/page/common.js";
import fees from "./compiled/page/fees.js";
import paymentDialog from "./compiled/page/payment-dialog.js";

export type PaymentDialogKey =
  keyof typeof commonEn | keyof typeof feesEn | keyof typeof paymentDialogEn;
export const t = translator<PaymentDialogKey>({ ...common, ...fees, ...paymentDialog });
