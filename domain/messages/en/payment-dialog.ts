// Texts of the registration's payment dialog (spec 02 §4 "Payment dialog flow"): a file of its own
// so the cart's page, which shares the fees area, does not carry them (decision 097's budget).
export const paymentDialog = {
  "paymentDialog.title": "Payment Options",
  "paymentDialog.mail": "Mail a paper check",
  "paymentDialog.fab": "Financial assistance",
  "paymentDialog.freeAfterCc": "Free after course credits",
  "paymentDialog.waitlist": "Confirm waitlist",
  "paymentDialog.stripe": "Pay online by card",
  "paymentDialog.cart": "Add to my cart, to pay together with fees",
  "paymentDialog.addedToCart":
    "The registration is in your cart. Check out before the time shown to keep your place.",
  "paymentDialog.method": "How would you like to pay?",
  "paymentDialog.amount": "Payment amount",
  "paymentDialog.minimum": "Minimum payment: {amount}",
  "paymentDialog.cost": "Cost: {amount}",
  "paymentDialog.balance": "Balance due: {amount}",
  "paymentDialog.submit": "Continue",
  // After a mailed check is promised: the promise's amount and the day it must arrive by.
  "paymentDialog.mailCheckDue":
    "Mail a check for {amount}. It must reach us by {due}; if it has not, the registration is released and its seat offered to the families on the waitlist.",
  // A registration that is a line of the family's cart (decision 169).
  "paymentDialog.inCart":
    "This course is in your cart. Paying for it here takes it out of the cart.",
  "paymentDialog.goToCart": "Pay for it with the rest of the cart",
  "paymentDialog.payLater":
    "All fees must be paid in full by the due date, or registrations with outstanding fees will be cancelled.",
  "paymentDialog.confirmCancelTitle": "Cancel registration?",
  "paymentDialog.confirmCancel": "Yes, cancel my registration",
  "paymentDialog.keep": "No, go back",
  "paymentDialog.close": "Close",
  "paymentDialog.confirmed": "{kind} Confirmed",
  "paymentDialog.kind.waitlist": "Waitlist",
  "paymentDialog.kind.registration": "Registration",
  "paymentDialog.kind.payment": "Payment",
  "paymentDialog.notFound": "No registration awaiting payment was found for this course.",
  "paymentDialog.cancelled": "Your registration has been cancelled.",
  "paymentDialog.confirmationNumber": "Confirmation number: {id}",
  "paymentDialog.paid": "This registration is paid in full.",
  "paymentDialog.awaitingCheck":
    "Nothing more is owed now: the mailed check of {amount} is awaited.",
} as const;
