// What a family reads once a payment is made: "Payment Complete" and the receipt. A file of its
// own: a module is bundled whole, and the cart's page, which shows neither, stays within the
// family pages' script budget (decisions 093, 096, 097).
export const receipts = {
  "paymentComplete.title": "Payment Complete",
  "paymentComplete.redirect":
    "You will be redirected in {seconds, plural, one {# second} other {# seconds}}.",
  "paymentComplete.paid": "You paid {amount} for {what}.",
  "paymentComplete.receipt": "View your receipt",
  "paymentComplete.stay": "Stay on this page",
  "paymentComplete.continue": "Continue now",
  "paymentComplete.error": "There has been an error processing your request.",
  "paymentComplete.return": "Click here to return to Registration",
  "paymentComplete.pending": "Your payment is being processed.",
  "paymentComplete.pendingTitle": "Payment Processing",

  "receipt.title": "Cart For {name} - {id}",
  "receipt.titleGuest": "Cart For {name}",
  "receipt.totalPaid": "Total Paid",
  "receipt.cartId": "Cart ID",
  "receipt.print": "Print",
  "receipt.printHint": "Use your browser's Print command to print this receipt.",
  "receipt.backToReceipt": "Back to the receipt",
  "receipt.course": "Course",
  "receipt.line": "{quantity} × {price} = {total}",
  "receipt.nothingPaid":
    "Nothing was paid toward this item in this payment; {left} is left to pay.",
  "receipt.leftToPay": "Left to pay after this payment: {left}",
} as const;
