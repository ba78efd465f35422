// Texts of fees, cart, checkout, payment dialogs, payment-complete and receipts (spec 02 §2, §5, §8).
export const fees = {
  "cart.title": "Cart",
  "cart.empty": "Your cart is empty.",
  "cart.expired": "Your checkout time ran out, so the items in your cart were removed.",
  "cart.expiredKept":
    "Your registration was not cancelled: what you paid keeps it. Its balance left the cart and can be paid from My Registrations.",
  "cart.expiredKeptLink": "Go to My Registrations",
  "cart.empty.programs": "Browse programs",
  "cart.empty.fees": "Browse fees",
  "cart.readyTitle": "Ready for Submission",
  "cart.submitOrder": "SUBMIT ORDER",
  "cart.paymentMethod": "Payment Method",
  "cart.summary": "Cart Summary",
  "cart.total": "Total",
  "cart.remove": "Remove {name}",
  "cart.removeShort": "Remove",
  "cart.emptyCart": "Empty Cart",
  "cart.confirmEmpty.title": "Empty Cart",
  "cart.confirmEmpty.body": "Remove every item from your cart?",
  "cart.confirmEmpty.keep": "Keep My Cart",
  "cart.quantity": "Qty {quantity}",
  "cart.payer.employee": "Employee {id} - {name}",
  "cart.payer.student": "Student {id} - {name}",
  "cart.countdown.before": "Please complete your checkout within the next",
  "cart.countdown.after": "minutes to pay for your cart items or they will be canceled.",
  // Said once each by a polite live region (the timer itself is not read out every second).
  "cart.countdown.warning.5": "5 minutes left to complete your checkout.",
  "cart.countdown.warning.1": "1 minute left to complete your checkout.",
  "cart.error.load": "There was an error loading the cart",
  "cart.error.fetch": "There was an error fetching the cart.",
  "cart.error.delete": "There was an error deleting the cart item.",
  "cart.error.empty": "There was an error emptying the cart.",
  "cart.error.add": "There was an error adding to the cart.",
  "cart.error.notOpen": "This cart can no longer be changed.",
  "cart.error.registrationNotFound": "No registration awaiting payment was found for this course.",
  "cart.removed": "Removed from cart.",
  "cart.emptied": "Your cart is empty.",
  "cart.registration": "Registration",

  "checkout.paymentType": "Payment Type",
  "checkout.type.full": "Pay in full",
  "checkout.type.partial": "Partial payment",
  "checkout.partialAmount": "Partial Payment Amount",
  "checkout.method": "Payment method",
  "checkout.method.stripe": "Online card",
  "checkout.method.mail": "Mail a paper check",
  "checkout.method.cash": "Cash",
  "checkout.method.inPersonCheck": "In-person check",
  "checkout.method.terminal": "Card reader",
  "checkout.tendered": "Tendered",
  "checkout.checkNumber": "Check Number",
  "checkout.payNow": "Pay {amount} Now",
  "checkout.proceed": "Proceed to Checkout",
  "checkout.submitOrder": "Submit Order",
  "checkout.minimum": "Minimum payment: {amount}",
  "checkout.error.paymentTypeRequired": "Payment Type is a required field.",
  "checkout.error.decimals": "Payment must have 2 digits after decimal or less",
  "checkout.error.minimum": "Payment amount must be at least 1% of the original cost ({amount}).",
  "checkout.error.minimumOnePercent":
    "Payment amount must be at least {amount}: the items paid in full ({required}) plus 1% of the rest ({part}).",
  "checkout.error.minimumFloor":
    "Payment amount must be at least {amount}: the items paid in full ({required}) plus the smallest partial payment ({part}).",
  "checkout.error.maximum": "Payment amount can't be more than the amount due ({amount}).",
  "checkout.error.tenderedRequired": "Tendered amount is required for cash payments.",
  "checkout.error.tenderedLow":
    "Tendered amount must be greater then or equal to the payment amount.",
  "checkout.error.tenderedHigh": "Tendered amount can't be more then 100 over the payment amount",
  "checkout.error.checkNumber": "Check Number is required and must be at least 3 characters.",
  "checkout.error.methodRequired": "Choose a payment method.",
  "checkout.error.methodUnavailable": "This payment method is not available for this cart.",
  "checkout.error.amountChanged": "The cart changed. Please review it and pay again.",
  "checkout.error.balanceChanged": "The amount due changed. Please review it and pay again.",
  "checkout.orderSubmitted": "Your order has been submitted.",
  "checkout.mailSubmitted":
    "Your order has been submitted. Please mail your check to complete the payment.",

  "payment.error.cartOrCourse": "Cart ID or Course Section ID required for payment processing.",
  "payment.error.unknown": "An unknown error has occurred.",
  "payment.error.stripe": "An unknown stripe error has occurred.",
  "payment.error.payment": "An unknown payment error has occurred.",
  "payment.error.method": "There was an error getting your payment method.",
  "payment.error.inProgress": "This payment is already being processed.",
  "payment.error.notEligible": "This payment option is not available for this registration.",
  "payment.error.noSeat":
    "The seat held for you was released before your payment arrived and the course is full. Your payment has been refunded.",
  "payment.cardLoadFailed": "There was a issue loading the credit card payments",
  "payment.cardLoadSlow":
    "Loading credit card payment form. If this message persists, try reloading the page or clearing your browser cache.",
  "payment.tryAgain": "Try again",
  "payment.methodUpdated": "Payment method updated.",
  "payment.creditsApplied":
    "Your Payment has been received and your course credits have been applied.",
  "payment.testMode": "Test mode",
  "payment.testModeNote":
    "No real card is charged. Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined.",
  "payment.cardNumber": "Card number",
  "payment.expiry": "Expiry (MM/YY)",
  "payment.cvc": "CVC",
  "payment.payAmount": "Pay {amount}",
  "payment.cancel": "Cancel",
  "payment.checkoutTitle": "Checkout",
  "payment.sessionGone": "This checkout session is no longer available.",
  "payment.declined": "Your card was declined.",
  "payment.invalidCard": "Your card number is incorrect.",
  "payment.expiry.incomplete": "Your card's expiration date is incomplete.",
  "payment.expiry.month": "Your card's expiration month is invalid.",
  "payment.expiry.past": "Your card's expiration date is in the past.",

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
  // {payableTo} and {address} are the district's settings (checkPayableTo, checkMailingAddress).
  "paymentDialog.mailAddress":
    "Make your check payable to the {payableTo} and mail it to: {address}. The participant's name and ID number are required on the check.",
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
  "paymentDialog.expired":
    "Your registration payment window has expired and your registration has been cancelled.",
  "paymentDialog.cancelled": "Your registration has been cancelled.",
  "paymentDialog.confirmationNumber": "Confirmation number: {id}",
  "paymentDialog.paid": "This registration is paid in full.",
  "paymentDialog.awaitingCheck":
    "Nothing more is owed now: the mailed check of {amount} is awaited.",
  "paymentDialog.payNow": "Pay Now",
  // On the cart inside the desktop client (the cashier's page is in cashier.ts).
  "cashier.link": "Take payment at the register",
  // A cart is paid once (decision 101).
  "payment.error.setupMismatch":
    "This card form was opened for another payment. Please reload the page and pay again.",
  "payment.refunded.cart_paid":
    "This cart was already paid, so this payment was not needed. It has been refunded.",
  "payment.refunded.cart_changed":
    "Your cart changed after this payment was started. The payment has been refunded; please review your cart and pay again.",
  "payment.refunded.cart_expired":
    "Your cart's time ran out before this payment arrived. The payment has been refunded.",
  "payment.refunded.registration_paid":
    "This registration was already paid, so this payment was not needed. It has been refunded.",
  // The guests' Fees page links to their earlier receipts (decision 141).
  "guestReceipts.link": "Earlier Receipts",
  "payment.loadError": "There was an error loading the payment.",
} as const;
