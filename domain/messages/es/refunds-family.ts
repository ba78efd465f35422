// Spanish texts of the family's refund lines (decision 170). Same keys and arguments as
// ../en/refunds-family.ts.
import type { Translation } from "../translate";
import type { refundsFamily as en } from "../en/refunds-family";

export const refundsFamily: Translation<typeof en> = {
  "receipt.refunds": "Reembolsos",
  "receipt.refundLine": "Reembolso de {amount} el {date}",
  "receipt.netPaid": "Pagado después de reembolsos",
};
