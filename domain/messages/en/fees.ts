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
  "checkout.error.balanceChanged": "The amount due changed. Please review it and pay again.",
  "checkout.orderSubmitted": "Your order has been submitted.",
  "checkout.mailSubmitted":
    "Your order has been submitted. Please mail your check to complete the payment.",

  "payment.error.stripe": "An unknown stripe error has occurred.",
  "payment.error.payment": "An unknown payment error has occurred.",
  "payment.cardLoadFailed": "There was a issue loading the credit card payments",
  "payment.cardLoadSlow":
    "Loading credit card payment form. If this message persists, try reloading the page or clearing your browser cache.",
  "payment.tryAgain": "Try again",
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

  // {payableTo} and {address} are the district's settings (checkPayableTo, checkMailingAddress).
  "paymentDialog.mailAddress":
    "Make your check payable to the {payableTo} and mail it to: {address}. The participant's name and ID number are required on the check.",
  "paymentDialog.expired":
    "Your registration payment window has expired and your registration has been cancelled.",
  "paymentDialog.payNow": "Pay Now",
  // On the cart inside the desktop client (the cashier's page is in cashier.ts).
  "cashier.link": "Take payment at the register",
  // The guests' Fees page links to their earlier receipts (decision 141).
  "guestReceipts.link": "Earlier Receipts",
} as const;
