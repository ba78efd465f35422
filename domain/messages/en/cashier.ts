// Texts of the cashier in the desktop client: reader status and errors, host-script errors, cash
// and check (spec 02 §4 "Cart checkout", §8). Cash and check validation texts are the checkout's
// (fees.ts: checkout.error.tendered*, checkout.error.checkNumber), used through rules/checkout.ts.
export const cashier = {
  "cashier.title": "Take Payment",
  "cashier.intro": "Take the payment at the register: card reader, cash or check.",
  "cashier.back": "Back to cart",
  "cashier.change": "Change to give",
  "cashier.changeAmount": "Change to give: {amount}",
  "cashier.tenderedHelp": "Cash handed over by the customer",
  "cashier.payingNow": "Paying now: {amount}",
  "cashier.paid.cash": "Cash payment recorded. Tendered {tendered}, change {change}.",
  "cashier.paid.check": "Check number {checkNumber} recorded for {amount}.",
  "cashier.paid.terminal": "Card payment of {amount} recorded.",
  "cashier.receipt.tendered": "Tendered",
  "cashier.receipt.change": "Change",
  "cashier.receipt.checkNumber": "Check Number",
  "cashier.receipt.method": "Paid by",
  "cashier.method.cash": "Cash",
  "cashier.method.inPersonCheck": "Check",
  "cashier.method.terminal": "Card reader",
  "cashier.error.notDesktop": "In-person payments are only taken in the desktop client.",
  "cashier.error.default": "There was an error.",
  "cashier.error.amount": "The payment amount does not match the card reader payment.",
  "cashier.error.notCaptured": "Card is not ready to process",

  // Reader status texts (spec 02 §4).
  "reader.status.tap": "Tap or Insert card",
  "reader.status.readyForCard": "Ready For Card",
  "reader.status.notReady": "Reader Not Ready for card",
  "reader.status.processing": "Processing card",
  "reader.status.readyToPay": "Ready to pay now",
  "reader.title": "Card reader",
  "reader.collect": "Collect card on reader",
  "reader.cancel": "Cancel reader",
  "reader.captured": "Card payment of {amount} approved.",
  "reader.name": "Reader: {label}",
  "reader.simulated": "Simulated reader (no card is charged)",
  "reader.needsJs": "The card reader needs JavaScript.",

  // Reader errors (spec 02 §8).
  "reader.error.collecting": "Error collecting payment.",
  "reader.error.fixForm": "Fix form Error and try terminal again.",
  "reader.error.collectCardMsg": "There was an error collecting the card: {msg}",
  "reader.error.collectCard": "There was an error collecting the card.",
  "reader.error.readerNotReady": "Reader is not ready to proccess card",
  "reader.error.userNotReady": "User is not ready.  Please reload page.",
  "reader.error.cardNotReady": "Card is not ready to process",
  "reader.error.processing": "Error processing card",
  "reader.error.connecting": "Error connecting to stripe reader",
  "reader.error.terminalNotReady": "Not connected to stripe terminal yet.",

  // Desktop host scripts (spec 02 §7, §8).
  "host.error.timeout": "FileMaker Call timed out",
  "host.error.context": "An error occurred (-1)",
  "host.error.terminal": "There was an error setting the terminal user",
  "host.error.tendered": "There was an error setting the tendered cash",
  "host.error.check": "There was an error setting the check",
  "cashier.error.noEmployee":
    "This register cannot take payments here: it did not present its desktop key with the employee signed in at the register. Sign in at the register, then open the cart again.",
} as const;
