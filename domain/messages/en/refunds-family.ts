// The lines families read about refunds on their receipts and previous purchases. A file of its
// own: a module is bundled whole, so the business office's refund texts beside them would ride
// along into the family pages' script.
export const refundsFamily = {
  "receipt.refunds": "Refunds",
  "receipt.refundLine": "Refunded {amount} on {date}",
  "receipt.netPaid": "Paid after refunds",
} as const;
