// Texts only the district API and the web app's server write (refusals of a request's shape, the
// API's payment refusals, mail bodies): in the one catalogue (index.ts) but in no page's area, so
// that no family page's script carries them (decision 097's budget).
export const apiReplies = {
  "error.jsonTooDeep": "The request body is nested too deeply: at most {max} levels.",
  "error.jsonTooWide": "The request body has too many items in one list: at most {max}.",
  "error.fieldNotInForm": "The form has no field named {name}.",
  // A member's names were typed by whoever registered: the mail carries none (decision 137).
  "recover.mailBodyMember": "Hello,\n\nYour {kind} is {id}.\n\n{district}",
  "payment.error.returnBase": "returnBase must be this site's own address.",
  "payment.description.more": "and {count} more",
  "payment.error.asyncFailed":
    "The payment did not go through: the bank refused it. Nothing was taken; the cart is open again.",
  "paymentDialog.mailShareFull":
    "Mailed checks may hold only {share}% of the seats in {course}, and those are taken. Pay online to keep your seat, or join the waitlist.",
  // Decision 142: from one client address, community members' and guests' unpaid promises hold one seat.
  "paymentDialog.mailOnePerAddress":
    "A mailed check not yet received already holds a seat for an account on your network, and only one may at a time. Pay online by card to keep your seat.",
  // Follows the spec's time-conflict message: which registered course the new one clashes with.
  "register.timeConflictWith": "It overlaps with {course}.",
  "paymentDialog.mailNotOffered":
    "{course} does not take mailed checks. Pay online to keep your seat, or join the waitlist.",
  // The fees page's data could not be read (decision 150): the page answers 503 with this.
  "fees.error.load": "There was an error loading the fees.",
  // From the fees area: written only by the district API or the web app's server.
  "cart.error.fetch": "There was an error fetching the cart.",
  "cart.error.delete": "There was an error deleting the cart item.",
  "cart.error.empty": "There was an error emptying the cart.",
  "cart.error.add": "There was an error adding to the cart.",
  "cart.error.notOpen": "This cart can no longer be changed.",
  "cart.error.registrationNotFound": "No registration awaiting payment was found for this course.",
  "checkout.error.amountChanged": "The cart changed. Please review it and pay again.",
  "payment.error.cartOrCourse": "Cart ID or Course Section ID required for payment processing.",
  "payment.error.unknown": "An unknown error has occurred.",
  "payment.error.method": "There was an error getting your payment method.",
  "payment.error.inProgress": "This payment is already being processed.",
  "payment.error.notEligible": "This payment option is not available for this registration.",
  "payment.error.noSeat":
    "The seat held for you was released before your payment arrived and the course is full. Your payment has been refunded.",
  "payment.methodUpdated": "Payment method updated.",
  "payment.declined": "Your card was declined.",
  "payment.invalidCard": "Your card number is incorrect.",
  "payment.expiry.incomplete": "Your card's expiration date is incomplete.",
  "payment.expiry.month": "Your card's expiration month is invalid.",
  "payment.expiry.past": "Your card's expiration date is in the past.",
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
  "payment.loadError": "There was an error loading the payment.",
  // From the common area: written only by the district API or the web app's server.
  "app.districtName": "School District",
  "maintenance.body":
    "The site is currently offline for maintenance and is scheduled to be back online at",
  "error.invalidResponse": "Invalid response from server. Please try again.",
  "error.tooManyAttempts": "Too many sign-in attempts. Please wait a while and try again.",
  // A public action over its limit (decision 137); {time} is the district's time it opens again.
  "limit.tryAgainAt": "Too many attempts. Please try again at {time}.",
  "error.sameOrigin": "This request did not come from this site.",
  "error.badRequest": "The request was not valid.",
  "error.unauthorized": "Your session has ended. Please sign in again.",
  "error.forbidden": "You are not allowed to do that.",
  "error.notFound": "Not found.",
  "error.payloadTooLarge": "The request is too large.",
  "error.malformedJson": "The request body is not valid JSON.",
  "language.changedTo.en": "This page is now in English.",
  "language.changedTo.es": "Esta página ahora está en español.",
  "nav.home": "Home",
  "guest.comingSoon": "Coming Soon",
  "recover.mailSubjectStudent": "Your Student ID",
  "recover.mailSubjectMember": "Your Community Member ID",
  "recover.mailBody": "Hello {name},\n\nYour {kind} is {id}.\n\n{district}",
  "staffSignin.failed": "Invalid Username or Password.",
  "guest.failed": "There was an error logging you in.",
  "signinLock.mailSubject": "Sign-in paused after wrong attempts",
  "signinLock.participantMailBody":
    "Hello {name},\n\nSomeone tried several times to sign in with your {kind} {id} and a wrong birth date, so sign-in with this ID is paused until {until}. Each further wrong attempt makes the pause longer; signing in with the right birth date after the pause ends it.\n\nIf it was you, please wait until then. If it was not you, please let the district office know.\n\n{district}",
  "signinLock.staffMailBody":
    "Hello {name},\n\nSomeone tried several times to sign in as {username} with a wrong password, so sign-in with this username is paused until {until}. Each further wrong attempt makes the pause longer; signing in with the right password after the pause ends it.\n\nIf it was you, please wait until then. If it was not you, please let the district office know.\n\n{district}",
  "error.lengthRequired": "The request must say how long it is (Content-Length).",
  "error.formTooLarge":
    "The form sent is too large. A signature picture may be at most 200 KB: go back, choose a smaller file and send the form again.",
} as const;
